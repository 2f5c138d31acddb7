import { promotionRefusalMessage, type PromotionRefusal } from '@app/contracts';
import { AppError } from '../common/errors/app-error';

/** A code the checkout refuses: 400 with the reason's sentence on the promotionCode field; nothing changed. */
export class PromotionRefusedError extends AppError {
  constructor(readonly refusal: PromotionRefusal) {
    const message = promotionRefusalMessage(refusal);
    super('VALIDATION_FAILED', message, { promotionCode: [message] });
  }
}

export class PromotionCodeNotFoundError extends AppError {
  constructor(id: string) {
    super('NOT_FOUND', `Promotion code ${id} not found`);
  }
}

export class DuplicatePromotionCodeError extends AppError {
  constructor(code: string) {
    super('CONFLICT', `A promotion code ${code.toUpperCase()} already exists (codes are matched whatever their case)`, {
      code: ['This code already exists'],
    });
  }
}

/** The admin's form with a bad field: 400 with a message per field. */
export class PromotionFormError extends AppError {
  constructor(fieldErrors: Record<string, string[]>) {
    super('VALIDATION_FAILED', Object.values(fieldErrors).flat().join(' '), fieldErrors);
  }
}
