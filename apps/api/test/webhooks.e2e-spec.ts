import type { CreatedWebhookEndpoint, WebhookDeliveryPage } from '@app/contracts';
import { InstallmentsService } from '../src/payments/installments.service';
import { samplePdf } from '../../../tools/testing/sample-files';
import { WebhookDispatcher } from '../src/webhooks/webhook-dispatcher.service';
import { createTestDatabase, type TestDatabase } from '../../../tools/testing/test-database';
import { startTestApi, type TestApi } from './support/test-app';
import { Receiver } from './support/webhook-receiver';

const ADMIN = { username: 'hooks-admin', password: 'hooks-admin-password' };
const PARTS = 'Parts Therapy Practitioner';
/** Cohorts are made only for this training, so PARTS is bought without one. */
const RESILIENT = 'Resilient Child Training';
const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };

describe('webhooks against a real receiver verifying Standard Webhooks signatures', () => {
  let database: TestDatabase;
  let apis: [TestApi, TestApi];
  let token: string;
  const receiver = new Receiver();
  const admin = () => ({ Authorization: `Bearer ${token}` });

  beforeAll(async () => {
    database = await createTestDatabase();
    await receiver.start();
    // The background poll is slowed down: the tests run the workers of both instances themselves, at once.
    const env = {
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      ADMIN_LOGIN_ATTEMPTS_PER_MINUTE: '100',
      WEBHOOK_ALLOW_LOOPBACK: 'true',
      WEBHOOK_POLL_MILLISECONDS: '60000',
      ADMIN_ALERT_EMAIL: 'ops@example.com',
    };
    apis = [
      await startTestApi(env, { databaseUrl: database.url }),
      await startTestApi(env, { databaseUrl: database.url }),
    ];
    token = (await apis[0].http.post('/api/admin/login').send(ADMIN).expect(200)).body.token;
  });

  afterAll(async () => {
    for (const api of apis ?? []) await api.close();
    await receiver.stop();
    await database?.drop();
  });

  async function buy(api: TestApi, i: number, paymentType = 'full', cardNumber = card.cardNumber): Promise<string> {
    const created = await api.http
      .post('/api/create-payment-intent')
      .send({ trainingName: PARTS, paymentType })
      .expect(200);
    const paymentIntentId: string = created.body.paymentIntentId;
    await api.http
      .post('/api/update-payment-intent')
      .send({ paymentIntentId, customerName: `Buyer ${i}`, customerEmail: `buyer${i}@example.com`, cohortId: null })
      .expect(200);
    await api.http
      .post('/api/payments/test-mode/confirm')
      .send({ paymentIntentId, ...card, cardNumber })
      .expect(200);
    // The success page's check confirms the same payment again: still one event.
    await api.http.post('/api/payments/reconcile').send({ paymentIntentId }).expect(200);
    return paymentIntentId;
  }

  /**
   * Both instances' workers, at the same time, until nothing is due and no delivery is in a worker's hands (the
   * background poll of either instance may hold one at that moment).
   */
  async function runWorkers(): Promise<void> {
    for (;;) {
      const sent = await Promise.all(apis.map((api) => api.app.get(WebhookDispatcher).dispatchDue()));
      if (sent.some((count) => count > 0)) continue;
      const [{ n }] = await apis[0]
        .em()
        .getConnection()
        .execute<Array<{ n: number }>>(
          `select count(*)::int as n from webhook_deliveries where status = 'sending' and lease_until > now()`,
        );
      if (n === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async function pendingDeliveries(): Promise<number> {
    const [{ n }] = await apis[0]
      .em()
      .getConnection()
      .execute<Array<{ n: number }>>(`select count(*)::int as n from webhook_deliveries where status <> 'delivered'`);
    return n;
  }

  let endpoint: CreatedWebhookEndpoint;

  it('registers an endpoint with a whsec_ secret shown once; refuses a private address and a non-https URL', async () => {
    const created = await apis[0].http
      .post('/api/admin/webhook-endpoints')
      .set(admin())
      .send({ url: receiver.url, events: ['payment.succeeded', 'enrollment.created'], description: 'CRM' })
      .expect(201);
    endpoint = created.body as CreatedWebhookEndpoint;
    receiver.secret = endpoint.secret;
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(endpoint.endpoint).toMatchObject({
      url: receiver.url,
      active: true,
      events: ['enrollment.created', 'payment.succeeded'],
    });
    const listed = await apis[1].http.get('/api/admin/webhook-endpoints').set(admin()).expect(200);
    expect(JSON.stringify(listed.body)).not.toContain(endpoint.secret);

    for (const url of ['https://10.0.0.7/hooks', 'https://169.254.169.254/latest/meta-data', 'https://[fd00::1]/x']) {
      const refused = await apis[0].http
        .post('/api/admin/webhook-endpoints')
        .set(admin())
        .send({ url, events: ['payment.succeeded'] })
        .expect(400);
      expect(refused.body.fieldErrors.url[0]).toMatch(/not public/);
    }
    await apis[0].http
      .post('/api/admin/webhook-endpoints')
      .set(admin())
      .send({ url: 'ftp://example.com/x', events: ['payment.succeeded'] })
      .expect(400);
    const [{ n }] = await apis[0]
      .em()
      .getConnection()
      .execute<Array<{ n: number }>>('select count(*)::int as n from webhook_endpoints');
    expect(n).toBe(1);
  });

  // 200 purchases and their deliveries on two instances: about 10 s on a quiet machine; a loaded one (a CI run beside
  // other work) has taken over a minute, so this test waits longer than the default before giving up.
  it('200 purchases on two instances deliver 200 signed payment.succeeded events, none twice, including while the receiver was down', async () => {
    const bought: string[] = [];
    // The first 50 while the receiver is down: every first attempt fails.
    receiver.down = true;
    for (let batch = 0; batch < 5; batch++) {
      bought.push(...(await Promise.all(Array.from({ length: 10 }, (_, i) => buy(apis[i % 2], batch * 10 + i)))));
    }
    await runWorkers();
    expect(receiver.received).toHaveLength(0);
    expect(await pendingDeliveries()).toBe(100);
    // The receiver comes back; the retries are brought forward (the schedule waits 5 s, then 5 min, …).
    receiver.down = false;
    await apis[0]
      .em()
      .getConnection()
      .execute(`update webhook_deliveries set next_attempt_at = now() where status = 'pending'`);
    for (let batch = 5; batch < 20; batch++) {
      bought.push(...(await Promise.all(Array.from({ length: 10 }, (_, i) => buy(apis[i % 2], batch * 10 + i)))));
      if (batch % 5 === 0) await runWorkers();
    }
    await runWorkers();

    expect(receiver.rejected).toBe(0);
    const payments = receiver.of('payment.succeeded');
    expect(payments).toHaveLength(200);
    expect(new Set(payments.map((event) => event.id)).size).toBe(200);
    expect(new Set(payments.map((event) => event.data.paymentIntentId)).size).toBe(200);
    expect(payments.map((event) => event.data.paymentIntentId).sort()).toEqual([...bought].sort());
    expect(receiver.of('enrollment.created')).toHaveLength(200);
    expect(await pendingDeliveries()).toBe(0);
    // The first 50 payments' deliveries took two attempts; the log shows it.
    const log = await apis[0].http
      .get(`/api/admin/webhook-endpoints/${endpoint.endpoint.id}/deliveries`)
      .set(admin())
      .expect(200);
    const page = log.body as WebhookDeliveryPage;
    expect(page.pageCount).toBe(8);
    expect(page.rows[0]).toMatchObject({ status: 'delivered', responseCode: 204, attempts: 1 });
    // Payloads carry ids and the fields a receiver needs, nothing of documents.
    expect(Object.keys(payments[0].data).sort()).toEqual(
      [
        'amount',
        'currency',
        'enrollmentIds',
        'installmentsTotal',
        'paymentId',
        'paymentIntentId',
        'paymentType',
        'trainings',
      ].sort(),
    );
  }, 180_000);

  it('takes over a delivery whose worker died mid-delivery (lease ran out), and sends it once', async () => {
    const before = receiver.of('payment.succeeded').length;
    await buy(apis[0], 1000);
    // A worker leases it and dies before sending: nothing is sent until its lease runs out.
    await apis[0]
      .em()
      .getConnection()
      .execute(
        `update webhook_deliveries set status = 'sending', attempts = attempts + 1, lease_until = now() + interval '1 hour'
          where status = 'pending'`,
      );
    await Promise.all(apis.map((api) => api.app.get(WebhookDispatcher).dispatchDue()));
    expect(receiver.of('payment.succeeded')).toHaveLength(before);
    await apis[0]
      .em()
      .getConnection()
      .execute(`update webhook_deliveries set lease_until = now() - interval '1 second' where status = 'sending'`);
    await runWorkers();
    expect(receiver.of('payment.succeeded')).toHaveLength(before + 1);
    expect(await pendingDeliveries()).toBe(0);
  });

  it('a resent delivery keeps its webhook-id', async () => {
    const log = (
      await apis[0].http.get(`/api/admin/webhook-endpoints/${endpoint.endpoint.id}/deliveries`).set(admin()).expect(200)
    ).body as WebhookDeliveryPage;
    const delivery = log.rows[0];
    const resent = await apis[1].http
      .post(`/api/admin/webhook-deliveries/${delivery.id}/resend`)
      .set(admin())
      .expect(200);
    expect(resent.body).toMatchObject({
      id: delivery.id,
      messageId: delivery.messageId,
      status: 'pending',
      attempts: 0,
    });
    const count = receiver.received.length;
    await runWorkers();
    expect(receiver.received).toHaveLength(count + 1);
    expect(receiver.received.at(-1)?.id).toBe(delivery.messageId);
    expect(receiver.received.filter((event) => event.id === delivery.messageId)).toHaveLength(2);
  });

  it('raises enrollment.created, enrollment.moved, enrollment.cancelled and refund.created from the panel’s changes, each once', async () => {
    const all = new Receiver();
    await all.start();
    try {
      const created = await apis[0].http
        .post('/api/admin/webhook-endpoints')
        .set(admin())
        .send({
          url: all.url,
          events: [
            'enrollment.created',
            'enrollment.moved',
            'enrollment.cancelled',
            'refund.created',
            'payment.succeeded',
          ],
        })
        .expect(201);
      all.secret = created.body.secret;
      const cohort = async (month: string) =>
        (
          await apis[0].http
            .post('/api/admin/cohorts')
            .set(admin())
            .send({ trainingName: RESILIENT, cohortMonth: month })
            .expect(201)
        ).body.id as string;
      const [march, april] = [await cohort('2032-03'), await cohort('2032-04')];
      const manual = await apis[0].http
        .post('/api/admin/enrollments')
        .set(admin())
        .send({
          studentName: 'Manual Student',
          studentEmail: 'manual@example.com',
          trainingName: RESILIENT,
          cohortId: march,
          paymentType: 'full',
          paymentAmount: 199500,
          enrollmentStatus: 'active',
          notes: null,
          isManualEntry: true,
        })
        .expect(201);
      await apis[1].http
        .post(`/api/admin/enrollments/${manual.body.id}/move`)
        .set(admin())
        .send({ cohortId: april })
        .expect(200);
      await apis[0].http
        .patch(`/api/admin/enrollments/${manual.body.id}`)
        .set(admin())
        .send({ enrollmentStatus: 'cancelled' })
        .expect(200);
      const paymentIntentId = await buy(apis[0], 3000);
      const [{ id: paidEnrollment }] = await apis[0]
        .em()
        .getConnection()
        .execute<Array<{ id: string }>>('select id from enrollments where payment_intent_id = ?', [paymentIntentId]);
      await apis[0].http.post(`/api/admin/enrollments/${paidEnrollment}/refund`).set(admin()).send({}).expect(200);
      await runWorkers();
      expect(all.rejected).toBe(0);
      const summary = all.received.map(
        (event) => `${event.type} ${String(event.data.enrollmentId ?? event.data.paymentIntentId)}`,
      );
      expect(summary.sort()).toEqual(
        [
          `enrollment.created ${manual.body.id}`,
          `enrollment.moved ${manual.body.id}`,
          `enrollment.cancelled ${manual.body.id}`,
          `payment.succeeded ${paymentIntentId}`,
          `enrollment.created ${paidEnrollment}`,
          `refund.created ${paidEnrollment}`,
          `enrollment.cancelled ${paidEnrollment}`,
        ].sort(),
      );
      expect(all.of('enrollment.moved')[0].data).toEqual({
        enrollmentId: manual.body.id,
        fromCohortId: march,
        toCohortId: april,
      });
      expect(
        all
          .of('enrollment.cancelled')
          .map((event) => event.data.reason)
          .sort(),
      ).toEqual(['admin', 'refund']);
    } finally {
      await all.stop();
    }
  });

  it('raises installment.paid and installment.failed from the monthly charges of plans', async () => {
    const plans = new Receiver();
    await plans.start();
    try {
      const created = await apis[0].http
        .post('/api/admin/webhook-endpoints')
        .set(admin())
        .send({ url: plans.url, events: ['installment.paid', 'installment.failed'] })
        .expect(201);
      plans.secret = created.body.secret;
      const good = await buy(apis[0], 4000, '3month');
      const declining = await buy(apis[1], 4001, '6month', '4000 0000 0000 0341');
      // Later months that differ from the first (as a promotion code's spread makes them): the events say what is charged.
      await apis[0]
        .em()
        .getConnection()
        .execute('update payments set later_installment_amount = amount - 7 where provider_payment_id in (?, ?)', [
          good,
          declining,
        ]);
      const laterOf = async (intent: string) =>
        Number(
          (
            await apis[0]
              .em()
              .getConnection()
              .execute<Array<{ later: number }>>(
                'select later_installment_amount as later from payments where provider_payment_id = ?',
                [intent],
              )
          )[0]!.later,
        );
      const result = await apis[0].app
        .get(InstallmentsService)
        .chargeDueInstallments(new Date(Date.now() + 32 * 24 * 60 * 60 * 1000));
      expect(result).toEqual({ charged: 1, failed: 1 });
      await runWorkers();
      expect(plans.rejected).toBe(0);
      expect(plans.of('installment.paid').map((event) => event.data)).toEqual([
        expect.objectContaining({ installmentNumber: 2, installmentsTotal: 3, amount: await laterOf(good) }),
      ]);
      expect(plans.of('installment.failed').map((event) => event.data)).toEqual([
        expect.objectContaining({
          installmentNumber: 2,
          installmentsTotal: 6,
          paymentIntentId: expect.any(String),
          amount: await laterOf(declining),
        }),
      ]);
      const paymentOf = async (intent: string) =>
        (
          await apis[0]
            .em()
            .getConnection()
            .execute<Array<{ id: string }>>('select id from payments where provider_payment_id = ?', [intent])
        )[0].id;
      expect(plans.of('installment.paid')[0].data.paymentId).toBe(await paymentOf(good));
      expect(plans.of('installment.failed')[0].data.paymentId).toBe(await paymentOf(declining));
    } finally {
      await plans.stop();
    }
  });

  it('an API client submits a credential for an applicant; analysis and staff review reach it and raise evaluation.completed and review.verified', async () => {
    const records = new Receiver();
    await records.start();
    try {
      const created = await apis[0].http
        .post('/api/admin/webhook-endpoints')
        .set(admin())
        .send({ url: records.url, events: ['evaluation.completed', 'review.verified', 'review.rejected'] })
        .expect(201);
      records.secret = created.body.secret;
      const key = async (scope: string) =>
        (
          await apis[0].http
            .post('/api/admin/api-keys')
            .set(admin())
            .send({ name: scope, scopes: [scope] })
            .expect(201)
        ).body.secret as string;
      const college = { Authorization: `Bearer ${await key('credentials:submit')}` };
      const reviewer = { Authorization: `Bearer ${await key('evaluations:staff')}` };

      const submitted = await apis[1].http
        .post('/api/integrations/credentials')
        .set(college)
        .send({ applicantEmail: 'partner.student@example.com', name: 'Psychosomatic certificate' })
        .expect(201);
      const id = submitted.body.credentialId as string;
      const { uploadURL } = (
        await apis[1].http.post(`/api/integrations/credentials/${id}/upload-url`).set(college).expect(200)
      ).body as { uploadURL: string };
      const bytes = await samplePdf('Course Syllabus PSY 301 Psychosomatic Practice. 45 contact hours.');
      const put = await fetch(uploadURL, {
        method: 'PUT',
        body: new Uint8Array(bytes),
        headers: { 'content-type': 'application/pdf' },
      });
      expect(put.status).toBe(200);
      await apis[1].http
        .put(`/api/integrations/credentials/${id}/documents`)
        .set(college)
        .send({
          uploadURL,
          credentialId: id,
          fileName: 'syllabus.pdf',
          fileSize: bytes.length,
          fileType: 'application/pdf',
        })
        .expect(200);
      await apis[1].http.post(`/api/integrations/credentials/${id}/analyze`).set(college).expect(200);
      let outcome = submitted.body as { status: string; evaluation: unknown; review: unknown };
      for (const deadline = Date.now() + 90_000; outcome.status !== 'completed';) {
        if (outcome.status === 'failed' || Date.now() > deadline) throw new Error(`analysis ended ${outcome.status}`);
        await new Promise((resolve) => setTimeout(resolve, 250));
        outcome = (await apis[1].http.get(`/api/integrations/credentials/${id}`).set(college).expect(200)).body;
      }
      expect(outcome.evaluation).toMatchObject({ totalCredits: expect.any(Number), completedAt: expect.any(String) });

      await apis[0].http.post(`/api/admin/reviews/${id}/verify`).set(reviewer).send({}).expect(200);
      outcome = (await apis[1].http.get(`/api/integrations/credentials/${id}`).set(college).expect(200)).body;
      expect(outcome.review).toMatchObject({ decision: 'verified', awardedCredits: expect.any(Number) });

      await runWorkers();
      expect(records.rejected).toBe(0);
      // Deliveries go out in parallel: receivers get no order, only the events (ordered here for the comparison).
      expect(records.received.map((event) => `${event.type} ${String(event.data.credentialId)}`).sort()).toEqual([
        `evaluation.completed ${id}`,
        `review.verified ${id}`,
      ]);
      for (const event of records.received) expect(event.data.applicantId).toBe(submitted.body.applicantId);
    } finally {
      await records.stop();
    }
  });

  it('checks the address again at delivery: an endpoint whose host is now private is refused without a request', async () => {
    // As if its DNS changed after registration: the stored URL now points at the cloud metadata address.
    await apis[0]
      .em()
      .getConnection()
      .execute(`update webhook_endpoints set url = 'https://169.254.169.254/latest/meta-data' where id = ?`, [
        endpoint.endpoint.id,
      ]);
    const count = receiver.received.length;
    await buy(apis[1], 2000);
    await runWorkers();
    expect(receiver.received).toHaveLength(count);
    const log = (
      await apis[0].http.get(`/api/admin/webhook-endpoints/${endpoint.endpoint.id}/deliveries`).set(admin()).expect(200)
    ).body as WebhookDeliveryPage;
    expect(log.rows[0]).toMatchObject({
      status: 'pending',
      responseCode: null,
      lastError: expect.stringMatching(/not public/),
    });
  });

  it('turns off an endpoint that has failed for 5 days and mails the admins once', async () => {
    // The endpoint of the previous test now fails at every delivery (its address is refused); its run of failures is
    // made to have started six days ago.
    await apis[0]
      .em()
      .getConnection()
      .execute(`update webhook_endpoints set failing_since = now() - interval '6 days' where id = ?`, [
        endpoint.endpoint.id,
      ]);
    await buy(apis[0], 5000);
    await runWorkers();
    const listed = (await apis[0].http.get('/api/admin/webhook-endpoints').set(admin()).expect(200)).body as Array<{
      id: string;
      active: boolean;
      disabledReason: string | null;
    }>;
    expect(listed.find((item) => item.id === endpoint.endpoint.id)).toMatchObject({
      active: false,
      disabledReason: expect.stringMatching(/failed for 5 days/),
    });
    const mails = await apis[0]
      .em()
      .getConnection()
      .execute<Array<{ recipient: string }>>(
        `select recipient from outbox where template = 'webhook-endpoint-disabled'`,
      );
    expect(mails).toEqual([{ recipient: 'ops@example.com' }]);
    // Turned off, it gets no new deliveries; turned on again, it starts a new run without the old failures.
    const turnedOn = await apis[1].http
      .patch(`/api/admin/webhook-endpoints/${endpoint.endpoint.id}`)
      .set(admin())
      .send({ active: true })
      .expect(200);
    expect(turnedOn.body).toMatchObject({ active: true, disabledReason: null, failingSince: null });
  });
});
