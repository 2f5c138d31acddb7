import {
  API_KEY_SCOPES,
  ROUTE_SCOPES,
  ROUTES,
  routePath,
  type ApiKeyScope,
  type AuditPage,
  type CreatedApiKey,
  type RouteDefinition,
  type RouteName,
} from '@app/contracts';
import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '../../../tools/testing/test-database';
import { startTestApi, type TestApi } from './support/test-app';

const ADMIN = { username: 'keys-admin', password: 'keys-admin-password' };

/** Fills every placeholder with a fresh UUID: the request reaches the handler, which answers 404 or 400. */
function anyPath(route: RouteDefinition): string {
  const names = [...route.path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]);
  return routePath(route, Object.fromEntries(names.map((name) => [name, randomUUID()])) as never);
}

async function call(api: TestApi, route: RouteDefinition, key: string) {
  const path = anyPath(route);
  const request = api.http[route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete'](path).set(
    'Authorization',
    `Bearer ${key}`,
  );
  return route.method === 'GET' || route.method === 'DELETE' ? request : request.send({});
}

describe('API keys', () => {
  let database: TestDatabase;
  let apis: [TestApi, TestApi];
  let token: string;
  const admin = () => ({ Authorization: `Bearer ${token}` });

  beforeAll(async () => {
    database = await createTestDatabase();
    const env = {
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      ADMIN_LOGIN_ATTEMPTS_PER_MINUTE: '100',
      API_KEY_REQUESTS_PER_MINUTE: '1000',
    };
    apis = [
      await startTestApi(env, { databaseUrl: database.url }),
      await startTestApi({ ...env, API_KEY_REQUESTS_PER_MINUTE: '1000' }, { databaseUrl: database.url }),
    ];
    token = (await apis[0].http.post('/api/admin/login').send(ADMIN).expect(200)).body.token;
  });

  afterAll(async () => {
    for (const api of apis ?? []) await api.close();
    await database?.drop();
  });

  async function createKey(scopes: ApiKeyScope[], name = `key ${randomUUID().slice(0, 8)}`): Promise<CreatedApiKey> {
    const response = await apis[0].http.post('/api/admin/api-keys').set(admin()).send({ name, scopes }).expect(201);
    return response.body as CreatedApiKey;
  }

  it('shows the key once and stores only its SHA-256', async () => {
    const created = await createKey(['enrollments:read'], 'CRM');
    expect(created.secret).toMatch(/^tk_[a-z0-9]{12}_[A-Za-z0-9_-]{43}$/);
    expect(created.apiKey).toMatchObject({
      name: 'CRM',
      prefix: created.secret.slice(0, 15),
      scopes: ['enrollments:read'],
      state: 'active',
      createdBy: ADMIN.username,
      lastUsedAt: null,
    });
    const rows = await apis[0]
      .em()
      .getConnection()
      .execute<Array<{ secret_hash: string }>>('select secret_hash from api_keys where id = ?', [created.apiKey.id]);
    const { createHash } = await import('node:crypto');
    expect(rows[0].secret_hash).toBe(createHash('sha256').update(created.secret).digest('hex'));
    const listed = await apis[0].http.get('/api/admin/api-keys').set(admin()).expect(200);
    expect(JSON.stringify(listed.body)).not.toContain(created.secret.slice(16));
  });

  it('refuses a key without a name or scope, with an unknown scope, or expiring in the past, and creates nothing', async () => {
    const before = (await apis[0].http.get('/api/admin/api-keys').set(admin()).expect(200)).body.length;
    const bad = await apis[0].http
      .post('/api/admin/api-keys')
      .set(admin())
      .send({ name: ' ', scopes: ['everything'], expiresAt: '2020-01-01' })
      .expect(400);
    expect(Object.keys(bad.body.fieldErrors).sort()).toEqual(['expiresAt', 'name', 'scopes']);
    await apis[0].http.post('/api/admin/api-keys').set(admin()).send({ name: 'x', scopes: [] }).expect(400);
    expect((await apis[0].http.get('/api/admin/api-keys').set(admin()).expect(200)).body).toHaveLength(before);
  });

  // The table over the route map: for each scope, a key with only that scope is let through exactly on the routes
  // whose ROUTE_SCOPES list it, and answered 403 on every other guarded route.
  const guarded = (Object.entries(ROUTES) as Array<[RouteName, RouteDefinition]>).filter(
    ([, route]) => route.access !== 'public',
  );
  it.each(API_KEY_SCOPES.map((scope) => [scope]))('a key with scope %s reaches exactly its routes', async (scope) => {
    const { secret } = await createKey([scope]);
    const reached: string[] = [];
    for (const [name, route] of guarded) {
      const response = await call(apis[0], route, secret);
      expect({ name, status: response.status }).not.toEqual({ name, status: 401 });
      if (response.status !== 403) reached.push(name);
      else expect(response.body).toMatchObject({ code: 'FORBIDDEN' });
    }
    const expected = guarded.filter(([name]) => ROUTE_SCOPES[name].includes(scope)).map(([name]) => name);
    expect(expected.length).toBeGreaterThan(0);
    expect(reached.sort()).toEqual(expected.sort());
  });

  it('names the key in the audit trail for the changes it makes, and records its last use', async () => {
    const { secret, apiKey } = await createKey(['enrollments:manage'], 'Partner CRM');
    const cohort = await apis[1].http
      .post('/api/admin/cohorts')
      .set('Authorization', `Bearer ${secret}`)
      .send({ trainingName: 'Parts Therapy Practitioner', cohortMonth: '2031-03' })
      .expect(201);
    const audit = await apis[0].http
      .get('/api/admin/audit-events')
      .query({ entityId: cohort.body.id })
      .set(admin())
      .expect(200);
    expect((audit.body as AuditPage).rows).toEqual([
      expect.objectContaining({ action: 'cohort.create', adminUsername: `API key "Partner CRM" (${apiKey.prefix})` }),
    ]);
    const listed = (await apis[0].http.get('/api/admin/api-keys').set(admin()).expect(200)).body as Array<{
      id: string;
      lastUsedAt: string | null;
    }>;
    expect(listed.find((key) => key.id === apiKey.id)?.lastUsedAt).toEqual(expect.any(String));
  });

  it('refuses a revoked key at once on both instances, and a staff token is still a staff token', async () => {
    const { secret, apiKey } = await createKey(['enrollments:read']);
    for (const api of apis) {
      await api.http.get('/api/admin/enrollments').set('Authorization', `Bearer ${secret}`).expect(200);
    }
    const revoked = await apis[0].http.post(`/api/admin/api-keys/${apiKey.id}/revoke`).set(admin()).expect(200);
    expect(revoked.body.state).toBe('revoked');
    for (const api of apis) {
      const refused = await api.http.get('/api/admin/enrollments').set('Authorization', `Bearer ${secret}`).expect(401);
      expect(refused.body).toEqual({
        statusCode: 401,
        code: 'UNAUTHORIZED',
        message: 'Invalid, revoked or expired API key',
      });
    }
    await apis[1].http.get('/api/admin/enrollments').set(admin()).expect(200);
  });

  it('refuses an expired key on both instances, and a forged one shaped like a key', async () => {
    const { secret, apiKey } = await createKey(['enrollments:read']);
    await apis[1].http.get('/api/admin/enrollments').set('Authorization', `Bearer ${secret}`).expect(200);
    await apis[0]
      .em()
      .getConnection()
      .execute(`update api_keys set expires_at = now() - interval '1 second' where id = ?`, [apiKey.id]);
    for (const api of apis) {
      await api.http.get('/api/admin/enrollments').set('Authorization', `Bearer ${secret}`).expect(401);
    }
    const listed = (await apis[0].http.get('/api/admin/api-keys').set(admin()).expect(200)).body as Array<{
      id: string;
      state: string;
    }>;
    expect(listed.find((key) => key.id === apiKey.id)?.state).toBe('expired');
    const forged = `${secret.slice(0, 16)}${'A'.repeat(43)}`;
    await apis[0].http.get('/api/admin/enrollments').set('Authorization', `Bearer ${forged}`).expect(401);
  });

  it('submits a credential for the applicant it names (account created once), reads its outcome; other keys cannot', async () => {
    const { secret } = await createKey(['credentials:submit'], 'Partner college');
    const client = { Authorization: `Bearer ${secret}` };
    const first = await apis[0].http
      .post('/api/integrations/credentials')
      .set(client)
      .send({ applicantEmail: ' New.Applicant@Example.com ', name: 'BA Psychology' })
      .expect(201);
    expect(first.body).toMatchObject({
      name: 'BA Psychology',
      status: 'pending',
      documentCount: 0,
      evaluation: null,
      review: null,
    });
    const second = await apis[1].http
      .post('/api/integrations/credentials')
      .set(client)
      .send({ applicantEmail: 'new.applicant@example.com', name: 'MA Counselling' })
      .expect(201);
    expect(second.body.applicantId).toBe(first.body.applicantId);
    const owners = await apis[0]
      .em()
      .getConnection()
      .execute<Array<{ email: string; owner_id: string }>>(
        'select a.email, c.owner_id from credentials c join applicants a on a.id = c.owner_id where c.id in (?, ?)',
        [first.body.credentialId, second.body.credentialId],
      );
    expect(owners).toEqual([
      { email: 'new.applicant@example.com', owner_id: first.body.applicantId },
      { email: 'new.applicant@example.com', owner_id: first.body.applicantId },
    ]);
    const upload = await apis[0].http
      .post(`/api/integrations/credentials/${first.body.credentialId}/upload-url`)
      .set(client)
      .expect(200);
    expect(upload.body.uploadURL).toEqual(expect.any(String));
    // The staff decision reaches the client.
    await apis[0]
      .em()
      .getConnection()
      .execute(
        `insert into credential_reviews (id, credential_id, decision, rejection_reason, decided_at)
         values (gen_random_uuid(), ?, 'rejected', 'Not from an accredited school', now())`,
        [first.body.credentialId],
      );
    const outcome = await apis[1].http
      .get(`/api/integrations/credentials/${first.body.credentialId}`)
      .set(client)
      .expect(200);
    expect(outcome.body.review).toEqual({
      decision: 'rejected',
      awardedCredits: null,
      rejectionReason: 'Not from an accredited school',
      decidedAt: expect.any(String),
    });
    const other = await createKey(['credentials:submit']);
    await apis[0].http
      .get(`/api/integrations/credentials/${first.body.credentialId}`)
      .set('Authorization', `Bearer ${other.secret}`)
      .expect(404);
    await apis[0].http
      .post('/api/integrations/credentials')
      .set(client)
      .send({ applicantEmail: 'not an email', name: 'x' })
      .expect(400);
    await apis[0].http
      .post('/api/integrations/credentials')
      .set(admin())
      .send({ applicantEmail: 'a@example.com', name: 'x' })
      .expect(401);
  });

  it('does not reach the panel’s own settings: keys cannot create keys', async () => {
    const { secret } = await createKey([...API_KEY_SCOPES]);
    await apis[0].http
      .post('/api/admin/api-keys')
      .set('Authorization', `Bearer ${secret}`)
      .send({ name: 'escalate', scopes: ['enrollments:read'] })
      .expect(403);
  });
});

