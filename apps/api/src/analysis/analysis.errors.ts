import { AppError } from '../common/errors/app-error';

/** libs/domain's analysisStart refused the start (its message says why); nothing changed. */
export class AnalysisNotStartableError extends AppError {
  constructor(message: string) {
    super('CONFLICT', message);
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
