/** Certificates of completion and evaluation reports: signed Open Badges 3.0 credentials (docs/decisions/011). */

export const ISSUED_CREDENTIAL_KINDS = ['completion', 'evaluation-report'] as const;
export type IssuedCredentialKind = (typeof ISSUED_CREDENTIAL_KINDS)[number];

/** One issued credential as the admin, the trainee and the applicant see it. */
export interface IssuedCredentialSummary {
  id: string;
  kind: IssuedCredentialKind;
  certificateNumber: string;
  recipientName: string;
  /** The training's name, or the evaluated credential's name. */
  title: string;
  /** Completion: the training's contact hours; null for an evaluation report. */
  contactHours: number | null;
  /** Evaluation report: the quarter credits awarded; null for a completion. */
  credits: number | null;
  /** YYYY-MM-DD: the completion date, or the day the evaluation was verified. */
  awardedOn: string;
  issuedAt: string;
  revokedAt: string | null;
  revocationReason: string | null;
  /** Path on the web site of the public verification page. */
  verifyPath: string;
}

/** The facts a credential states, as /verify shows them; read from the signed credential itself. */
export interface CredentialFacts {
  kind: IssuedCredentialKind;
  certificateNumber: string;
  recipientName: string;
  title: string;
  contactHours: number | null;
  credits: number | null;
  awardedOn: string;
  issuedAt: string;
  issuerName: string;
  issuerId: string;
  signerName: string | null;
  /** Evaluation reports: each course with its credits, grade and equivalency. */
  courses: Array<{ title: string; credits: number; grade: string | null; equivalency: string | null }>;
  /** Evaluation reports: the seven criteria, met or not. */
  criteria: Array<{ name: string; met: boolean }>;
}

/** GET /api/verify/{id}: is it genuine, is it revoked, and what it says. */
export interface VerificationResult {
  id: string;
  /** The signature checks against a published key of the issuer and names this credential. */
  genuine: boolean;
  revoked: boolean;
  /**
   * Withdrawn at the holder's request (their records were erased): revoked in the status list, and its content is no
   * longer held here, so there are no facts to show.
   */
  withdrawn: boolean;
  revocationReason: string | null;
  revokedAt: string | null;
  /** The published key that signed it (a DID URL). */
  keyId: string | null;
  /** Why it is not genuine, in words; null when genuine. */
  problem: string | null;
  facts: CredentialFacts | null;
}

/** POST /api/verify: check a credential someone holds (the JSON download, or the bare JWS). */
export interface VerifyPresentedRequest {
  credential: unknown;
}

export interface VerifyPresentedResult {
  genuine: boolean;
  revoked: boolean;
  problem: string | null;
  id: string | null;
  facts: CredentialFacts | null;
}

/** GET /api/admin/cohorts/{id}/completion: who a cohort completion would complete. */
export interface CompletionCandidate {
  enrollmentId: string;
  studentName: string;
  studentEmail: string;
  enrollmentStatus: 'active' | 'completed' | 'cancelled';
  balanceCents: number;
  /** Whether a completion now includes this enrollment (active ones). */
  eligible: boolean;
}

export interface CohortCompletionPreview {
  cohortId: string;
  trainingName: string;
  cohortMonth: string;
  /** The training's contact hours setting; null when not set (completion is refused until it is). */
  contactHours: number | null;
  candidates: CompletionCandidate[];
}

/** POST /api/admin/completions: a whole cohort (cohortId) or chosen enrollments (enrollmentIds). */
export interface CompleteEnrollmentsRequest {
  cohortId?: string;
  enrollmentIds?: string[];
  /** YYYY-MM-DD */
  completedOn: string;
  /** Complete enrollments that still owe a balance; named in the audit trail. */
  allowUnpaidBalance?: boolean;
}

export interface CompletionResult {
  completed: number;
  certificatesIssued: number;
  mailsQueued: number;
  certificateIds: string[];
}

/** GET /api/admin/training-settings */
export interface TrainingSettings {
  trainingName: string;
  /** Contact hours a completion certifies; null when not set. */
  contactHours: number | null;
}

export interface UpdateTrainingSettingsRequest {
  contactHours: number;
}

export interface RevokeCredentialRequest {
  reason: string;
}

/** The issuer's public keys as a JWKS (RFC 7517). */
export interface PublishedKeySet {
  keys: Array<Record<string, unknown>>;
}

/** The issuer's did:web DID document. */
export type DidDocument = Record<string, unknown>;
