import { UnauthorizedException } from '@nestjs/common';

/** One message for an unknown user and a wrong password, so a login attempt cannot probe for usernames. */
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid username or password';

export class LoginFailedException extends UnauthorizedException {
  constructor() {
    super({ message: INVALID_CREDENTIALS_MESSAGE, code: 'UNAUTHORIZED' });
  }
}
