import { ConnectionException, DriverException, UniqueConstraintViolationException } from '@mikro-orm/core';
import { isOutageError } from './outage';

function withCode(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

describe('isOutageError', () => {
  it('recognises connection failures of pg, MikroORM, knex, ioredis and the AWS SDK', () => {
    expect(isOutageError(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(true);
    expect(isOutageError(new ConnectionException(withCode('connection refused', 'ECONNREFUSED')))).toBe(true);
    expect(
      isOutageError(new DriverException(withCode('terminating connection due to administrator command', '57P01'))),
    ).toBe(true);
    expect(isOutageError(withCode('the database system is starting up', '57P03'))).toBe(true);
    expect(
      isOutageError(Object.assign(new Error('Knex: Timeout acquiring a connection.'), { name: 'KnexTimeoutError' })),
    ).toBe(true);
    expect(isOutageError(new Error('Connection is closed.'))).toBe(true);
    expect(
      isOutageError(new DriverException(new Error('Transaction query already complete, run with DEBUG=knex:tx'))),
    ).toBe(true);
    expect(
      isOutageError(Object.assign(new Error('Reached the max retries'), { name: 'MaxRetriesPerRequestError' })),
    ).toBe(true);
    expect(isOutageError(Object.assign(new Error('Service Unavailable'), { $metadata: { httpStatusCode: 503 } }))).toBe(
      true,
    );
    expect(isOutageError(new AggregateError([withCode('x', 'ECONNREFUSED')], 'all failed'))).toBe(true);
    expect(isOutageError(new Error('wrapped', { cause: withCode('reset', 'ECONNRESET') }))).toBe(true);
  });

  it('leaves request and data errors alone', () => {
    expect(isOutageError(new UniqueConstraintViolationException(withCode('duplicate key', '23505')))).toBe(false);
    expect(isOutageError(Object.assign(new Error('NoSuchKey'), { $metadata: { httpStatusCode: 404 } }))).toBe(false);
    expect(isOutageError(new TypeError('x is undefined'))).toBe(false);
    expect(isOutageError('ECONNREFUSED')).toBe(false);
    expect(isOutageError(null)).toBe(false);
  });
});
