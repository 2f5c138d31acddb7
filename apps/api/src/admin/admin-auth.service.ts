import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { LoginResponse, LogoutResponse } from '@app/contracts';
import { randomUUID } from 'node:crypto';
import type { AppConfig } from '../config/app-config';
import { InjectConfig } from '../config/inject-config.decorator';
import { AccountLoginLimiter } from './account-login-limiter';
import { LoginFailedException } from './admin-auth.errors';
import type { AdminTokenPayload, AuthenticatedAdmin } from './admin-auth.types';
import { AdminUsersRepository } from './admin-users.repository';
import { LOGIN_RATE_LIMITED_MESSAGE } from './login-throttler.guard';
import { hashPassword, verifyPassword } from './password-hasher';

@Injectable()
export class AdminAuthService {
  /** Verified against for unknown usernames so that both failures take the same time. */
  private dummyHash: Promise<string> | null = null;

  private readonly accountLimiter: AccountLoginLimiter;

  constructor(
    private readonly users: AdminUsersRepository,
    private readonly jwt: JwtService,
    @InjectConfig() config: AppConfig,
  ) {
    this.accountLimiter = new AccountLoginLimiter(config.auth.loginFailuresPerAccountPerMinute);
  }

  async login(username: string, password: string): Promise<LoginResponse> {
    if (this.accountLimiter.isBlocked(username)) {
      throw new HttpException({ message: LOGIN_RATE_LIMITED_MESSAGE, code: 'RATE_LIMITED' }, HttpStatus.TOO_MANY_REQUESTS);
    }
    const user = await this.users.findByUsername(username);
    if (!user) {
      this.dummyHash ??= hashPassword(randomUUID());
      await verifyPassword(await this.dummyHash, password);
      this.accountLimiter.recordFailure(username);
      throw new LoginFailedException();
    }
    if (!(await verifyPassword(user.passwordHash, password))) {
      this.accountLimiter.recordFailure(username);
      throw new LoginFailedException();
    }
    this.accountLimiter.reset(username);
    const token = await this.jwt.signAsync({ sub: user.id, username: user.username }, { jwtid: randomUUID() });
    return { success: true, token, role: user.role, message: 'Login successful' };
  }

  async logout(admin: AuthenticatedAdmin): Promise<LogoutResponse> {
    await this.users.revoke(admin.jti, admin.expiresAt);
    return { success: true, message: 'Logged out' };
  }

  /** null when the token was revoked by logout or its admin no longer exists. */
  async authenticate(payload: AdminTokenPayload): Promise<AuthenticatedAdmin | null> {
    if (!payload.jti || !payload.sub || (await this.users.isRevoked(payload.jti))) return null;
    const user = await this.users.findById(payload.sub);
    if (!user) return null;
    return { id: user.id, username: user.username, role: user.role, jti: payload.jti, expiresAt: new Date(payload.exp * 1000) };
  }

  /** The staff member behind a bearer token, or null (forged, expired, revoked, account gone). */
  async authenticateBearer(token: string): Promise<AuthenticatedAdmin | null> {
    let payload: AdminTokenPayload;
    try {
      payload = await this.jwt.verifyAsync<AdminTokenPayload>(token, { algorithms: ['HS256'] });
    } catch {
      return null;
    }
    return this.authenticate(payload);
  }
}
