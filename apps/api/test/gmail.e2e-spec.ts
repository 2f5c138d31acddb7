import { DEFAULT_EMAIL_TEMPLATE } from '@app/domain';
import { seedEvaluatedCredential } from './support/outreach-fixtures';
import { startFakeGoogle, type FakeGoogle } from '../../../tools/testing/fake-google';
import { startTestApi, type TestApi } from './support/test-app';

const KEY = '0123456789abcdef'.repeat(4);
const ADMIN = { username: 'outreach-admin', password: 'outreach-password-123' };
const WEB_URL = 'http://web.test';

function googleEnv(fake: FakeGoogle, extra: Record<string, string> = {}): Record<string, string> {
  return {
    GOOGLE_CLIENT_ID: fake.clientId,
    GOOGLE_CLIENT_SECRET: fake.clientSecret,
    GOOGLE_API_ROOT_URL: fake.rootUrl,
    GOOGLE_OAUTH_AUTH_URL: fake.authUrl,
    WEB_URL,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    ...extra,
  };
}

async function adminToken(api: TestApi): Promise<string> {
  const response = await api.http.post('/api/admin/login').send(ADMIN).expect(200);
  return response.body.token as string;
}

/** Where the web sends an admin's browser: GET /api/gmail/connect with a fresh single-use ticket. */
async function connectPath(api: TestApi, token: string): Promise<string> {
  const response = await api.http.post('/api/gmail/connect-ticket').set('authorization', `Bearer ${token}`).expect(200);
  return `/api/gmail/connect?ticket=${encodeURIComponent(response.body.ticket as string)}`;
}

/** Follows the consent redirect like a browser whose user presses Allow; returns the callback path and the state cookie. */
async function approveConsent(
  api: TestApi,
  token: string,
): Promise<{ consent: URL; callbackPath: string; cookie: string }> {
  const start = await api.http.get(await connectPath(api, token)).expect(302);
  const consent = new URL(start.headers.location as string);
  const cookies = ([] as string[]).concat(start.headers['set-cookie'] ?? []);
  const cookie = (cookies.find((c) => c.startsWith('gmail_oauth_state=')) ?? '').split(';')[0];
  const approved = await fetch(consent, { redirect: 'manual' });
  const callback = new URL(approved.headers.get('location') ?? '');
  return { consent, callbackPath: `${callback.pathname}${callback.search}`, cookie };
}

async function connect(api: TestApi, token: string): Promise<void> {
  const { callbackPath, cookie } = await approveConsent(api, token);
  await api.http.get(callbackPath).set('cookie', cookie).expect(302);
}

const contacts = [
  {
    name: 'Dr. Jane Doe',
    title: 'Program Director',
    email: 'Jane.Doe@Institute.example',
    organization: 'Trauma Institute',
  },
  { name: 'Max Müller', title: null, email: 'max@institute.example', organization: null },
  { name: 'No Email Person', title: 'Registrar', email: null, organization: 'Trauma Institute' },
];

