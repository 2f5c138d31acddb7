import { AppError } from '../common/errors/app-error';

/** Only a pending credential with a document can start; nothing changed. */
export class AnalysisNotStartableError extends AppError {
  constructor(status: string) {
    super(
      'CONFLICT',
      status !== 'pending'
        ? `Analysis can only start for a pending credential; this one is ${status}`
        : 'Upload at least one document before starting the analysis',
    );
  }
}

/** The queue refused the job; the start was undone, so the same request can be sent again. */
export class AnalysisQueueUnavailableError extends AppError {
  constructor() {
    super('SERVICE_UNAVAILABLE', 'The analysis could not be started right now; please try again in a moment');
  }
}

export class NoEvaluationYetError extends AppError {
  constructor(status: string) {
    super('NOT_FOUND', `No evaluation yet: the credential is ${status}`);
  }
}
