import { randomUUID } from 'node:crypto';
import { TransactionRunner } from '../src/database/transaction-runner';
import { CARD_UPDATE_FORM_MESSAGES, formatLongDateUtc } from '@app/domain';
import { AnalysisRepository } from '../src/analysis/analysis.repository';
import { Cohort } from '../src/cohorts/cohort.entity';
import { InstallmentsService } from '../src/payments/installments.service';
import { Payment } from '../src/payments/payment.entity';
import { InProcessMailWorker } from '../src/mail/mail-queue';
import { OutboxMail } from '../src/mail/outbox-mail.entity';
import { startFakeStripe, type FakeIntent, type FakeStripe } from './support/fake-stripe';
import { startMailCatcher, type CaughtMail, type MailCatcher } from '../../../tools/testing/mail-catcher';
import { startTestApi, type TestApi } from './support/test-app';
import { postStripeWebhook, priceOf, signedStripeEvent, stripeEnv, type SignedEvent } from './support/stripe-webhooks';

const WEBHOOK_SECRET = 'whsec_test_mail';
const PSYCHOSOMATIC = 'Psychosomatic Practitioner';
const PARTS = 'Parts Therapy Practitioner';
const RESILIENT = 'Resilient Child Training';
const WEB_URL = 'http://shop.example.test';
const DAY = 24 * 60 * 60 * 1000;

const to = (address: string) => (mails: CaughtMail[]) => mails.filter((m) => m.to.some((t) => t.address === address));

