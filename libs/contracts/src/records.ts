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

/** The calling applicant's account (`GET /api/applicants/me`). */
export interface ApplicantAccount {
  /** The signed-in email, or null while anonymous. */
  email: string | null;
}

/** The evaluation page's own records in one call (`GET /api/applicants/me/records`). */
export interface ApplicantRecords extends ApplicantAccount {
  /** As `GET /api/credentials` answers them: newest first, with evaluations, progress and reviews. */
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
  /**
   * A random value the asking browser keeps (the web server's httpOnly sign-in binding cookie); only its SHA-256 is
   * stored with the link. The asking browser's anonymous records join the account only when the browser using the
   * link presents the same value. Without it the link is bound to no browser.
   */
  browserBinding?: string;
}

export interface SignInLinkResponse {
  /** 'queued': the mail is in the outbox. */
  mail: 'queued' | 'not-configured';
  message: string;
}

export interface SignInPreviewRequest {
  token: string;
}

export interface SignInPreviewResponse {
  /** The address whose account the link signs in to. */
  email: string;
}

export interface SignInRequest {
  token: string;
  /** The sign-in binding value of the browser using the link, if it has one (see SignInLinkRequest). */
  browserBinding?: string;
  /**
   * The person using the link asks that the anonymous records of this browser (the X-Applicant-Token's applicant)
   * join the account. Needed only when the link was asked for in another browser: in the bound browser they join.
   */
  keepThisBrowsersRecords?: boolean;
}

export interface SignInResponse {
  applicantId: string;
  email: string;
  /** How many credentials joined the account from anonymous applicants. */
  mergedCredentials: number;
  /** The link was used in the browser that asked for it (its binding matched), whose records joined. */
  sameBrowser: boolean;
  /**
   * The new session of the browser signing in: the web server keeps it in its cookie and names it in every applicant
   * token (`sid`); the API keeps only its SHA-256 and ends it on sign-out, sign-out everywhere and erasure.
   */
  sessionToken: string;
}

export interface ApplicantSignOutRequest {
  /** End every session of the account (every browser signed in to it), not only this browser's. */
  everywhere?: boolean;
}

export interface ApplicantSignOutResponse {
  /** How many sessions ended (0 when this browser's had ended already). */
  sessionsEnded: number;
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
  /** Sessions of the account's signed-in browsers, ended at once. */
  sessions: number;
  /** Signed evaluation reports withdrawn: revoked in the status list, their personal data removed. */
  withdrawnReports: number;
  /** Outbox rows of the evaluation area (sign-in links, evaluation and review outcomes) addressed to it. */
  mails: number;
}
