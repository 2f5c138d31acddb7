import { BadRequestException, ConflictException, ForbiddenException } from '@nestjs/common';

/** A forged, expired or foreign token: the page says the link no longer works. */
export class UpdateCardLinkInvalidError extends ForbiddenException {
  constructor() {
    super({ message: 'This link is invalid or has expired. Please contact us for a new one.', code: 'FORBIDDEN' });
  }
}

export class UpdateCardRequestError extends BadRequestException {
  constructor(message: string) {
    super({ message, code: 'VALIDATION_FAILED' });
  }
}

export class UpdateCardBusyError extends ConflictException {
  constructor() {
    super({ message: 'This installment is being charged right now; reload the page in a minute', code: 'CONFLICT' });
  }
}
