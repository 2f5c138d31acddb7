import { AppError, fieldErrorLists } from '../common/errors/app-error';

export class WebhookEndpointNotFoundError extends AppError {
  constructor() {
    super('NOT_FOUND', 'No such webhook endpoint');
  }
}

export class WebhookDeliveryNotFoundError extends AppError {
  constructor() {
    super('NOT_FOUND', 'No such webhook delivery');
  }
}

/** A URL the SSRF rules refuse at registration (its form, or an address it resolves to now). */
export class WebhookUrlRefusedError extends AppError {
  constructor(problem: string) {
    super('VALIDATION_FAILED', `This webhook URL is refused: ${problem}`, { url: [problem] });
  }
}

export class WebhookEndpointInvalidError extends AppError {
  /** The endpoint form's rule (libs/domain), one message a field, in the error shape's lists. */
  constructor(fieldErrors: Readonly<Record<string, string | undefined>>) {
    super('VALIDATION_FAILED', 'Check the highlighted fields', fieldErrorLists(fieldErrors));
  }
}
