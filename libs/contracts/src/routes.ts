import type {
  AccountDataExport,
  AccountOverview,
  AccountUpdateCardLink,
  CancelPlanResponse,
  ReceiptDocument,
  ReceiptSummary,
} from './account';
import type { LoginRequest, LoginResponse, LogoutResponse } from './admin';
import type {
  AuditPage,
  AuditQuery,
  EnrollmentDetail,
  EnrollmentPage,
  EnrollmentSearchQuery,
  AdminPanelView,
  JoinWaitlistRequest,
  MoveEnrollmentRequest,
  RefundEnrollmentRequest,
  SetCohortCapacityRequest,
  UpdateEnrollmentRequest,
  WaitlistEntryView,
} from './admin-panel';
import type { AnalysisRecord, Evaluation } from './analysis';
import type {
  CohortCompletionPreview,
  CompleteEnrollmentsRequest,
  CompletionResult,
  DidDocument,
  IssuedCredentialSummary,
  PublishedKeySet,
  RevokeCredentialRequest,
  TrainingSettings,
  UpdateTrainingSettingsRequest,
  VerificationResult,
  VerifyPresentedRequest,
  VerifyPresentedResult,
} from './certificates';
import type { Cohort, CreateCohortRequest } from './cohorts';
import type {
  CreateCredentialRequest,
  Credential,
  CredentialDocument,
  CredentialStatus,
  UploadCompleteRequest,
  UploadUrlResponse,
} from './credentials';
import type { CreateEnrollmentRequest, Enrollment, EnrollmentFilters } from './enrollments';
import type {
  CreateEmailDraftsRequest,
  CreateEmailDraftsResult,
  EmailTemplate,
  GmailConnectTicket,
  GmailSetupStatus,
  Lead,
  SheetsSyncResult,
  UpdateEmailTemplateRequest,
} from './gmail';
import type { EnrollmentMail, UpdateCardPlan, UpdateCardRequest, UpdateCardResponse } from './mail';
import type {
  FreeCheckoutRequest,
  FreeCheckoutResponse,
  PaymentConfigResponse,
  PaymentIntentSummary,
  PaymentPlanResponse,
  ReconcilePaymentRequest,
  TestModeConfirmRequest,
  TestModeConfirmResponse,
} from './payment-checkout';
import type {
  CreateBundlePaymentIntentRequest,
  CreatePaymentIntentRequest,
  PaymentIntentResponse,
  ReconcilePaymentResponse,
  UpdateBundlePaymentIntentRequest,
  UpdatePaymentIntentRequest,
} from './payments';
import type {
  ApplicantAccount,
  ApplicantRecords,
  CredentialOverview,
  CredentialReview,
  DocumentDownload,
  EraseByEmailRequest,
  ErasureResult,
  RejectCredentialRequest,
  ReviewCredentialDetail,
  ReviewQueueItem,
  ReviewQueueQuery,
  SignInLinkRequest,
  SignInLinkResponse,
  SignInPreviewRequest,
  SignInPreviewResponse,
  SignInRequest,
  SignInResponse,
  ApplicantSignOutRequest,
  ApplicantSignOutResponse,
  VerifyCredentialRequest,
} from './records';
import type { PromotionCode, SavePromotionCodeRequest } from './promotions';
import type { BusinessOverview } from './reports';
import type { ChecklistStatus, EvaluationPanels, WebPolicyResponse } from './system';
import type {
  ApiKeyView,
  CreateApiKeyRequest,
  CreatedApiKey,
  CreatedWebhookEndpoint,
  CreateWebhookEndpointRequest,
  SubmitCredentialRequest,
  SubmittedCredentialOutcome,
  UpdateWebhookEndpointRequest,
  WebhookDeliveryPage,
  WebhookDeliveryQuery,
  WebhookDeliveryView,
  WebhookEndpointView,
} from './integrations';
import type { BundlePricing, TrainingName, TrainingPricing } from './trainings';

/**
 * Every API route in one map: the API takes its paths, summaries and access from here, the web server calls it
 * through it, so a path or a shape changed here is checked on both sides.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call: anyone (public), the visiting applicant through the web server's applicant token (staff tokens are
 * accepted too), any staff account (admins and evaluators), admins only, or API clients only (an API key; see
 * ROUTE_SCOPES for which API key scopes reach each route).
 */
export type RouteAccess = 'public' | 'applicant' | 'staff' | 'admin' | 'api-client';

export interface RouteDefinition<Path extends string = string, Query = unknown, Body = unknown, Response = unknown> {
  readonly method: HttpMethod;
  /** The full path, global prefix included, with `:name` placeholders. */
  readonly path: Path;
  /** The OpenAPI summary. */
  readonly summary: string;
  readonly access: RouteAccess;
  /** Types only: never set at run time. */
  readonly types?: { query: Query; body: Body; response: Response };
}

/** The types a route carries; `undefined` for no query or no body. */
interface RouteTypes {
  query?: object;
  body?: unknown;
  response: unknown;
}

