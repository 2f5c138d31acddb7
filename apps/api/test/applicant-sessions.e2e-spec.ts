import { randomBytes, randomUUID } from 'node:crypto';
import { APPLICANT_SESSION_IDLE_DAYS, APPLICANT_SESSION_MAX_DAYS, APPLICANT_SESSION_TOUCH_MINUTES } from '@app/domain';
import { ErasureService } from '../src/erasure/erasure.service';
import { testApplicant, type TestApplicant } from './support/applicant';
import { startTestApi, type TestApi } from './support/test-app';

const ADMIN = { username: 'sessions-admin', password: 'sessions-admin-password' };

/**
 * Server-side applicant sessions: a signed-in browser's cookie is a reference to a session the API keeps, so signing
 * out, "sign out everywhere", erasure and expiry end a copied cookie too. Each "browser" here is what the web server
 * sends for one cookie: the applicant id and the session token in a fresh applicant token per request.
 */
describe('applicant sessions', () => {
  let api: TestApi;

  beforeAll(async () => {
    // Every browser here signs in from the same client address.
    api = await startTestApi({
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      SIGN_IN_LINKS_PER_CLIENT: '100',
    });
  });

  afterAll(async () => {
    await api?.close();
  });

  const sql = <T>(query: string, params: unknown[] = []) => api.em().getConnection().execute<T[]>(query, params);

  /**
   * Signs a browser (a new one unless given) in to `email` by a mailed link, the way /sign-in does; the browser's
   * cookie afterwards, as a client.
   */
  async function signIn(email: string, browser: TestApplicant = testApplicant(api.app)): Promise<TestApplicant> {
    const binding = randomBytes(32).toString('base64url');
    await api.http
      .post('/api/applicants/sign-in-link')
      .set(browser.headers())
      .send({ email, browserBinding: binding })
      .expect(200);
    const [mail] = await sql<{ data: { path: string } }>(
      `select data from outbox where recipient = ? and template = 'sign-in-link' order by created_at desc limit 1`,
      [email],
    );
    const token = new URL(mail.data.path, 'http://web').searchParams.get('token') ?? '';
    const signedIn = await api.http
      .post('/api/applicants/sign-in')
      .set(browser.headers())
      .send({ token, browserBinding: binding })
      .expect(200);
    expect(signedIn.body.sessionToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    return testApplicant(api.app, signedIn.body.applicantId, signedIn.body.sessionToken);
  }

  /** A second browser holding a copy of the first one's cookie (same id, same session). */
  const copyOf = (browser: TestApplicant) => testApplicant(api.app, browser.id, browser.session);
  const account = (browser: TestApplicant) => api.http.get('/api/applicants/me').set(browser.headers());
  const newEmail = () => `session-${randomUUID().slice(0, 8)}@example.org`;

  it('keeps only the hash of the session token, with its times', async () => {
    const browser = await signIn(newEmail());
    const rows = await sql<{ token_hash: string; applicant_id: string; expires_at: Date; created_at: Date }>(
      'select token_hash, applicant_id, expires_at, created_at from applicant_sessions where applicant_id = ?',
      [browser.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].token_hash).not.toContain(browser.session);
    expect(new Date(rows[0].expires_at).getTime() - new Date(rows[0].created_at).getTime()).toBe(
      APPLICANT_SESSION_MAX_DAYS * 86_400_000,
    );
  });

  it('a copied cookie works until the browser signs out, then gets 401 at once', async () => {
    const email = newEmail();
    const browser = await signIn(email);
    const copy = copyOf(browser);
    expect((await account(browser).expect(200)).body).toEqual({ email });
    expect((await account(copy).expect(200)).body).toEqual({ email });

    const out = await api.http.post('/api/applicants/sign-out').set(browser.headers()).send({}).expect(200);
    expect(out.body).toEqual({ sessionsEnded: 1 });
    await account(copy).expect(401);
    await api.http.get('/api/credentials').set(copy.headers()).expect(401);
    await api.http.get('/api/account').set(copy.headers()).expect(401);
    await account(browser).expect(401);
    // Signing out again (or from the copy) ends nothing more and says so.
    await api.http.post('/api/applicants/sign-out').set(copy.headers()).send({}).expect(401);
  });

  it('an account is reached only through a session: its bare id, as an old cookie carried it, gets 401', async () => {
    const browser = await signIn(newEmail());
    await account(testApplicant(api.app, browser.id)).expect(401);
    // A made-up session for the right account, and a real session named with another applicant's id.
    await account(testApplicant(api.app, browser.id, randomBytes(32).toString('base64url'))).expect(401);
    const other = await signIn(newEmail());
    await account(testApplicant(api.app, other.id, browser.session)).expect(401);
    // Anonymous browsers have no session and keep working as before.
    const anonymous = testApplicant(api.app);
    expect((await account(anonymous).expect(200)).body).toEqual({ email: null });
  });

  it('sign out everywhere ends every session of the account, and only of that account', async () => {
    const email = newEmail();
    const laptop = await signIn(email);
    const phone = await signIn(email);
    const copy = copyOf(laptop);
    const stranger = await signIn(newEmail());
    expect(phone.id).toBe(laptop.id);
    const out = await api.http
      .post('/api/applicants/sign-out')
      .set(phone.headers())
      .send({ everywhere: true })
      .expect(200);
    expect(out.body).toEqual({ sessionsEnded: 2 });
    for (const browser of [laptop, phone, copy]) await account(browser).expect(401);
    await account(stranger).expect(200);
    await api.http.post('/api/applicants/sign-out').set(phone.headers()).send({ everywhere: 'yes' }).expect(401);
    await api.http.post('/api/applicants/sign-out').set(stranger.headers()).send({ everywhere: 'yes' }).expect(400);
    await account(stranger).expect(200);
  });

  it('ends a session idle for too long, and one past its absolute expiry, however recently used', async () => {
    const idle = await signIn(newEmail());
    const old = await signIn(newEmail());
    await sql(`update applicant_sessions set last_seen_at = now() - make_interval(days => ?) where applicant_id = ?`, [
      APPLICANT_SESSION_IDLE_DAYS,
      idle.id,
    ]);
    await sql(`update applicant_sessions set expires_at = now() - interval '1 second' where applicant_id = ?`, [
      old.id,
    ]);
    await account(idle).expect(401);
    await account(old).expect(401);
    // The retention sweep drops them.
    await api.app.get(ErasureService).sweepRetention();
    expect(await sql('select 1 from applicant_sessions where applicant_id in (?, ?)', [idle.id, old.id])).toHaveLength(
      0,
    );
  });

  it('refreshes the last-seen time of a session in use, at most every few minutes', async () => {
    const browser = await signIn(newEmail());
    const lastSeen = async () =>
      new Date(
        (
          await sql<{ last_seen_at: Date }>('select last_seen_at from applicant_sessions where applicant_id = ?', [
            browser.id,
          ])
        )[0].last_seen_at,
      ).getTime();
    await sql(`update applicant_sessions set last_seen_at = now() - make_interval(mins => ?) where applicant_id = ?`, [
      APPLICANT_SESSION_TOUCH_MINUTES + 1,
      browser.id,
    ]);
    const before = await lastSeen();
    await account(browser).expect(200);
    expect(await lastSeen()).toBeGreaterThan(before);
    const touched = await lastSeen();
    await account(browser).expect(200);
    // Within the next few minutes a request only reads the session.
    expect(await lastSeen()).toBe(touched);
  });

  it('erasure by email ends every session of the account at once', async () => {
    const email = newEmail();
    const browser = await signIn(email);
    const copy = copyOf(browser);
    const token = (await api.http.post('/api/admin/login').send(ADMIN).expect(200)).body.token as string;
    const erased = await api.http
      .post('/api/admin/erasure')
      .set({ authorization: `Bearer ${token}` })
      .send({ email })
      .expect(200);
    expect(erased.body).toMatchObject({ applicants: 1, sessions: 1 });
    await account(browser).expect(401);
    await account(copy).expect(401);
    expect(await sql('select 1 from applicant_sessions where applicant_id = ?', [browser.id])).toHaveLength(0);
  });

  it('signing in to another account in a signed-in browser ends its session with the first one', async () => {
    const browser = await signIn(newEmail());
    const email = newEmail();
    const now = await signIn(email, browser);
    await account(browser).expect(401);
    expect((await account(now).expect(200)).body).toEqual({ email });
  });

  it('staff tokens cannot sign out (they have no applicant session)', async () => {
    const token = (await api.http.post('/api/admin/login').send(ADMIN).expect(200)).body.token as string;
    await api.http
      .post('/api/applicants/sign-out')
      .set({ authorization: `Bearer ${token}` })
      .send({})
      .expect(403);
  });
});
