import { BadRequestException, NotFoundException } from '@nestjs/common';

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