describe('Gmail without Google credentials', () => {
  let api: TestApi;
  let token: string;

  beforeAll(async () => {
    api = await startTestApi({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
    token = await adminToken(api);
  });
  afterAll(() => api.close());

  it('reports setup required with the step to take', async () => {
    const response = await api.http.get('/api/gmail/setup-status').expect(200);
    expect(response.body).toEqual({
      configured: false,
      hasCredentials: false,
      userEmail: null,
      nextStep: 'Set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, then press Connect Gmail',
    });
  });

  it('refuses to start a connection', async () => {
    const response = await api.http
      .post('/api/gmail/connect-ticket')
      .set('authorization', `Bearer ${token}`)
      .expect(409);
    expect(response.body.message).toContain('GOOGLE_CLIENT_ID');
  });

  it("answers drafts with 409 'Gmail is not configured' for a completed credential", async () => {
    const id = await seedEvaluatedCredential(api.em(), { name: 'Trauma Certificate', contacts });
    const response = await api.http
      .post(`/api/credentials/${id}/email-drafts`)
      .set('authorization', `Bearer ${token}`)
      .send({})
      .expect(409);
    expect(response.body.message).toMatch(/^Gmail is not configured/);
    expect(await api.em().getConnection().execute('select count(*)::int as n from email_drafts')).toEqual([{ n: 0 }]);
  });

  it('answers 404 for an unknown credential and 409 for one not completed', async () => {
    await api.http
      .post('/api/credentials/7d1e2f30-0000-4000-8000-000000000000/email-drafts')
      .set('authorization', `Bearer ${token}`)
      .send({})
      .expect(404);
    const pending = await seedEvaluatedCredential(api.em(), { name: 'Pending', contacts: [], status: 'pending' });
    const response = await api.http
      .post(`/api/credentials/${pending}/email-drafts`)
      .set('authorization', `Bearer ${token}`)
      .send({})
      .expect(409);
    expect(response.body.message).toBe('Email drafts need a completed analysis of this credential');
  });

  it('seeds one default template, idempotently', async () => {
    const response = await api.http.get('/api/gmail/templates').expect(200);
    expect(response.body).toEqual([
      expect.objectContaining({
        name: DEFAULT_EMAIL_TEMPLATE.name,
        subject: DEFAULT_EMAIL_TEMPLATE.subject,
        isDefault: true,
      }),
    ]);
  });
});

describe('Gmail credentials without an encryption key', () => {
  let fake: FakeGoogle;
  let api: TestApi;
  let token: string;

  beforeAll(async () => {
    fake = await startFakeGoogle();
    api = await startTestApi(googleEnv(fake));
    token = await adminToken(api);
  });
  afterAll(async () => {
    await api.close();
    await fake.close();
  });

  it('offers to connect but refuses with a clear message about the key', async () => {
    const status = await api.http.get('/api/gmail/setup-status').expect(200);
    expect(status.body).toMatchObject({ configured: false, hasCredentials: true, userEmail: null });
    expect(status.body.nextStep).toContain('GMAIL_TOKEN_ENCRYPTION_KEY');
    const response = await api.http
      .post('/api/gmail/connect-ticket')
      .set('authorization', `Bearer ${token}`)
      .expect(409);
    expect(response.body.message).toContain('GMAIL_TOKEN_ENCRYPTION_KEY is not set');
  });
});

describe('Gmail connected through the OAuth flow', () => {
  let fake: FakeGoogle;
  let api: TestApi;
  let token: string;

  beforeAll(async () => {
    fake = await startFakeGoogle();
    api = await startTestApi(
      googleEnv(fake, { GMAIL_TOKEN_ENCRYPTION_KEY: KEY, GOOGLE_SHEETS_SPREADSHEET_ID: 'sheet-123' }),
    );
    token = await adminToken(api);
  });
  afterAll(async () => {
    await api.close();
    await fake.close();
  });

  it('is not configured before an account is connected, and drafts send nothing', async () => {
    const status = await api.http.get('/api/gmail/setup-status').expect(200);
    expect(status.body).toEqual({
      configured: false,
      hasCredentials: true,
      userEmail: null,
      nextStep: 'Press Connect Gmail',
    });
    const id = await seedEvaluatedCredential(api.em(), { name: 'Before connecting', contacts });
    const response = await api.http
      .post(`/api/credentials/${id}/email-drafts`)
      .set('authorization', `Bearer ${token}`)
      .send({})
      .expect(409);
    expect(response.body.message).toMatch(/^Gmail is not configured/);
    expect(fake.drafts).toHaveLength(0);
  });

  it('lets only an admin start a connection, through a ticket that works once and is no bearer token', async () => {
    await api.http.post('/api/gmail/connect-ticket').expect(401);
    await api.http.get('/api/gmail/connect').expect(401);
    await api.http.get(`/api/gmail/connect?ticket=${encodeURIComponent(token)}`).expect(401);
    await api.http.get('/api/gmail/connect?ticket=not-a-ticket').expect(401);

    const path = await connectPath(api, token);
    const ticket = decodeURIComponent(path.split('ticket=')[1]);
    await api.http.get('/api/admin/enrollments').set('authorization', `Bearer ${ticket}`).expect(401);
    await api.http.get(path).expect(302);
    const reused = await api.http.get(path).expect(401);
    expect(reused.body.message).toBe('This link is invalid, expired or already used; log in as an admin and try again');
  });

  it("redirects to Google's consent page asking for offline access with the right scopes and a state", async () => {
    const { consent } = await approveConsent(api, token);
    expect(`${consent.origin}${consent.pathname}`).toBe(fake.authUrl);
    const params = consent.searchParams;
    expect(params.get('client_id')).toBe(fake.clientId);
    expect(params.get('redirect_uri')).toBe(api.config.google.redirectUrl);
    expect(params.get('access_type')).toBe('offline');
    expect(params.get('prompt')).toBe('consent');
    expect(params.get('response_type')).toBe('code');
    expect(params.get('scope')?.split(' ')).toEqual(
      expect.arrayContaining([
        'https://www.googleapis.com/auth/gmail.compose',
        'https://www.googleapis.com/auth/userinfo.email',
        'https://www.googleapis.com/auth/spreadsheets',
      ]),
    );
    expect(params.get('state')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a callback without the state cookie of the browser that started it, and an unknown state', async () => {
    const { callbackPath } = await approveConsent(api, token);
    await api.http.get(callbackPath).expect(400);
    const forged = callbackPath.replace(/state=[0-9a-f]+/, `state=${'f'.repeat(64)}`);
    await api.http
      .get(forged)
      .set('cookie', `gmail_oauth_state=${'f'.repeat(64)}`)
      .expect(400);
    expect(await api.em().getConnection().execute('select count(*)::int as n from gmail_accounts')).toEqual([{ n: 0 }]);
  });

  it('connects: exchanges the code, stores the refresh token encrypted, and returns to the evaluation page', async () => {
    const { callbackPath, cookie } = await approveConsent(api, token);
    const response = await api.http.get(callbackPath).set('cookie', cookie).expect(302);
    expect(response.headers.location).toBe(`${WEB_URL}/evaluation?gmail=connected`);

    const rows = await api
      .em()
      .getConnection()
      .execute<Array<{ email: string; encrypted_refresh_token: string }>>(
        'select email, encrypted_refresh_token from gmail_accounts',
      );
    expect(rows).toHaveLength(1);
    expect(rows[0].email).toBe(fake.accountEmail);
    const plain = fake.issuedRefreshTokens[fake.issuedRefreshTokens.length - 1];
    expect(rows[0].encrypted_refresh_token).not.toContain(plain);
    expect(rows[0].encrypted_refresh_token).not.toContain(plain.slice(4));

    // The state was used once; the same callback again is refused.
    await api.http.get(callbackPath).set('cookie', cookie).expect(400);
  });

  it('reports configured with the account email', async () => {
    const response = await api.http.get('/api/gmail/setup-status').expect(200);
    expect(response.body).toEqual({
      configured: true,
      hasCredentials: true,
      userEmail: fake.accountEmail,
      nextStep: null,
    });
  });

  it('answers drafts and disconnect without an admin token with 401, sending nothing', async () => {
    const id = await seedEvaluatedCredential(api.em(), { name: 'Unauthorised Drafts', contacts });
    const draftsBefore = fake.drafts.length;
    await api.http.post(`/api/credentials/${id}/email-drafts`).send({}).expect(401);
    await api.http.post('/api/gmail/disconnect').expect(401);
    expect(fake.drafts).toHaveLength(draftsBefore);
    expect(
      await api
        .em()
        .getConnection()
        .execute('select count(*)::int as n from email_drafts where credential_id = ?', [id]),
    ).toEqual([{ n: 0 }]);
    expect((await api.http.get('/api/gmail/setup-status').expect(200)).body.configured).toBe(true);
  });

  it('creates one draft per contact with an email, with the rendered template', async () => {
    const id = await seedEvaluatedCredential(api.em(), {
      name: 'Somatic Trauma Certificate',
      contacts,
      totalCredits: 3.6,
    });
    const response = await api.http
      .post(`/api/credentials/${id}/email-drafts`)
      .set('authorization', `Bearer ${token}`)
      .send({})
      .expect(200);
    expect(response.body).toMatchObject({ created: 2, skipped: 0, withoutEmail: 1 });

    const mine = fake.drafts.slice(-2);
    expect(mine.map((d) => d.headers.to)).toEqual([
      '"Dr. Jane Doe" <jane.doe@institute.example>',
      'Max Müller <max@institute.example>',
    ]);
    expect(mine[0].headers.from).toBe(fake.accountEmail);
    expect(mine[0].subject).toBe('Credit recognition for Somatic Trauma Certificate at Trauma Institute');
    expect(mine[0].body).toContain('Dear Dr. Jane Doe,');
    expect(mine[0].body).toContain('we recommend 3.6 quarter credits');
    expect(mine[0].body).toContain(`write to ${fake.accountEmail}`);
    expect(mine[1].subject).toBe('Credit recognition for Somatic Trauma Certificate at your organization');
    expect(mine[1].body).toContain('Dear Max Müller,');
    expect(response.body.drafts.map((d: { gmailDraftId: string }) => d.gmailDraftId)).toEqual(mine.map((d) => d.id));
  });

  it('creates no duplicates on a second call, even with the address in other letter case', async () => {
    const id = await seedEvaluatedCredential(api.em(), { name: 'Twice', contacts: contacts.slice(0, 1) });
    await api.http
      .post(`/api/credentials/${id}/email-drafts`)
      .set('authorization', `Bearer ${token}`)
      .send({})
      .expect(200);
    const before = fake.drafts.length;
    const again = await api.http
      .post(`/api/credentials/${id}/email-drafts`)
      .set('authorization', `Bearer ${token}`)
      .send({})
      .expect(200);
    expect(again.body).toMatchObject({ created: 0, skipped: 1, withoutEmail: 0, drafts: [] });
    expect(fake.drafts).toHaveLength(before);
  });

  it('takes over a reservation a dead process left without a draft, but skips one that may still be in flight', async () => {
    const reserve = (credentialId: string, email: string, age: string) =>
      api
        .em()
        .getConnection()
        .execute(
          `insert into email_drafts (id, credential_id, contact_email, contact_name, gmail_draft_id, sender_email, created_at)
         values (gen_random_uuid(), ?, ?, 'Earlier run', null, ?, now() - ?::interval)`,
          [credentialId, email, fake.accountEmail, age],
        );
    const abandoned = await seedEvaluatedCredential(api.em(), {
      name: 'Abandoned reservation',
      contacts: contacts.slice(0, 1),
    });
    await reserve(abandoned, 'jane.doe@institute.example', '10 minutes');
    const inFlight = await seedEvaluatedCredential(api.em(), {
      name: 'In-flight reservation',
      contacts: contacts.slice(0, 1),
    });
    await reserve(inFlight, 'jane.doe@institute.example', '10 seconds');

    const taken = await api.http
      .post(`/api/credentials/${abandoned}/email-drafts`)
      .set('authorization', `Bearer ${token}`)
      .send({})
      .expect(200);
    expect(taken.body).toMatchObject({ created: 1, skipped: 0 });
    const [row] = await api
      .em()
      .getConnection()
      .execute('select gmail_draft_id, contact_name from email_drafts where credential_id = ?', [abandoned]);
    expect(row).toEqual({ gmail_draft_id: taken.body.drafts[0].gmailDraftId, contact_name: 'Dr. Jane Doe' });

    const skipped = await api.http
      .post(`/api/credentials/${inFlight}/email-drafts`)
      .set('authorization', `Bearer ${token}`)
      .send({})
      .expect(200);
    expect(skipped.body).toMatchObject({ created: 0, skipped: 1 });
  });

  it('lists templates, and lets only an admin change one; unknown placeholders are refused', async () => {
    const [template] = (await api.http.get('/api/gmail/templates').expect(200)).body as Array<{ id: string }>;
    const change = { subject: 'Hello {{organization}}', body: 'Hi {{contactName}}, {{recommendedCredits}} credits.' };
    await api.http.put(`/api/gmail/templates/${template.id}`).send(change).expect(401);

    const refused = await api.http
      .put(`/api/gmail/templates/${template.id}`)
      .set('authorization', `Bearer ${token}`)
      .send({ subject: 'Hi {{firstName}}', body: 'x' })
      .expect(400);
    expect(refused.body.fieldErrors.subject[0]).toContain('Unknown placeholder {{firstName}}');

    await api.http
      .put('/api/gmail/templates/7d1e2f30-0000-4000-8000-000000000000')
      .set('authorization', `Bearer ${token}`)
      .send(change)
      .expect(404);

    const updated = await api.http
      .put(`/api/gmail/templates/${template.id}`)
      .set('authorization', `Bearer ${token}`)
      .send(change)
      .expect(200);
    expect(updated.body).toMatchObject(change);

    const id = await seedEvaluatedCredential(api.em(), {
      name: 'With new template',
      contacts: [{ name: 'Ann Lee', title: null, email: 'ann@college.example', organization: 'City College' }],
      totalCredits: 4,
    });
    await api.http
      .post(`/api/credentials/${id}/email-drafts`)
      .set('authorization', `Bearer ${token}`)
      .send({ templateId: template.id })
      .expect(200);
    const last = fake.drafts[fake.drafts.length - 1];
    expect(last.subject).toBe('Hello City College');
    expect(last.body).toBe('Hi Ann Lee, 4 credits.');
  });

  it('appends the leads to the configured spreadsheet as raw values', async () => {
    const response = await api.http.post('/api/leads/sheets-sync').set('authorization', `Bearer ${token}`).expect(200);
    const append = fake.appends[fake.appends.length - 1];
    expect(append.spreadsheetId).toBe('sheet-123');
    expect(append.valueInputOption).toBe('RAW');
    expect(append.values).toContainEqual([
      'Somatic Trauma Certificate',
      'Dr. Jane Doe',
      'Program Director',
      'Jane.Doe@Institute.example',
      'Trauma Institute',
    ]);
    expect(response.body).toMatchObject({ spreadsheetId: 'sheet-123', appendedRows: append.values.length });
  });

  it('reports a revoked grant as not configured and sends nothing', async () => {
    fake.revokeAllGrants();
    const id = await seedEvaluatedCredential(api.em(), {
      name: 'After revoke',
      contacts: [{ name: 'Bo Chen', title: null, email: 'bo@example.org', organization: null }],
    });
    const before = fake.drafts.length;
    const response = await api.http
      .post(`/api/credentials/${id}/email-drafts`)
      .set('authorization', `Bearer ${token}`)
      .send({})
      .expect(409);
    expect(response.body.message).toMatch(/^Gmail is not configured/);
    expect(fake.drafts).toHaveLength(before);

    const status = await api.http.get('/api/gmail/setup-status').expect(200);
    expect(status.body).toMatchObject({ configured: false, hasCredentials: true, userEmail: null });
    expect(status.body.nextStep).toContain('Connect Gmail again');
    // The contact was not recorded, so drafting works again after reconnecting.
    expect(
      await api
        .em()
        .getConnection()
        .execute('select count(*)::int as n from email_drafts where contact_email = ?', ['bo@example.org']),
    ).toEqual([{ n: 0 }]);
  });

  it('connects again after a revoke, then disconnects: the grant is revoked at Google and forgotten', async () => {
    await connect(api, token);
    expect((await api.http.get('/api/gmail/setup-status').expect(200)).body.configured).toBe(true);
    const refreshToken = fake.issuedRefreshTokens[fake.issuedRefreshTokens.length - 1];

    await api.http.post('/api/gmail/disconnect').expect(401);
    expect((await api.http.get('/api/gmail/setup-status').expect(200)).body.configured).toBe(true);
    const response = await api.http.post('/api/gmail/disconnect').set('authorization', `Bearer ${token}`).expect(200);
    expect(response.body).toMatchObject({ configured: false, hasCredentials: true, userEmail: null });
    expect(fake.revokedByApp).toContain(refreshToken);
    expect(await api.em().getConnection().execute('select count(*)::int as n from gmail_accounts')).toEqual([{ n: 0 }]);
  });

  it('sends the browser back with gmail=denied when the user declines', async () => {
    const response = await api.http.get('/api/gmail/callback?error=access_denied&state=x').expect(302);
    expect(response.headers.location).toBe(`${WEB_URL}/evaluation?gmail=denied`);
  });
});
