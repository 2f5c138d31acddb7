import type { JwtService } from '@nestjs/jwt';
import type { AuditService } from '../audit/audit.service';
import type { TransactionRunner } from '../database/transaction-runner';
import { AdminAuthService } from './admin-auth.service';
import type { AdminTokenPayload, AuthenticatedAdmin } from './admin-auth.types';
import type { AdminUsersRepository } from './admin-users.repository';
import type { LoginLimiterService } from './login-limiter.service';

const ADMIN: AuthenticatedAdmin = {
  id: '00000000-0000-4000-8000-00000000000a',
  username: 'suite-admin',
  role: 'admin',
  jti: 'token-1',
  expiresAt: new Date('2030-01-01T00:00:00Z'),
};
const PAYLOAD: AdminTokenPayload = {
  sub: ADMIN.id,
  username: ADMIN.username,
  jti: ADMIN.jti,
  iat: ADMIN.expiresAt.getTime() / 1000 - 7200,
  exp: ADMIN.expiresAt.getTime() / 1000,
};

/**
 * A database with transactions: writes made inside `tx.run` are kept only when the work finishes; a write outside a
 * transaction is kept at once (as each statement of the old logout was).
 */
function setUp() {
  const revoked = new Set<string>();
  const audited: string[] = [];
  let pending: { revoked: string[]; audited: string[] } | null = null;
  let auditDown = false;
  const users = {
    revoke: jest.fn(async (_em: unknown, jti: string) => void (pending ? pending.revoked.push(jti) : revoked.add(jti))),
    findActive: jest.fn(async (id: string, jti: string) =>
      id === ADMIN.id && !revoked.has(jti) ? { id, username: ADMIN.username, role: ADMIN.role } : null,
    ),
  };
  const audit = {
    record: jest.fn(async (_em: unknown, _actor: unknown, action: string) => {
      if (auditDown) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
      if (pending) pending.audited.push(action);
      else audited.push(action);
    }),
  };
  const tx = {
    run: async <T>(work: (em: unknown) => Promise<T>): Promise<T> => {
      pending = { revoked: [], audited: [] };
      try {
        const result = await work({});
        pending.revoked.forEach((jti) => revoked.add(jti));
        audited.push(...pending.audited);
        return result;
      } finally {
        pending = null;
      }
    },
  };
  const service = new AdminAuthService(
    users as unknown as AdminUsersRepository,
    {} as JwtService,
    {} as LoginLimiterService,
    audit as unknown as AuditService,
    tx as unknown as TransactionRunner,
  );
  return {
    service,
    audited,
    setAuditDown: (down: boolean) => {
      auditDown = down;
    },
  };
}

describe('AdminAuthService.logout: revoking the token and recording it commit together', () => {
  it('revokes the token and records the logout', async () => {
    const { service, audited } = setUp();
    await expect(service.logout(ADMIN)).resolves.toEqual({ success: true, message: 'Logged out' });
    expect(await service.authenticate(PAYLOAD)).toBeNull();
    expect(audited).toEqual(['logout']);
  });

  it('leaves the token valid when the audit write fails, so the same logout can be sent again', async () => {
    const { service, audited, setAuditDown } = setUp();
    setAuditDown(true);
    await expect(service.logout(ADMIN)).rejects.toThrow('connect ECONNREFUSED');
    // Neither happened: the token still signs in, and no logout was recorded.
    expect(await service.authenticate(PAYLOAD)).toMatchObject({ id: ADMIN.id, jti: ADMIN.jti });
    expect(audited).toEqual([]);

    setAuditDown(false);
    await expect(service.logout(ADMIN)).resolves.toEqual({ success: true, message: 'Logged out' });
    expect(await service.authenticate(PAYLOAD)).toBeNull();
    expect(audited).toEqual(['logout']);
  });
});
