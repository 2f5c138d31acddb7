import { HttpException, HttpStatus, UnauthorizedException } from '@nestjs/common';

/** One message for an unknown user and a wrong password, so a login attempt cannot probe for usernames. */
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid username or password';

export const LOGIN_RATE_LIMITED_MESSAGE = 'Too many login attempts. Please wait a minute and try again.';

export class LoginFailedException extends UnauthorizedException {
  constructor() {
    super({ message: INVALID_CREDENTIALS_MESSAGE, code: 'UNAUTHORIZED' });
  }
}

export class LoginRateLimitedException extends HttpException {
  constructor() {
    super({ message: LOGIN_RATE_LIMITED_MESSAGE, code: 'RATE_LIMITED' }, HttpStatus.TOO_MANY_REQUESTS);
  }
}
