import { normalizeDocumentText } from './normalize-text';

export const ASSESSMENT_METHODS = [
  'exam',
  'quiz',
  'essay',
  'paper',
  'project',
  'presentation',
  'case study',
  'practicum',
  'assignment',
  'portfolio',
  'midterm',
  'final',
] as const;

export type AssessmentMethod = (typeof ASSESSMENT_METHODS)[number];

const ASSESSMENT_PATTERNS: Readonly<Record<AssessmentMethod, RegExp>> = {
  exam: /\bexam(?:s|inations?)?\b/i,
  quiz: /\bquiz(?:zes)?\b/i,
  essay: /\bessays?\b/i,
  paper: /\bpapers?\b/i,
  project: /\bprojects?\b/i,
  presentation: /\bpresentations?\b/i,
  'case study': /\bcase[\s-]*stud(?:y|ies)\b/i,
  practicum: /\bpractic(?:um|ums|a)\b/i,
  assignment: /\bassignments?\b/i,
  portfolio: /\bportfolios?\b/i,
  midterm: /\bmid[\s-]?terms?\b/i,
  // 'final' alone is too common ('final week'); count it only as a final piece of assessment.
  final: /\bfinal\s+(?:exam|examination|test|project|paper|assessment|essay|presentation)s?\b|\bfinals\b/i,
};

/** Distinct assessment methods named in the text, in ASSESSMENT_METHODS order. */
export function findAssessmentMethods(rawText: string): AssessmentMethod[] {
  const text = normalizeDocumentText(rawText);
  return ASSESSMENT_METHODS.filter((method) => ASSESSMENT_PATTERNS[method].test(text));
}

/** Whether a line names an assessment method; for the evidence line. */
export function namesAssessmentMethod(line: string): boolean {
  return findAssessmentMethods(line).length > 0;
}
