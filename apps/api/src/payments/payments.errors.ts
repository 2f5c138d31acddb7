import { BadRequestException, ConflictException, NotFoundException } from '@nestjs/common';

/** A purchase that breaks a payment rule (unknown training, wrong plan, bad cohort…): 400 with a clear message. */
export class PaymentRuleError extends BadRequestException {
  constructor(message: string) {
    super(message);
  }
}

export class PaymentNotFoundError extends NotFoundException {
  constructor(paymentIntentId: string) {
    super(`Payment ${paymentIntentId} not found`);
  }
}

export const PAYMENT_CONFIRMED_MESSAGE =
  'This payment is already confirmed: its buyer details and cohorts can no longer change';

/** The buyer and cohorts are what the enrollment was made from, so they are frozen once the payment succeeded. */
export class PaymentConfirmedError extends ConflictException {
  constructor() {
    super({ message: PAYMENT_CONFIRMED_MESSAGE, code: 'CONFLICT' });
  }
}

/** Test mode's card form filled in wrongly (checksum, expiry, CVC): 400 with a message per field. */
export class TestCardInvalidError extends BadRequestException {
  constructor(fieldErrors: Record<string, string[]>) {
    super({ message: Object.values(fieldErrors).flat().join(' '), code: 'VALIDATION_FAILED', fieldErrors });
  }
}

/** A refund the rules or the provider refuse (more than is left, nothing paid by card): nothing was refunded. */
export class RefundNotPossibleError extends BadRequestException {
  constructor(message: string) {
    super({ message, code: 'VALIDATION_FAILED', fieldErrors: { amount: [message] } });
  }
}

/** A cohort that has no seat left for this payment: refused before the buyer pays. */
export class CohortFullError extends ConflictException {
  constructor(message: string) {
    super({ message, code: 'CONFLICT' });
  }
}
