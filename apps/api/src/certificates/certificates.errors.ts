import { AppError } from '../common/errors/app-error';

export class IssuedCredentialNotFoundError extends AppError {
  constructor() {
    super('NOT_FOUND', 'No such certificate');
  }
}

export class AlreadyRevokedError extends AppError {
  constructor() {
    super('CONFLICT', 'This credential is already revoked');
  }
}

export class CertificateInputError extends AppError {
  constructor(field: string, message: string) {
    super('VALIDATION_FAILED', message, { [field]: [message] });
  }
}
