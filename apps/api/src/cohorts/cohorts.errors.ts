import { BadRequestException, ConflictException, NotFoundException } from '@nestjs/common';
import { cohortMonthLabel } from '@app/domain';

export class CohortNotFoundException extends NotFoundException {
  constructor() {
    super({ message: 'Cohort not found', code: 'NOT_FOUND' });
  }
}

export class DuplicateCohortException extends ConflictException {
  constructor(trainingName: string, cohortMonth: string) {
    super({
      message: `A ${trainingName} cohort for ${cohortMonthLabel(cohortMonth)} already exists`,
      code: 'CONFLICT',
    });
  }
}

/** Deleting is refused rather than unlinking, so no student silently loses the cohort they paid for. */
export class CohortHasEnrollmentsException extends ConflictException {
  constructor(count: number) {
    super({
      message: `This cohort has ${count} enrollment(s). Delete those enrollments first; a cohort with enrollments cannot be deleted.`,
      code: 'CONFLICT',
    });
  }
}

export class CohortHasSeatsException extends ConflictException {
  constructor() {
    super({ message: 'This cohort still has seats: enroll instead of joining the waitlist', code: 'CONFLICT' });
  }
}

export class WaitlistEntryNotFoundException extends NotFoundException {
  constructor() {
    super({ message: 'Waitlist entry not found', code: 'NOT_FOUND' });
  }
}

export class WaitlistInvalidException extends BadRequestException {
  constructor(message: string) {
    super({ message, code: 'VALIDATION_FAILED' });
  }
}
