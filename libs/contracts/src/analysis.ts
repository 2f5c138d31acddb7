export const ANALYSIS_PHASES = [
  { phase: 1, title: 'Individual Document Analysis' },
  { phase: 2, title: 'Combined Document Analysis' },
  { phase: 3, title: 'Academic Rigor Assessment' },
  { phase: 4, title: 'Credit Calculation & Transfer Equivalency' },
  { phase: 5, title: 'Certificate Details Extraction' },
  { phase: 6, title: 'Contact Research & Lead Generation' },
] as const;

export type AnalysisPhaseNumber = (typeof ANALYSIS_PHASES)[number]['phase'];

export interface AnalysisRecord {
  phase: number;
  results: unknown;
}

/** The seven evaluation criteria, in the spec's order. */
export const CRITERIA_KEYS = [
  'topicRelevance',
  'learningObjectives',
  'assessmentMethods',
  'instructionHours',
  'curriculumStructure',
  'credentialSourceClarity',
  'completionEvidence',
] as const;

export type CriterionKey = (typeof CRITERIA_KEYS)[number];
export type Criteria = Record<CriterionKey, boolean>;

export interface CertificateDetails {
  recipientName: string | null;
  issuingOrganization: string | null;
  certificateAuthor: string | null;
  completionDate: string | null;
}

export interface LeadContact {
  name: string;
  title: string | null;
  email: string;
  organization: string | null;
}

export interface CourseEquivalency {
  originalCourse: string;
  equivalentCourse: string;
  credits: number;
}

/** rigorScore is out of 10; totalCredits are quarter credits (1 per 10 contact hours). */
export interface Evaluation extends Criteria {
  id: string;
  credentialId: string;
  totalCredits: number;
  matchedCourses: string[];
  rigorScore: number;
  rigorExplanation: string[];
  minimumRequirementsMet: boolean;
  contactHours: number | null;
  certificateDetails: CertificateDetails;
  leadContacts: LeadContact[];
  courseEquivalencies: CourseEquivalency[];
  createdAt: string;
}

export const EVALUATION_PHASES = [
  { id: 1, title: 'Document Upload', description: 'Credential upload and initial review' },
  { id: 2, title: 'Academic Rigor Assessment', description: '7-factor evaluation criteria' },
  { id: 3, title: 'Credit Verification', description: 'Credit awarded in 2-3 days' },
] as const;

export type EvaluationPhaseId = (typeof EVALUATION_PHASES)[number]['id'];
