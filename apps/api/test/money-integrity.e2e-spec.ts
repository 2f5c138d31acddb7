import type { AuditPage, EnrollmentDetail } from '@app/contracts';
import { Enrollment } from '../src/enrollments/enrollment.entity';
import { InstallmentsService } from '../src/payments/installments.service';
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
      // Billing cannot restart while the enrollment is cancelled.
      expect((await restart(enrollment.id).expect(409)).body.message).toMatch(/Reactivate the enrollment/);
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
      for (const enrollmentStatus of ['cancelled', 'active']) {
        await api.http
          .patch(`/api/admin/enrollments/${enrollment.id}`)
          .set(auth())
          .send({ enrollmentStatus })
          .expect(200);
      }
      await chargeMonthsLater(2);
      expect(await succeededCharges(paymentIntentId)).toBe(1);
      expect((await detail(enrollment.id)).enrollment).toMatchObject({
        enrollmentStatus: 'active',
        billingStatus: 'cancelled',
        balanceCents: 0,
        nextChargeAt: null,
      });
    });
  });
});