/** Curried so the types are given and the path is inferred as its literal. */
function route<T extends RouteTypes>() {
  return <const Path extends string>(definition: {
    method: HttpMethod;
    path: Path;
    summary: string;
    access: RouteAccess;
  }): RouteDefinition<
    Path,
    T extends { query: infer Q } ? Q : undefined,
    T extends { body: infer B } ? B : undefined,
    T['response']
  > => definition;
}

type ParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<Rest>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** The `:name` placeholders of a route's path, as an object of strings. */
export type RouteParams<R extends RouteDefinition> = [ParamNames<R['path']>] extends [never]
  ? Record<string, never>
  : { [Name in ParamNames<R['path']>]: string };
export type RouteQuery<R extends RouteDefinition> = NonNullable<R['types']>['query'];
export type RouteBody<R extends RouteDefinition> = NonNullable<R['types']>['body'];
export type RouteResponse<R extends RouteDefinition> = NonNullable<R['types']>['response'];

/** Fills a route's `:name` placeholders, each value URL-encoded. */
export function routePath<R extends RouteDefinition>(definition: R, params: RouteParams<R>): string {
  const values = params as Record<string, string>;
  return definition.path.replace(/:([A-Za-z]+)/g, (_placeholder, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${definition.path}: no value for :${name}`);
    return encodeURIComponent(value);
  });
}

// Types of routes that have none of their own elsewhere.

export interface ListCohortsQuery {
  trainingName?: TrainingName;
}

export interface WaitlistQuery {
  cohortId?: string;
}

export interface JoinWaitlistResponse {
  /** false when this email was already on the list. */
  joined: boolean;
}

export interface UpdateCardQuery {
  token: string;
}

export interface GmailConnectQuery {
  ticket: string;
}

export interface GmailCallbackQuery {
  code?: string;
  state?: string;
  error?: string;
}

export interface InstallmentRunResult {
  /** Installments charged in this run. */
  charged: number;
  /** Installments declined or failed in this run (their plans are now past due). */
  failed: number;
}

export interface AnalysisStarted {
  credentialId: string;
  status: Extract<CredentialStatus, 'analyzing'>;
  analysisStartedAt: string;
}

export interface ReviewDecisionResult {
  review: CredentialReview;
  /** Whether the outcome mail was queued (false: no email on file, or no mail set up). */
  applicantNotified: boolean;
}

export type ServiceState = 'up' | 'down';

export interface HealthResponse {
  status: 'ok' | 'degraded';
  database: ServiceState;
  queue: ServiceState;
  storage: ServiceState;
  queueMode: 'redis' | 'in-process';
}

export interface StripeWebhookResponse {
  received: true;
}

/** Raw answers (CSV files) are typed as their text. */
type CsvFile = string;
/** A PDF document's bytes. */
type PdfFile = Uint8Array;

export const ROUTES = {
  // Prices and checkout
  trainingPricing: route<{ response: TrainingPricing[] }>()({
    method: 'GET',
    path: '/api/training-pricing',
    summary: 'The price table of the three trainings',
    access: 'public',
  }),
  bundlePricing: route<{ response: BundlePricing[] }>()({
    method: 'GET',
    path: '/api/bundle-pricing',
    summary: 'The bundle prices (2 or 3 trainings)',
    access: 'public',
  }),
  paymentPlan: route<{ response: PaymentPlanResponse }>()({
    method: 'GET',
    path: '/api/payment-plan',
    summary: 'The payment plan page in one response: training and bundle prices, cohorts, payment config',
    access: 'public',
  }),
  paymentConfig: route<{ response: PaymentConfigResponse }>()({
    method: 'GET',
    path: '/api/payments/config',
    summary: 'Whether payments run in test mode, and the Stripe publishable key otherwise',
    access: 'public',
  }),
  createPaymentIntent: route<{ body: CreatePaymentIntentRequest; response: PaymentIntentResponse }>()({
    method: 'POST',
    path: '/api/create-payment-intent',
    summary: 'Starts paying for one training; the server computes the amount from the price table',
    access: 'public',
  }),
  createBundlePaymentIntent: route<{ body: CreateBundlePaymentIntentRequest; response: PaymentIntentResponse }>()({
    method: 'POST',
    path: '/api/create-bundle-payment-intent',
    summary: 'Starts paying for a bundle of 2 or 3 different trainings, paid in full',
    access: 'public',
  }),
  updatePaymentIntent: route<{ body: UpdatePaymentIntentRequest; response: PaymentIntentSummary }>()({
    method: 'POST',
    path: '/api/update-payment-intent',
    summary: "Stores the buyer and the cohort on a single training's payment",
    access: 'public',
  }),
  updateBundlePaymentIntent: route<{ body: UpdateBundlePaymentIntentRequest; response: PaymentIntentSummary }>()({
    method: 'POST',
    path: '/api/update-bundle-payment-intent',
    summary: "Stores the buyer and each training's cohort on a bundle payment",
    access: 'public',
  }),
  reconcilePayment: route<{ body: ReconcilePaymentRequest; response: ReconcilePaymentResponse }>()({
    method: 'POST',
    path: '/api/payments/reconcile',
    summary: "The success page's check: enrolls the buyer if the provider says the payment succeeded",
    access: 'public',
  }),
  completeFreeCheckout: route<{ body: FreeCheckoutRequest; response: FreeCheckoutResponse }>()({
    method: 'POST',
    path: '/api/payments/free-checkout',
    summary:
      'Completes a checkout a promotion code made free: enrolls the buyer without a card (once, however often sent)',
    access: 'public',
  }),
  testModeConfirm: route<{ body: TestModeConfirmRequest; response: TestModeConfirmResponse }>()({
    method: 'POST',
    path: '/api/payments/test-mode/confirm',
    summary: 'Test mode only (no Stripe keys): pays with a test card; 4242 4242 4242 4242 succeeds',
    access: 'public',
  }),
  stripeWebhook: route<{ body: unknown; response: StripeWebhookResponse }>()({
    method: 'POST',
    path: '/api/payments/webhook',
    summary: "Stripe's signed event notifications (payment succeeded or failed, refunds)",
    access: 'public',
  }),
  adminRunInstallments: route<{ response: InstallmentRunResult }>()({
    method: 'POST',
    path: '/api/admin/installments/run',
    summary:
      'Runs the hourly installment job now: charges every installment that is due, with the same claims and keys',
    access: 'admin',
  }),
  updateCardPlan: route<{ query: UpdateCardQuery; response: UpdateCardPlan }>()({
    method: 'GET',
    path: '/api/billing/update-card',
    summary: 'The plan an update-card link is for (with Stripe, a SetupIntent for the card element)',
    access: 'public',
  }),
  updateCard: route<{ body: UpdateCardRequest; response: UpdateCardResponse }>()({
    method: 'POST',
    path: '/api/billing/update-card',
    summary: 'Saves a new card for the plan and charges its declined installment at once',
    access: 'public',
  }),

  // Cohorts and waitlist
  cohorts: route<{ query: ListCohortsQuery; response: Cohort[] }>()({
    method: 'GET',
    path: '/api/cohorts',
    summary: 'All cohorts, or the cohorts of one training with ?trainingName=',
    access: 'public',
  }),
  joinWaitlist: route<{ body: JoinWaitlistRequest; response: JoinWaitlistResponse }>()({
    method: 'POST',
    path: '/api/cohorts/:id/waitlist',
    summary: "Join a full cohort's waitlist with a name and email (once per email)",
    access: 'public',
  }),
  adminCohorts: route<{ query: ListCohortsQuery; response: Cohort[] }>()({
    method: 'GET',
    path: '/api/admin/cohorts',
    summary: 'All cohorts, or those of one training',
    access: 'admin',
  }),
  adminCreateCohort: route<{ body: CreateCohortRequest; response: Cohort }>()({
    method: 'POST',
    path: '/api/admin/cohorts',
    summary: 'Create a cohort (one per training and month)',
    access: 'admin',
  }),
  adminWaitlist: route<{ query: WaitlistQuery; response: WaitlistEntryView[] }>()({
    method: 'GET',
    path: '/api/admin/cohorts/waitlist',
    summary: 'Waitlist entries of full cohorts, oldest first (all cohorts, or one with ?cohortId=)',
    access: 'admin',
  }),
  adminOfferSeat: route<{ response: WaitlistEntryView }>()({
    method: 'POST',
    path: '/api/admin/cohorts/waitlist/:entryId/offer',
    summary: 'Offer a freed seat to a waitlisted visitor (recorded in the audit trail)',
    access: 'admin',
  }),
  adminSetCohortCapacity: route<{ body: SetCohortCapacityRequest; response: Cohort }>()({
    method: 'PATCH',
    path: '/api/admin/cohorts/:id',
    summary: "Set a cohort's capacity (null: no limit); lowering it below the seats taken removes nobody",
    access: 'admin',
  }),
  adminDeleteCohort: route<{ response: void }>()({
    method: 'DELETE',
    path: '/api/admin/cohorts/:id',
    summary: 'Delete a cohort that has no enrollments',
    access: 'admin',
  }),
  adminCohortCsv: route<{ response: CsvFile }>()({
    method: 'GET',
    path: '/api/admin/cohorts/:id/export.csv',
    summary: "A cohort's students as CSV",
    access: 'admin',
  }),

  // Enrollments (admin)
  adminEnrollments: route<{ query: EnrollmentFilters; response: Enrollment[] }>()({
    method: 'GET',
    path: '/api/admin/enrollments',
    summary: 'Enrollments, newest first, each with its cohort month',
    access: 'admin',
  }),
  adminSearchEnrollments: route<{ query: EnrollmentSearchQuery; response: EnrollmentPage }>()({
    method: 'GET',
    path: '/api/admin/enrollments/search',
    summary: 'The panel table: 50 rows a page, sorted, searched by name or email, with each row’s money',
    access: 'admin',
  }),
  adminPanel: route<{ query: EnrollmentSearchQuery; response: AdminPanelView }>()({
    method: 'GET',
    path: '/api/admin/panel',
    summary: 'The admin panel page in one call: a page of the enrollment search and every cohort',
    access: 'admin',
  }),
  adminRosterCsv: route<{ query: EnrollmentSearchQuery; response: CsvFile }>()({
    method: 'GET',
    path: '/api/admin/enrollments/roster.csv',
    summary: "The 'Full roster' CSV of the filtered enrollments",
    access: 'admin',
  }),
  adminEnrollment: route<{ response: EnrollmentDetail }>()({
    method: 'GET',
    path: '/api/admin/enrollments/:id',
    summary: 'One enrollment with its money, payment, charges (with Stripe ids), upcoming installments and refunds',
    access: 'admin',
  }),
  adminUpdateEnrollment: route<{ body: UpdateEnrollmentRequest; response: EnrollmentDetail }>()({
    method: 'PATCH',
    path: '/api/admin/enrollments/:id',
    summary: 'Edit status (active, completed, cancelled), cohort and notes; validated as for creation',
    access: 'admin',
  }),
  adminMoveEnrollment: route<{ body: MoveEnrollmentRequest; response: EnrollmentDetail }>()({
    method: 'POST',
    path: '/api/admin/enrollments/:id/move',
    summary: 'Move the student to another cohort of the same training; payment and plan stay',
    access: 'admin',
  }),
  adminRefundEnrollment: route<{ body: RefundEnrollmentRequest; response: EnrollmentDetail }>()({
    method: 'POST',
    path: '/api/admin/enrollments/:id/refund',
    summary: 'Refund all or part of what the enrollment was charged (Stripe Refunds API; recorded in test mode)',
    access: 'admin',
  }),
  adminRestartBilling: route<{ response: EnrollmentDetail }>()({
    method: 'POST',
    path: '/api/admin/enrollments/:id/restart-billing',
    summary:
      'Restart the installments of a plan a refund or cancellation stopped (the enrollment must be active again)',
    access: 'admin',
  }),
  adminCreateEnrollment: route<{ body: CreateEnrollmentRequest; response: Enrollment }>()({
    method: 'POST',
    path: '/api/admin/enrollments',
    summary: 'Record an enrollment by hand (isManualEntry true)',
    access: 'admin',
  }),
  adminDeleteEnrollment: route<{ response: void }>()({
    method: 'DELETE',
    path: '/api/admin/enrollments/:id',
    summary: 'Delete an enrollment',
    access: 'admin',
  }),
  adminEnrollmentMails: route<{ response: EnrollmentMail[] }>()({
    method: 'GET',
    path: '/api/admin/enrollments/:id/mails',
    summary: "The mails sent (or queued) about an enrollment's payment, oldest first",
    access: 'admin',
  }),
  adminResendMail: route<{ response: void }>()({
    method: 'POST',
    path: '/api/admin/mails/:id/resend',
    summary: 'Queues a failed mail again with fresh attempts',
    access: 'admin',
  }),
  adminAuditEvents: route<{ query: AuditQuery; response: AuditPage }>()({
    method: 'GET',
    path: '/api/admin/audit-events',
    summary: 'Admin actions, newest first, 50 a page, with who, when and what changed',
    access: 'admin',
  }),

  // Staff sign-in
  adminLogin: route<{ body: LoginRequest; response: LoginResponse }>()({
    method: 'POST',
    path: '/api/admin/login',
    summary: 'Exchange username and password for a short-lived bearer token',
    access: 'public',
  }),
  adminLogout: route<{ response: LogoutResponse }>()({
    method: 'POST',
    path: '/api/admin/logout',
    summary: 'Revoke the bearer token used for this call; it answers 401 from then on',
    access: 'staff',
  }),

  // Applicants, credentials, uploads and analysis
  signInLink: route<{ body: SignInLinkRequest; response: SignInLinkResponse }>()({
    method: 'POST',
    path: '/api/applicants/sign-in-link',
    summary: "Keep my evaluation: mail a single-use sign-in link (15 minutes) to the applicant's address",
    access: 'applicant',
  }),
  signInPreview: route<{ body: SignInPreviewRequest; response: SignInPreviewResponse }>()({
    method: 'POST',
    path: '/api/applicants/sign-in-preview',
    summary: 'What a sign-in link would sign in to (its address), without using it: the page asks before the button',
    access: 'public',
  }),
  signIn: route<{ body: SignInRequest; response: SignInResponse }>()({
    method: 'POST',
    path: '/api/applicants/sign-in',
    summary:
      "Use a sign-in link: returns the account for the browser using it; the asking browser's anonymous records join only in that same browser",
    access: 'public',
  }),
  applicantSignOut: route<{ body: ApplicantSignOutRequest; response: ApplicantSignOutResponse }>()({
    method: 'POST',
    path: '/api/applicants/sign-out',
    summary:
      "Sign out: ends this browser's session with the account at once (a copied cookie stops working too), or every session of the account",
    access: 'applicant',
  }),
  credentials: route<{ response: CredentialOverview[] }>()({
    method: 'GET',
    path: '/api/credentials',
    summary: "The calling applicant's credentials, newest first, with their evaluations, progress and reviews",
    access: 'applicant',
  }),
  applicantAccount: route<{ response: ApplicantAccount }>()({
    method: 'GET',
    path: '/api/applicants/me',
    summary: "The calling applicant's account: the signed-in email, or null while anonymous",
    access: 'applicant',
  }),
  applicantRecords: route<{ response: ApplicantRecords }>()({
    method: 'GET',
    path: '/api/applicants/me/records',
    summary:
      "The calling applicant's email (null while anonymous) and credentials as GET /api/credentials lists them, in one call",
    access: 'applicant',
  }),
  createCredential: route<{ body: CreateCredentialRequest; response: Credential }>()({
    method: 'POST',
    path: '/api/credentials',
    summary: 'Create a named credential group (pending, no documents) owned by the calling applicant',
    access: 'applicant',
  }),
  credential: route<{ response: Credential }>()({
    method: 'GET',
    path: '/api/credentials/:id',
    summary: 'One credential with its documents',
    access: 'applicant',
  }),
  documentDownload: route<{ response: DocumentDownload }>()({
    method: 'GET',
    path: '/api/credentials/:id/documents/:documentId/download',
    summary: 'A presigned download URL for one document, valid DOCUMENT_URL_TTL_SECONDS',
    access: 'applicant',
  }),
  deleteCredential: route<{ response: void }>()({
    method: 'DELETE',
    path: '/api/credentials/:id',
    summary: 'Delete a credential with its documents, analysis, evaluation, lead contacts, review and drafts',
    access: 'applicant',
  }),
  uploadUrl: route<{ response: UploadUrlResponse }>()({
    method: 'POST',
    path: '/api/objects/upload',
    summary: 'A presigned, short-lived PUT URL for one document, to a key the server chose',
    access: 'applicant',
  }),
  uploadComplete: route<{ body: UploadCompleteRequest; response: CredentialDocument }>()({
    method: 'PUT',
    path: '/api/documents/upload-complete',
    summary: 'Register an uploaded file as a document of a credential',
    access: 'applicant',
  }),
  analyzeCredential: route<{ response: AnalysisStarted }>()({
    method: 'POST',
    path: '/api/credentials/:id/analyze',
    summary: 'Start the six-phase analysis of a pending credential that has documents',
    access: 'applicant',
  }),
  credentialAnalyses: route<{ response: AnalysisRecord[] }>()({
    method: 'GET',
    path: '/api/credentials/:id/analyses',
    summary: 'The stored phase records, by phase',
    access: 'applicant',
  }),
  credentialEvaluation: route<{ response: Evaluation }>()({
    method: 'GET',
    path: '/api/credentials/:id/evaluation',
    summary: 'The evaluation of a completed credential',
    access: 'applicant',
  }),

  // Staff review and erasure
  reviewQueue: route<{ query: ReviewQueueQuery; response: ReviewQueueItem[] }>()({
    method: 'GET',
    path: '/api/admin/reviews',
    summary: 'Completed credentials awaiting verification, verified or rejected (at most 200), with search',
    access: 'staff',
  }),
  reviewDetail: route<{ response: ReviewCredentialDetail }>()({
    method: 'GET',
    path: '/api/admin/reviews/:id',
    summary: 'A credential with its documents, evaluation and review',
    access: 'staff',
  }),
  verifyCredential: route<{ body: VerifyCredentialRequest; response: ReviewDecisionResult }>()({
    method: 'POST',
    path: '/api/admin/reviews/:id/verify',
    summary:
      'Verify the credit: the recommendation, or adjusted credits, with an optional note; the applicant is mailed',
    access: 'staff',
  }),
  rejectCredential: route<{ body: RejectCredentialRequest; response: ReviewDecisionResult }>()({
    method: 'POST',
    path: '/api/admin/reviews/:id/reject',
    summary: 'Reject with a reason the applicant sees; the applicant is mailed',
    access: 'staff',
  }),
  eraseByEmail: route<{ body: EraseByEmailRequest; response: ErasureResult }>()({
    method: 'POST',
    path: '/api/admin/erasure',
    summary: 'Erase everything held about an email address',
    access: 'staff',
  }),

  // Gmail outreach and leads
  gmailSetupStatus: route<{ response: GmailSetupStatus }>()({
    method: 'GET',
    path: '/api/gmail/setup-status',
    summary: 'Whether Gmail drafts can be created, and with which account',
    access: 'public',
  }),
  gmailConnectTicket: route<{ response: GmailConnectTicket }>()({
    method: 'POST',
    path: '/api/gmail/connect-ticket',
    summary: 'A single-use ticket, valid 2 minutes, for the browser navigation to GET /api/gmail/connect',
    access: 'admin',
  }),
  gmailConnect: route<{ query: GmailConnectQuery; response: void }>()({
    method: 'GET',
    path: '/api/gmail/connect',
    summary: "Starts Google's consent flow (a browser navigation carrying an admin's connect ticket)",
    access: 'public',
  }),
  gmailCallback: route<{ query: GmailCallbackQuery; response: void }>()({
    method: 'GET',
    path: '/api/gmail/callback',
    summary: 'Where Google sends the browser back; stores the account, then returns to /evaluation',
    access: 'public',
  }),
  gmailDisconnect: route<{ response: GmailSetupStatus }>()({
    method: 'POST',
    path: '/api/gmail/disconnect',
    summary: 'Revokes the grant at Google (best effort) and forgets the account',
    access: 'admin',
  }),
  emailTemplates: route<{ response: EmailTemplate[] }>()({
    method: 'GET',
    path: '/api/gmail/templates',
    summary: 'Outreach email templates, the default first',
    access: 'public',
  }),
  updateEmailTemplate: route<{ body: UpdateEmailTemplateRequest; response: EmailTemplate }>()({
    method: 'PUT',
    path: '/api/gmail/templates/:id',
    summary: 'Changes a template; unknown placeholders are refused',
    access: 'admin',
  }),
  createEmailDrafts: route<{ body: CreateEmailDraftsRequest; response: CreateEmailDraftsResult }>()({
    method: 'POST',
    path: '/api/credentials/:id/email-drafts',
    summary: 'One Gmail draft per lead contact with an email; contacts already drafted are skipped',
    access: 'admin',
  }),
  leads: route<{ response: Lead[] }>()({
    method: 'GET',
    path: '/api/leads',
    summary: 'The lead contacts of all completed credentials',
    access: 'admin',
  }),
  leadsCsv: route<{ response: CsvFile }>()({
    method: 'GET',
    path: '/api/leads/export.csv',
    summary: 'The leads as CSV (every value quoted, formulas neutralised)',
    access: 'admin',
  }),
  leadsSheetsSync: route<{ response: SheetsSyncResult }>()({
    method: 'POST',
    path: '/api/leads/sheets-sync',
    summary: 'Appends the leads to the configured Google spreadsheet',
    access: 'admin',
  }),

  // Promotion codes and the business overview
  adminPromotionCodes: route<{ response: PromotionCode[] }>()({
    method: 'GET',
    path: '/api/admin/promotion-codes',
    summary: 'Every promotion code with its paid uses and the discount given',
    access: 'admin',
  }),
  adminCreatePromotionCode: route<{ body: SavePromotionCodeRequest; response: PromotionCode }>()({
    method: 'POST',
    path: '/api/admin/promotion-codes',
    summary: 'Creates a promotion code (case-insensitive, unique); audited',
    access: 'admin',
  }),
  adminPromotionCode: route<{ response: PromotionCode }>()({
    method: 'GET',
    path: '/api/admin/promotion-codes/:id',
    summary: 'One promotion code',
    access: 'admin',
  }),
  adminUpdatePromotionCode: route<{ body: SavePromotionCodeRequest; response: PromotionCode }>()({
    method: 'PUT',
    path: '/api/admin/promotion-codes/:id',
    summary: 'Changes a promotion code; uses already made keep their discount; audited',
    access: 'admin',
  }),
  adminDeactivatePromotionCode: route<{ response: PromotionCode }>()({
    method: 'POST',
    path: '/api/admin/promotion-codes/:id/deactivate',
    summary: 'Turns a promotion code off (checkouts refuse it from now on); audited',
    access: 'admin',
  }),
  adminBusinessOverview: route<{ response: BusinessOverview }>()({
    method: 'GET',
    path: '/api/admin/reports',
    summary:
      'Money collected (net of refunds) by month and training, scheduled installments, balances, cohort fill, checkouts and promotion code use',
    access: 'admin',
  }),
  adminBusinessReportCsv: route<{ response: CsvFile }>()({
    method: 'GET',
    path: '/api/admin/reports/:report/csv',
    summary: 'One report of the business overview as CSV',
    access: 'admin',
  }),

  // System
  health: route<{ response: HealthResponse }>()({
    method: 'GET',
    path: '/api/health',
    summary: 'Whether the database, the queue and the object store answer (503 when one does not)',
    access: 'public',
  }),
  evaluationPanels: route<{ response: EvaluationPanels }>()({
    method: 'GET',
    path: '/api/system/evaluation-panels',
    summary:
      'The evaluation page’s system panels in one call: the checklist (as checklist-status, cached the same way) and the Gmail setup (as /api/gmail/setup-status); a part that fails is null',
    access: 'public',
  }),
  checklistStatus: route<{ response: ChecklistStatus }>()({
    method: 'GET',
    path: '/api/system/checklist-status',
    summary:
      'The system implementation checklist, probed from the live system; reused for up to CHECKLIST_CACHE_SECONDS (10 s) and refreshed in the background',
    access: 'public',
  }),
  webPolicy: route<{ response: WebPolicyResponse }>()({
    method: 'GET',
    path: '/api/system/web-policy',
    summary: 'Origins the web app must allow in its Content-Security-Policy',
    access: 'public',
  }),
  account: route<{ response: AccountOverview }>()({
    method: 'GET',
    path: '/api/account',
    summary:
      "The signed-in account's trainings: each enrollment whose student email is the account's, with its schedule, charges and receipts",
    access: 'applicant',
  }),
  accountReceipt: route<{ response: ReceiptDocument }>()({
    method: 'GET',
    path: '/api/account/receipts/:id',
    summary: "One of the account's receipts or credit notes, with everything it shows (404 for another account's)",
    access: 'applicant',
  }),
  accountReceiptPdf: route<{ response: PdfFile }>()({
    method: 'GET',
    path: '/api/account/receipts/:id/pdf',
    summary: "One of the account's receipts or credit notes as a PDF",
    access: 'applicant',
  }),
  accountUpdateCardLink: route<{ response: AccountUpdateCardLink }>()({
    method: 'POST',
    path: '/api/account/enrollments/:id/update-card-link',
    summary: "A signed link to the update-card page for the plan of one of the account's enrollments",
    access: 'applicant',
  }),
  accountCancelPlan: route<{ response: CancelPlanResponse }>()({
    method: 'POST',
    path: '/api/account/enrollments/:id/cancel',
    summary:
      'Stops the remaining installments of a plan: the enrollment is cancelled, its seat freed, the admin and the trainee mailed',
    access: 'applicant',
  }),
  accountDataExport: route<{ response: AccountDataExport }>()({
    method: 'GET',
    path: '/api/account/data',
    summary: "Download my data: the account's enrollments, payments, receipt numbers, credentials and evaluations",
    access: 'applicant',
  }),
  adminPaymentReceipts: route<{ response: ReceiptSummary[] }>()({
    method: 'GET',
    path: '/api/admin/enrollments/:id/receipts',
    summary: "The receipts and credit notes of an enrollment's payment, oldest first",
    access: 'admin',
  }),
  adminReceiptPdf: route<{ response: PdfFile }>()({
    method: 'GET',
    path: '/api/admin/receipts/:id/pdf',
    summary: 'A receipt or credit note as a PDF',
    access: 'admin',
  }),

  // Integrations: API keys, webhooks, credentials submitted by API clients
  adminApiKeys: route<{ response: ApiKeyView[] }>()({
    method: 'GET',
    path: '/api/admin/api-keys',
    summary: 'API keys, newest first, with their scopes, expiry, last use and state (never their secrets)',
    access: 'admin',
  }),
  adminCreateApiKey: route<{ body: CreateApiKeyRequest; response: CreatedApiKey }>()({
    method: 'POST',
    path: '/api/admin/api-keys',
    summary: 'Create an API key with a name, scopes and an optional expiry; the key is in this answer only',
    access: 'admin',
  }),
  adminRevokeApiKey: route<{ response: ApiKeyView }>()({
    method: 'POST',
    path: '/api/admin/api-keys/:id/revoke',
    summary: 'Revoke an API key: every API instance refuses it from the next request on',
    access: 'admin',
  }),
  adminWebhookEndpoints: route<{ response: WebhookEndpointView[] }>()({
    method: 'GET',
    path: '/api/admin/webhook-endpoints',
    summary: 'Webhook endpoints, newest first, with their events and state (never their secrets)',
    access: 'admin',
  }),
  adminCreateWebhookEndpoint: route<{ body: CreateWebhookEndpointRequest; response: CreatedWebhookEndpoint }>()({
    method: 'POST',
    path: '/api/admin/webhook-endpoints',
    summary: 'Register a webhook endpoint (https URL, events); its signing secret is in this answer only',
    access: 'admin',
  }),
  adminUpdateWebhookEndpoint: route<{ body: UpdateWebhookEndpointRequest; response: WebhookEndpointView }>()({
    method: 'PATCH',
    path: '/api/admin/webhook-endpoints/:id',
    summary: 'Turn an endpoint on or off (turning it on clears a disabling for failures)',
    access: 'admin',
  }),
  adminWebhookDeliveries: route<{ query: WebhookDeliveryQuery; response: WebhookDeliveryPage }>()({
    method: 'GET',
    path: '/api/admin/webhook-endpoints/:id/deliveries',
    summary: "An endpoint's delivery log, newest first, 50 a page: status, time, attempts, response code",
    access: 'admin',
  }),
  adminResendWebhookDelivery: route<{ response: WebhookDeliveryView }>()({
    method: 'POST',
    path: '/api/admin/webhook-deliveries/:id/resend',
    summary: 'Send a delivery again with fresh attempts; it keeps its webhook-id, so receivers can drop a duplicate',
    access: 'admin',
  }),
  submitCredential: route<{ body: SubmitCredentialRequest; response: SubmittedCredentialOutcome }>()({
    method: 'POST',
    path: '/api/integrations/credentials',
    summary:
      "An API client submits a credential for the applicant it names by email (the applicant's account is created if new)",
    access: 'api-client',
  }),
  submittedCredential: route<{ response: SubmittedCredentialOutcome }>()({
    method: 'GET',
    path: '/api/integrations/credentials/:id',
    summary: 'A credential this API key submitted: its status, evaluation and review outcome',
    access: 'api-client',
  }),
  submittedCredentialUploadUrl: route<{ response: UploadUrlResponse }>()({
    method: 'POST',
    path: '/api/integrations/credentials/:id/upload-url',
    summary: 'A presigned PUT URL for one document of a credential this API key submitted',
    access: 'api-client',
  }),
  submittedCredentialDocument: route<{ body: UploadCompleteRequest; response: CredentialDocument }>()({
    method: 'PUT',
    path: '/api/integrations/credentials/:id/documents',
    summary: 'Register an uploaded file as a document of a credential this API key submitted',
    access: 'api-client',
  }),
  submittedCredentialAnalyze: route<{ response: AnalysisStarted }>()({
    method: 'POST',
    path: '/api/integrations/credentials/:id/analyze',
    summary: 'Start the analysis of a credential this API key submitted',
    access: 'api-client',
  }),

  // Completions, certificates and evaluation reports (issue 32)
  adminTrainingSettings: route<{ response: TrainingSettings[] }>()({
    method: 'GET',
    path: '/api/admin/training-settings',
    summary: "Each training's contact hours, which a completion certifies",
    access: 'admin',
  }),
  adminUpdateTrainingSettings: route<{ body: UpdateTrainingSettingsRequest; response: TrainingSettings }>()({
    method: 'PUT',
    path: '/api/admin/training-settings/:trainingName',
    summary: "Set a training's contact hours (audited)",
    access: 'admin',
  }),
  adminCohortCompletion: route<{ response: CohortCompletionPreview }>()({
    method: 'GET',
    path: '/api/admin/cohorts/:id/completion',
    summary: 'Who completing a cohort would complete, each with the balance still owed',
    access: 'admin',
  }),
  adminCompleteEnrollments: route<{ body: CompleteEnrollmentsRequest; response: CompletionResult }>()({
    method: 'POST',
    path: '/api/admin/completions',
    summary:
      'Complete a cohort or chosen enrollments with the training’s contact hours and a date: audited, one signed certificate and one mail each',
    access: 'admin',
  }),
  adminEnrollmentCertificates: route<{ response: IssuedCredentialSummary[] }>()({
    method: 'GET',
    path: '/api/admin/enrollments/:id/certificates',
    summary: "An enrollment's certificates",
    access: 'admin',
  }),
  adminRevokeCertificate: route<{ body: RevokeCredentialRequest; response: IssuedCredentialSummary }>()({
    method: 'POST',
    path: '/api/admin/certificates/:id/revoke',
    summary: 'Revoke a certificate or report with a reason (audited; set in the status list)',
    access: 'admin',
  }),
  myCertificates: route<{ response: IssuedCredentialSummary[] }>()({
    method: 'GET',
    path: '/api/certificates',
    summary: "The signed-in account's certificates and evaluation reports (by its email)",
    access: 'applicant',
  }),
  certificatePdf: route<{ response: Uint8Array }>()({
    method: 'GET',
    path: '/api/certificates/:id/pdf',
    summary: 'The certificate as a landscape PDF carrying the signed credential as an attachment',
    access: 'applicant',
  }),
  certificateCredential: route<{ response: Record<string, unknown> }>()({
    method: 'GET',
    path: '/api/certificates/:id/credential',
    summary: 'The signed credential (VC 2.0 EnvelopedVerifiableCredential around a VC-JOSE JWS)',
    access: 'applicant',
  }),
  verifyCertificate: route<{ response: VerificationResult }>()({
    method: 'GET',
    path: '/api/verify/:id',
    summary: 'Whether a certificate is genuine (signature against the published keys) and revoked, and its facts',
    access: 'public',
  }),
  verifyPresented: route<{ body: VerifyPresentedRequest; response: VerifyPresentedResult }>()({
    method: 'POST',
    path: '/api/verify',
    summary: 'Check a credential someone holds (the JSON download or the bare JWS)',
    access: 'public',
  }),
  issuerJwks: route<{ response: PublishedKeySet }>()({
    method: 'GET',
    path: '/api/issuer/jwks',
    summary: "The issuer's public keys, old ones included (JWKS); the web serves it at /.well-known/jwks.json",
    access: 'public',
  }),
  issuerDid: route<{ response: DidDocument }>()({
    method: 'GET',
    path: '/api/issuer/did',
    summary: "The issuer's did:web DID document; the web serves it at /.well-known/did.json",
    access: 'public',
  }),
  issuerStatusList: route<{ response: string }>()({
    method: 'GET',
    path: '/api/issuer/status/1',
    summary: 'The revocation Bitstring Status List credential (VC-JOSE, application/vc+jwt)',
    access: 'public',
  }),
} as const;

export type RouteName = keyof typeof ROUTES;
export type ApiRoute = (typeof ROUTES)[RouteName];
