import { AppError } from '../common/errors/app-error';

/** A forged, expired or foreign token: the page says the link no longer works. */
export class UpdateCardLinkInvalidError extends AppError {
  constructor() {
    super('FORBIDDEN', 'This link is invalid or has expired. Please contact us for a new one.');
  }
}

/** A request the page's form could not have made valid (`field`: the form field to show it beside). */
export class UpdateCardRequestError extends AppError {
  constructor(message: string, field?: string) {
    super('VALIDATION_FAILED', message, field ? { [field]: [message] } : undefined);
  }
}

export class UpdateCardBusyError extends AppError {
  constructor() {
    super('CONFLICT', 'This installment is being charged right now; reload the page in a minute');
  }
}