describe('an API key’s rate limit across two instances', () => {
  let database: TestDatabase;
  let apis: [TestApi, TestApi];

  beforeAll(async () => {
    database = await createTestDatabase();
    const env = { ADMIN_USERNAME: 'rl-admin', ADMIN_PASSWORD: 'rl-admin-password', API_KEY_REQUESTS_PER_MINUTE: '7' };
    apis = [
      await startTestApi(env, { databaseUrl: database.url }),
      await startTestApi(env, { databaseUrl: database.url }),
    ];
  });

  afterAll(async () => {
    for (const api of apis ?? []) await api.close();
    await database?.drop();
  });

  it('admits exactly the limit of 40 parallel requests alternating instances; another key is not affected', async () => {
    const login = await apis[0].http
      .post('/api/admin/login')
      .send({ username: 'rl-admin', password: 'rl-admin-password' })
      .expect(200);
    const admin = { Authorization: `Bearer ${login.body.token}` };
    const create = async () =>
      (
        await apis[0].http
          .post('/api/admin/api-keys')
          .set(admin)
          .send({ name: 'busy', scopes: ['enrollments:read'] })
          .expect(201)
      ).body.secret as string;
    const [busy, other] = [await create(), await create()];
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        apis[i % 2].http.get('/api/admin/enrollments').set('Authorization', `Bearer ${busy}`),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect({ ok: statuses.filter((s) => s === 200).length, limited: statuses.filter((s) => s === 429).length }).toEqual(
      {
        ok: 7,
        limited: 33,
      },
    );
    expect(responses.find((response) => response.status === 429)?.body).toMatchObject({ code: 'RATE_LIMITED' });
    await apis[1].http.get('/api/admin/enrollments').set('Authorization', `Bearer ${other}`).expect(200);
    await apis[1].http.get('/api/admin/enrollments').set(admin).expect(200);
  });
});
