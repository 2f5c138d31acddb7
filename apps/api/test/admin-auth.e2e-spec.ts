import { Logger } from '@nestjs/common';
import { LOGIN_FORM_MESSAGES } from '@app/domain';
import { JwtService } from '@nestjs/jwt';
import { verify } from '@node-rs/argon2';
import { randomUUID } from 'node:crypto';
import { RequestContext } from '@mikro-orm/core';
import { AdminUser } from '../src/admin/admin-user.entity';
import { AdminUsersService } from '../src/admin/admin-users.service';
import { AuditRepository } from '../src/audit/audit.repository';
import { startTestApi, TestApi } from './support/test-app';

const USERNAME = 'suite-admin';
const PASSWORD = 'correct horse battery';

/** Each call looks like a different client to the per-client login limit (the API trusts X-Forwarded-For from loopback). */
let clientCounter = 0;
function nextClientIp(): string {
  clientCounter += 1;
  return `10.0.${Math.floor(clientCounter / 250)}.${(clientCounter % 250) + 1}`;
}

async function login(api: TestApi, username = USERNAME, password = PASSWORD): Promise<string> {
  const response = await api.http
    .post('/api/admin/login')
    .set('X-Forwarded-For', nextClientIp())
    .send({ username, password })
    .expect(200);
  return response.body.token as string;
}

/** Every route the HTTP server actually has under /api/admin (HEAD, which Fastify adds for each GET, aside). */
function registeredAdminRoutes(api: TestApi): Array<{ method: string; path: string }> {
  return api.routes.filter((route) => route.path.startsWith('/api/admin') && route.method !== 'HEAD');
}

