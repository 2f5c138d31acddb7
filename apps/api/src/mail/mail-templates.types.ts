/**
 * What each kind of mail carries in the outbox. Amounts are integer cents, dates ISO strings, links paths below
 * WEB_URL (the renderer makes them absolute when the mail is sent).
 */
export interface PurchaseConfirmationData {
  buyerName: string;
  paymentIntentId: string;
  amountPaid: number;
  trainings: Array<{ name: string; cohortMonth: string | null }>;
  /** Installment plans only: the charges still to come. */
  plan: { installmentsTotal: number; remaining: Array<{ number: number; dueAt: string; amount: number }> } | null;
}

/** An authorised payment cancelled because a chosen cohort filled up before it could be captured: nothing charged. */
export interface CohortFilledNotChargedData {
  buyerName: string;
  paymentIntentId: string;
  /** Integer cents that were authorised and released. */
  amount: number;
  /** The cohorts that filled up, each with its waitlist (`/waitlist/<cohortId>`). */
  fullCohorts: Array<{ cohortId: string; trainingName: string; cohortMonth: string | null }>;
}

export interface InstallmentReceiptData {
  buyerName: string;
  trainings: string[];
  installmentNumber: number;
  installmentsTotal: number;
  amount: number;
  chargeId: string;
  nextDueAt: string | null;
}

export interface PlanCompletedData {
  buyerName: string;
  trainings: string[];
  installmentsTotal: number;
  totalPaid: number;
}

export interface InstallmentDeclinedData {
  buyerName: string;
  trainings: string[];
  installmentNumber: number;
  installmentsTotal: number;
  amount: number;
  /** When the card is tried again by itself; null when it will not be. */
  nextRetryAt: string | null;
  /** Our payment record; the update-card link is signed for it when the mail is sent. */
  paymentId: string;
}

export interface EvaluationCompletedData {
  credentialId: string;
  credentialName: string;
  recommendedCredits: number | null;
}

export interface SignInLinkData {
  /** Path below WEB_URL with the single-use token, e.g. `/evaluation/sign-in?token=…`. */
  path: string;
  expiresInMinutes: number;
}

export interface CredentialVerifiedData {
  credentialId: string;
  credentialName: string;
  awardedCredits: number;
  /** The reviewer's note to the applicant, when there is one. */
  note: string | null;
}

export interface CredentialRejectedData {
  credentialId: string;
  credentialName: string;
  reason: string;
}

export interface WaitlistOfferData {
  name: string;
  trainingName: string;
  /** `YYYY-MM`; the mail shows it as month name and year. */
  cohortMonth: string;
}

/** A trainee stopped their plan from the account: one mail to them, one to the provider. */
export interface PlanCancelledData {
  audience: 'trainee' | 'admin';
  buyerName: string;
  trainingName: string;
  enrollmentId: string;
  installmentsPaid: number;
  installmentsTotal: number;
  installmentsStopped: number;
}

/** To the admins' alert address: an endpoint that failed for days was turned off. */
export interface WebhookEndpointDisabledData {
  endpointId: string;
  url: string;
  lastError: string;
}

/** A signed certificate of completion or evaluation report is ready (one mail a certificate). */
export interface CertificateIssuedData {
  certificateId: string;
  kind: 'completion' | 'evaluation-report';
  recipientName: string;
  title: string;
  certificateNumber: string;
}

export interface MailDataMap {
  'purchase-confirmation': PurchaseConfirmationData;
  'cohort-filled-not-charged': CohortFilledNotChargedData;
  'installment-receipt': InstallmentReceiptData;
  'plan-completed': PlanCompletedData;
  'installment-declined': InstallmentDeclinedData;
  'evaluation-completed': EvaluationCompletedData;
  'sign-in-link': SignInLinkData;
  'credential-verified': CredentialVerifiedData;
  'credential-rejected': CredentialRejectedData;
  'waitlist-offer': WaitlistOfferData;
  'plan-cancelled': PlanCancelledData;
  'webhook-endpoint-disabled': WebhookEndpointDisabledData;
  'certificate-issued': CertificateIssuedData;
}

export type MailTemplateName = keyof MailDataMap;

export const MAIL_TEMPLATE_NAMES: readonly MailTemplateName[] = [
  'purchase-confirmation',
  'cohort-filled-not-charged',
  'installment-receipt',
  'plan-completed',
  'installment-declined',
  'evaluation-completed',
  'sign-in-link',
  'credential-verified',
  'credential-rejected',
  'waitlist-offer',
  'plan-cancelled',
  'webhook-endpoint-disabled',
  'certificate-issued',
];

/** A mail to write to the outbox. `key` is unique per event: the same key twice is one mail. */
export type OutboxMailInput<T extends MailTemplateName = MailTemplateName> = {
  [K in T]: {
    key: string;
    to: string;
    template: K;
    data: MailDataMap[K];
    /** The payment the mail is about, so the admin sees it on the enrollment's row. */
    paymentIntentId?: string | null;
  };
}[T];
