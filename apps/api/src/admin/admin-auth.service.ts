import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { LoginResponse, LogoutResponse } from '@app/contracts';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { AuditService } from '../audit/audit.service';
import { TransactionRunner } from '../database/transaction-runner';
import { LoginFailedError, LoginRateLimitedError } from './admin-auth.errors';
import type { AdminTokenPayload, AuthenticatedAdmin } from './admin-auth.types';
import { AdminUsersRepository } from './admin-users.repository';
import { LoginLimiterService } from './login-limiter.service';
import { hashPassword, verifyPassword } from './password-hasher';

@Injectable()
export class AdminAuthService {
  /** Verified against for unknown usernames so that both failures take the same time. */
  private dummyHash: Promise<string> | null = null;

  constructor(
    private readonly users: AdminUsersRepository,
    private readonly jwt: JwtService,
    private readonly limiter: LoginLimiterService,
    private readonly audit: AuditService,
    private readonly tx: TransactionRunner,
  ) {}

  /** `client` is the caller's address, which the per-client limit and the client×account lock key on. */
  async login(username: string, password: string, client: string): Promise<LoginResponse> {
    const verdict = await this.limiter.admit(client, username);
    if (!verdict.allowed) throw new LoginRateLimitedError();
    if (verdict.delayMs > 0) await sleep(verdict.delayMs);
    const user = await this.users.findByUsername(username);
    if (!user) {
      this.dummyHash ??= hashPassword(randomUUID());
      await verifyPassword(await this.dummyHash, password);
      await this.limiter.recordFailure(client, username);
      throw new LoginFailedError();
    }
    if (!(await verifyPassword(user.passwordHash, password))) {
      await this.limiter.recordFailure(client, username);
      throw new LoginFailedError();
    }
    await this.limiter.recordSuccess(client, username);
    const token = await this.jwt.signAsync(
      { sub: user.id, username: user.username, ver: user.tokenVersion },
      { jwtid: randomUUID() },
    );
    await this.tx.run((em) =>
      this.audit.record(
        em,
        { id: user.id, username: user.username },
        'login',
        { type: 'admin', id: user.id },
        `${user.username} logged in`,
      ),
    );
    return { success: true, token, role: user.role, message: 'Login successful' };
  }

  /**
   * The token is revoked and the logout recorded in one transaction: both or neither. A failed audit write leaves the
   * token valid, so the 503 it answers is true (nothing changed) and the same logout can be sent again.
   */
  async logout(admin: AuthenticatedAdmin): Promise<LogoutResponse> {
    await this.tx.run(async (em) => {
      await this.users.revoke(em, admin.jti, admin.expiresAt);
      await this.audit.record(em, admin, 'logout', { type: 'admin', id: admin.id }, `${admin.username} logged out`);
    });
    return { success: true, message: 'Logged out' };
  }

  /** null when the token was revoked by logout, predates a password or role change, or its admin no longer exists. */
  async authenticate(payload: AdminTokenPayload): Promise<AuthenticatedAdmin | null> {
    if (!payload.jti || !payload.sub) return null;
    const version = payload.ver ?? 0;
    if (!Number.isInteger(version)) return null;
    const user = await this.users.findActive(payload.sub, payload.jti, version);
    if (!user) return null;
    return {
      id: user.id,
      username: user.username,
      role: user.role,
      jti: payload.jti,
      expiresAt: new Date(payload.exp * 1000),
    };
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
