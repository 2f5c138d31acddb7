import { gzipSync } from 'node:zlib';
import { casesFor, type FuzzCase, type OpenApiDocument, operations } from './support/openapi-fuzz';
import { startTestApi, type TestApi } from './support/test-app';

/**
 * The OpenAPI document drives a fuzz run over every operation (admin routes with a valid admin token): missing,
 * extra, wrong-typed and hostile fields, huge and deep bodies, bad content types, charsets and encodings. Every
 * answer must be 4xx or 2xx, never 5xx, and a refused request must leave every table exactly as it was.
 */
describe('reliability: OpenAPI fuzz', () => {
  let api: TestApi;
  let token: string;
  let document: OpenApiDocument;

  // Tables a refused request may legitimately write: the login limits count failed attempts by design, API keys
  // count every use (rate limit, last use), and the webhook worker updates deliveries and endpoints in the background.
  const UNTRACKED =
    /^(mikro_orm_migrations|api_keys|webhook_deliveries|webhook_endpoints)$|login|attempt|throttl|rate_limit/;
  let snapshotSql = '';
  let apiKey = '';

  async function snapshot(): Promise<string> {
    const rows = await api
      .em()
      .getConnection()
      .execute<Array<{ name: string; n: number; h: string | null }>>(snapshotSql);
    return rows.map((row) => `${row.name}:${row.n}:${row.h ?? ''}`).join(',');
  }

  async function login(): Promise<void> {
    const response = await api.http
      .post('/api/admin/login')
      .send({ username: 'fuzz-admin', password: 'fuzz-password-1' })
      .expect(200);
    token = response.body.token;
  }

  async function send(fuzz: FuzzCase, admin: boolean): Promise<{ status: number; body: unknown; text: string }> {
    let call = api.http[fuzz.method.toLowerCase() as 'get'](fuzz.url).set(fuzz.headers);
    // Routes for API clients take an API key (every scope) instead of the admin token.
    if (admin) call = call.set('authorization', `Bearer ${fuzz.url.startsWith('/api/integrations/') ? apiKey : token}`);
    if (fuzz.body !== undefined) {
      call = call.send(
        typeof fuzz.body === 'string' || Buffer.isBuffer(fuzz.body) ? fuzz.body : JSON.stringify(fuzz.body),
      );
    }
    const response = await call;
    return { status: response.status, body: response.body, text: response.text };
  }

  beforeAll(async () => {
    api = await startTestApi({
      ADMIN_USERNAME: 'fuzz-admin',
      ADMIN_PASSWORD: 'fuzz-password-1',
      ADMIN_LOGIN_ATTEMPTS_PER_MINUTE: '1000',
      ADMIN_LOGIN_FAILURES_PER_ACCOUNT_PER_MINUTE: '1000',
      API_KEY_REQUESTS_PER_MINUTE: '100000',
    });
    await login();
    apiKey = (
      await api.http
        .post('/api/admin/api-keys')
        .set('authorization', `Bearer ${token}`)
        .send({
          name: 'fuzz',
          scopes: ['enrollments:read', 'enrollments:manage', 'evaluations:staff', 'credentials:submit'],
        })
        .expect(201)
    ).body.secret;
    document = (await api.http.get('/api/docs-json').expect(200)).body as OpenApiDocument;
    const tables = await api
      .em()
      .getConnection()
      .execute<Array<{ table_name: string }>>(
        `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
      );
    snapshotSql = tables
      .map((t) => t.table_name)
      .filter((name) => !UNTRACKED.test(name))
      .map(
        (name) =>
          `select '${name}' as name, count(*)::int as n, md5(string_agg(t::text, '|' order by t::text)) as h from "${name}" t`,
      )
      .join(' union all ');
  });

  afterAll(async () => {
    await api?.close();
  });

  it('answers every generated case with 2xx or 4xx, and refused requests change nothing', async () => {
    // Real ids for path parameters, so the cases reach past the "not found" check.
    const credential = await api.http
      .post('/api/credentials')
      .set(api.owner())
      .send({ name: 'Fuzz credential' })
      .expect(201);
    const cohort = await api.http
      .post('/api/admin/cohorts')
      .set('authorization', `Bearer ${token}`)
      .send({ trainingName: 'Parts Therapy Practitioner', cohortMonth: '2027-03' })
      .expect(201);
    const templates = await api.http.get('/api/gmail/templates').set('authorization', `Bearer ${token}`);
    const templateIds = Array.isArray(templates.body) ? templates.body.map((t: { id: string }) => String(t.id)) : [];
    const pathValues: Record<string, string[]> = {
      id: [String(credential.body.id), String(cohort.body.id), ...templateIds],
    };

    const ops = operations(document);
    // The Stripe webhook is documented too (Stripe calls it, not clients), so it takes the hostile bodies as well.
    expect(ops.some((op) => op.method === 'POST' && op.path === '/api/payments/webhook')).toBe(true);
    const cases = ops.flatMap((op) => casesFor(document, op, pathValues).map((fuzz) => ({ fuzz, admin: op.admin })));
    // A body that really is gzip, which the API does not inflate.
    cases.push({
      admin: true,
      fuzz: {
        label: 'POST /api/credentials real gzip',
        method: 'POST',
        url: '/api/credentials',
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
        body: gzipSync(JSON.stringify({ name: 'gzip' })),
      },
    });

    const serverErrors: string[] = [];
    const changedByRefusal: string[] = [];
    const statuses = new Map<number, number>();
    const unauthorized: string[] = [];
    let before = await snapshot();
    for (const { fuzz, admin } of cases) {
      const { status, text } = await send(fuzz, admin);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (status >= 500) serverErrors.push(`${fuzz.label} -> ${status} ${text.slice(0, 200)}`);
      if (status === 401) unauthorized.push(fuzz.label);
      const after = await snapshot();
      if (status >= 400 && after !== before) changedByRefusal.push(`${fuzz.label} -> ${status}`);
      before = after;
      // Logging out revokes the token the next cases use; logging in again is recorded (audit trail, login
      // counters), so the next case is compared with the database after that login.
      if (fuzz.url.startsWith('/api/admin/logout') && status < 300) {
        await login();
        before = await snapshot();
      }
    }

    const summary = [...statuses.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([status, count]) => `${status}×${count}`)
      .join(' ');
    console.log(
      `OpenAPI fuzz: ${cases.length} cases over ${ops.length} operations; ${serverErrors.length} answered 5xx; ` +
        `${changedByRefusal.length} refused requests changed the database. Statuses: ${summary}`,
    );
    // With the admin token on every call, 401 is left to what checks its own secret: the login's password and the
    // single-use Gmail connect ticket.
    expect(unauthorized.filter((label) => !/\/api\/admin\/login |\/api\/gmail\/connect /.test(label))).toEqual([]);
    expect(serverErrors).toEqual([]);
    expect(changedByRefusal).toEqual([]);
    expect(cases.length).toBeGreaterThan(1000);
  }, 600_000);
});
