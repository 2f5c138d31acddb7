import { ConnectionException, NotFoundError, UniqueConstraintViolationException } from '@mikro-orm/core';
import { BadRequestException, Logger, NotFoundException, type ArgumentsHost } from '@nestjs/common';
import { ERROR_CODES, ERROR_STATUS, type ErrorCode } from '@app/contracts';
import { LoginFailedError } from '../../admin/admin-auth.errors';
import { EnrollmentNotFoundError, InvalidEnrollmentCohortError } from '../../enrollments/enrollments.errors';
import { FileTooLargeError } from '../../uploads/uploads.errors';
import { AppError } from '../errors/app-error';
import { OUTAGE_RETRY_AFTER_SECONDS } from '../outage';
import { AllExceptionsFilter, SERVICE_UNAVAILABLE_MESSAGE } from './all-exceptions.filter';

class CodedError extends AppError {
  constructor(code: ErrorCode) {
    super(code, `failed with ${code}`);
  }
}

interface Answer {
  status?: number;
  json?: string;
  headers: Record<string, string>;
}

/** Runs the filter on one error and returns what it sent: the status, the body as serialised, the headers. */
function answer(exception: unknown): Answer {
  const sent: Answer = { headers: {} };
  // The part of Fastify's reply the filter uses.
  const response = {
    sent: false,
    header(name: string, value: string) {
      sent.headers[name] = value;
      return this;
    },
    code(code: number) {
      sent.status = code;
      return this;
    },
    type() {
      return this;
    },
    send(body: unknown) {
      sent.json = JSON.stringify(body);
      return this;
    },
  };
  const host = { switchToHttp: () => ({ getResponse: () => response }) } as unknown as ArgumentsHost;
  new AllExceptionsFilter().catch(exception, host);
  return sent;
}

describe('AllExceptionsFilter', () => {
  beforeAll(() => {
    jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  });
  afterAll(() => jest.restoreAllMocks());

  it.each(ERROR_CODES.map((code) => [code, ERROR_STATUS[code]] as const))(
    'answers an AppError coded %s with %i and the one body',
    (code, status) => {
      const sent = answer(new CodedError(code));
      expect(sent.status).toBe(status);
      expect(sent.json).toBe(JSON.stringify({ statusCode: status, message: `failed with ${code}`, code }));
    },
  );

  it('keeps the field errors, after the code', () => {
    const sent = answer(new InvalidEnrollmentCohortError());
    expect(sent.status).toBe(400);
    expect(sent.json).toBe(
      '{"statusCode":400,"message":"cohortId does not name an existing cohort","code":"VALIDATION_FAILED",' +
        '"fieldErrors":{"cohortId":["cohortId does not name an existing cohort"]}}',
    );
  });

  it('gives Retry-After with any 503, an AppError or an outage', () => {
    expect(answer(new CodedError('SERVICE_UNAVAILABLE')).headers).toEqual({
      'Retry-After': String(OUTAGE_RETRY_AFTER_SECONDS),
    });
    const outage = answer(
      new ConnectionException(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })),
    );
    expect(outage.status).toBe(503);
    expect(JSON.parse(outage.json!)).toEqual({
      statusCode: 503,
      message: SERVICE_UNAVAILABLE_MESSAGE,
      code: 'SERVICE_UNAVAILABLE',
    });
    expect(outage.headers['Retry-After']).toBe(String(OUTAGE_RETRY_AFTER_SECONDS));
    expect(answer(new EnrollmentNotFoundError()).headers).toEqual({});
  });

  it("answers a failed login with the login response's fields in the error shape", () => {
    const sent = answer(new LoginFailedError());
    expect(sent.status).toBe(401);
    expect(sent.json).toBe(
      '{"statusCode":401,"code":"UNAUTHORIZED","success":false,"message":"Invalid username or password"}',
    );
  });

  it('answers a file too large with 413', () => {
    expect(answer(new FileTooLargeError()).status).toBe(413);
  });

  it("keeps Nest's own exceptions as they are", () => {
    expect(answer(new NotFoundException('Cannot GET /api/nothing')).json).toBe(
      JSON.stringify({ statusCode: 404, message: 'Cannot GET /api/nothing' }),
    );
    const invalid = answer(
      new BadRequestException({ message: ['a is wrong', 'b is wrong'], code: 'VALIDATION_FAILED' }),
    );
    expect(invalid.json).toBe(
      JSON.stringify({ statusCode: 400, message: 'a is wrong; b is wrong', code: 'VALIDATION_FAILED' }),
    );
    // Not one of ours: not passed on as a code.
    expect(JSON.parse(answer(new BadRequestException({ message: 'x', code: 'SOMETHING' })).json!)).toEqual({
      statusCode: 400,
      message: 'x',
    });
  });

  it('maps MikroORM errors and unknown errors as before', () => {
    expect(JSON.parse(answer(new NotFoundError('Enrollment not found ({ id: 1 })')).json!)).toEqual({
      statusCode: 404,
      message: 'Not found',
    });
    expect(JSON.parse(answer(new UniqueConstraintViolationException(new Error('duplicate key value'))).json!)).toEqual({
      statusCode: 409,
      message: 'This record already exists',
    });
    const unknown = answer(new Error('boom'));
    expect(unknown.status).toBe(500);
    expect(JSON.parse(unknown.json!)).toEqual({ statusCode: 500, message: 'Internal server error' });
  });
});
