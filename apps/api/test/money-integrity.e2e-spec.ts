import type { AuditPage, EnrollmentDetail } from '@app/contracts';
import { Enrollment } from '../src/enrollments/enrollment.entity';
import { SchedulerRegistry } from '@nestjs/schedule';
import { InstallmentsService } from '../src/payments/installments.service';
import { TestModeReconcileScheduler } from '../src/payments/test-mode-reconcile.scheduler';
import { startTestApi, type TestApi } from './support/test-app';

const PSYCHOSOMATIC = 'Psychosomatic Practitioner';
const PARTS = 'Parts Therapy Practitioner';
const RESILIENT = 'Resilient Child Training';
const DAY = 24 * 60 * 60 * 1000;
const card = (cardNumber: string) => ({ cardNumber, expiry: '12/34', cvc: '123' });

/** Issue 25: money under concurrency (refunds, waitlist offers, stopped plans, seat holds, test-mode healing). */
describe('money integrity under a determined visitor (test-mode payments, real PostgreSQL)', () => {
  let api: TestApi;
  let token: string;
  const auth = () => ({ Authorization: `Bearer ${token}` });

  beforeAll(async () => {
    api = await startTestApi({
      ADMIN_USERNAME: 'treasurer',
      ADMIN_PASSWORD: 'treasurer-password',
      ADMIN_LOGIN_ATTEMPTS_PER_MINUTE: '100',
    });
    token = (
      await api.http
        .post('/api/admin/login')
        .send({ username: 'treasurer', password: 'treasurer-password' })
        .expect(200)
    ).body.token;
  });

  afterAll(async () => {
    await api?.close();
  });

  const sql = <T>(query: string, params: unknown[] = []) => api.em().getConnection().execute<T[]>(query, params, 'all');

  async function pay(paymentIntentId: string) {
    await api.http
      .post('/api/payments/test-mode/confirm')
      .send({ paymentIntentId, ...card('4242424242424242') })
      .expect(200);
    return (await api.em().find(Enrollment, { paymentIntentId }, { orderBy: { trainingName: 'asc' } })).map(
      (enrollment) => ({ id: enrollment.id, share: enrollment.paymentAmount, trainingName: enrollment.trainingName }),
    );
  }

  async function buyBundle(trainings: string[], who: string) {
    const created = await api.http
      .post('/api/create-bundle-payment-intent')
      .send({ trainings, paymentType: trainings.length === 3 ? 'bundle-3' : 'bundle-2' })
      .expect(200);
    const paymentIntentId: string = created.body.paymentIntentId;
    await api.http
      .post('/api/update-bundle-payment-intent')
      .send({
        paymentIntentId,
        customerName: who,
        customerEmail: `${who.toLowerCase().replace(/\W+/g, '.')}@example.com`,
        trainings: trainings.map((name) => ({ name, cohortId: null })),
      })
      .expect(200);
    return { paymentIntentId, enrollments: await pay(paymentIntentId) };
  }

  async function buySingle(trainingName: string, paymentType: string, who: string, cohortId: string | null = null) {
    const created = await api.http.post('/api/create-payment-intent').send({ trainingName, paymentType }).expect(200);
    const paymentIntentId: string = created.body.paymentIntentId;
    await api.http
      .post('/api/update-payment-intent')
      .send({
        paymentIntentId,
        customerName: who,
        customerEmail: `${who.toLowerCase().replace(/\W+/g, '.')}@example.com`,
        cohortId,
      })
      .expect(200);
    return { paymentIntentId, enrollments: await pay(paymentIntentId) };
  }

  const refund = (id: string, body: Record<string, unknown>) =>
    api.http.post(`/api/admin/enrollments/${id}/refund`).set(auth()).send(body);

  const auditCount = async (action: string, entityId: string) =>
    (
      (await api.http.get('/api/admin/audit-events').query({ action, entityId }).set(auth()).expect(200))
        .body as AuditPage
    ).total;

  const refundedTo = async (enrollmentId: string) =>
    Number(
      (
        await sql<{ total: string }>(
          'select coalesce(sum(amount), 0) as total from payment_refunds where enrollment_id = ?',
          [enrollmentId],
        )
      )[0].total,
    );

  describe('refunds decided under the payment row lock', () => {
    it('10 parallel partial refunds of one bundle enrollment never exceed its share; one audit event a refund made', async () => {
      const { paymentIntentId, enrollments } = await buyBundle([PSYCHOSOMATIC, PARTS], 'Bea Bundle');
      const [target, other] = enrollments;
      expect(target.share + other.share).toBe(369500);
      const part = 50000;
      const answers = await Promise.all(Array.from({ length: 10 }, () => refund(target.id, { amountCents: part })));
      const made = Math.floor(target.share / part);
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(made);
      expect(answers.filter((answer) => answer.status === 400)).toHaveLength(10 - made);
      expect(await refundedTo(target.id)).toBe(made * part);
      expect(await refundedTo(target.id)).toBeLessThanOrEqual(target.share);
      // The provider refunded exactly what was recorded, and the trail has one event a refund.
      const [intent] = await sql<{ refunded_amount: number }>(
        'select refunded_amount from test_mode_intents where id = ?',
        [paymentIntentId],
      );
      expect(Number(intent.refunded_amount)).toBe(made * part);
      expect(await auditCount('enrollment.refund', target.id)).toBe(made);

      // The rest of the target's share, and the other enrollment's whole share, are still refundable.
      const rest = (await refund(target.id, {}).expect(200)).body as EnrollmentDetail;
      expect(rest.enrollment.refundedCents).toBe(target.share);
      const whole = (await refund(other.id, {}).expect(200)).body as EnrollmentDetail;
      expect(whole.enrollment.refundedCents).toBe(other.share);
      await refund(other.id, { amountCents: 1 }).expect(400);
      expect(await sql('select id from payment_refund_requests where status = ?', ['pending'])).toEqual([]);
    });

    it('20 parallel full refunds make one refund and one audit event', async () => {
      const { paymentIntentId, enrollments } = await buySingle(PARTS, 'full', 'Fay Full');
      const [enrollment] = enrollments;
      const answers = await Promise.all(Array.from({ length: 20 }, () => refund(enrollment.id, {})));
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
      expect(answers.filter((answer) => answer.status === 400)).toHaveLength(19);
      expect(await sql('select id from payment_refunds where enrollment_id = ?', [enrollment.id])).toHaveLength(1);
      expect(await refundedTo(enrollment.id)).toBe(enrollment.share);
      const [intent] = await sql<{ refunded_amount: number }>(
        'select refunded_amount from test_mode_intents where id = ?',
        [paymentIntentId],
      );
      expect(Number(intent.refunded_amount)).toBe(enrollment.share);
      expect(await auditCount('enrollment.refund', enrollment.id)).toBe(1);
    });
  });

  async function createCohort(trainingName: string, cohortMonth: string, capacity?: number): Promise<string> {
    return (
      await api.http.post('/api/admin/cohorts').set(auth()).send({ trainingName, cohortMonth, capacity }).expect(201)
    ).body.id;
  }

  const manualEnrollment = (trainingName: string, cohortId: string | null, who: string) =>
    api.http
      .post('/api/admin/enrollments')
      .set(auth())
      .send({
        studentName: who,
        studentEmail: `${who.toLowerCase().replace(/\W+/g, '.')}@example.com`,
        trainingName,
        cohortId,
        paymentType: 'full',
        paymentAmount: 0,
        enrollmentStatus: 'active',
        notes: null,
        isManualEntry: true,
      });

  describe('waitlist offers', () => {
    it('10 parallel offers of one entry record one offer, one mail and one audit event', async () => {
      const cohortId = await createCohort(RESILIENT, '2033-01', 1);
      await manualEnrollment(RESILIENT, cohortId, 'Seated Sam').expect(201);
      await api.http
        .post(`/api/cohorts/${cohortId}/waitlist`)
        .send({ name: 'Wes Wait', email: 'wes@example.com' })
        .expect(201);
      const [entry] = (await api.http.get('/api/admin/cohorts/waitlist').query({ cohortId }).set(auth()).expect(200))
        .body as Array<{ id: string }>;
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => api.http.post(`/api/admin/cohorts/waitlist/${entry.id}/offer`).set(auth())),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
      const offeredAt = new Set(answers.map((answer) => answer.body.offeredAt));
      expect(offeredAt.size).toBe(1);
      expect([...offeredAt][0]).not.toBeNull();
      expect(await auditCount('waitlist.offer', cohortId)).toBe(1);
      expect(await sql('select id from outbox where key = ?', [`waitlist-offer:${entry.id}`])).toHaveLength(1);
      // Offering again later changes nothing either.
      await api.http.post(`/api/admin/cohorts/waitlist/${entry.id}/offer`).set(auth()).expect(200);
      expect(await auditCount('waitlist.offer', cohortId)).toBe(1);
      await api.http
        .post('/api/admin/cohorts/waitlist/00000000-0000-4000-8000-000000000000/offer')
        .set(auth())
        .expect(404);
    });
  });

  describe('stopped plans', () => {
    const succeededCharges = async (paymentIntentId: string) =>
      (
        await sql(
          `select i.installment_number from payment_installments i join payments p on p.id = i.payment_id
           where p.provider_payment_id = ? and i.status = 'succeeded'`,
          [paymentIntentId],
        )
      ).length;
    const detail = async (id: string) =>
      (await api.http.get(`/api/admin/enrollments/${id}`).set(auth()).expect(200)).body as EnrollmentDetail;
    const chargeMonthsLater = (months: number) =>
      api.app.get(InstallmentsService).chargeDueInstallments(new Date(Date.now() + months * 31 * DAY));
    const restart = (id: string) => api.http.post(`/api/admin/enrollments/${id}/restart-billing`).set(auth());

    it('reactivating a refunded plan charges nothing and it stays Refunded; only an explicit, audited restart charges again', async () => {
      const { paymentIntentId, enrollments } = await buySingle(PARTS, '3month', 'Ray Reactivate');
      const [enrollment] = enrollments;
      await refund(enrollment.id, { amountCents: 10000 }).expect(200);
      await api.http
        .patch(`/api/admin/enrollments/${enrollment.id}`)
        .set(auth())
        .send({ enrollmentStatus: 'active' })
        .expect(200);

      await chargeMonthsLater(1);
      expect(await succeededCharges(paymentIntentId)).toBe(1);
      const view = await detail(enrollment.id);
      expect(view.enrollment).toMatchObject({
        enrollmentStatus: 'active',
        billingStatus: 'refunded',
        balanceCents: 0,
        nextChargeAt: null,
      });
      expect(view.payment?.upcoming).toEqual([]);

      const restarted = (await restart(enrollment.id).expect(200)).body as EnrollmentDetail;
      expect(restarted.enrollment).toMatchObject({ billingStatus: 'active', balanceCents: enrollment.share * 2 });
      expect(await auditCount('enrollment.billing_restart', enrollment.id)).toBe(1);
      await restart(enrollment.id).expect(409);
      await chargeMonthsLater(1);
      expect(await succeededCharges(paymentIntentId)).toBe(2);
    });

    it('a cancelled plan reactivated by an edit is not charged, and says Cancelled with nothing owed', async () => {
      const { paymentIntentId, enrollments } = await buySingle(PSYCHOSOMATIC, '6month', 'Cara Cancel');
      const [enrollment] = enrollments;
      const edit = (enrollmentStatus: string) =>
        api.http.patch(`/api/admin/enrollments/${enrollment.id}`).set(auth()).send({ enrollmentStatus }).expect(200);
      await edit('cancelled');
      await edit('active');
      await chargeMonthsLater(2);
      expect(await succeededCharges(paymentIntentId)).toBe(1);
      expect((await detail(enrollment.id)).enrollment).toMatchObject({
        enrollmentStatus: 'active',
        billingStatus: 'cancelled',
        balanceCents: 0,
        nextChargeAt: null,
      });
      // Billing restarts only for an enrollment active again.
      await edit('cancelled');
      expect((await restart(enrollment.id).expect(409)).body.message).toMatch(/Reactivate the enrollment/);
    });
  });

  describe('seat holds that cannot be hoarded', () => {
    const seatsLeft = async (cohortId: string) =>
      (
        (await api.http.get('/api/cohorts').query({ trainingName: RESILIENT }).expect(200)).body as Array<{
          id: string;
          seatsLeft: number | null;
        }>
      ).find((cohort) => cohort.id === cohortId)?.seatsLeft;

    /** Create + update-payment-intent from one client (its address, as a loopback proxy reports it). */
    async function holdFrom(client: string, cohortId: string, who: string) {
      const created = await api.http
        .post('/api/create-payment-intent')
        .set('X-Forwarded-For', client)
        .send({ trainingName: RESILIENT, paymentType: 'full' })
        .expect(200);
      const update = await api.http
        .post('/api/update-payment-intent')
        .set('X-Forwarded-For', client)
        .send({
          paymentIntentId: created.body.paymentIntentId,
          customerName: who,
          customerEmail: `${who.toLowerCase().replace(/\W+/g, '.')}@example.com`,
          cohortId,
        });
      return { paymentIntentId: created.body.paymentIntentId as string, status: update.status };
    }

    it('3 anonymous checkouts against a 3-seat cohort leave seats for a real buyer, who gets one and pays', async () => {
      const cohortId = await createCohort(RESILIENT, '2034-01', 3);
      const hoarder = '203.0.113.66';
      const attempts = await Promise.all([1, 2, 3].map((n) => holdFrom(hoarder, cohortId, `Nobody ${n}`)));
      expect(attempts.map((attempt) => attempt.status)).toEqual([200, 200, 200]);
      // One client holds at most one seat of a cohort: its newest checkout's.
      expect(await seatsLeft(cohortId)).toBe(2);
      const holds = await sql<{ minutes: string }>(
        `select extract(epoch from expires_at - created_at) / 60 as minutes from cohort_seat_holds where cohort_id = ?`,
        [cohortId],
      );
      expect(holds).toHaveLength(1);
      expect(Number(holds[0].minutes)).toBeLessThanOrEqual(10.1);

      const buyer = await holdFrom('198.51.100.20', cohortId, 'Real Buyer');
      expect(buyer.status).toBe(200);
      expect(await seatsLeft(cohortId)).toBe(1);
      const [enrollment] = await pay(buyer.paymentIntentId);
      expect(enrollment.trainingName).toBe(RESILIENT);
      expect(await api.em().count(Enrollment, { cohort: cohortId })).toBe(1);
    });

    it('one client holds seats for at most two checkouts across cohorts; an invalid email holds nothing', async () => {
      const cohorts = [
        await createCohort(RESILIENT, '2034-02', 1),
        await createCohort(RESILIENT, '2034-03', 1),
        await createCohort(RESILIENT, '2034-04', 1),
      ];
      const hoarder = '203.0.113.77';
      for (const [n, cohortId] of cohorts.entries()) {
        expect((await holdFrom(hoarder, cohortId, `Spread ${n}`)).status).toBe(200);
      }
      // The oldest checkout's seat went back when the third was held.
      expect(await Promise.all(cohorts.map(seatsLeft))).toEqual([1, 0, 0]);
      const real = await holdFrom('198.51.100.21', cohorts[0], 'Second Buyer');
      expect(real.status).toBe(200);
      expect(await seatsLeft(cohorts[0])).toBe(0);

      const created = await api.http
        .post('/api/create-payment-intent')
        .send({ trainingName: RESILIENT, paymentType: 'full' })
        .expect(200);
      await api.http
        .post('/api/update-payment-intent')
        .send({
          paymentIntentId: created.body.paymentIntentId,
          customerName: 'X',
          customerEmail: 'x',
          cohortId: cohorts[1],
        })
        .expect(400);
      expect(
        await sql(
          'select h.id from cohort_seat_holds h join payments p on p.id = h.payment_id where p.provider_payment_id = ?',
          [created.body.paymentIntentId],
        ),
      ).toEqual([]);
    });
  });

  describe('test mode heals itself', () => {
    it('a succeeded test-mode intent whose confirmation was cut off is enrolled by the scheduler, once', async () => {
      const created = await api.http
        .post('/api/create-payment-intent')
        .send({ trainingName: PARTS, paymentType: 'full' })
        .expect(200);
      const paymentIntentId: string = created.body.paymentIntentId;
      await api.http
        .post('/api/update-payment-intent')
        .send({ paymentIntentId, customerName: 'Cut Off', customerEmail: 'cut.off@example.com', cohortId: null })
        .expect(200);
      // The card was charged, then the process stopped before the enrollment was written.
      await sql(`update test_mode_intents set status = 'succeeded', updated_at = now() where id = ?`, [
        paymentIntentId,
      ]);
      expect(await api.em().count(Enrollment, { paymentIntentId })).toBe(0);

      expect(api.app.get(SchedulerRegistry).getCronJob('test-mode-reconcile')).toBeDefined();
      const scheduler = api.app.get(TestModeReconcileScheduler);
      // A confirmation still within its grace period is left to finish on its own.
      expect(await scheduler.reconcileStranded(new Date())).toBe(0);
      const later = new Date(Date.now() + 2 * 60 * 1000);
      expect(await scheduler.reconcileStranded(later)).toBe(1);
      expect(await scheduler.reconcileStranded(later)).toBe(0);
      const enrollments = await api.em().find(Enrollment, { paymentIntentId });
      expect(enrollments).toHaveLength(1);
      expect(enrollments[0]).toMatchObject({ studentEmail: 'cut.off@example.com', trainingName: PARTS });
      const [payment] = await sql<{ status: string }>('select status from payments where provider_payment_id = ?', [
        paymentIntentId,
      ]);
      expect(payment.status).toBe('succeeded');
      expect(
        await sql('select id from outbox where payment_intent_id = ? and template = ?', [
          paymentIntentId,
          'purchase-confirmation',
        ]),
      ).toHaveLength(1);
      // The buyer's own success page, coming late, finds it enrolled and enrolls nothing more.
      await api.http.post('/api/payments/reconcile').send({ paymentIntentId }).expect(200);
      expect(await api.em().count(Enrollment, { paymentIntentId })).toBe(1);
    });
  });
});
