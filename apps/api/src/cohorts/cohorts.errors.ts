import { cohortMonthLabel } from '@app/domain';
import { AppError } from '../common/errors/app-error';

export class CohortNotFoundError extends AppError {
  constructor() {
    super('NOT_FOUND', 'Cohort not found');
  }
}

export class DuplicateCohortError extends AppError {
  constructor(trainingName: string, cohortMonth: string) {
    super('CONFLICT', `A ${trainingName} cohort for ${cohortMonthLabel(cohortMonth)} already exists`);
  }
}

/** Deleting is refused rather than unlinking, so no student silently loses the cohort they paid for. */
export class CohortHasEnrollmentsError extends AppError {
  constructor(count: number) {
    super(
      'CONFLICT',
      `This cohort has ${count} enrollment(s). Delete those enrollments first; a cohort with enrollments cannot be deleted.`,
    );
  }
}

export class CohortHasSeatsError extends AppError {
  constructor() {
    super('CONFLICT', 'This cohort still has seats: enroll instead of joining the waitlist');
  }
}

export class WaitlistEntryNotFoundError extends AppError {
  constructor() {
    super('NOT_FOUND', 'Waitlist entry not found');
  }
}
