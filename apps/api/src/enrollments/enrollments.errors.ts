import { AppError } from '../common/errors/app-error';

export class EnrollmentNotFoundError extends AppError {
  constructor() {
    super('NOT_FOUND', 'Enrollment not found');
  }
}

/**
 * A cohort that does not exist, or (given the mismatch) belongs to another training. Reported like a DTO failure,
 * on the cohortId field, so the form can show it there.
 */
export class InvalidEnrollmentCohortError extends AppError {
  constructor(mismatch?: { cohortTraining: string; trainingName: string }) {
    const message = mismatch
      ? `The chosen cohort belongs to ${mismatch.cohortTraining}, not ${mismatch.trainingName}`
      : 'cohortId does not name an existing cohort';
    super('VALIDATION_FAILED', message, { cohortId: [message] });
  }
}

export class SameCohortError extends AppError {
  constructor() {
    const message = 'The student is already in this cohort: choose another one';
    super('VALIDATION_FAILED', message, { cohortId: [message] });
  }
}

/** The cohort's capacity is reached: an admin cannot add a seat past it either (raise the capacity first). */
export class CohortFullForEnrollmentError extends AppError {
  constructor() {
    super('CONFLICT', 'This cohort is full: raise its capacity or choose another cohort');
  }
}

export class CohortNotFoundForCompletionError extends AppError {
  constructor() {
    super('NOT_FOUND', 'No such cohort');
  }
}
