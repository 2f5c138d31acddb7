import {
  CheckConstraintViolationException,
  DriverException,
  ForeignKeyConstraintViolationException,
  NotFoundError,
  NotNullConstraintViolationException,
  UniqueConstraintViolationException,
} from '@mikro-orm/core';
import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import { isErrorCode, type ErrorResponse } from '@app/contracts';
import type { FastifyReply } from 'fastify';
import { AppError } from '../errors/app-error';
import { sanitizeLogText } from '../log-sanitizer';
import { isOutageError, OUTAGE_RETRY_AFTER_SECONDS } from '../outage';

export const SERVICE_UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a moment.';

/**
 * What is safe to log of an unexpected error. A driver error's message starts with the SQL statement and its values
 * (and PostgreSQL's detail repeats them), so only its class, SQLSTATE and the stack frames are kept; anything else
 * goes through the log sanitiser.
 */
export function describeForLog(exception: unknown): string {
  if (exception instanceof DriverException) {
    const frames = (exception.stack ?? '').split('\n').filter((line) => line.trimStart().startsWith('at '));
    return [`${exception.name} (SQLSTATE ${exception.code ?? 'unknown'})`, ...frames].join('\n');
  }
  if (exception instanceof Error) return sanitizeLogText(exception.stack ?? `${exception.name}: ${exception.message}`);
  return sanitizeLogText(String(exception));
}

/**
 * The one error shape of the API: {statusCode, message, code?, fieldErrors?}. An AppError answers with its code's
 * status (ERROR_STATUS) and its own body; Nest's HttpExceptions (unknown routes, built-in pipes) keep theirs. A
 * database, Redis or storage outage is 503 with Retry-After wherever it surfaces; other unknown errors are 500 and
 * logged without personal data.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Exceptions');

  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const body = this.toBody(exception);
    if (body.statusCode === HttpStatus.SERVICE_UNAVAILABLE) {
      this.logger.warn(`Service unavailable: ${describeForLog(exception).split('\n')[0]}`);
      if (!reply.sent) reply.header('Retry-After', String(OUTAGE_RETRY_AFTER_SECONDS));
    } else if (body.statusCode >= 500) {
      this.logger.error(describeForLog(exception));
    }
    // A CSV route's Content-Type (set before the failure) must not label the JSON error body.
    if (!reply.sent) void reply.code(body.statusCode).type('application/json; charset=utf-8').send(body);
  }

  private toBody(exception: unknown): ErrorResponse {
    if (exception instanceof AppError) return exception.toResponse();
    if (exception instanceof HttpException) {
      const statusCode = exception.getStatus();
      const raw = exception.getResponse();
      if (typeof raw === 'string') return { statusCode, message: raw };
      const { message, code, fieldErrors } = raw as Record<string, unknown>;
      return {
        statusCode,
        message: Array.isArray(message) ? message.join('; ') : String(message ?? exception.message),
        ...(isErrorCode(code) ? { code } : {}),
        ...(fieldErrors ? { fieldErrors: fieldErrors as Record<string, string[]> } : {}),
      };
    }
    if (isOutageError(exception)) {
      return {
        statusCode: HttpStatus.SERVICE_UNAVAILABLE,
        message: SERVICE_UNAVAILABLE_MESSAGE,
        code: 'SERVICE_UNAVAILABLE',
      };
    }
    if (exception instanceof NotFoundError) return { statusCode: HttpStatus.NOT_FOUND, message: 'Not found' };
    if (exception instanceof UniqueConstraintViolationException) {
      return { statusCode: HttpStatus.CONFLICT, message: 'This record already exists' };
    }
    // A DTO that lets null through for an optional field (class-validator's @IsOptional does) meets the column's
    // constraint: the request is wrong, not the server, and the statement wrote nothing.
    if (
      exception instanceof NotNullConstraintViolationException ||
      exception instanceof CheckConstraintViolationException
    ) {
      return {
        statusCode: HttpStatus.BAD_REQUEST,
        message: 'A required value is missing or out of range',
        code: 'VALIDATION_FAILED',
      };
    }
    if (exception instanceof ForeignKeyConstraintViolationException) {
      return {
        statusCode: HttpStatus.CONFLICT,
        message: 'This refers to a record that does not exist or is still in use',
        code: 'CONFLICT',
      };
    }
    return { statusCode: HttpStatus.INTERNAL_SERVER_ERROR, message: 'Internal server error' };
  }
}
