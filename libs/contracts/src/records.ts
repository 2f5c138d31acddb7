import type { AnalysisRecord, Evaluation } from './analysis';
import type { Credential } from './credentials';

/** The header that carries the web server's signed applicant token to the API. */
export const APPLICANT_TOKEN_HEADER = 'x-applicant-token';
export const APPLICANT_TOKEN_AUDIENCE = 'applicant';

export const STAFF_ROLES = ['admin', 'evaluator'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const REVIEW_DECISIONS = ['verified', 'rejected'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

/** The queue's tabs: completed credentials awaiting a decision, and the two decisions. */
export const REVIEW_QUEUE_STATUSES = ['awaiting', 'verified', 'rejected'] as const;
export type ReviewQueueStatus = (typeof REVIEW_QUEUE_STATUSES)[number];

/** A staff decision on a completed credential, as the applicant and staff see it. */
export interface CredentialReview {
  decision: ReviewDecision;
  /** Verified: the credits awarded (the recommendation, or what the evaluator set). */
  awardedCredits: number | null;
  /** Verified: the evaluator's note, shown to the applicant. */
  note: string | null;
  /** Rejected: why, shown to the applicant. */
  rejectionReason: string | null;
  decidedAt: string;
}

/** One credential of the visitor's page with everything it shows, so the page needs one call. */
export interface CredentialOverview extends Credential {
  /** Completed credentials only. */
  evaluation: Evaluation | null;
  /** Analyzing credentials only: the phase records stored so far. */
  analyses: AnalysisRecord[];
  review: CredentialReview | null;
}

export interface ApplicantCredentials {
  /** The signed-in email, or null while anonymous. */
  email: string | null;
  credentials: CredentialOverview[];
}

export interface DocumentDownload {
  url: string;
  expiresAt: string;
}

export interface ReviewQueueItem {
  credentialId: string;
  credentialName: string;
  status: ReviewQueueStatus;
  recommendedCredits: number | null;
  awardedCredits: number | null;
  documentCount: number;
  /** The applicant's email when they signed in; null for anonymous applicants. */
  applicantEmail: string | null;
  completedAt: string;
  decidedAt: string | null;
}

export interface ReviewQueueQuery {
  status?: ReviewQueueStatus;
  search?: string;
}

export interface ReviewCredentialDetail {
  credential: Credential;
  applicantEmail: string | null;
  evaluation: Evaluation | null;
  review: CredentialReview | null;
}

export interface VerifyCredentialRequest {
  awardedCredits?: number;
  note?: string;
}

export interface RejectCredentialRequest {
  reason: string;
}

export interface SignInLinkRequest {
  email: string;
}

export interface SignInLinkResponse {
  /** 'queued': the mail is in the outbox. */
  mail: 'queued' | 'not-configured';
  message: string;
}

export interface SignInRequest {
  token: string;
}

export interface SignInResponse {
  applicantId: string;
  email: string;
  /** How many credentials joined the account from anonymous applicants. */
  mergedCredentials: number;
}

export interface EraseByEmailRequest {
  email: string;
}

export interface ErasureResult {
  credentials: number;
  applicants: number;
  leadContacts: number;
  emailDrafts: number;
  signInTokens: number;
  /** Outbox rows of the evaluation area (sign-in links, evaluation and review outcomes) addressed to it. */
  mails: number;
}
