import { AppError } from '../common/errors/app-error';

/** The one answer for a credential that does not exist or belongs to someone else, so ids leak nothing. */
export class CredentialNotFoundError extends AppError {
  constructor() {
    super('NOT_FOUND', 'Credential not found');
  }
}

export class DocumentNotFoundError extends AppError {
  constructor() {
    super('NOT_FOUND', 'Document not found');
  }
}

export class StaffOwnNoCredentialsError extends AppError {
  constructor() {
    super('FORBIDDEN', 'Staff review credentials; applicants create them');
  }
}
