import { Enrollment } from '../src/enrollments/enrollment.entity';
import { startFakeGoogle, type FakeGoogle } from '../../../tools/testing/fake-google';
import { createTestDatabase, type TestDatabase } from '../../../tools/testing/test-database';
import { startTestApi, type TestApi } from './support/test-app';

const ADMIN = { username: 'shared-admin', password: 'shared-admin-password' };
const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };

/** Two API instances on one database, as behind a load balancer: whatever one counts or spends, the other sees. */
describe('two API instances on one database', () => {
  let database: TestDatabase;
  let fake: FakeGoogle;
  let apis: [TestApi, TestApi];
  let clientCounter = 0;
  const nextClient = () => `10.9.${Math.floor(++clientCounter / 250)}.${(clientCounter % 250) + 1}`;

  beforeAll(async () => {
    database = await createTestDatabase();
    fake = await startFakeGoogle();
    const env = {
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      ADMIN_LOGIN_ATTEMPTS_PER_MINUTE: '4',
      GOOGLE_CLIENT_ID: fake.clientId,
      GOOGLE_CLIENT_SECRET: fake.clientSecret,
      GOOGLE_API_ROOT_URL: fake.rootUrl,
      GOOGLE_OAUTH_AUTH_URL: fake.authUrl,
      GMAIL_TOKEN_ENCRYPTION_KEY: '0123456789abcdef'.repeat(4),
    };
    const first = await startTestApi(env, { databaseUrl: database.url });
    const second = await startTestApi(env, { databaseUrl: database.url });
    apis = [first, second];
  });

  afterAll(async () => {
    for (const api of apis ?? []) await api.close();
    await fake?.close();
    await database?.drop();
  });

  async function adminToken(api: TestApi): Promise<string> {
    const response = await api.http
      .post('/api/admin/login')
      .set('X-Forwarded-For', nextClient())
      .send(ADMIN)
      .expect(200);
    return response.body.token as string;
  }

  it('share the login limit: 100 parallel wrong passwords from one client, alternating instances, are checked exactly 4 times', async () => {
    const client = nextClient();
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        apis[i % 2].http
          .post('/api/admin/login')
          .set('X-Forwarded-For', client)
          .send({ username: ADMIN.username, password: `wrong-${i}` }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect({
      checked: statuses.filter((s) => s === 401).length,
      limited: statuses.filter((s) => s === 429).length,
    }).toEqual({
      checked: 4,
      limited: 96,
    });
    for (const api of apis) {
      await api.http.post('/api/admin/login').set('X-Forwarded-For', client).send(ADMIN).expect(429);
    }
    // Another client logs in on either instance, and a token from one is accepted by the other.
    const token = await adminToken(apis[0]);
    await apis[1].http.get('/api/admin/enrollments').set('Authorization', `Bearer ${token}`).expect(200);
  });

  it('spend a Gmail connect ticket once: issued by one instance, redeemed by the other, refused on both afterwards', async () => {
    const token = await adminToken(apis[0]);
    const issued = await apis[0].http
      .post('/api/gmail/connect-ticket')
      .set('Authorization', `Bearer ${token}`)
      .expect(200);
    const path = `/api/gmail/connect?ticket=${encodeURIComponent(issued.body.ticket as string)}`;
    await apis[1].http.get(path).expect(302);
    await apis[0].http.get(path).expect(401);
    await apis[1].http.get(path).expect(401);
  });

  it('let exactly one of two simultaneous redemptions of a ticket through, one on each instance', async () => {
    const token = await adminToken(apis[1]);
    for (let round = 0; round < 5; round++) {
      const issued = await apis[1].http
        .post('/api/gmail/connect-ticket')
        .set('Authorization', `Bearer ${token}`)
        .expect(200);
      const path = `/api/gmail/connect?ticket=${encodeURIComponent(issued.body.ticket as string)}`;
      const answers = await Promise.all(apis.map((api) => api.http.get(path)));
      expect(answers.map((r) => r.status).sort()).toEqual([302, 401]);
    }
  });

  it('confirm on one instance a test-mode payment started on the other', async () => {
    const created = await apis[0].http
      .post('/api/create-payment-intent')
      .send({ trainingName: 'Parts Therapy Practitioner', paymentType: 'full' })
      .expect(200);
    const paymentIntentId = created.body.paymentIntentId as string;
    await apis[1].http
      .post('/api/update-payment-intent')
      .send({ paymentIntentId, customerName: 'Two Hosts', customerEmail: 'two@example.com', cohortId: null })
      .expect(200);
    const paid = await apis[0].http
      .post('/api/payments/test-mode/confirm')
      .send({ paymentIntentId, ...card })
      .expect(200);
    expect(paid.body.status).toBe('succeeded');
    const reconciled = await apis[1].http.post('/api/payments/reconcile').send({ paymentIntentId }).expect(200);
    expect(reconciled.body.enrollmentIds).toHaveLength(1);
    expect(await apis[1].em().findOneOrFail(Enrollment, { paymentIntentId })).toMatchObject({
      studentName: 'Two Hosts',
    });
  });
  it('serve a price changed in the database by SQL on both instances, though each caches the price list', async () => {
    const pricesOf = async (api: TestApi) =>
      (await api.http.get('/api/training-pricing').expect(200)).body as Array<{
        trainingName: string;
        fullPaymentPrice: number;
      }>;
    const priceOn = async (api: TestApi) =>
      (await pricesOf(api)).find((row) => row.trainingName === 'Resilient Child Training')?.fullPaymentPrice;
    // Both instances have read (and cached) the list.
    const before = await priceOn(apis[0]);
    expect(await priceOn(apis[1])).toBe(before);
    const changed = (before ?? 0) + 100;
    const sql = apis[0].em().getConnection();
    try {
      await sql.execute('update training_pricing set full_payment_price = ? where training_name = ?', [
        changed,
        'Resilient Child Training',
      ]);
      // The change's notice reaches each instance's listener shortly after the commit.
      for (const api of apis) {
        const deadline = Date.now() + 5000;
        let seen = await priceOn(api);
        while (seen !== changed && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          seen = await priceOn(api);
        }
        expect(seen).toBe(changed);
      }
    } finally {
      await sql.execute('update training_pricing set full_payment_price = ? where training_name = ?', [
        before,
        'Resilient Child Training',
      ]);
    }
  });
});