describe('mail: outbox, SMTP and the messages (MailDev as the SMTP server, Stripe through its SDK)', () => {
  let stripe: FakeStripe;
  let smtp: MailCatcher;
  let api: TestApi;
  let adminToken: string;
  /** A second past-due plan, for a SetupIntent that is not Dee's. */
  async function anotherPastDuePlanToken(): Promise<string> {
    stripe.declineOffSession('pm_other_declines');
    await buy(PSYCHOSOMATIC, '6month', { name: 'Oli Other', email: 'oli@example.com' }, 'pm_other_declines');
    await api.app.get(InstallmentsService).chargeDueInstallments(new Date(Date.now() + 32 * DAY));
    const mails = await smtp.waitFor((all) =>
      all.some((m) => m.to[0]?.address === 'oli@example.com' && m.subject.startsWith('Action needed')),
    );
    const declined = mails.find((m) => m.to[0]?.address === 'oli@example.com' && m.subject.startsWith('Action needed'));
    const match = /update-card\?token=([\w.%-]+)/.exec(declined?.text ?? '');
    if (!match) throw new Error('no link');
    return decodeURIComponent(match[1]);
  }

  beforeAll(async () => {
    [stripe, smtp] = await Promise.all([startFakeStripe(), startMailCatcher()]);
    api = await startTestApi({
      ...stripeEnv('mail', stripe, WEBHOOK_SECRET),
      SMTP_URL: smtp.smtpUrl,
      MAIL_FROM: 'Psychology Training Institute <billing@shop.example.test>',
      MAIL_RETRY_SECONDS: '1',
      WEB_URL,
      ADMIN_USERNAME: 'mail-admin',
      ADMIN_PASSWORD: 'mail-password',
    });
    adminToken = (
      await api.http.post('/api/admin/login').send({ username: 'mail-admin', password: 'mail-password' }).expect(200)
    ).body.token;
    const em = api.em();
    em.create(Cohort, { trainingName: PARTS, cohortMonth: '2027-03', createdAt: new Date() });
    em.create(Cohort, { trainingName: PSYCHOSOMATIC, cohortMonth: '2027-05', createdAt: new Date() });
    await em.flush();
  });

  afterAll(async () => {
    await api?.close();
    await Promise.all([stripe?.close(), smtp?.close()]);
  });

  function signedEvent(type: string, intent: FakeIntent) {
    return signedStripeEvent(WEBHOOK_SECRET, type, intent, `evt_${intent.id}_${type}`);
  }

  function postWebhook(event: SignedEvent) {
    return postStripeWebhook(api, event);
  }

  /** Checkout as the page does it; the intent is left for the test to succeed at Stripe. */
  async function checkout(
    trainingName: string,
    paymentType: string,
    buyer: { name: string; email: string },
  ): Promise<string> {
    const created = await api.http.post('/api/create-payment-intent').send({ trainingName, paymentType }).expect(200);
    const cohort = await api.em().findOne(Cohort, { trainingName });
    await api.http
      .post('/api/update-payment-intent')
      .send({
        paymentIntentId: created.body.paymentIntentId,
        customerName: buyer.name,
        customerEmail: buyer.email,
        cohortId: cohort?.id ?? null,
      })
      .expect(200);
    return created.body.paymentIntentId as string;
  }

  async function buy(
    trainingName: string,
    paymentType: string,
    buyer: { name: string; email: string },
    paymentMethod?: string,
  ) {
    const paymentIntentId = await checkout(trainingName, paymentType, buyer);
    await postWebhook(signedEvent('payment_intent.succeeded', stripe.succeed(paymentIntentId, paymentMethod))).expect(
      200,
    );
    return paymentIntentId;
  }

  const outboxOf = (paymentIntentId: string) =>
    api.em().find(OutboxMail, { paymentIntentId }, { orderBy: { createdAt: 'asc' } });

  /** The rows once none is still being sent: SMTP accepts a mail just before the worker records it as sent. */
  async function settledOutboxOf(paymentIntentId: string): Promise<OutboxMail[]> {
    for (const deadline = Date.now() + 10_000; ;) {
      const rows = await outboxOf(paymentIntentId);
      if (rows.every((row) => row.status !== 'sending') || Date.now() > deadline) return rows;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  describe('purchase confirmation', () => {
    it('mails the buyer the training, its cohort as month and year, the amount and the payment ID, with HTML and text parts', async () => {
      const paymentIntentId = await buy(PARTS, 'full', { name: 'Ana Full', email: 'ana@example.com' });
      const [mail] = to('ana@example.com')(await smtp.waitFor((mails) => to('ana@example.com')(mails).length === 1));
      expect(mail.subject).toBe(`Your purchase is confirmed: ${PARTS}`);
      expect(mail.from[0]).toEqual({ address: 'billing@shop.example.test', name: 'Psychology Training Institute' });
      for (const part of [mail.html, mail.text]) {
        expect(part).toContain('Ana Full');
        expect(part).toContain(PARTS);
        expect(part).toContain('March 2027');
        expect(part).toContain('$1,995');
        expect(part).toContain(paymentIntentId);
        expect(part).toContain('Psychology Training Institute');
      }
      expect(mail.html).toContain(`<img alt="Psychology Training Institute"`);
      expect(mail.html).toContain(`${WEB_URL}/logo.png`);
      const [row] = await settledOutboxOf(paymentIntentId);
      expect(row).toMatchObject({ status: 'sent', attempts: 1, key: expect.stringMatching(/^purchase-confirmation:/) });
      expect(row.smtpResponse).toMatch(/^250 /);
      expect(mail.headers['message-id']).toBe(`<outbox-${row.id}@shop.example.test>`);
    });

    it('lists for a plan the dates and amounts of the remaining installments', async () => {
      const monthly = priceOf(PSYCHOSOMATIC).threeMonthPrice;
      const before = new Date();
      await buy(PSYCHOSOMATIC, '3month', { name: 'Pat Plan', email: 'pat@example.com' }, 'pm_plan_ok');
      const [mail] = to('pat@example.com')(await smtp.waitFor((mails) => to('pat@example.com')(mails).length === 1));
      const day = (months: number) => {
        const d = new Date(Date.UTC(before.getUTCFullYear(), before.getUTCMonth() + months, 1));
        const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
        return `${d.toLocaleString('en-US', { month: 'long', timeZone: 'UTC' })} ${Math.min(before.getUTCDate(), last)}, ${d.getUTCFullYear()}`;
      };
      expect(mail.text).toContain('May 2027');
      expect(mail.text).toContain('first of 3 monthly installments');
      expect(mail.text).toContain(`Installment 2`);
      expect(mail.text).toContain(`${day(1)}: $916.67`);
      expect(mail.text).toContain(`Installment 3`);
      expect(mail.text).toContain(`${day(2)}: $916.67`);
      expect(mail.html).toContain(`${day(2)}: $916.67`);
      expect(monthly).toBe(91667);
    });

    it('sends one confirmation for a replayed event and for 10 concurrent deliveries of the same event', async () => {
      const replayed = await checkout(RESILIENT, 'full', { name: 'Rey Replay', email: 'rey@example.com' });
      const replayEvent = signedEvent('payment_intent.succeeded', stripe.succeed(replayed));
      for (let i = 0; i < 3; i += 1) await postWebhook(replayEvent).expect(200);

      const raced = await checkout(RESILIENT, 'full', { name: 'Cy Concurrent', email: 'cy@example.com' });
      const raceEvent = signedEvent('payment_intent.succeeded', stripe.succeed(raced));
      await Promise.all([
        ...Array.from({ length: 10 }, () => postWebhook(raceEvent).expect(200)),
        api.http.post('/api/payments/reconcile').send({ paymentIntentId: raced }).expect(200),
      ]);
      await smtp.waitFor(
        (mails) => to('rey@example.com')(mails).length >= 1 && to('cy@example.com')(mails).length >= 1,
      );
      await postWebhook(raceEvent).expect(200);
      await api.app.get(InProcessMailWorker).tick();
      expect(await outboxOf(replayed)).toHaveLength(1);
      expect(await outboxOf(raced)).toHaveLength(1);
      const mails = await smtp.messages();
      expect(to('rey@example.com')(mails)).toHaveLength(1);
      expect(to('cy@example.com')(mails)).toHaveLength(1);
    });

    it('keeps the mails of purchases made while SMTP is down and sends each once it is back', async () => {
      await smtp.stop();
      const buyers = ['down1@example.com', 'down2@example.com', 'down3@example.com'];
      const intents = [];
      for (const [i, email] of buyers.entries())
        intents.push(await buy(PARTS, 'full', { name: `Down ${i + 1}`, email }));
      // The worker keeps trying and failing while the server is away; each failure is recorded with its error.
      const deadline = Date.now() + 20_000;
      for (;;) {
        const rows = (await Promise.all(intents.map(outboxOf))).flat();
        if (rows.length === 3 && rows.every((row) => row.attempts >= 2 && row.status === 'pending' && row.lastError))
          break;
        if (Date.now() > deadline) throw new Error(`Outbox rows did not retry: ${JSON.stringify(rows)}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      await smtp.start();
      const mails = await smtp.waitFor((all) => buyers.every((email) => to(email)(all).length >= 1));
      for (const email of buyers) expect(to(email)(mails)).toHaveLength(1);
      const rows = (await Promise.all(intents.map(settledOutboxOf))).flat();
      expect(rows.map((row) => row.status)).toEqual(['sent', 'sent', 'sent']);
      await api.app.get(InProcessMailWorker).tick();
      for (const email of buyers) expect(to(email)(await smtp.messages())).toHaveLength(1);
    });
  });

  describe('restarts', () => {
    it('sends once a mail whose worker died mid-send, when its lease runs out, and leaves a live lease alone', async () => {
      const insert = (key: string, recipient: string, lease: string) =>
        api
          .em()
          .getConnection()
          .execute(
            `insert into outbox (id, key, recipient, template, subject, data, status, attempts, next_attempt_at, lease_until,
               created_at, updated_at)
             values (?, ?, ?, 'sign-in-link', 'Your sign-in link', ?::jsonb, 'sending', 1, now(), now() + ?::interval, now(), now())`,
            [
              randomUUID(),
              key,
              recipient,
              JSON.stringify({ path: '/evaluation/sign-in?token=abc', expiresInMinutes: 15 }),
              lease,
            ],
          );
      await insert('restart:dead-worker', 'dead-worker@example.com', '-1 second');
      await insert('restart:live-worker', 'live-worker@example.com', '10 minutes');
      const [mail] = to('dead-worker@example.com')(
        await smtp.waitFor((all) => to('dead-worker@example.com')(all).length === 1),
      );
      expect(mail.text).toContain(`${WEB_URL}/evaluation/sign-in?token=abc`);
      await api.app.get(InProcessMailWorker).tick();
      const mails = await smtp.messages();
      expect(to('dead-worker@example.com')(mails)).toHaveLength(1);
      expect(to('live-worker@example.com')(mails)).toHaveLength(0);
      const restartRows = () => api.em().find(OutboxMail, { key: { $like: 'restart:%' } }, { orderBy: { key: 'asc' } });
      let rows = await restartRows();
      // SMTP accepted the dead worker's mail just before the worker that took it over records it as sent.
      for (const deadline = Date.now() + 10_000; rows[0]?.status === 'sending' && Date.now() < deadline;) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        rows = await restartRows();
      }
      expect(rows.map((row) => [row.key, row.status, row.attempts])).toEqual([
        ['restart:dead-worker', 'sent', 2],
        ['restart:live-worker', 'sending', 1],
      ]);
    });
  });

  describe('installments, the update-card link and the evaluation', () => {
    const installments = () => api.app.get(InstallmentsService);
    const linkIn = (mail: CaughtMail) => {
      const match = /http:\/\/shop\.example\.test\/billing\/update-card\?token=([\w.%-]+)/.exec(mail.text);
      if (!match) throw new Error(`No update-card link in: ${mail.text}`);
      return decodeURIComponent(match[1]);
    };

    it('mails a receipt for each month and the paid-in-full mail after the last', async () => {
      const paymentIntentId = await buy(
        RESILIENT,
        '3month',
        { name: 'Rita Receipt', email: 'rita@example.com' },
        'pm_rita_ok',
      );
      expect(
        (await installments().chargeDueInstallments(new Date(Date.now() + 32 * DAY))).charged,
      ).toBeGreaterThanOrEqual(1);
      expect(
        (await installments().chargeDueInstallments(new Date(Date.now() + 63 * DAY))).charged,
      ).toBeGreaterThanOrEqual(1);
      const mails = to('rita@example.com')(await smtp.waitFor((all) => to('rita@example.com')(all).length === 4));
      const subjects = mails.map((m) => m.subject).sort();
      expect(subjects).toEqual([
        `Paid in full: ${RESILIENT}`,
        'Receipt: installment 2 of 3 ($516.67)',
        'Receipt: installment 3 of 3 ($516.67)',
        `Your purchase is confirmed: ${RESILIENT}`,
      ]);
      const second = mails.find((m) => m.subject.startsWith('Receipt: installment 2'));
      expect(second?.text).toContain('Next installment');
      const done = mails.find((m) => m.subject.startsWith('Paid in full'));
      expect(done?.text).toContain('all 3 installments');
      expect(done?.text).toContain('$1,550.01');
      expect((await settledOutboxOf(paymentIntentId)).map((row) => row.status)).toEqual([
        'sent',
        'sent',
        'sent',
        'sent',
      ]);
    });

    it('mails a declined installment with the amount and a signed link; a new card on that page pays it and the plan is active again', async () => {
      stripe.declineOffSession('pm_dee_declines');
      const paymentIntentId = await buy(
        PARTS,
        '3month',
        { name: 'Dee Decline', email: 'dee@example.com' },
        'pm_dee_declines',
      );
      const runAt = new Date(Date.now() + 32 * DAY);
      expect((await installments().chargeDueInstallments(runAt)).failed).toBeGreaterThanOrEqual(1);
      const declined = to('dee@example.com')(await smtp.waitFor((all) => to('dee@example.com')(all).length === 2)).find(
        (m) => m.subject.startsWith('Action needed'),
      );
      if (!declined) throw new Error('no declined mail');
      expect(declined.subject).toBe('Action needed: installment 2 of 3 was declined');
      expect(declined.text).toContain('$716.67');
      expect(declined.text).toContain(`Next attempt`);
      expect(declined.text).toContain(formatLongDateUtc(new Date(runAt.getTime() + 3 * DAY)));
      expect(declined.html).toContain('Update your card');
      const token = linkIn(declined);

      await api.http
        .get('/api/billing/update-card')
        .query({ token: `${token}x` })
        .expect(403);
      await api.http.get('/api/billing/update-card').query({ token: 'not-a-token' }).expect(403);
      await api.http.get('/api/billing/update-card').expect(400);
      // A bad body is refused field by field with the update-card form's words (libs/domain card-update-form.ts).
      const badBody = await api.http.post('/api/billing/update-card').send({ token: ' ', cvc: '12345' }).expect(400);
      expect(badBody.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        fieldErrors: { token: [CARD_UPDATE_FORM_MESSAGES.token], cvc: [CARD_UPDATE_FORM_MESSAGES.cvc] },
      });
      const plan = await api.http.get('/api/billing/update-card').query({ token }).expect(200);
      expect(plan.body).toMatchObject({
        trainings: [PARTS],
        installmentsTotal: 3,
        installmentsPaid: 1,
        installmentAmount: 71667,
        amountDue: 71667,
        planStatus: 'past_due',
        testMode: false,
        publishableKey: 'pk_test_mail',
        setupClientSecret: expect.stringMatching(/^seti_.+_secret_/),
      });
      const payment = await api.em().findOneOrFail(Payment, { providerPaymentId: paymentIntentId });
      const setupId = (plan.body.setupClientSecret as string).split('_secret_')[0];
      expect(stripe.setupIntents.get(setupId)).toMatchObject({
        customer: payment.providerCustomerId,
        usage: 'off_session',
        metadata: { paymentRecordId: payment.id },
      });

      // Not yet confirmed in the browser: nothing is charged.
      const unconfirmed = await api.http
        .post('/api/billing/update-card')
        .send({ token, setupIntentId: setupId })
        .expect(200);
      expect(unconfirmed.body).toMatchObject({
        planStatus: 'past_due',
        installmentsPaid: 1,
        message: 'The card was not saved (requires payment method)',
      });
      // Another plan's SetupIntent cannot change this plan's card.
      const other = await api.http
        .get('/api/billing/update-card')
        .query({ token: await anotherPastDuePlanToken() })
        .expect(200);
      const otherSetup = (other.body.setupClientSecret as string).split('_secret_')[0];
      stripe.confirmSetup(otherSetup, 'pm_someone_else');
      await api.http.post('/api/billing/update-card').send({ token, setupIntentId: otherSetup }).expect(400);

      stripe.confirmSetup(setupId, 'pm_dee_new_card');
      const [updated] = await Promise.all([
        api.http.post('/api/billing/update-card').send({ token, setupIntentId: setupId }),
        api.http.post('/api/billing/update-card').send({ token, setupIntentId: setupId }),
      ]).then((answers) => answers.sort((a, b) => a.status - b.status));
      expect(updated.status).toBe(200);
      expect(updated.body).toEqual({ planStatus: 'active', installmentsPaid: 2, installmentsTotal: 3, message: null });
      const charges = stripe.requests.filter(
        (r) => r.path === '/v1/payment_intents' && r.form.payment_method === 'pm_dee_new_card',
      );
      expect(charges.map((c) => c.idempotencyKey)).toEqual(
        charges.map(() => `installment-${payment.id}-2-pm_dee_new_card`),
      );
      const succeeded = [...stripe.intents.values()].filter(
        (i) => i.payment_method === 'pm_dee_new_card' && i.status === 'succeeded',
      );
      expect(succeeded).toHaveLength(1);
      expect(await api.em().findOneOrFail(Payment, { id: payment.id })).toMatchObject({
        planStatus: 'active',
        installmentsPaid: 2,
        providerPaymentMethodId: 'pm_dee_new_card',
      });
      const enrollments = await api.http
        .get('/api/admin/enrollments')
        .set('Authorization', `Bearer ${adminToken}`)
        .expect(200);
      expect(
        (enrollments.body as Array<{ studentEmail: string }>).find((e) => e.studentEmail === 'dee@example.com'),
      ).toMatchObject({
        pastDue: false,
        installmentsPaid: 2,
        installmentsTotal: 3,
      });
      await smtp.waitFor((all) =>
        to('dee@example.com')(all).some((m) => m.subject === 'Receipt: installment 2 of 3 ($716.67)'),
      );
      // The next month is charged to the new card by the scheduler.
      expect(
        (await installments().chargeDueInstallments(new Date(Date.now() + 63 * DAY))).charged,
      ).toBeGreaterThanOrEqual(1);
      const again = await api.http.get('/api/billing/update-card').query({ token }).expect(200);
      expect(again.body).toMatchObject({ planStatus: 'completed', amountDue: 0 });
    });

    it('mails the applicant whose credential finished its analysis, once', async () => {
      const em = api.em();
      const credentialId = randomUUID();
      const started = new Date();
      // An applicant who signed in by email link: the owner's address is the one told.
      const ownerId = randomUUID();
      await em
        .getConnection()
        .execute(`insert into applicants (id, email, created_at) values (?, 'applicant@example.com', now())`, [
          ownerId,
        ]);
      await em.getConnection().execute(
        `insert into credentials (id, name, owner_id, status, analysis_started_at, created_at, updated_at)
         values (?, 'MSc Counselling', ?, 'analyzing', ?, now(), now())`,
        [credentialId, ownerId, started],
      );
      const repository = api.app.get(AnalysisRepository);
      const tx = api.app.get(TransactionRunner);
      expect(await tx.run((em) => repository.markCompleted(em, credentialId, started))).toBe(true);
      expect(await tx.run((em) => repository.markCompleted(em, credentialId, started))).toBe(false);
      const [mail] = to('applicant@example.com')(
        await smtp.waitFor((all) => to('applicant@example.com')(all).length === 1),
      );
      expect(mail.subject).toBe('Your evaluation of MSc Counselling is ready');
      expect(mail.text).toContain(`${WEB_URL}/evaluation?credential=${credentialId}`);
      expect(mail.html).toContain('See the results');
    });
  });

  describe('admin', () => {
    it('lists the mails of an enrollment and resends a failed one; other admin routes refuse without a token', async () => {
      const paymentIntentId = await buy(RESILIENT, 'full', { name: 'Ad Min', email: 'admin-list@example.com' });
      await smtp.waitFor((mails) => to('admin-list@example.com')(mails).length === 1);
      const enrollments = await api.http
        .get('/api/admin/enrollments')
        .set('Authorization', `Bearer ${adminToken}`)
        .expect(200);
      const enrollment = (enrollments.body as Array<{ id: string; studentEmail: string }>).find(
        (e) => e.studentEmail === 'admin-list@example.com',
      );
      if (!enrollment) throw new Error('no enrollment');
      await api.http.get(`/api/admin/enrollments/${enrollment.id}/mails`).expect(401);
      const listed = await api.http
        .get(`/api/admin/enrollments/${enrollment.id}/mails`)
        .set('Authorization', `Bearer ${adminToken}`)
        .expect(200);
      expect(listed.body).toEqual([
        expect.objectContaining({
          kind: 'purchase-confirmation',
          recipient: 'admin-list@example.com',
          subject: `Your purchase is confirmed: ${RESILIENT}`,
          status: 'sent',
          sentAt: expect.any(String),
          smtpResponse: expect.stringMatching(/^250 /),
        }),
      ]);
      const mailId = listed.body[0].id as string;
      const notFailed = await api.http
        .post(`/api/admin/mails/${mailId}/resend`)
        .set('Authorization', `Bearer ${adminToken}`)
        .expect(409);
      expect(notFailed.body).toMatchObject({ statusCode: 409, message: 'Only a failed mail can be resent' });
      await api.http
        .post('/api/admin/mails/not-a-uuid/resend')
        .set('Authorization', `Bearer ${adminToken}`)
        .expect(400);

      const em = api.em();
      await em.nativeUpdate(OutboxMail, { id: mailId }, { status: 'failed', lastError: '550 mailbox unavailable' });
      await api.http.post(`/api/admin/mails/${mailId}/resend`).expect(401);
      await api.http.post(`/api/admin/mails/${mailId}/resend`).set('Authorization', `Bearer ${adminToken}`).expect(204);
      await smtp.waitFor((mails) => to('admin-list@example.com')(mails).length === 2);
      const [row] = await settledOutboxOf(paymentIntentId);
      expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    });
  });

  describe('waitlist', () => {
    it('mails the seat offer to the waitlisted person once, however often the admin offers it', async () => {
      // Last in the file: checkouts above find their cohort by training, and this adds a second one.
      const em = api.em();
      const cohort = em.create(Cohort, {
        trainingName: RESILIENT,
        cohortMonth: '2027-09',
        capacity: 0,
        createdAt: new Date(),
      });
      await em.flush();
      await api.http
        .post(`/api/cohorts/${cohort.id}/waitlist`)
        .send({ name: 'Wanda Wait', email: 'wanda@example.com' })
        .expect(201);
      const [entry] = (
        await api.http
          .get('/api/admin/cohorts/waitlist')
          .query({ cohortId: cohort.id })
          .set('authorization', `Bearer ${adminToken}`)
          .expect(200)
      ).body as Array<{ id: string }>;
      const offer = () =>
        api.http
          .post(`/api/admin/cohorts/waitlist/${entry.id}/offer`)
          .set('authorization', `Bearer ${adminToken}`)
          .expect(200);
      await offer();
      const [mail] = to('wanda@example.com')(await smtp.waitFor((all) => to('wanda@example.com')(all).length === 1));
      expect(mail.subject).toBe('A seat is open for you: Resilient Child Training, September 2027');
      expect(mail.text).toContain('Hello Wanda Wait, a seat opened in Resilient Child Training, September 2027');
      expect(mail.text).toContain(`${WEB_URL}/paymentplan`);
      expect(mail.html).toContain(`href="${WEB_URL}/paymentplan"`);

      // A second offer records its time again; the outbox already holds this entry's mail, so nothing more is sent.
      expect((await offer()).body.offeredAt).not.toBeNull();
      const rows = await em.fork().find(OutboxMail, { recipient: 'wanda@example.com' });
      expect(rows.map((row) => row.template)).toEqual(['waitlist-offer']);
      expect(to('wanda@example.com')(await smtp.messages())).toHaveLength(1);
    });
  });
});