describe('admin authentication', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi({
      ADMIN_USERNAME: USERNAME,
      ADMIN_PASSWORD: PASSWORD,
      ADMIN_LOGIN_ATTEMPTS_PER_MINUTE: '3',
    });
  });

  afterAll(async () => {
    await api.close();
  });

  it('creates the admin from ADMIN_USERNAME/ADMIN_PASSWORD with an argon2id hash', async () => {
    const users = await api.em().find(AdminUser, {});
    expect(users.map((u) => u.username)).toEqual([USERNAME]);
    expect(users[0].passwordHash).toMatch(/^\$argon2id\$/);
    expect(users[0].passwordHash).not.toContain(PASSWORD);
  });

  it('logs in with the right password and returns {success, token, role, message}', async () => {
    const response = await api.http
      .post('/api/admin/login')
      .set('X-Forwarded-For', nextClientIp())
      .send({ username: USERNAME, password: PASSWORD })
      .expect(200);
    expect(response.body).toEqual({
      success: true,
      token: expect.any(String),
      role: 'admin',
      message: 'Login successful',
    });
    const claims = new JwtService().decode<{ sub: string; jti: string; exp: number; iat: number }>(response.body.token);
    expect(claims.jti).toMatch(/^[0-9a-f-]{36}$/);
    expect(claims.exp - claims.iat).toBe(2 * 60 * 60);
    await api.http.get('/api/admin/enrollments').set('Authorization', `Bearer ${response.body.token}`).expect(200);
  });

  it('answers a wrong password and an unknown user with the same 401', async () => {
    const wrongPassword = await api.http
      .post('/api/admin/login')
      .set('X-Forwarded-For', nextClientIp())
      .send({ username: USERNAME, password: 'not the password' })
      .expect(401);
    const unknownUser = await api.http
      .post('/api/admin/login')
      .set('X-Forwarded-For', nextClientIp())
      .send({ username: 'nobody', password: PASSWORD })
      .expect(401);
    const expected = { statusCode: 401, success: false, message: 'Invalid username or password', code: 'UNAUTHORIZED' };
    expect(wrongPassword.body).toEqual(expected);
    expect(unknownUser.body).toEqual(expected);
  });

  it('requires username and password', async () => {
    const response = await api.http
      .post('/api/admin/login')
      .set('X-Forwarded-For', nextClientIp())
      .send({ username: '', password: '' })
      .expect(400);
    expect(Object.keys(response.body.fieldErrors).sort()).toEqual(['password', 'username']);
    // The login form's own words (libs/domain loginFormSchema), as the /admin page shows them beside the fields.
    expect(response.body.fieldErrors).toEqual({
      username: [LOGIN_FORM_MESSAGES.username],
      password: [LOGIN_FORM_MESSAGES.password],
    });
  });

  it('limits login attempts per client to ADMIN_LOGIN_ATTEMPTS_PER_MINUTE, then answers 429', async () => {
    const client = nextClientIp();
    for (let attempt = 0; attempt < 3; attempt++) {
      await api.http
        .post('/api/admin/login')
        .set('X-Forwarded-For', client)
        .send({ username: USERNAME, password: 'wrong' })
        .expect(401);
    }
    const limited = await api.http
      .post('/api/admin/login')
      .set('X-Forwarded-For', client)
      .send({ username: USERNAME, password: PASSWORD })
      .expect(429);
    expect(limited.body).toEqual({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: 'Too many login attempts. Please wait a minute and try again.',
    });
    // Another client is not affected.
    await login(api);
  });

  it('checks exactly ADMIN_LOGIN_ATTEMPTS_PER_MINUTE of 100 parallel wrong passwords from one client; the rest answer 429', async () => {
    const client = nextClientIp();
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        api.http
          .post('/api/admin/login')
          .set('X-Forwarded-For', client)
          .send({ username: USERNAME, password: `parallel-${i}` }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect({
      checked: statuses.filter((s) => s === 401).length,
      limited: statuses.filter((s) => s === 429).length,
    }).toEqual({
      checked: 3,
      limited: 97,
    });
    // Even the right password is refused for this client now; a client that has not been failing logs in.
    await api.http
      .post('/api/admin/login')
      .set('X-Forwarded-For', client)
      .send({ username: USERNAME, password: PASSWORD })
      .expect(429);
    await login(api);
  });

  it('gives a successful login its attempt back, so signing in now and then never runs into the limit', async () => {
    const client = nextClientIp();
    for (let i = 0; i < 5; i++) {
      await api.http
        .post('/api/admin/login')
        .set('X-Forwarded-For', client)
        .send({ username: USERNAME, password: PASSWORD })
        .expect(200);
    }
  });

  it('keeps the login limits in PostgreSQL, keyed by hashes that hold no address or account name', async () => {
    const rows = await api
      .em()
      .getConnection()
      .execute<Array<{ key: string; count: number }>>('select key, count from login_limit_counters');
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.key).toMatch(/^[0-9a-f]{64}$/);
  });
  it('revokes the token on logout: it answers 401 afterwards, while another session keeps working', async () => {
    const token = await login(api);
    const other = await login(api);
    const logout = await api.http.post('/api/admin/logout').set('Authorization', `Bearer ${token}`).expect(200);
    expect(logout.body).toEqual({ success: true, message: 'Logged out' });
    const after = await api.http.get('/api/admin/enrollments').set('Authorization', `Bearer ${token}`).expect(401);
    expect(after.body).toEqual({ statusCode: 401, message: 'Unauthorized', code: 'UNAUTHORIZED' });
    await api.http.post('/api/admin/logout').set('Authorization', `Bearer ${token}`).expect(401);
    await api.http.get('/api/admin/cohorts').set('Authorization', `Bearer ${other}`).expect(200);
  });

  it('revokes nothing when the logout cannot be recorded: 503, the token still works, and the retry logs out', async () => {
    const token = await login(api);
    const bearer = { Authorization: `Bearer ${token}` };
    const logouts = async () =>
      (
        await api
          .em()
          .getConnection()
          .execute<Array<{ n: number }>>(`select count(*)::int as n from audit_events where action = 'logout'`)
      )[0].n;
    const before = await logouts();
    const insert = jest
      .spyOn(api.app.get(AuditRepository), 'insert')
      .mockRejectedValueOnce(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
    try {
      await api.http.post('/api/admin/logout').set(bearer).expect(503);
    } finally {
      insert.mockRestore();
    }
    // Both or neither: the token was not revoked, and no logout was recorded.
    await api.http.get('/api/admin/cohorts').set(bearer).expect(200);
    expect(await logouts()).toBe(before);

    await api.http.post('/api/admin/logout').set(bearer).expect(200);
    await api.http.get('/api/admin/cohorts').set(bearer).expect(401);
    expect(await logouts()).toBe(before + 1);
  });

  it('ends every earlier session of an account when its password or role changes (admin:create), not the new ones', async () => {
    const users = api.app.get(AdminUsersService);
    const change = (password: string, role?: 'admin' | 'evaluator') =>
      RequestContext.create(api.orm.em, () => users.setPassword('rotating-staff', password, role));
    await change('first-password-1');
    const before = await login(api, 'rotating-staff', 'first-password-1');
    const alsoBefore = await login(api, 'rotating-staff', 'first-password-1');
    await api.http.get('/api/admin/reviews').set('Authorization', `Bearer ${before}`).expect(200);

    // The password reset admin:create performs: both earlier tokens answer 401 at once, the new password's works.
    expect(await change('second-password-2')).toBe('updated');
    await api.http.get('/api/admin/reviews').set('Authorization', `Bearer ${before}`).expect(401);
    await api.http.get('/api/admin/reviews').set('Authorization', `Bearer ${alsoBefore}`).expect(401);
    await api.http.post('/api/admin/logout').set('Authorization', `Bearer ${alsoBefore}`).expect(401);
    const after = await login(api, 'rotating-staff', 'second-password-2');
    await api.http.get('/api/admin/reviews').set('Authorization', `Bearer ${after}`).expect(200);

    // Setting the same password again changes nothing and ends nothing.
    expect(await change('second-password-2')).toBe('unchanged');
    await api.http.get('/api/admin/reviews').set('Authorization', `Bearer ${after}`).expect(200);

    // A role change (same password) ends the sessions too.
    expect(await change('second-password-2', 'evaluator')).toBe('updated');
    await api.http.get('/api/admin/reviews').set('Authorization', `Bearer ${after}`).expect(401);
    const evaluator = await login(api, 'rotating-staff', 'second-password-2');
    await api.http.get('/api/admin/reviews').set('Authorization', `Bearer ${evaluator}`).expect(200);
    await api.http.get('/api/admin/enrollments').set('Authorization', `Bearer ${evaluator}`).expect(403);
  });

  it('refuses expired tokens and tokens signed with another secret', async () => {
    const user = await api.em().findOneOrFail(AdminUser, { username: USERNAME });
    const expired = await new JwtService({ secret: 'test-secret' }).signAsync(
      { sub: user.id, username: USERNAME, exp: Math.floor(Date.now() / 1000) - 10 },
      { jwtid: randomUUID() },
    );
    const forged = await new JwtService({ secret: 'another-secret' }).signAsync(
      { sub: user.id, username: USERNAME },
      { jwtid: randomUUID(), expiresIn: '1h' },
    );
    for (const token of [expired, forged, 'not-a-jwt']) {
      await api.http.get('/api/admin/enrollments').set('Authorization', `Bearer ${token}`).expect(401);
    }
  });

  it('guards every route registered under /api/admin except login (walked from the router, not listed by hand)', async () => {
    const routes = registeredAdminRoutes(api).filter((r) => !(r.method === 'POST' && r.path === '/api/admin/login'));
    // The sweep must see the routes it is meant to protect, so it cannot pass by finding nothing.
    expect(routes).toEqual(
      expect.arrayContaining([
        { method: 'POST', path: '/api/admin/logout' },
        { method: 'GET', path: '/api/admin/enrollments' },
        { method: 'POST', path: '/api/admin/enrollments' },
        { method: 'DELETE', path: '/api/admin/enrollments/:id' },
        { method: 'GET', path: '/api/admin/cohorts' },
        { method: 'POST', path: '/api/admin/cohorts' },
        { method: 'DELETE', path: '/api/admin/cohorts/:id' },
        { method: 'GET', path: '/api/admin/cohorts/:id/export.csv' },
      ]),
    );
    const revoked = await login(api);
    await api.http.post('/api/admin/logout').set('Authorization', `Bearer ${revoked}`).expect(200);
    for (const route of routes) {
      const path = route.path.replace(/:[A-Za-z]+/g, randomUUID());
      for (const authorization of [undefined, 'Bearer nonsense', `Bearer ${revoked}`]) {
        const call = api.http[route.method.toLowerCase() as 'get' | 'post' | 'delete' | 'put' | 'patch'](path);
        if (authorization) call.set('Authorization', authorization);
        const response = await call.send({});
        expect({ ...route, authorization, status: response.status }).toEqual({ ...route, authorization, status: 401 });
      }
    }
  });

  it('documents the bearer requirement on every guarded operation in the OpenAPI document', async () => {
    const document = await api.http.get('/api/docs-json').expect(200);
    const paths = document.body.paths as Record<string, Record<string, { security?: unknown[] }>>;
    const adminOperations = Object.entries(paths)
      .filter(([path]) => path.startsWith('/api/admin') && path !== '/api/admin/login')
      .flatMap(([, operations]) => Object.values(operations));
    expect(adminOperations.length).toBeGreaterThanOrEqual(8);
    // Some also admit an API key with a scope that reaches them (ROUTE_SCOPES; api-keys.e2e-spec.ts).
    for (const operation of adminOperations) expect(operation.security).toContainEqual({ bearer: [] });
  });
});

