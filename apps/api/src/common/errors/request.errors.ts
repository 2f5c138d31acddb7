import { AppError } from './app-error';

/** A body that is not UTF-8 application/json without content-encoding (415), refused before it is read. */
export class UnsupportedBodyError extends AppError {
  constructor(message = 'Send the body as application/json') {
    super('UNSUPPORTED_MEDIA_TYPE', message);
  }
}

/** A body over the API's JSON limit (413). */
export class BodyTooLargeError extends AppError {
  constructor(limit: string) {
    super('PAYLOAD_TOO_LARGE', `The body is larger than ${limit}`);
  }
}

/** A body, query or path that cannot be read or must not be stored: malformed JSON, too deep, NUL, … (400). */
export class InvalidBodyError extends AppError {
  constructor(message: string) {
    super('INVALID_BODY', message);
  }
}
