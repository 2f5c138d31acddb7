import { AppError } from '../common/errors/app-error';

/** The browser has an applicant identity but no account: it never signed in by email link. */
export class AccountSignInRequiredError extends AppError {
  constructor() {
    super('UNAUTHORIZED', 'Sign in with the link we email you to see your account');
  }
}

/** Another account's enrollment answers exactly as one that does not exist. */
export class AccountEnrollmentNotFoundError extends AppError {
  constructor() {
    super('NOT_FOUND', 'Enrollment not found');
  }
}

export class PlanNotCancellableError extends AppError {
  constructor(reason: string) {
    super('CONFLICT', reason);
  }
}

export class CardUpdateNotAvailableError extends AppError {
  constructor() {
    super('CONFLICT', 'This enrollment has no payment plan still charging, so there is no card to update');
  }
}