describe('an account under attack from many addresses (a changing X-Forwarded-For)', () => {
  const TARGET = { username: 'attacked-admin', password: 'the real admin password' };
  let api: TestApi;

  beforeAll(async () => {
    // 20 failures an account a minute: past them each check waits 3 s (60 s / 20).
    api = await startTestApi({
      ADMIN_USERNAME: TARGET.username,
      ADMIN_PASSWORD: TARGET.password,
      ADMIN_LOGIN_ATTEMPTS_PER_MINUTE: '3',
      ADMIN_LOGIN_FAILURES_PER_ACCOUNT_PER_MINUTE: '20',
    });
  });

  afterAll(async () => {
    await api.close();
  });

  const attempt = (client: string, password: string) =>
    api.http.post('/api/admin/login').set('X-Forwarded-For', client).send({ username: TARGET.username, password });

  it('never locks the real admin out: attackers are locked per client and account, a fresh client is slowed but checked', async () => {
    const attackers = Array.from({ length: 30 }, () => nextClientIp());
    const guesses = await Promise.all(attackers.map((client, i) => attempt(client, `guess-${i}`)));
    expect(guesses.map((r) => r.status)).toEqual(attackers.map(() => 401));
    const failures = await api
      .em()
      .getConnection()
      .execute<Array<{ n: number }>>('select max(count)::int as n from login_limit_counters');
    expect(failures[0].n).toBeGreaterThanOrEqual(30);

    // A client that failed on this account is locked out of it for the minute, even with the right password.
    const locked = await attempt(attackers[0], TARGET.password).expect(429);
    expect(locked.body).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
    // A fresh client's wrong guess is still checked (slowed, not free), and the real admin from a fresh client gets in.
    await attempt(nextClientIp(), 'another guess').expect(401);
    const [admin, again] = await Promise.all([
      attempt(nextClientIp(), TARGET.password),
      attempt(nextClientIp(), TARGET.password),
    ]);
    expect([admin.status, again.status]).toEqual([200, 200]);
    expect(admin.body.token).toEqual(expect.any(String));
  });

  it('treats the account name without case, so Attacked-Admin is the same account', async () => {
    const client = nextClientIp();
    await api.http
      .post('/api/admin/login')
      .set('X-Forwarded-For', client)
      .send({ username: 'ATTACKED-ADMIN', password: 'x' })
      .expect(401);
    await attempt(client, TARGET.password).expect(429);
  });
});

describe('first admin', () => {
  it('creates "admin" with a generated password, printed once, when no admin exists and none is configured', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn');
    const api = await startTestApi({ ADMIN_LOGIN_ATTEMPTS_PER_MINUTE: '100' });
    try {
      const messages = warn.mock.calls.map((call) => String(call[0])).filter((m) => m.includes('No admin existed'));
      expect(messages).toHaveLength(1);
      const password = /password "([^"]+)"/.exec(messages[0])?.[1] ?? '';
      expect(password.length).toBeGreaterThanOrEqual(20);
      await login(api, 'admin', password);
      const users = await api.em().find(AdminUser, {});
      expect(users.map((u) => u.username)).toEqual(['admin']);
      expect(await verify(users[0].passwordHash, password)).toBe(true);
    } finally {
      warn.mockRestore();
      await api.close();
    }
  });
});
