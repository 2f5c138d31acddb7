import { BadRequestException, NotFoundException } from '@nestjs/common';

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
