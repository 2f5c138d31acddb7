import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ThrottlerGuard, ThrottlerStorageService } from '@nestjs/throttler';
import type { AppConfig } from '../config/app-config';
import { InjectConfig } from '../config/inject-config.decorator';

export const LOGIN_RATE_LIMITED_MESSAGE = 'Too many login attempts. Please wait a minute and try again.';

/**
 * ADMIN_LOGIN_ATTEMPTS_PER_MINUTE attempts per client (its IP; behind the loopback web server, the forwarded one).
 * Configured here rather than through the global ThrottlerModule so no other route is limited by it.
 */
@Injectable()
export class LoginThrottlerGuard extends ThrottlerGuard {
  constructor(@InjectConfig() config: AppConfig, storage: ThrottlerStorageService, reflector: Reflector) {
    super({ throttlers: [{ name: 'admin-login', ttl: 60_000, limit: config.auth.loginAttemptsPerMinute }] }, storage, reflector);
  }

  protected override async throwThrottlingException(): Promise<void> {
    throw new HttpException({ message: LOGIN_RATE_LIMITED_MESSAGE, code: 'RATE_LIMITED' }, HttpStatus.TOO_MANY_REQUESTS);
  }
}
