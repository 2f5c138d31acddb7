import { ForbiddenException, NotFoundException } from '@nestjs/common';

/** The one answer for a credential that does not exist or belongs to someone else, so ids leak nothing. */
export class CredentialNotFoundException extends NotFoundException {
  constructor() {
    super({ message: 'Credential not found', code: 'NOT_FOUND' });
  }
}

export class StaffOwnNoCredentialsException extends ForbiddenException {
  constructor() {
    super({ message: 'Staff review credentials; applicants create them', code: 'FORBIDDEN' });
  }
}
