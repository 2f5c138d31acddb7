import { AppError, ForbiddenError, UnauthorizedError } from '../common/errors/app-error';

/** Unknown, malformed, revoked or expired: one answer, so a caller cannot tell which. */
export class ApiKeyRefusedError extends UnauthorizedError {
  constructor() {
    super('Invalid, revoked or expired API key');
  }
}

export class ApiKeyScopeError extends ForbiddenError {
  constructor() {
    super("This API key's scopes do not reach this route");
  }
}

export class ApiKeyRateLimitedError extends AppError {
  constructor(limit: number) {
    super('RATE_LIMITED', `This API key made more than ${limit} requests this minute; wait a minute and try again`);
  }
}

export class ApiKeyNotFoundError extends AppError {
  constructor() {
    super('NOT_FOUND', 'No such API key');
  }
}

/** A route for API clients called with a staff token or nothing. */
export class ApiClientOnlyError extends UnauthorizedError {
  constructor() {
    super('This route is for API clients: send an API key as Authorization: Bearer tk_…');
  }
}
