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
  /** Where the original course is named: the line an evaluator checks. */
  evidence?: Evidence;
}

/** Where a figure was read: the document's file name, the page (1-based) and line on it (1-based), and the line itself. */
export interface Evidence {
  document: string;
  page: number;
  line: number;
  quote: string;
  /**
   * How a derived figure was computed from the quoted line and the rest of the document, ending in the figure
   * ('Monday and Wednesday, 11:00 - 12:20 (2 × 80 min) = 2 h 40 min a week × 16 weeks … = 42.7 h'); absent when
   * the quote states the value itself.
   */
  derivation?: string;
  /** Why the evaluator should check the value before relying on it (read by OCR with low confidence); absent otherwise. */
  review?: string;
}

/** What a document is, read from its content. */
export const DOCUMENT_KINDS = ['transcript', 'syllabus', 'certificate', 'course_description', 'other'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** How the credits on a transcript are counted; every system converts to quarter credits by a fixed rule. */
export const CREDIT_SYSTEMS = ['semester', 'quarter', 'clock_hours', 'ects', 'uk'] as const;
export type CreditSystem = (typeof CREDIT_SYSTEMS)[number];

/** One course row of a transcript, as the document names it. */
export interface TranscriptCourse {
  term: string | null;
  code: string | null;
  title: string;
  /** Null when the row states no credits (a Course / Grade table, 'Course: Algebra II - Grade: A'): never guessed. */
  credits: number | null;
  /** Why the credits are absent ('The table has no credits column'); only when credits is null. */
  creditsAbsent?: string;
  grade: string | null;
  /** The row's credits in quarter credits; 0 for a failed, withdrawn or no-credit grade, or a row without credits. */
  quarterCredits: number;
  evidence: Evidence;
}

export interface TranscriptSummary {
  institution: string | null;
  student: string | null;
  program: string | null;
  awardDate: string | null;
  creditSystem: CreditSystem;
  /** The rule applied, in words: '1 semester credit = 1.5 quarter credits'. */
  creditRule: string;
  courses: TranscriptCourse[];
  quarterCredits: number;
  evidence: Partial<Record<'institution' | 'student' | 'program' | 'awardDate' | 'creditSystem', Evidence>>;
}

/**
 * What became of a document the evaluation could not use in full: 'unreadable' documents were left out (a damaged or
 * password-protected file, a blank scan, a document not in English…); 'pages_not_read' documents were read only up to
 * a page limit (scanned pages are read by OCR up to a limit a document).
 */
export const DOCUMENT_NOTICE_KINDS = ['unreadable', 'pages_not_read'] as const;
export type DocumentNoticeKind = (typeof DOCUMENT_NOTICE_KINDS)[number];

/** One document's notice, its message written for the applicant and naming the document. */
export interface DocumentNotice {
  documentId: string;
  fileName: string;
  kind: DocumentNoticeKind;
  message: string;
}

/** The evidence behind the evaluation's figures, keyed by field ('contactHours', 'certificateDetails.recipientName', 'leadContacts.<email>', a criterion). */
export type EvaluationEvidence = Record<string, Evidence>;

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
  /** The transcripts' course rows and credit systems; empty when the credential has no transcript. */
  transcripts?: TranscriptSummary[];
  evidence?: EvaluationEvidence;
  /**
   * What no line of the documents states, by field ('contactHours': 'no line in the documents states contact hours'):
   * those fields are empty rather than guessed.
   */
  missing?: Record<string, string>;
  /**
   * The documents left out of the evaluation or read only in part, each with its reason; empty when every document
   * was read in full. When a document was left out, the evaluation is based on the readable documents only.
   */
  documentNotices: DocumentNotice[];
  createdAt: string;
}

export const EVALUATION_PHASES = [
  { id: 1, title: 'Document Upload', description: 'Credential upload and initial review' },
  { id: 2, title: 'Academic Rigor Assessment', description: '7-factor evaluation criteria' },
  { id: 3, title: 'Credit Verification', description: 'Credit awarded in 2-3 days' },
] as const;

export type EvaluationPhaseId = (typeof EVALUATION_PHASES)[number]['id'];
