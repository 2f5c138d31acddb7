import { ExecutionContext, Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { UnauthorizedError } from '../common/errors/app-error';
import { isOutageError } from '../common/outage';
import { ADMIN_JWT_STRATEGY } from './admin-auth.types';

@Injectable()
export class AdminJwtGuard extends AuthGuard(ADMIN_JWT_STRATEGY) {
  /**
   * Every failure (no header, bad signature, expired, revoked) is the same 401 in the one error shape, except that
   * the revocation check failing because the database is down is an outage (503), not a logout.
   */
  override handleRequest<TUser>(
    error: unknown,
    user: TUser | false,
    _info: unknown,
    _context: ExecutionContext,
  ): TUser {
    if (error && isOutageError(error)) throw error;
    if (error || !user) throw new UnauthorizedError();
    return user;
  }
}
