import { ArgumentsHost, Catch, ExceptionFilter, HttpStatus } from '@nestjs/common';
import type { ErrorResponse, LoginResponse } from '@app/contracts';
import type { Response } from 'express';
import { INVALID_CREDENTIALS_MESSAGE, LoginFailedException } from './admin-auth.errors';

/** The login answer keeps the spec's {success, message} fields on top of the one error shape. */
@Catch(LoginFailedException)
export class LoginFailedFilter implements ExceptionFilter {
  catch(_exception: LoginFailedException, host: ArgumentsHost): void {
    const body: ErrorResponse & LoginResponse = {
      statusCode: HttpStatus.UNAUTHORIZED,
      code: 'UNAUTHORIZED',
      success: false,
      message: INVALID_CREDENTIALS_MESSAGE,
    };
    host.switchToHttp().getResponse<Response>().status(HttpStatus.UNAUTHORIZED).json(body);
  }
}
