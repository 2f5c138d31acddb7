/**
 * API keys (API clients' own credential) and webhooks (signed notices to the provider's other systems): the types the
 * API, the web panel and the route map share.
 */

/** What an API key may do; each route of the map states which of these reach it (ROUTE_SCOPES). */
export const API_KEY_SCOPES = [
  'enrollments:read',
  'enrollments:manage',
  'evaluations:staff',
  'credentials:submit',
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** The panel's and the OpenAPI document's words for each scope. */
export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  'enrollments:read': 'Read enrollments, cohorts and reports (CSV exports)',
  'enrollments:manage': 'Manage cohorts and enrollments (create, edit, move, delete; no refunds)',
  'evaluations:staff': 'Manage evaluations as staff (review queue, verify, reject, read credentials)',
  'credentials:submit': 'Submit credentials for evaluation on behalf of an applicant, and read their outcome',
};

/** Every key starts with this; the rest is a 12-character id and a 43-character secret (256 bits). */
export const API_KEY_TOKEN_PREFIX = 'tk_';

export function isApiKeyScope(value: unknown): value is ApiKeyScope {
  return typeof value === 'string' && (API_KEY_SCOPES as readonly string[]).includes(value);
}

export interface ApiKeyView {
  id: string;
  name: string;
  /** The first characters of the key (`tk_<id>`), enough to recognise it; never the secret. */
  prefix: string;
  scopes: ApiKeyScope[];
  createdAt: string;
  createdBy: string | null;
  expiresAt: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
  /** active, expired or revoked, as of the answer. */
  state: 'active' | 'expired' | 'revoked';
}

export interface CreateApiKeyRequest {
  name: string;
  scopes: ApiKeyScope[];
  /** ISO date or date-time; absent or null: never expires. */
  expiresAt?: string | null;
}

export interface CreatedApiKey {
  apiKey: ApiKeyView;
  /** The whole key, shown this once; only its SHA-256 is stored. */
  secret: string;
}

// Webhooks

export const WEBHOOK_EVENT_TYPES = [
  'enrollment.created',
  'enrollment.cancelled',
  'enrollment.moved',
  'payment.succeeded',
  'installment.paid',
  'installment.failed',
  'refund.created',
  'evaluation.completed',
  'review.verified',
  'review.rejected',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/**
 * The `data` of each event: ids and the fields a receiver needs, never a document's text. The body sent is the
 * Standard Webhooks envelope `{ type, timestamp, data }`.
 */
export interface WebhookEventDataMap {
  'enrollment.created': {
    enrollmentId: string;
    trainingName: string;
    cohortId: string | null;
    studentName: string;
    studentEmail: string;
    paymentType: string;
    /** The Stripe (or test-mode) payment intent, null for an enrollment recorded by hand. */
    paymentIntentId: string | null;
  };
  'enrollment.cancelled': { enrollmentId: string; reason: 'admin' | 'refund' };
  'enrollment.moved': { enrollmentId: string; fromCohortId: string | null; toCohortId: string };
  'payment.succeeded': {
    paymentId: string;
    paymentIntentId: string;
    /** Cents. */
    amount: number;
    currency: string;
    paymentType: string;
    trainings: string[];
    installmentsTotal: number;
    enrollmentIds: string[];
  };
  'installment.paid': {
    paymentId: string;
    paymentIntentId: string;
    installmentNumber: number;
    installmentsTotal: number;
    amount: number;
  };
  'installment.failed': {
    paymentId: string;
    paymentIntentId: string;
    installmentNumber: number;
    installmentsTotal: number;
    amount: number;
  };
  'refund.created': { refundId: string; enrollmentId: string | null; paymentIntentId: string; amount: number };
  'evaluation.completed': { credentialId: string; applicantId: string | null; totalCredits: number };
  'review.verified': { credentialId: string; applicantId: string | null; awardedCredits: number | null };
  'review.rejected': { credentialId: string; applicantId: string | null };
}

/** One event for the outbox: `key` is unique per cause, so a replayed cause writes it once. */
export type WebhookEventInput = {
  [T in WebhookEventType]: { type: T; key: string; data: WebhookEventDataMap[T] };
}[WebhookEventType];

export function isWebhookEventType(value: unknown): value is WebhookEventType {
  return typeof value === 'string' && (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);
}

export interface WebhookEndpointView {
  id: string;
  url: string;
  description: string;
  events: WebhookEventType[];
  active: boolean;
  /** Why the endpoint was turned off by the system (failing for days), if it was. */
  disabledReason: string | null;
  createdAt: string;
  /** First failure of the current run of failures; null when the last delivery succeeded. */
  failingSince: string | null;
}

export interface CreateWebhookEndpointRequest {
  url: string;
  description?: string;
  events: WebhookEventType[];
}

export interface UpdateWebhookEndpointRequest {
  active: boolean;
}

export interface CreatedWebhookEndpoint {
  endpoint: WebhookEndpointView;
  /** The signing secret (`whsec_…`), shown this once. */
  secret: string;
}

export type WebhookDeliveryStatus = 'pending' | 'sending' | 'delivered' | 'failed';

export interface WebhookDeliveryView {
  id: string;
  /** The `webhook-id` header: the same on every attempt and on a resend. */
  messageId: string;
  eventType: WebhookEventType;
  status: WebhookDeliveryStatus;
  attempts: number;
  responseCode: number | null;
  lastError: string | null;
  createdAt: string;
  deliveredAt: string | null;
  nextAttemptAt: string | null;
}

export interface WebhookDeliveryQuery {
  page?: number;
}

export interface WebhookDeliveryPage {
  endpoint: WebhookEndpointView;
  rows: WebhookDeliveryView[];
  total: number;
  page: number;
  pageCount: number;
}

// Credentials submitted by API clients

export interface SubmitCredentialRequest {
  /** The applicant the credential belongs to; their account is created if new (they can then sign in and see it). */
  applicantEmail: string;
  name: string;
}

export interface SubmittedCredentialOutcome {
  credentialId: string;
  /** The applicant account the credential belongs to. */
  applicantId: string;
  name: string;
  status: 'pending' | 'analyzing' | 'completed' | 'failed';
  documentCount: number;
  createdAt: string;
  /** Present once the analysis completed. */
  evaluation: {
    totalCredits: number;
    contactHours: number;
    rigorScore: number;
    minimumRequirementsMet: boolean;
    completedAt: string;
  } | null;
  /** Present once staff verified or rejected it. */
  review: {
    decision: 'verified' | 'rejected';
    awardedCredits: number | null;
    rejectionReason: string | null;
    decidedAt: string;
  } | null;
}
