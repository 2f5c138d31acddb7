import { Client } from 'pg';
import type { AdminPanelView, Cohort, EnrollmentRow } from '@app/contracts';
import { createTestDatabase, type TestDatabase } from '../../../tools/testing/test-database';
import { startTestApi, type TestApi } from './support/test-app';

const ADMIN = { username: 'cache-admin', password: 'cache-admin-password' };
const TRAINING = 'Parts Therapy Practitioner';

/**
 * Two API instances on one database, each caching the public cohort list (COHORT_CACHE on): a change reaches the
 * other instance with its notice, the instance that made it at once, a seat hold ending changes the seats with no
 * notice at all, and an instance that lost its listener reads the database every time until LISTEN is back.
 *
 * "Served from the cache" is observed with a probe cohort whose capacity the test changes with the triggers off
 * (session_replication_role = replica: no notice): a cached list keeps the old capacity, a read of the database shows
 * the new one.
 */
describe('the cohort list cache on two API instances', () => {
  let database: TestDatabase;
  let apis: [TestApi, TestApi];
  let sql: Client;
  let probeId: string;
  let probeCapacity = 1000;
  let adminToken: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const env = { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, COHORT_CACHE: 'true' };
    apis = [
      await startTestApi(env, { databaseUrl: database.url }),
      await startTestApi(env, { databaseUrl: database.url }),
    ];
    sql = new Client({ connectionString: database.url });
    await sql.connect();
    probeId = await insertCohort('2099-01', probeCapacity);
    adminToken = (await apis[0].http.post('/api/admin/login').send(ADMIN).expect(200)).body.token as string;
  });

  afterAll(async () => {
    await setConnectionsAllowed(true).catch(() => undefined);
    await sql?.end();
    for (const api of apis ?? []) await api.close();
    await database?.drop();
  });

  async function insertCohort(cohortMonth: string, capacity: number | null): Promise<string> {
    const { rows } = await sql.query<{ id: string }>(
      `insert into cohorts (id, training_name, cohort_month, capacity, created_at)
       values (gen_random_uuid(), $1, $2, $3, now()) returning id`,
      [TRAINING, cohortMonth, capacity],
    );
    return rows[0].id;
  }

  async function cohortOn(api: TestApi, id: string): Promise<Cohort | undefined> {
    const list = (await api.http.get('/api/cohorts').expect(200)).body as Cohort[];
    return list.find((cohort) => cohort.id === id);
  }

  /** Polls until `check` holds, for at most 15 s; returns whether it did. */
  async function eventually(check: () => Promise<boolean>): Promise<boolean> {
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      if (await check()) return true;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return check();
  }

  /** Whether `api` answers the list from its cache: a change made without a notice is not seen. */
  async function servesFromCache(api: TestApi): Promise<boolean> {
    await cohortOn(api, probeId);
    probeCapacity++;
    await sql.query('begin');
    await sql.query('set local session_replication_role = replica');
    await sql.query('update cohorts set capacity = $1 where id = $2', [probeCapacity, probeId]);
    await sql.query('commit');
    return (await cohortOn(api, probeId))?.capacity !== probeCapacity;
  }

  /** Another database of the server: PostgreSQL refuses to change allow_connections of the one connected to. */
  async function setConnectionsAllowed(allowed: boolean): Promise<void> {
    const url = new URL(database.url);
    const name = url.pathname.slice(1);
    url.pathname = '/postgres';
    const admin = new Client({ connectionString: url.toString() });
    await admin.connect();
    try {
      await admin.query(`alter database ${name} with allow_connections ${allowed}`);
    } finally {
      await admin.end();
    }
  }

  async function startCheckout(api: TestApi, cohortId: string): Promise<string> {
    const created = await api.http
      .post('/api/create-payment-intent')
      .send({ trainingName: TRAINING, paymentType: 'full' })
      .expect(200);
    const paymentIntentId = created.body.paymentIntentId as string;
    await api.http
      .post('/api/update-payment-intent')
      .send({ paymentIntentId, customerName: 'Cache Buyer', customerEmail: 'buyer@example.com', cohortId })
      .expect(200);
    return paymentIntentId;
  }

  it('both instances cache the list once they listen', async () => {
    for (const api of apis) expect(await eventually(() => servesFromCache(api))).toBe(true);
  });

  it('a change by SQL reaches both instances with its notice', async () => {
    for (const api of apis) expect(await eventually(() => servesFromCache(api))).toBe(true);
    const id = await insertCohort('2099-02', 3);
    for (const api of apis) {
      expect(await eventually(async () => (await cohortOn(api, id))?.seatsLeft === 3)).toBe(true);
    }
    await sql.query('update cohorts set capacity = 5 where id = $1', [id]);
    for (const api of apis) {
      expect(await eventually(async () => (await cohortOn(api, id))?.seatsLeft === 5)).toBe(true);
    }
  });

  it("an admin's change on one instance is seen there at once and on the other after its notice", async () => {
    const id = await insertCohort('2099-03', 4);
    for (const api of apis) {
      expect(await eventually(async () => (await cohortOn(api, id))?.seatsLeft === 4)).toBe(true);
    }
    await apis[0].http
      .patch(`/api/admin/cohorts/${id}`)
      .set('Authorization', `Bearer ${adminToken}`)
      .send({ capacity: 2 })
      .expect(200);
    expect(await cohortOn(apis[0], id)).toMatchObject({ capacity: 2, seatsLeft: 2 });
    expect(await eventually(async () => (await cohortOn(apis[1], id))?.seatsLeft === 2)).toBe(true);
  });

  it("a buyer's held seat is seen at once on the instance that held it, and on the other after its notice", async () => {
    const id = await insertCohort('2099-04', 2);
    for (const api of apis) {
      expect(await eventually(async () => (await cohortOn(api, id))?.seatsLeft === 2)).toBe(true);
    }
    await startCheckout(apis[1], id);
    expect((await cohortOn(apis[1], id))?.seatsLeft).toBe(1);
    expect(await eventually(async () => (await cohortOn(apis[0], id))?.seatsLeft === 1)).toBe(true);
  });

  it('a seat hold that ends gives its seat back on a caching instance, with no notice', async () => {
    const id = await insertCohort('2099-05', 2);
    const paymentIntentId = await startCheckout(apis[0], id);
    // The hold now ends in a moment (this update notifies; its end will not).
    await sql.query(
      `update cohort_seat_holds set expires_at = now() + interval '1.5 seconds'
       where payment_id = (select id from payments where provider_payment_id = $1)`,
      [paymentIntentId],
    );
    expect(await eventually(async () => (await cohortOn(apis[1], id))?.seatsLeft === 1)).toBe(true);
    expect(await eventually(async () => (await cohortOn(apis[1], id))?.seatsLeft === 2)).toBe(true);
    // It was the answer's own end, not an uncached read: the instance still caches.
    expect(await eventually(() => servesFromCache(apis[1]))).toBe(true);
  });

  describe("the admin panel's answer, kept under the same channel", () => {
    let enrollmentId: string;
    let nameWithoutNotice = 0;

    async function panelRow(api: TestApi): Promise<EnrollmentRow | undefined> {
      const view = (
        await api.http
          .get('/api/admin/panel')
          .query({ q: 'panel-cache-student' })
          .set('Authorization', `Bearer ${adminToken}`)
          .expect(200)
      ).body as AdminPanelView;
      return view.enrollments.rows.find((row) => row.id === enrollmentId);
    }

    /** Whether `api` answers the panel from its cache: a name changed without a notice is not seen. */
    async function servesPanelFromCache(api: TestApi): Promise<boolean> {
      await panelRow(api);
      const name = `panel-cache-student ${++nameWithoutNotice}`;
      await sql.query('begin');
      await sql.query('set local session_replication_role = replica');
      await sql.query('update enrollments set student_name = $1 where id = $2', [name, enrollmentId]);
      await sql.query('commit');
      return (await panelRow(api))?.studentName !== name;
    }

    beforeAll(async () => {
      const cohortId = await insertCohort('2099-06', 10);
      const { rows } = await sql.query<{ id: string }>(
        `insert into enrollments (id, student_name, student_email, training_name, cohort_id, payment_type,
           payment_amount, enrollment_status, is_manual_entry, created_at)
         values (gen_random_uuid(), 'panel-cache-student', 'panel-cache@example.com', $1, $2, 'full', 150000, 'active',
           true, now()) returning id`,
        [TRAINING, cohortId],
      );
      enrollmentId = rows[0].id;
    });

    it('is kept by both instances', async () => {
      for (const api of apis) expect(await eventually(() => servesPanelFromCache(api))).toBe(true);
    });

    it("shows an admin's edit at once on the instance that made it, and on the other after its notice", async () => {
      for (const api of apis) expect(await eventually(() => servesPanelFromCache(api))).toBe(true);
      await apis[0].http
        .patch(`/api/admin/enrollments/${enrollmentId}`)
        .set('Authorization', `Bearer ${adminToken}`)
        .send({ notes: 'Seen at once' })
        .expect(200);
      expect(await panelRow(apis[0])).toMatchObject({ notes: 'Seen at once' });
      expect(await eventually(async () => (await panelRow(apis[1]))?.notes === 'Seen at once')).toBe(true);
    });

    it('is dropped by a change to any column of enrollments, and by a refund recorded by SQL', async () => {
      for (const api of apis) expect(await eventually(() => servesPanelFromCache(api))).toBe(true);
      await sql.query(`update enrollments set student_email = 'panel-cache-new@example.com' where id = $1`, [
        enrollmentId,
      ]);
      for (const api of apis) {
        const seen = await eventually(
          async () => (await panelRow(api))?.studentEmail === 'panel-cache-new@example.com',
        );
        expect(seen).toBe(true);
      }

      const paymentIntentId = await startCheckout(apis[0], await insertCohort('2099-07', 10));
      for (const api of apis) expect(await eventually(() => servesPanelFromCache(api))).toBe(true);
      await sql.query(
        `insert into payment_refunds (id, payment_id, enrollment_id, provider_refund_id, provider_payment_id, amount,
           created_at)
         select gen_random_uuid(), p.id, $1, 're_panel_cache', p.provider_payment_id, 2500, now()
         from payments p where p.provider_payment_id = $2`,
        [enrollmentId, paymentIntentId],
      );
      for (const api of apis) {
        expect(await eventually(async () => (await panelRow(api))?.refundedCents === 2500)).toBe(true);
      }
    });
  });

  it('an instance that lost its listener reads the database every time, and caches again once LISTEN is back', async () => {
    for (const api of apis) expect(await eventually(() => servesFromCache(api))).toBe(true);
    try {
      // No new connection to the test database until allowed again: the listeners cannot come back meanwhile.
      await setConnectionsAllowed(false);
      const { rows } = await sql.query<{ ended: boolean }>(
        `select pg_terminate_backend(pid) as ended from pg_stat_activity
         where datname = current_database() and application_name = 'api-notified-cache'`,
      );
      expect(rows).toEqual([{ ended: true }, { ended: true }]);
      for (const api of apis) {
        expect(await eventually(async () => !(await servesFromCache(api)))).toBe(true);
        for (let read = 0; read < 3; read++) expect(await servesFromCache(api)).toBe(false);
      }
    } finally {
      await setConnectionsAllowed(true);
    }
    for (const api of apis) expect(await eventually(() => servesFromCache(api))).toBe(true);
  });
});
