import { AppError } from '../common/errors/app-error';

/** A decision the review rules refuse, reported on its field. */
export class ReviewInvalidError extends AppError {
  constructor(field: string, message: string) {
    super('VALIDATION_FAILED', message, { [field]: [message] });
  }
}

export class ReviewNeedsCompletedAnalysisError extends AppError {
  constructor() {
    super('CONFLICT', 'Only a credential with a completed analysis can be reviewed');
  }
}

export class AlreadyReviewedError extends AppError {
  constructor() {
    super('CONFLICT', 'This credential has already been reviewed');
  }
}
