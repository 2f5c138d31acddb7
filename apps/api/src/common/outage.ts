/** Seconds a client is told to wait (Retry-After) when a backing service is unreachable. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

/** Socket-level failures: the service is not there, not a problem with the request. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'ECONNABORTED',
  'ESOCKETTIMEDOUT',
]);

/** PostgreSQL SQLSTATEs of a server that is going away, starting or full (class 08 is matched by prefix). */
const POSTGRES_UNAVAILABLE = new Set(['57P01', '57P02', '57P03', '53300', '53400']);

/** Errors named by the clients for a connection they lost or could not get (MikroORM, knex, ioredis, AWS SDK). */
const OUTAGE_NAMES = new Set(['ConnectionException', 'KnexTimeoutError', 'MaxRetriesPerRequestError', 'TimeoutError']);

const OUTAGE_MESSAGES = [
  /Connection terminated/i,
  /Connection is closed/i,
  /Timeout acquiring a connection/i,
  /Client has encountered a connection error/i,
  /terminating connection due to administrator command/i,
  /the database system is (starting up|shutting down|in recovery mode)/i,
  /Stream isn't writeable/i,
  /connect ECONNREFUSED/i,
  /Connection ended unexpectedly/i,
  // knex rolls a transaction back when its connection dies under it (BEGIN failing with ECONNRESET); the statements
  // still queued then fail with this. Nothing was written.
  /Transaction query already complete/i,
];

function isOwnOutage(error: Record<string, unknown>): boolean {
  const code = typeof error.code === 'string' ? error.code : undefined;
  if (code && (NETWORK_CODES.has(code) || POSTGRES_UNAVAILABLE.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  if (typeof error.name === 'string' && OUTAGE_NAMES.has(error.name)) return true;
  // An S3-compatible store answering 5xx (ServiceUnavailable, SlowDown, InternalError) is down for us too.
  const metadata = error.$metadata as { httpStatusCode?: number } | undefined;
  if (typeof metadata?.httpStatusCode === 'number' && metadata.httpStatusCode >= 500) return true;
  const message = typeof error.message === 'string' ? error.message : '';
  return OUTAGE_MESSAGES.some((pattern) => pattern.test(message));
}

/**
 * Whether an error means PostgreSQL, Redis or object storage is unreachable, looking through the wrappers
 * (MikroORM's DriverException.cause, AggregateError.errors for a host with several addresses).
 */
export function isOutageError(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length > 0) {
    const current = pending.pop();
    if (current === null || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    const record = current as Record<string, unknown>;
    if (isOwnOutage(record)) return true;
    if (record.cause) pending.push(record.cause);
    if (Array.isArray(record.errors)) pending.push(...record.errors);
    if (record.originalError) pending.push(record.originalError);
  }
  return false;
}
