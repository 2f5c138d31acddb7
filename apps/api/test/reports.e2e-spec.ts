import type { BusinessOverview, SavePromotionCodeRequest } from '@app/contracts';
import { RequestContext } from '@mikro-orm/postgresql';
import { AdminUsersService } from '../src/admin/admin-users.service';
import { InstallmentsService } from '../src/payments/installments.service';
import { startTestApi, type TestApi } from './support/test-app';

const PARTS = 'Parts Therapy Practitioner';
const RESILIENT = 'Resilient Child Training';
const PSYCHOSOMATIC = 'Psychosomatic Practitioner';
const DAY = 24 * 60 * 60 * 1000;
const GOOD = '4242 4242 4242 4242';
const DECLINED = '4000 0000 0000 0002';
const LATER_DECLINED = '4000 0000 0000 0341';

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('business overview', () => {
  let api: TestApi;
  let token: string;
  const auth = () => ({ Authorization: `Bearer ${token}` });

  beforeAll(async () => {
    api = await startTestApi({
      ADMIN_USERNAME: 'boss',
      ADMIN_PASSWORD: 'boss-password',
      ADMIN_LOGIN_ATTEMPTS_PER_MINUTE: '100',
    });
    token = (await api.http.post('/api/admin/login').send({ username: 'boss', password: 'boss-password' }).expect(200))
      .body.token;
  });

  afterAll(async () => {
    await api?.close();
  });

  async function buy(input: {
    trainingName?: string;
    paymentType: string;
    email: string;
    card: string;
    promotionCode?: string;
    bundle?: string[];
  }): Promise<string> {
    const created = input.bundle
      ? await api.http
          .post('/api/create-bundle-payment-intent')
          .send({ trainings: input.bundle, paymentType: input.paymentType })
          .expect(200)
      : await api.http
          .post('/api/create-payment-intent')
          .send({ trainingName: input.trainingName, paymentType: input.paymentType })
          .expect(200);
    const paymentIntentId: string = created.body.paymentIntentId;
    const buyer = { paymentIntentId, customerName: 'Row Buyer', customerEmail: input.email };
    if (input.bundle) {
      await api.http
        .post('/api/update-bundle-payment-intent')
        .send({
          ...buyer,
          trainings: input.bundle.map((name) => ({ name, cohortId: null })),
          promotionCode: input.promotionCode,
        })
        .expect(200);
    } else {
      await api.http
        .post('/api/update-payment-intent')
        .send({ ...buyer, cohortId: null, promotionCode: input.promotionCode })
        .expect(200);
    }
    await api.http
      .post('/api/payments/test-mode/confirm')
      .send({ paymentIntentId, cardNumber: input.card, expiry: '12/34', cvc: '123' })
      .expect(200);
    return paymentIntentId;
  }

  async function sql<T>(query: string, params: unknown[] = []): Promise<T[]> {
    return api.em().getConnection().execute<T[]>(query, params);
  }

  it('adds up to the enrollment rows to the cent after a month of purchases, installments, a decline and a refund', async () => {
    const code: SavePromotionCodeRequest = {
      code: 'MONTH20',
      discountType: 'percent',
      percentOff: 20,
      trainings: [],
      purchaseKinds: ['full', 'plans', 'bundles'],
      oncePerEmail: false,
      active: true,
    };
    await api.http.post('/api/admin/promotion-codes').set(auth()).send(code).expect(201);
    const cohort = await api.http
      .post('/api/admin/cohorts')
      .set(auth())
      .send({ trainingName: PSYCHOSOMATIC, cohortMonth: '2031-05', capacity: 4 })
      .expect(201);

    // The month: a purchase in full, two plans (one with the code), a bundle with the code, a declined checkout,
    // a plan whose later installment is declined, then the installments job twice and a refund.
    await buy({ trainingName: PARTS, paymentType: 'full', email: 'full@example.com', card: GOOD });
    await buy({
      trainingName: RESILIENT,
      paymentType: '3month',
      email: 'plan3@example.com',
      card: GOOD,
      promotionCode: 'month20',
    });
    await buy({ trainingName: PARTS, paymentType: '6month', email: 'plan6@example.com', card: GOOD });
    await buy({
      paymentType: 'bundle-2',
      bundle: [PARTS, RESILIENT],
      email: 'bundle@example.com',
      card: GOOD,
      promotionCode: 'MONTH20',
    });
    await buy({ trainingName: RESILIENT, paymentType: 'full', email: 'declined@example.com', card: DECLINED });
    await buy({ trainingName: RESILIENT, paymentType: '6month', email: 'late@example.com', card: LATER_DECLINED });
    const abandoned = await api.http
      .post('/api/create-payment-intent')
      .send({ trainingName: PARTS, paymentType: 'full' })
      .expect(200);
    expect(abandoned.body.paymentIntentId).toBeTruthy();
    await sql(
      `insert into cohort_waitlist_entries (id, cohort_id, name, email, created_at) values (gen_random_uuid(), ?, 'W', 'w@example.com', now())`,
      [cohort.body.id],
    );

    const installments = api.app.get(InstallmentsService);
    await installments.chargeDueInstallments(new Date(Date.now() + 32 * DAY));
    const [full] = await sql<{ id: string }>(`select id from enrollments where student_email = 'full@example.com'`);
    await api.http
      .post(`/api/admin/enrollments/${full?.id}/refund`)
      .set(auth())
      .send({ amountCents: 12345 })
      .expect(200);

    const overview = (await api.http.get('/api/admin/reports').set(auth()).expect(200)).body as BusinessOverview;

    // Collected, net of refunds: the months and the trainings each add up to the enrollment rows less the refunds.
    const [rows] = await sql<{ paid: string; refunded: string }>(
      `select (select sum(payment_amount) from enrollments) as paid, (select sum(amount) from payment_refunds) as refunded`,
    );
    const expectedNet = Number(rows?.paid) - Number(rows?.refunded);
    expect(Number(rows?.refunded)).toBe(12345);
    expect(sum(overview.collectedByMonth.map((r) => r.netCents))).toBe(expectedNet);
    expect(sum(overview.collectedByMonth.map((r) => r.refundedCents))).toBe(12345);
    expect(sum(overview.collectedByTraining.map((r) => r.netCents))).toBe(expectedNet);
    const perTraining = await sql<{ training_name: string; paid: string }>(
      `select training_name, sum(payment_amount) as paid from enrollments group by training_name`,
    );
    for (const row of perTraining) {
      const reported = overview.collectedByTraining.find((r) => r.trainingName === row.training_name);
      expect(reported?.chargedCents).toBe(Number(row.paid));
    }

    // Outstanding and scheduled, from the plans' rows.
    const plans = await sql<{
      plan_status: string;
      installments_total: number;
      installments_paid: number;
      amount: number;
      later_installment_amount: number | null;
    }>(`select plan_status, installments_total, installments_paid, amount, later_installment_amount from payments
        where installments_total > 1 and status = 'succeeded'`);
    const left = (p: (typeof plans)[number]) =>
      (p.installments_total - p.installments_paid) * (p.later_installment_amount ?? p.amount);
    const active = plans.filter((p) => p.plan_status === 'active');
    const pastDue = plans.filter((p) => p.plan_status === 'past_due');
    expect(pastDue).toHaveLength(1);
    expect(overview.pastDueCents).toBe(sum(pastDue.map(left)));
    expect(overview.outstandingCents).toBe(sum([...active, ...pastDue].map(left)));
    expect(sum(overview.scheduledByMonth.map((r) => r.cents))).toBe(sum(active.map(left)));
    expect(overview.pastDue).toHaveLength(1);
    expect(overview.pastDue[0]).toMatchObject({ installmentsPaid: 1, installmentsTotal: 6, trainings: RESILIENT });

    // Checkouts: 7 started (the abandoned one too), 5 paid; the declined one stays unpaid.
    expect(sum(overview.checkouts.map((r) => r.started))).toBe(7);
    expect(sum(overview.checkouts.map((r) => r.paid))).toBe(5);
    // The code: two paid uses.
    const month20 = overview.promotionCodes.find((r) => r.code === 'MONTH20');
    const [given] = await sql<{ discount: string }>(
      `select sum(discount_cents) as discount from payments where promotion_code = 'MONTH20' and status = 'succeeded'`,
    );
    expect(month20).toMatchObject({ uses: 2, discountCents: Number(given?.discount) });
    expect(overview.cohortFill).toContainEqual(
      expect.objectContaining({ cohortId: cohort.body.id, capacity: 4, seatsTaken: 0, waitlist: 1 }),
    );

    const csv = await api.http.get('/api/admin/reports/collected-by-month/csv').set(auth()).expect(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.text.split('\r\n')[0]).toBe('"Month","Charged","Refunded","Net"');
    await api.http.get('/api/admin/reports/everything/csv').set(auth()).expect(400);
  });

  it('answers evaluators 403 and strangers 401', async () => {
    await RequestContext.create(api.orm.em, () =>
      api.app.get(AdminUsersService).setPassword('eve', 'eve-password', 'evaluator'),
    );
    const eve = (
      await api.http.post('/api/admin/login').send({ username: 'eve', password: 'eve-password' }).expect(200)
    ).body.token;
    await api.http
      .get('/api/admin/reports')
      .set({ Authorization: `Bearer ${eve}` })
      .expect(403);
    await api.http
      .get('/api/admin/reports/checkouts/csv')
      .set({ Authorization: `Bearer ${eve}` })
      .expect(403);
    await api.http.get('/api/admin/reports').expect(401);
  });
});
