import { Client } from 'pg';
import { type OwnPostgres, startOwnPostgres } from './support/own-postgres';
import { startTestApi, type TestApi } from './support/test-app';

interface Outcome {
  email: string;
  status: number;
  retryAfter?: string;
  code?: string;
}

/**
 * A PostgreSQL of our own (never the shared one) is stopped and started while a stream of manual enrollments is
 * written: every write either succeeded with its row present or answered 503 with Retry-After and wrote nothing,
 * admin routes answer 503 (not 401) during the outage, and the API recovers without a restart.
 */
describe('reliability: PostgreSQL outage', () => {
  let pg: OwnPostgres;
  let url: string;
  let api: TestApi;
  let token: string;

  beforeAll(async () => {
    pg = await startOwnPostgres();
    url = pg.url;
    api = await startTestApi(
      { ADMIN_USERNAME: 'fault-admin', ADMIN_PASSWORD: 'fault-password-1', ADMIN_LOGIN_ATTEMPTS_PER_MINUTE: '1000' },
      { databaseUrl: url },
    );
    const login = await api.http
      .post('/api/admin/login')
      .send({ username: 'fault-admin', password: 'fault-password-1' })
      .expect(200);
    token = login.body.token;
  }, 120_000);

  afterAll(async () => {
    await api?.close();
    await pg?.close();
  });

  let sequence = 0;
  async function write(): Promise<Outcome> {
    const email = `fault-${++sequence}@example.com`;
    const response = await api.http
      .post('/api/admin/enrollments')
      .set('authorization', `Bearer ${token}`)
      .send({
        studentName: `Fault ${sequence}`,
        studentEmail: email,
        trainingName: 'Parts Therapy Practitioner',
        cohortId: null,
        paymentType: 'full',
        paymentAmount: 199500,
        enrollmentStatus: 'active',
        notes: null,
        isManualEntry: true,
      });
    return { email, status: response.status, retryAfter: response.headers['retry-after'], code: response.body?.code };
  }

  it('answers 503 during the outage, loses and invents no rows, and recovers without a restart', async () => {
    const outcomes: Outcome[] = [];
    let stopStream = false;
    const stream = async () => {
      while (!stopStream) outcomes.push(await write());
    };
    const successes = () => outcomes.filter((o) => o.status === 201).length;
    const until = async (condition: () => boolean) => {
      while (!condition()) await new Promise((resolve) => setTimeout(resolve, 50));
    };

    const writers = [stream(), stream(), stream()];
    await until(() => successes() >= 10);

    await pg.stop();
    const atStop = outcomes.length;
    await until(() => outcomes.length >= atStop + 15);
    // While it is down: admin reads, public reads and login are 503 with Retry-After, never 401 or 500.
    const adminRead = await api.http.get('/api/admin/enrollments').set('authorization', `Bearer ${token}`);
    const publicRead = await api.http.get('/api/training-pricing');
    const login = await api.http
      .post('/api/admin/login')
      .send({ username: 'fault-admin', password: 'fault-password-1' });
    for (const response of [adminRead, publicRead, login]) {
      expect({ status: response.status, code: response.body.code }).toEqual({
        status: 503,
        code: 'SERVICE_UNAVAILABLE',
      });
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    }
    const duringOutage = outcomes.slice(atStop + 3);
    expect(duringOutage.length).toBeGreaterThan(0);
    expect(duringOutage.every((o) => o.status === 503)).toBe(true);

    await pg.start();
    const atRestart = successes();
    await until(() => successes() >= atRestart + 10);
    stopStream = true;
    await Promise.all(writers);

    // Every answer was a success or a 503 with Retry-After; nothing else (no 401, no 500).
    const others = outcomes.filter((o) => o.status !== 201 && o.status !== 503);
    expect(others).toEqual([]);
    expect(
      outcomes
        .filter((o) => o.status === 503)
        .every((o) => Number(o.retryAfter) > 0 && o.code === 'SERVICE_UNAVAILABLE'),
    ).toBe(true);

    // Each success has its row, each 503 none, and no row exists that no request asked for.
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      const rows = await client.query<{ student_email: string }>(
        `select student_email from enrollments where student_email like 'fault-%'`,
      );
      const stored = rows.rows.map((row) => row.student_email).sort();
      const succeeded = outcomes
        .filter((o) => o.status === 201)
        .map((o) => o.email)
        .sort();
      expect(stored).toEqual(succeeded);
      console.log(
        `PostgreSQL outage: ${outcomes.length} writes, ${succeeded.length} stored, ${outcomes.length - succeeded.length} answered 503 and wrote nothing; 0 lost, 0 duplicated`,
      );
    } finally {
      await client.end();
    }
  }, 180_000);
});
