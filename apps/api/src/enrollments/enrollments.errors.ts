import { BadRequestException, ConflictException, NotFoundException } from '@nestjs/common';

export class EnrollmentNotFoundException extends NotFoundException {
  constructor() {
    super({ message: 'Enrollment not found', code: 'NOT_FOUND' });
  }
}

/** Reported like a DTO failure, on the cohortId field, so the form can show it there. */
export class InvalidEnrollmentCohortException extends BadRequestException {
  constructor(message: string) {
    super({ message, code: 'VALIDATION_FAILED', fieldErrors: { cohortId: [message] } });
  }
}

export class SameCohortException extends BadRequestException {
  constructor() {
    const message = 'The student is already in this cohort: choose another one';
    super({ message, code: 'VALIDATION_FAILED', fieldErrors: { cohortId: [message] } });
  }
}

/** The cohort's capacity is reached: an admin cannot add a seat past it either (raise the capacity first). */
export class CohortFullForEnrollmentException extends ConflictException {
  constructor() {
    super({ message: 'This cohort is full: raise its capacity or choose another cohort', code: 'CONFLICT' });
  }
}
