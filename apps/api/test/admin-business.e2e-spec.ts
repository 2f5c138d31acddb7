import type { AuditPage, Cohort, EnrollmentDetail, EnrollmentPage } from '@app/contracts';
import { CUSTOMER_FORM_MESSAGES, ENROLLMENT_ACTION_MESSAGES } from '@app/domain';
import { Enrollment } from '../src/enrollments/enrollment.entity';
import { InstallmentsService } from '../src/payments/installments.service';
import { COHORT_FULL_MESSAGE } from '../src/payments/checkout.service';
import { TRAINING_PRICES } from '../src/database/seeders/pricing.seeder';
import { startTestApi, type TestApi } from './support/test-app';

const PARTS = 'Parts Therapy Practitioner';
const RESILIENT = 'Resilient Child Training';
const DAY = 24 * 60 * 60 * 1000;
const card = (cardNumber: string) => ({ cardNumber, expiry: '12/34', cvc: '123' });

describe('admin panel business (test-mode payments)', () => {
  let api: TestApi;
  let token: string;
  /** One cohort without a limit a training: a training that has cohorts needs one chosen at checkout. */
  const open: Record<string, string> = {};
  const auth = () => ({ Authorization: `Bearer ${token}` });

  beforeAll(async () => {
    api = await startTestApi({
      ADMIN_USERNAME: 'boss',
      ADMIN_PASSWORD: 'boss-password',
      ADMIN_LOGIN_ATTEMPTS_PER_MINUTE: '100',
    });
    token = (await api.http.post('/api/admin/login').send({ username: 'boss', password: 'boss-password' }).expect(200))
      .body.token;
    for (const training of [PARTS, RESILIENT]) open[training] = (await createCohort(training, '2030-01')).id;
  });

  afterAll(async () => {
    await api?.close();
  });

  async function createCohort(trainingName: string, cohortMonth: string, capacity?: number): Promise<Cohort> {
    const response = await api.http
      .post('/api/admin/cohorts')
      .set(auth())
      .send({ trainingName, cohortMonth, capacity })
      .expect(201);
    return response.body as Cohort;
  }

  async function buy(trainingName: string, paymentType: string, cohortId: string | null, who: string) {
    const created = await api.http.post('/api/create-payment-intent').send({ trainingName, paymentType }).expect(200);
    const paymentIntentId: string = created.body.paymentIntentId;
    await api.http
      .post('/api/update-payment-intent')
      .send({
        paymentIntentId,
        customerName: who,
        customerEmail: `${who.toLowerCase().replace(/\W+/g, '.')}@example.com`,
        cohortId: cohortId ?? open[trainingName],
      })
      .expect(200);
    await api.http
      .post('/api/payments/test-mode/confirm')
      .send({ paymentIntentId, ...card('4242424242424242') })
      .expect(200);
    const enrollment = await api.em().findOneOrFail(Enrollment, { paymentIntentId });
    return { paymentIntentId, enrollmentId: enrollment.id };
  }

  const detail = async (id: string) =>
    (await api.http.get(`/api/admin/enrollments/${id}`).set(auth()).expect(200)).body as EnrollmentDetail;

  it('sells the last seat exactly once to 20 concurrent buyers; the others are refused before paying', async () => {
    const cohort = await createCohort(RESILIENT, '2031-01', 1);
    expect(cohort).toMatchObject({ capacity: 1, seatsLeft: 1 });
    const intents: string[] = [];
    for (let i = 0; i < 20; i++) {
      const created = await api.http
        .post('/api/create-payment-intent')
        .send({ trainingName: RESILIENT, paymentType: 'full' })
        .expect(200);
      intents.push(created.body.paymentIntentId);
    }
    // Twenty buyers, each from their own address (one client's newer checkout of a cohort replaces its earlier hold).
    const updates = await Promise.all(
      intents.map((paymentIntentId, i) =>
        api.http
          .post('/api/update-payment-intent')
          .set('X-Forwarded-For', `198.51.100.${i + 1}`)
          .send({
            paymentIntentId,
            customerName: `Buyer ${i}`,
            customerEmail: `buyer${i}@example.com`,
            cohortId: cohort.id,
          }),
      ),
    );
    expect(updates.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = updates.filter((r) => r.status === 409);
    expect(refused).toHaveLength(19);
    expect(refused[0].body.message).toBe(COHORT_FULL_MESSAGE);

    const confirms = await Promise.all(
      intents.map((paymentIntentId) =>
        api.http.post('/api/payments/test-mode/confirm').send({ paymentIntentId, ...card('4242424242424242') }),
      ),
    );
    expect(confirms.filter((r) => r.status === 200 && r.body.status === 'succeeded')).toHaveLength(1);
    expect(await api.em().count(Enrollment, { cohort: cohort.id })).toBe(1);

    const cohorts = (await api.http.get('/api/cohorts').query({ trainingName: RESILIENT }).expect(200))
      .body as Cohort[];
    expect(cohorts.find((c) => c.id === cohort.id)).toMatchObject({ capacity: 1, seatsLeft: 0 });

    // A full cohort takes a waitlist entry (once per email); a cohort with seats refuses one.
    const joined = await api.http
      .post(`/api/cohorts/${cohort.id}/waitlist`)
      .send({ name: 'Wanda Wait', email: 'wanda@example.com' })
      .expect(201);
    expect(joined.body).toEqual({ joined: true });
    await api.http
      .post(`/api/cohorts/${cohort.id}/waitlist`)
      .send({ name: 'Wanda Wait', email: 'WANDA@example.com' })
      .expect(201, { joined: false });
    await api.http.post(`/api/cohorts/${cohort.id}/waitlist`).send({ name: '', email: 'x@example.com' }).expect(400);
    // The waitlist form's rule (libs/domain customerFormSchema) answers per field, as the page shows it.
    const W = CUSTOMER_FORM_MESSAGES;
    const refusals = await Promise.all(
      [{ name: ' ', email: 'x@example.com' }, { name: 'Walt', email: 'walt@' }, { email: '' }].map((body) =>
        api.http.post(`/api/cohorts/${cohort.id}/waitlist`).send(body).expect(400),
      ),
    );
    expect(refusals.map((r) => r.body)).toEqual([
      { statusCode: 400, code: 'VALIDATION_FAILED', message: W.required, fieldErrors: { name: [W.required] } },
      { statusCode: 400, code: 'VALIDATION_FAILED', message: W.email, fieldErrors: { email: [W.email] } },
      {
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: W.required,
        fieldErrors: { name: [W.required], email: [W.required] },
      },
    ]);
    const open = await createCohort(RESILIENT, '2031-02', 5);
    await api.http
      .post(`/api/cohorts/${open.id}/waitlist`)
      .send({ name: 'Early', email: 'early@example.com' })
      .expect(409);
    const waitlist = await api.http
      .get('/api/admin/cohorts/waitlist')
      .query({ cohortId: cohort.id })
      .set(auth())
      .expect(200);
    expect(waitlist.body).toEqual([
      expect.objectContaining({ name: 'Wanda Wait', email: 'wanda@example.com', offeredAt: null }),
    ]);
    const offered = await api.http
      .post(`/api/admin/cohorts/waitlist/${waitlist.body[0].id}/offer`)
      .set(auth())
      .expect(200);
    expect(offered.body.offeredAt).not.toBeNull();

    // The admin cannot squeeze a manual entry past the capacity either, until it is raised.
    const manual = {
      studentName: 'Extra Seat',
      studentEmail: 'extra@example.com',
      trainingName: RESILIENT,
      cohortId: cohort.id,
      paymentType: 'full',
      paymentAmount: 0,
      enrollmentStatus: 'active',
      notes: null,
      isManualEntry: true,
    };
    await api.http.post('/api/admin/enrollments').set(auth()).send(manual).expect(409);
    await api.http.patch(`/api/admin/cohorts/${cohort.id}`).set(auth()).send({ capacity: -1 }).expect(400);
    const raised = await api.http
      .patch(`/api/admin/cohorts/${cohort.id}`)
      .set(auth())
      .send({ capacity: 2 })
      .expect(200);
    expect(raised.body).toMatchObject({ capacity: 2, seatsLeft: 1 });
    await api.http.post('/api/admin/enrollments').set(auth()).send(manual).expect(201);
  });

  it("shows a plan's money: '1 of 3 paid', then '2 of 3' after the next month's charge, with charges and Stripe ids", async () => {
    const { enrollmentId, paymentIntentId } = await buy(PARTS, '3month', null, 'Paula Plan');
    const monthly = TRAINING_PRICES.find((p) => p.trainingName === PARTS)!.threeMonthPrice;
    let view = await detail(enrollmentId);
    expect(view.enrollment).toMatchObject({
      billingStatus: 'active',
      progressLabel: '1 of 3 paid',
      paidCents: monthly,
      totalCents: monthly * 3,
      balanceCents: monthly * 2,
    });
    expect(view.enrollment.nextChargeAt).not.toBeNull();
    expect(view.payment?.charges).toEqual([
      expect.objectContaining({ installmentNumber: 1, providerPaymentId: paymentIntentId, status: 'succeeded' }),
    ]);
    expect(view.payment?.upcoming.map((u) => u.installmentNumber)).toEqual([2, 3]);

    await api.app.get(InstallmentsService).chargeDueInstallments(new Date(Date.now() + 32 * DAY));
    view = await detail(enrollmentId);
    expect(view.enrollment).toMatchObject({
      progressLabel: '2 of 3 paid',
      paidCents: monthly * 2,
      balanceCents: monthly,
    });
    expect(view.payment?.charges[1]).toMatchObject({
      installmentNumber: 2,
      status: 'succeeded',
      providerPaymentId: expect.stringMatching(/^pi_test_/),
    });

    const page = (
      await api.http.get('/api/admin/enrollments/search').query({ q: 'paula.plan@' }).set(auth()).expect(200)
    ).body as EnrollmentPage;
    expect(page.rows).toEqual([
      expect.objectContaining({ id: enrollmentId, progressLabel: '2 of 3 paid', billingStatus: 'active' }),
    ]);
  });

  it('moves a student to another cohort of the same training, keeping the payment and plan, and records it', async () => {
    const march = await createCohort(PARTS, '2031-03');
    const may = await createCohort(PARTS, '2031-05');
    const other = await createCohort(RESILIENT, '2031-05');
    const { enrollmentId, paymentIntentId } = await buy(PARTS, '6month', march.id, 'Mo Mover');
    const before = await detail(enrollmentId);

    await api.http
      .post(`/api/admin/enrollments/${enrollmentId}/move`)
      .set(auth())
      .send({ cohortId: other.id })
      .expect(400);
    await api.http
      .post(`/api/admin/enrollments/${enrollmentId}/move`)
      .set(auth())
      .send({ cohortId: march.id })
      .expect(400);
    const moved = (
      await api.http
        .post(`/api/admin/enrollments/${enrollmentId}/move`)
        .set(auth())
        .send({ cohortId: may.id })
        .expect(200)
    ).body as EnrollmentDetail;
    expect(moved.enrollment).toMatchObject({
      cohortId: may.id,
      cohortMonth: '2031-05',
      paymentAmount: before.enrollment.paymentAmount,
      progressLabel: '1 of 6 paid',
    });
    expect(moved.payment?.providerPaymentId).toBe(paymentIntentId);
    expect((await api.em().findOneOrFail(Enrollment, { id: enrollmentId })).paymentIntentId).toBe(paymentIntentId);

    const audit = (
      await api.http.get('/api/admin/audit-events').query({ entityId: enrollmentId }).set(auth()).expect(200)
    ).body as AuditPage;
    expect(audit.rows[0]).toMatchObject({
      action: 'enrollment.move',
      adminUsername: 'boss',
      changes: { cohortId: { from: march.id, to: may.id } },
    });
  });

  it('edits status and notes with the creation rules; cancelling stops the plan', async () => {
    const { enrollmentId } = await buy(PARTS, '3month', null, 'Ed Edit');
    await api.http
      .patch(`/api/admin/enrollments/${enrollmentId}`)
      .set(auth())
      .send({ enrollmentStatus: 'paused' })
      .expect(400);
    const wrongTraining = await createCohort(RESILIENT, '2031-07');
    await api.http
      .patch(`/api/admin/enrollments/${enrollmentId}`)
      .set(auth())
      .send({ cohortId: wrongTraining.id })
      .expect(400);
    const edited = (
      await api.http
        .patch(`/api/admin/enrollments/${enrollmentId}`)
        .set(auth())
        .send({ enrollmentStatus: 'cancelled', notes: '  Asked to stop  ' })
        .expect(200)
    ).body as EnrollmentDetail;
    expect(edited.enrollment).toMatchObject({
      enrollmentStatus: 'cancelled',
      notes: 'Asked to stop',
      billingStatus: 'cancelled',
      balanceCents: 0,
      nextChargeAt: null,
    });
    const audit = (
      await api.http
        .get('/api/admin/audit-events')
        .query({ entityId: enrollmentId, action: 'enrollment.update' })
        .set(auth())
        .expect(200)
    ).body as AuditPage;
    expect(audit.rows[0].changes).toEqual({
      enrollmentStatus: { from: 'active', to: 'cancelled' },
      notes: { from: null, to: 'Asked to stop' },
    });
  });

  it('refunds in test mode: partial, then the rest; more than is left is refused and changes nothing', async () => {
    const { enrollmentId, paymentIntentId } = await buy(RESILIENT, 'full', null, 'Rita Refund');
    const price = TRAINING_PRICES.find((p) => p.trainingName === RESILIENT)!.fullPaymentPrice;
    const tooMuch = await api.http
      .post(`/api/admin/enrollments/${enrollmentId}/refund`)
      .set(auth())
      .send({ amountCents: price + 1 })
      .expect(400);
    expect(tooMuch.body.message).toMatch(/more than is left to refund/);
    expect((await detail(enrollmentId)).enrollment).toMatchObject({ billingStatus: 'paid', refundedCents: 0 });

    const partial = (
      await api.http
        .post(`/api/admin/enrollments/${enrollmentId}/refund`)
        .set(auth())
        .send({ amountCents: 10000, reason: 'Missed a module' })
        .expect(200)
    ).body as EnrollmentDetail;
    expect(partial.enrollment).toMatchObject({
      billingStatus: 'refunded',
      enrollmentStatus: 'cancelled',
      refundedCents: 10000,
      paidCents: price - 10000,
    });
    expect(partial.payment?.refunds).toEqual([
      expect.objectContaining({ amountCents: 10000, providerPaymentId: paymentIntentId, reason: 'Missed a module' }),
    ]);
    const rest = (await api.http.post(`/api/admin/enrollments/${enrollmentId}/refund`).set(auth()).send({}).expect(200))
      .body as EnrollmentDetail;
    expect(rest.enrollment).toMatchObject({ refundedCents: price, paidCents: 0 });
    await api.http
      .post(`/api/admin/enrollments/${enrollmentId}/refund`)
      .set(auth())
      .send({ amountCents: 1 })
      .expect(400);

    const manual = await api.http
      .post('/api/admin/enrollments')
      .set(auth())
      .send({
        studentName: 'Cash Payer',
        studentEmail: 'cash@example.com',
        trainingName: PARTS,
        cohortId: null,
        paymentType: 'full',
        paymentAmount: 5000,
        enrollmentStatus: 'active',
        notes: null,
        isManualEntry: true,
      })
      .expect(201);
    const noCard = await api.http
      .post(`/api/admin/enrollments/${manual.body.id}/refund`)
      .set(auth())
      .send({})
      .expect(400);
    expect(noCard.body.message).toMatch(/no card payment/);
  });

  it("refuses a bad move or refund body field by field with the detail page's words, and changes nothing", async () => {
    const { enrollmentId } = await buy(RESILIENT, 'full', null, 'Bea Badbody');
    const refund = await api.http
      .post(`/api/admin/enrollments/${enrollmentId}/refund`)
      .set(auth())
      .send({ amountCents: 0, reason: 'x'.repeat(501) })
      .expect(400);
    expect(refund.body).toEqual({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: `${ENROLLMENT_ACTION_MESSAGES.refundAmount}; ${ENROLLMENT_ACTION_MESSAGES.refundReason}`,
      fieldErrors: {
        amountCents: [ENROLLMENT_ACTION_MESSAGES.refundAmount],
        reason: [ENROLLMENT_ACTION_MESSAGES.refundReason],
      },
    });
    const move = await api.http
      .post(`/api/admin/enrollments/${enrollmentId}/move`)
      .set(auth())
      .send({ cohortId: 'march' })
      .expect(400);
    expect(move.body.fieldErrors).toEqual({ cohortId: [ENROLLMENT_ACTION_MESSAGES.moveCohortId] });
    expect((await detail(enrollmentId)).enrollment).toMatchObject({ billingStatus: 'paid', refundedCents: 0 });
  });

  it('pages 50 rows at a time, sorts, and finds a student by email over 2,000 enrollments', async () => {
    await api
      .em()
      .getConnection()
      .execute(
        `insert into enrollments (id, student_name, student_email, training_name, cohort_id, payment_type, payment_amount,
         enrollment_status, notes, is_manual_entry, payment_intent_id, created_at)
       select gen_random_uuid(), 'Bulk Student ' || lpad(n::text, 4, '0'), 'bulk' || n || '@scale.example', 'Psychosomatic Practitioner',
         null, 'full', n * 100, 'active', null, true, null, timestamptz '2032-01-01' + n * interval '1 minute'
       from generate_series(1, 2000) n`,
      );
    const first = (
      await api.http.get('/api/admin/enrollments/search').query({ q: 'scale.example' }).set(auth()).expect(200)
    ).body as EnrollmentPage;
    expect(first).toMatchObject({ total: 2000, page: 1, pageSize: 50, pageCount: 40 });
    expect(first.rows).toHaveLength(50);
    expect(first.rows[0].studentEmail).toBe('bulk2000@scale.example');

    const third = (
      await api.http
        .get('/api/admin/enrollments/search')
        .query({ q: 'scale.example', page: 3, sort: 'studentName', direction: 'asc' })
        .set(auth())
        .expect(200)
    ).body as EnrollmentPage;
    expect(third.rows[0].studentName).toBe('Bulk Student 0101');
    expect(third.rows[49].studentName).toBe('Bulk Student 0150');

    const one = (
      await api.http.get('/api/admin/enrollments/search').query({ q: 'BULK1234@scale' }).set(auth()).expect(200)
    ).body as EnrollmentPage;
    expect(one.rows.map((r) => r.studentName)).toEqual(['Bulk Student 1234']);
    const literal = (await api.http.get('/api/admin/enrollments/search').query({ q: '%' }).set(auth()).expect(200))
      .body as EnrollmentPage;
    expect(literal.total).toBe(0);
    const byDate = (
      await api.http
        .get('/api/admin/enrollments/search')
        .query({ trainingName: 'Psychosomatic Practitioner', startDate: '2032-01-02', endDate: '2032-01-02' })
        .set(auth())
        .expect(200)
    ).body as EnrollmentPage;
    // Minutes 1440 to 2000 after 2032-01-01T00:00Z fall on 2 January.
    expect(byDate.total).toBe(561);
    await api.http.get('/api/admin/enrollments/search').query({ sort: 'password' }).set(auth()).expect(400);
    await api.http.get('/api/admin/enrollments/search').query({ page: 0 }).set(auth()).expect(400);

    // The spec's list is unchanged: every row, no paging.
    const all = await api.http
      .get('/api/admin/enrollments')
      .query({ trainingName: 'Psychosomatic Practitioner' })
      .set(auth())
      .expect(200);
    expect(all.body.length).toBeGreaterThanOrEqual(2000);
  });

  it('keeps a deleted enrollment in the audit trail, and records logins, cohorts and exports', async () => {
    const created = await api.http
      .post('/api/admin/enrollments')
      .set(auth())
      .send({
        studentName: 'Gone Soon',
        studentEmail: 'gone@example.com',
        trainingName: PARTS,
        cohortId: null,
        paymentType: 'full',
        paymentAmount: 100,
        enrollmentStatus: 'active',
        notes: null,
        isManualEntry: true,
      })
      .expect(201);
    await api.http.delete(`/api/admin/enrollments/${created.body.id}`).set(auth()).expect(204);
    const trail = (
      await api.http.get('/api/admin/audit-events').query({ entityId: created.body.id }).set(auth()).expect(200)
    ).body as AuditPage;
    expect(trail.rows.map((r) => r.action)).toEqual(['enrollment.delete', 'enrollment.create']);
    expect(trail.rows[0].changes).toMatchObject({
      deleted: { studentName: 'Gone Soon', studentEmail: 'gone@example.com', trainingName: PARTS },
    });

    const roster = await api.http
      .get('/api/admin/enrollments/roster.csv')
      .query({ q: 'rita.refund' })
      .set(auth())
      .expect(200);
    expect(roster.text).toBe(
      '"Student Name","Email","Training","Cohort","Payment Type","Paid","Balance","Status","Promotion Code","Discount"\r\n' +
        '"Rita Refund","rita.refund@example.com","Resilient Child Training","January 2030","Pay in Full","$0.00","$0.00","Refunded","",""\r\n',
    );
    for (const action of [
      'login',
      'cohort.create',
      'cohort.update',
      'waitlist.offer',
      'enrollment.refund',
      'export.roster',
    ]) {
      const page = (await api.http.get('/api/admin/audit-events').query({ action }).set(auth()).expect(200))
        .body as AuditPage;
      expect(page.total).toBeGreaterThan(0);
      expect(page.rows[0].adminUsername).toBe('boss');
    }
    await api.http.get('/api/admin/audit-events').query({ action: 'hack' }).set(auth()).expect(400);
    await api.http.get('/api/admin/audit-events').expect(401);
  });
});
