import { NotFoundError, UniqueConstraintViolationException } from '@mikro-orm/core';
import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { ErrorResponse } from '@app/contracts';
import type { Response } from 'express';

/** The one error shape of the API: {statusCode, message, code?, fieldErrors?}. Unknown errors are 500 and logged. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Exceptions');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const body = this.toBody(exception);
    if (body.statusCode >= 500) this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    if (!response.headersSent) response.status(body.statusCode).json(body);
  }

  private toBody(exception: unknown): ErrorResponse {
    if (exception instanceof HttpException) {
      const statusCode = exception.getStatus();
      const raw = exception.getResponse();
      if (typeof raw === 'string') return { statusCode, message: raw };
      const { message, code, fieldErrors } = raw as Record<string, unknown>;
      return {
        statusCode,
        message: Array.isArray(message) ? message.join('; ') : String(message ?? exception.message),
        ...(typeof code === 'string' ? { code } : {}),
        ...(fieldErrors ? { fieldErrors: fieldErrors as Record<string, string[]> } : {}),
      };
    }
    if (exception instanceof NotFoundError) return { statusCode: HttpStatus.NOT_FOUND, message: 'Not found' };
    if (exception instanceof UniqueConstraintViolationException) {
      return { statusCode: HttpStatus.CONFLICT, message: 'This record already exists' };
    }
    return { statusCode: HttpStatus.INTERNAL_SERVER_ERROR, message: 'Internal server error' };
  }
}
