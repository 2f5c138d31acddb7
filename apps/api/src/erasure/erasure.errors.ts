import { AppError } from '../common/errors/app-error';

/** The analysis still reads the credential's documents: nothing was deleted. */
export class CredentialBeingAnalyzedError extends AppError {
  constructor() {
    super('CONFLICT', 'The credential is being analyzed; delete it once the analysis has finished');
  }
}

/** Erasing by email found a credential under analysis: nothing was deleted. */
export class ApplicantCredentialBeingAnalyzedError extends AppError {
  constructor() {
    super('CONFLICT', 'A credential of this applicant is being analyzed; try again when it has finished');
  }
}
