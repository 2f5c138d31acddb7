import { AppError } from '../common/errors/app-error';

/** Not submitted by this key (or no such credential): one answer, so a key cannot probe for others' records. */
export class SubmittedCredentialNotFoundError extends AppError {
  constructor() {
    super('NOT_FOUND', 'No credential submitted with this API key has this id');
  }
}

export class SubmittedCredentialMismatchError extends AppError {
  constructor() {
    super('VALIDATION_FAILED', 'credentialId in the body must be the credential of the path', {
      credentialId: ['Must be the credential of the path'],
    });
  }
}
