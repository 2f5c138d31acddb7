import { ERROR_STATUS, type ErrorCode, type ErrorResponse } from '@app/contracts';

/**
 * A refusal the API gives on purpose. The global filter answers it with ERROR_STATUS[code] and toResponse(), so a
 * feature names its failures as subclasses (one class per message) and never picks a status or a body by hand.
 */
export abstract class AppError extends Error {
  protected constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = new.target.name;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  /** The body: {statusCode, message, code, fieldErrors?}. */
  toResponse(): ErrorResponse {
    return {
      statusCode: this.status,
      message: this.message,
      code: this.code,
      ...(this.fieldErrors ? { fieldErrors: this.fieldErrors } : {}),
    };
  }
}

/** No or a bad credential for a route that needs one (guards and strategies). */
export class UnauthorizedError extends AppError {
  constructor(message = 'Unauthorized') {
    super('UNAUTHORIZED', message);
  }
}

/** Signed in, but not allowed to do this. */
export class ForbiddenError extends AppError {
  constructor(message: string) {
    super('FORBIDDEN', message);
  }
}

/** A request field the DTO rules refuse: one message for all, and the messages per field so forms can show them. */
export class ValidationFailedError extends AppError {
  constructor(message: string, fieldErrors?: Record<string, string[]>) {
    super('VALIDATION_FAILED', message, fieldErrors);
  }

  /** Refused by a form rule of libs/domain, which answers one message a field. */
  static fromForm(message: string, fieldErrors: Readonly<Record<string, string | undefined>>): ValidationFailedError {
    return new ValidationFailedError(message, fieldErrorLists(fieldErrors));
  }
}

/** A form rule's answer (libs/domain, one message a field) as the error shape's lists of messages a field. */
export function fieldErrorLists(fieldErrors: Readonly<Record<string, string | undefined>>): Record<string, string[]> {
  return Object.fromEntries(Object.entries(fieldErrors).flatMap(([field, text]) => (text ? [[field, [text]]] : [])));
}
