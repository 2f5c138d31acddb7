import { AppError } from '../common/errors/app-error';

export const INVALID_LINK_MESSAGE =
  'This sign-in link is invalid, expired or already used; ask for a new one on the evaluation page';

export class SignInLinkInvalidError extends AppError {
  constructor() {
    super('VALIDATION_FAILED', INVALID_LINK_MESSAGE);
  }
}

/** Too many links were mailed to one address within a link's lifetime. */
export class SignInLinksRateLimitedError extends AppError {
  constructor() {
    super('RATE_LIMITED', 'Several links were just sent to this address; use one of them or try again in 15 minutes');
  }
}

/** One client asked for too many sign-in mails within a link's lifetime, whatever the addresses. */
export class SignInClientRateLimitedError extends AppError {
  constructor() {
    super('RATE_LIMITED', 'Too many sign-in links were asked for from this connection; try again in 15 minutes');
  }
}
