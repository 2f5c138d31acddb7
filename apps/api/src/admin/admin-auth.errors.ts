import type { ErrorResponse, LoginResponse } from '@app/contracts';
import { AppError } from '../common/errors/app-error';

/** One message for an unknown user and a wrong password, so a login attempt cannot probe for usernames. */
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid username or password';

export const LOGIN_RATE_LIMITED_MESSAGE = 'Too many login attempts. Please wait a minute and try again.';

/** The login answer keeps the spec's {success, message} fields on top of the one error shape. */
export class LoginFailedError extends AppError {
  constructor() {
    super('UNAUTHORIZED', INVALID_CREDENTIALS_MESSAGE);
  }

  override toResponse(): ErrorResponse & LoginResponse {
    return { statusCode: this.status, code: this.code, success: false, message: this.message };
  }
}

export class LoginRateLimitedError extends AppError {
  constructor() {
    super('RATE_LIMITED', LOGIN_RATE_LIMITED_MESSAGE);
  }
}

/** A Gmail-consent ticket that is missing, forged, expired, meant for something else or already used. */
export class AdminTicketRefusedError extends AppError {
  constructor() {
    super('UNAUTHORIZED', 'This link is invalid, expired or already used; log in as an admin and try again');
  }
}
