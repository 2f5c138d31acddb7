import { AppError } from '../common/errors/app-error';

/** A purchase that breaks a payment rule (unknown training, wrong plan, bad cohort…): 400 with a clear message. */
export class PaymentRuleError extends AppError {
  constructor(message: string) {
    super('VALIDATION_FAILED', message);
  }
}

export class PaymentNotFoundError extends AppError {
  constructor(paymentIntentId: string) {
    super('NOT_FOUND', `Payment ${paymentIntentId} not found`);
  }
}

export const PAYMENT_CONFIRMED_MESSAGE =
  'This payment is already confirmed: its buyer details and cohorts can no longer change';

/** The buyer and cohorts are what the enrollment was made from, so they are frozen once the payment succeeded. */
export class PaymentConfirmedError extends AppError {
  constructor() {
    super('CONFLICT', PAYMENT_CONFIRMED_MESSAGE);
  }
}

/** Test mode's card form filled in wrongly (checksum, expiry, CVC): 400 with a message per field. */
export class TestCardInvalidError extends AppError {
  constructor(fieldErrors: Record<string, string[]>) {
    super('VALIDATION_FAILED', Object.values(fieldErrors).flat().join(' '), fieldErrors);
  }
}

/** The test-mode confirm route while payments go through Stripe: as if it did not exist. */
export class TestModeOffError extends AppError {
  constructor() {
    super('NOT_FOUND', 'Test mode is off: payments go through Stripe');
  }
}

/** A refund the rules or the provider refuse (more than is left, nothing paid by card): nothing was refunded. */
export class RefundNotPossibleError extends AppError {
  constructor(message: string) {
    super('VALIDATION_FAILED', message, { amount: [message] });
  }
}

/** Restarting billing the rules refuse (no stopped plan, enrollment still cancelled…): nothing changed. */
export class BillingRestartNotPossibleError extends AppError {
  constructor(message: string) {
    super('CONFLICT', message);
  }
}

/** A cohort that has no seat left for this payment: refused before the buyer pays. */
export class CohortFullError extends AppError {
  constructor(message: string) {
    super('CONFLICT', message);
  }
}

const WEBHOOK_REFUSALS = {
  'not-configured': 'Stripe webhooks are not configured (STRIPE_WEBHOOK_SECRET is unset)',
  'no-signature': 'Missing Stripe-Signature header or body',
  'bad-signature': 'Invalid Stripe signature',
} as const;

/** A webhook call that cannot be trusted (or checked): nothing is read from it. */
export class WebhookRefusedError extends AppError {
  constructor(reason: keyof typeof WEBHOOK_REFUSALS) {
    super('VALIDATION_FAILED', WEBHOOK_REFUSALS[reason]);
  }
}
