/** Where a mail of the outbox stands. */
export type OutboxMailStatus = 'pending' | 'sending' | 'sent' | 'failed';

/** One mail sent (or to be sent) about an enrollment's payment, as the admin panel lists it. */
export interface EnrollmentMail {
  id: string;
  /** purchase-confirmation, installment-receipt, plan-completed, installment-declined… */
  kind: string;
  recipient: string;
  subject: string;
  status: OutboxMailStatus;
  attempts: number;
  /** ISO time it was written; sentAt when the SMTP server accepted it. */
  createdAt: string;
  sentAt: string | null;
  /** The SMTP server's answer, or the last error of a failed attempt. */
  smtpResponse: string | null;
  lastError: string | null;
}

/** The update-card page's view of one payment plan. */
export interface UpdateCardPlan {
  trainings: string[];
  installmentsTotal: number;
  installmentsPaid: number;
  /** Integer cents of one installment. */
  installmentAmount: number;
  planStatus: 'active' | 'completed' | 'past_due';
  /** The amount the new card is charged at once (the declined installment); 0 when nothing is past due. */
  amountDue: number;
  /** Test mode shows the plain card form; otherwise Stripe Elements confirms the SetupIntent. */
  testMode: boolean;
  /** Stripe only: the SetupIntent the card element confirms. */
  setupClientSecret: string | null;
  publishableKey: string | null;
}

export interface UpdateCardRequest {
  token: string;
  /** Test mode: the card number typed in the form. */
  cardNumber?: string;
  /** Test mode: expiry and CVC as typed (not checked). */
  expiry?: string;
  cvc?: string;
  /** Stripe: the SetupIntent the browser confirmed. */
  setupIntentId?: string;
}

export interface UpdateCardResponse {
  planStatus: 'active' | 'completed' | 'past_due';
  installmentsPaid: number;
  installmentsTotal: number;
  /** Why the card or the charge was refused, for the page to show; null when it went through. */
  message: string | null;
}
