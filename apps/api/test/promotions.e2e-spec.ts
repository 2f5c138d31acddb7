import type {
  AuditPage,
  EnrollmentDetail,
  EnrollmentPage,
  PromotionCode,
  SavePromotionCodeRequest,
} from '@app/contracts';
import { RequestContext } from '@mikro-orm/postgresql';
import { AdminUsersService } from '../src/admin/admin-users.service';
import { InstallmentsService } from '../src/payments/installments.service';
import { Payment } from '../src/payments/payment.entity';
import { startTestApi, type TestApi } from './support/test-app';

const PARTS = 'Parts Therapy Practitioner';
const RESILIENT = 'Resilient Child Training';
const DAY = 24 * 60 * 60 * 1000;
const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
const DECLINED_CARD = { ...GOOD_CARD, cardNumber: '4000 0000 0000 0002' };

function day(offsetDays: number): string {
  return new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);
}

describe('promotion codes (test-mode payments)', () => {
  let api: TestApi;
  let token: string;
  let evaluatorToken: string;
  const auth = () => ({ Authorization: `Bearer ${token}` });

  beforeAll(async () => {
    api = await startTestApi({
      ADMIN_USERNAME: 'boss',
      ADMIN_PASSWORD: 'boss-password',
      ADMIN_LOGIN_ATTEMPTS_PER_MINUTE: '100',
    });
    await RequestContext.create(api.orm.em, () =>
      api.app.get(AdminUsersService).setPassword('eve', 'eve-password', 'evaluator'),
    );
    token = (await api.http.post('/api/admin/login').send({ username: 'boss', password: 'boss-password' }).expect(200))
      .body.token;
    evaluatorToken = (
      await api.http.post('/api/admin/login').send({ username: 'eve', password: 'eve-password' }).expect(200)
    ).body.token;
  });

  afterAll(async () => {
    await api?.close();
  });

  function code(overrides: Partial<SavePromotionCodeRequest> = {}): SavePromotionCodeRequest {
    return {
      code: `C${Math.random().toString(36).slice(2, 10)}`,
      discountType: 'percent',
      percentOff: 20,
      amountOffCents: null,
      trainings: [],
      purchaseKinds: ['full', 'plans', 'bundles'],
      validFrom: null,
      validUntil: null,
      maxUses: null,
      oncePerEmail: false,
      active: true,
      ...overrides,
    };
  }

  async function createCode(overrides: Partial<SavePromotionCodeRequest> = {}): Promise<PromotionCode> {
    return (await api.http.post('/api/admin/promotion-codes').set(auth()).send(code(overrides)).expect(201)).body;
  }

  async function startCheckout(paymentType = 'full', trainingName = PARTS): Promise<string> {
    const created = await api.http.post('/api/create-payment-intent').send({ trainingName, paymentType }).expect(200);
    return created.body.paymentIntentId;
  }

  function details(paymentIntentId: string, promotionCode: string | null, email = 'buyer@example.com') {
    return api.http
      .post('/api/update-payment-intent')
      .send({ paymentIntentId, customerName: 'Pat Buyer', customerEmail: email, cohortId: null, promotionCode });
  }

  function confirm(paymentIntentId: string, card = GOOD_CARD) {
    return api.http
      .post('/api/payments/test-mode/confirm')
      .send({ paymentIntentId, ...card })
      .expect(200);
  }

  async function redemptions(codeText: string): Promise<number> {
    const [row] = await api
      .em()
      .getConnection()
      .execute<Array<{ n: string }>>(
        `select count(*) as n from promotion_redemptions r join promotion_codes c on c.id = r.promotion_code_id
         where c.code = ?`,
        [codeText],
      );
    return Number(row?.n ?? 0);
  }

  it('lets an admin create, edit and deactivate a code, each change audited; evaluators get 403', async () => {
    const created = await createCode({ code: 'Spring20', percentOff: 20 });
    expect(created).toMatchObject({ code: 'Spring20', discountType: 'percent', percentOff: 20, active: true, uses: 0 });
    // Unique whatever the case.
    const duplicate = await api.http
      .post('/api/admin/promotion-codes')
      .set(auth())
      .send(code({ code: 'SPRING20' }))
      .expect(409);
    expect(duplicate.body.fieldErrors).toEqual({ code: ['This code already exists'] });
    const bad = await api.http
      .post('/api/admin/promotion-codes')
      .set(auth())
      .send(code({ percentOff: 150, purchaseKinds: [] }))
      .expect(400);
    expect(Object.keys(bad.body.fieldErrors).sort()).toEqual(['percentOff', 'purchaseKinds']);

    const edited = (
      await api.http
        .put(`/api/admin/promotion-codes/${created.id}`)
        .set(auth())
        .send(code({ code: 'Spring20', discountType: 'fixed', amountOffCents: 5000, maxUses: 3 }))
        .expect(200)
    ).body as PromotionCode;
    expect(edited).toMatchObject({ discountType: 'fixed', amountOffCents: 5000, percentOff: null, maxUses: 3 });
    const off = (await api.http.post(`/api/admin/promotion-codes/${created.id}/deactivate`).set(auth()).expect(200))
      .body as PromotionCode;
    expect(off.active).toBe(false);

    const audit = (
      await api.http.get('/api/admin/audit-events').query({ entityId: created.id }).set(auth()).expect(200)
    ).body as AuditPage;
    expect(audit.rows.map((row) => row.action).sort()).toEqual([
      'promotion.create',
      'promotion.deactivate',
      'promotion.update',
    ]);

    const evaluator = { Authorization: `Bearer ${evaluatorToken}` };
    await api.http.get('/api/admin/promotion-codes').set(evaluator).expect(403);
    await api.http.post('/api/admin/promotion-codes').set(evaluator).send(code()).expect(403);
    await api.http.post(`/api/admin/promotion-codes/${created.id}/deactivate`).set(evaluator).expect(403);
    await api.http.get('/api/admin/promotion-codes').expect(401);
  });

  it('50 buyers racing for a code limited to 10 uses give exactly 10 discounted purchases', async () => {
    const limited = await createCode({ maxUses: 10, percentOff: 10 });
    const intents = await Promise.all(Array.from({ length: 50 }, () => startCheckout('full')));
    const answers = await Promise.all(
      intents.map((id, i) => details(id, limited.code.toLowerCase(), `racer${i}@example.com`)),
    );
    const accepted = intents.filter((_, i) => answers[i]?.status === 200);
    const refused = answers.filter((answer) => answer.status === 400);
    expect(accepted).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const answer of refused) expect(answer.body.message).toBe('This code has been used up');

    const paid = await Promise.all(accepted.map((id) => confirm(id)));
    expect(paid.every((answer) => answer.body.status === 'succeeded')).toBe(true);
    const payments = await api.em().find(Payment, { promotionCode: limited.code });
    expect(payments).toHaveLength(10);
    expect(payments.every((p) => p.status === 'succeeded' && p.amount === 179550 && p.discountCents === 19950)).toBe(
      true,
    );
    const listed = (await api.http.get(`/api/admin/promotion-codes/${limited.id}`).set(auth()).expect(200)).body;
    expect(listed).toMatchObject({ uses: 10, discountGivenCents: 10 * 19950 });
    // The refused 40 were left at the full price.
    const refusedIds = intents.filter((id) => !accepted.includes(id));
    const untouched = await api.em().find(Payment, { providerPaymentId: { $in: refusedIds } });
    expect(untouched.every((p) => p.amount === 199500 && p.promotionCode === null && p.customerEmail === null)).toBe(
      true,
    );
  });

  it('a declined payment gives its use back to the next buyer', async () => {
    const single = await createCode({ maxUses: 1 });
    const first = await startCheckout();
    await details(first, single.code).expect(200);
    const second = await startCheckout();
    expect((await details(second, single.code, 'other@example.com').expect(400)).body.message).toBe(
      'This code has been used up',
    );
    expect((await confirm(first, DECLINED_CARD)).body.status).toBe('requires_payment_method');
    await details(second, single.code, 'other@example.com').expect(200);
    expect((await confirm(second)).body.status).toBe('succeeded');
  });

  it('a checkout whose use lapsed is not captured with the code once others used it up', async () => {
    const single = await createCode({ maxUses: 1 });
    const slow = await startCheckout();
    await details(slow, single.code).expect(200);
    // The slow buyer's use lapses while they wait at the card step; another buyer takes the code's one use.
    await api
      .em()
      .getConnection()
      .execute(
        `update promotion_redemptions set held_until = now() - interval '1 minute'
         where payment_id = (select id from payments where provider_payment_id = ?)`,
        [slow],
      );
    const quick = await startCheckout();
    await details(quick, single.code, 'quick@example.com').expect(200);
    expect((await confirm(quick)).body.status).toBe('succeeded');

    // Test mode charges at once: the card is refused before the charge, with the code's reason.
    const late = await api.http.post('/api/payments/test-mode/confirm').send({ paymentIntentId: slow, ...GOOD_CARD });
    expect(late.status).toBe(400);
    expect(late.body.message).toBe('This code has been used up');
    expect((await api.em().findOneOrFail(Payment, { providerPaymentId: slow })).status).not.toBe('succeeded');
    const used = await api.em().find(Payment, { promotionCode: single.code, status: 'succeeded' });
    expect(used).toHaveLength(1);
    const listed = (await api.http.get(`/api/admin/promotion-codes/${single.id}`).set(auth()).expect(200)).body;
    expect(listed).toMatchObject({ uses: 1 });
  });

  it('refuses an expired, unstarted, inactive, wrong-kind or reused code with its reason, and changes nothing', async () => {
    const expired = await createCode({ validFrom: day(-10), validUntil: day(-1) });
    const later = await createCode({ validFrom: day(2) });
    const noBundles = await createCode({ purchaseKinds: ['full', 'plans'] });
    const childOnly = await createCode({ trainings: [RESILIENT] });
    const inactive = await createCode({ active: false });
    const once = await createCode({ oncePerEmail: true });

    const id = await startCheckout('3month');
    const before = await api.em().findOneOrFail(Payment, { providerPaymentId: id });
    const cases: Array<[string, string]> = [
      [expired.code, 'This code has expired'],
      [later.code, 'This code is not valid yet'],
      [childOnly.code, `This code does not apply to ${PARTS}`],
      [inactive.code, 'This code is no longer active'],
      ['NO-SUCH-CODE', 'This code is not valid'],
    ];
    for (const [text, message] of cases) {
      const refused = await details(id, text).expect(400);
      expect(refused.body).toMatchObject({ message, fieldErrors: { promotionCode: [message] } });
    }
    const after = await api.em().findOneOrFail(Payment, { providerPaymentId: id });
    expect(after).toMatchObject({
      amount: before.amount,
      laterInstallmentAmount: null,
      promotionCode: null,
      discountCents: 0,
      customerEmail: null,
    });
    const intent = await api
      .em()
      .getConnection()
      .execute<Array<{ amount: number }>>('select amount from test_mode_intents where id = ?', [id]);
    expect(Number(intent[0]?.amount)).toBe(before.amount);

    const bundle = await api.http
      .post('/api/create-bundle-payment-intent')
      .send({ trainings: [PARTS, RESILIENT], paymentType: 'bundle-2' })
      .expect(200);
    const refusedBundle = await api.http
      .post('/api/update-bundle-payment-intent')
      .send({
        paymentIntentId: bundle.body.paymentIntentId,
        customerName: 'Pat Buyer',
        customerEmail: 'bundle@example.com',
        trainings: [
          { name: PARTS, cohortId: null },
          { name: RESILIENT, cohortId: null },
        ],
        promotionCode: noBundles.code,
      })
      .expect(400);
    expect(refusedBundle.body.message).toBe('This code does not apply to bundles');

    const mine = await startCheckout();
    await details(mine, once.code, 'Once@Example.com').expect(200);
    await confirm(mine);
    const again = await startCheckout();
    expect((await details(again, once.code, 'once@example.com').expect(400)).body.message).toBe(
      'This code has already been used with this email address',
    );
    expect(await redemptions(once.code)).toBe(1);
  });

  it('a bundle with a fixed code charges the discounted price, split over its trainings', async () => {
    const fixed = await createCode({ discountType: 'fixed', percentOff: null, amountOffCents: 50_000 });
    const bundle = await api.http
      .post('/api/create-bundle-payment-intent')
      .send({ trainings: [PARTS, RESILIENT], paymentType: 'bundle-2' })
      .expect(200);
    const summary = await api.http
      .post('/api/update-bundle-payment-intent')
      .send({
        paymentIntentId: bundle.body.paymentIntentId,
        customerName: 'Bea Bundle',
        customerEmail: 'bea@example.com',
        trainings: [
          { name: PARTS, cohortId: null },
          { name: RESILIENT, cohortId: null },
        ],
        promotionCode: fixed.code,
      })
      .expect(200);
    const before = bundle.body.amount as number;
    expect(summary.body).toMatchObject({
      amount: before - 50_000,
      installments: 1,
      laterInstallmentAmount: null,
      promotion: {
        code: fixed.code,
        discountCents: 50_000,
        totalBeforeCents: before,
        totalAfterCents: before - 50_000,
      },
    });
    await confirm(bundle.body.paymentIntentId);
    const rows = await api
      .em()
      .getConnection()
      .execute<Array<{ payment_amount: number }>>(
        'select payment_amount from enrollments where payment_intent_id = ?',
        [bundle.body.paymentIntentId],
      );
    expect(rows.reduce((sum, row) => sum + Number(row.payment_amount), 0)).toBe(before - 50_000);
  });

  it('a code that would leave less than Stripe takes (1-49 cents) leaves 50 cents, and the purchase goes through', async () => {
    const price = (await api.http.post('/api/create-payment-intent').send({ trainingName: PARTS, paymentType: 'full' }))
      .body.amount as number;
    const nearlyAll = await createCode({ discountType: 'fixed', percentOff: null, amountOffCents: price - 30 });
    const paymentIntentId = await startCheckout();
    const summary = await details(paymentIntentId, nearlyAll.code, 'cents@example.com').expect(200);
    expect(summary.body).toMatchObject({
      amount: 50,
      promotion: { code: nearlyAll.code, discountCents: price - 50, totalBeforeCents: price, totalAfterCents: 50 },
    });
    await confirm(paymentIntentId);
    const [row] = await api
      .em()
      .getConnection()
      .execute<Array<{ payment_amount: number }>>(
        'select payment_amount from enrollments where payment_intent_id = ?',
        [paymentIntentId],
      );
    expect(Number(row?.payment_amount)).toBe(50);
  });

  it('a 3-month plan with 20% off charges the discounted schedule, shows it to the admin and refunds no more than was paid', async () => {
    const plans = await createCode({ percentOff: 20, purchaseKinds: ['plans'], trainings: [PARTS] });
    const id = await startCheckout('3month');
    // 3 × $716.67 = $2,150.01; 20% = $430.00 (430.002 rounded); $1,720.01 = $573.35 + 2 × $573.33.
    const summary = (await details(id, ` ${plans.code.toLowerCase()} `, 'plan@example.com').expect(200)).body;
    expect(summary).toMatchObject({
      amount: 57335,
      installments: 3,
      laterInstallmentAmount: 57333,
      promotion: { code: plans.code, discountCents: 43000, totalBeforeCents: 215001, totalAfterCents: 172001 },
    });
    // Sending the same code again keeps the one use; removing it restores the plan's price.
    await details(id, null, 'plan@example.com').expect(200);
    expect((await api.em().findOneOrFail(Payment, { providerPaymentId: id })).amount).toBe(71667);
    expect(await redemptions(plans.code)).toBe(0);
    await details(id, plans.code, 'plan@example.com').expect(200);
    await confirm(id);

    const installments = api.app.get(InstallmentsService);
    await installments.chargeDueInstallments(new Date(Date.now() + 32 * DAY));
    await installments.chargeDueInstallments(new Date(Date.now() + 63 * DAY));
    const payment = await api.em().findOneOrFail(Payment, { providerPaymentId: id });
    expect(payment).toMatchObject({ installmentsPaid: 3, planStatus: 'completed', amount: 57335 });
    const charged = await api
      .em()
      .getConnection()
      .execute<Array<{ amount: number }>>(
        'select amount from payment_installments where payment_id = ? order by installment_number',
        [payment.id],
      );
    expect(charged.map((row) => Number(row.amount))).toEqual([57335, 57333, 57333]);

    const page = (
      await api.http.get('/api/admin/enrollments/search').query({ q: 'plan@example' }).set(auth()).expect(200)
    ).body as EnrollmentPage;
    const [row] = page.rows;
    expect(row).toMatchObject({
      promotionCode: plans.code,
      discountCents: 43000,
      paidCents: 172001,
      totalCents: 172001,
      balanceCents: 0,
    });
    const detail = (await api.http.get(`/api/admin/enrollments/${row?.id}`).set(auth()).expect(200))
      .body as EnrollmentDetail;
    expect(detail.payment).toMatchObject({ promotionCode: plans.code, discountCents: 43000, refundableCents: 172001 });
    const csv = await api.http
      .get('/api/admin/enrollments/roster.csv')
      .query({ q: 'plan@example' })
      .set(auth())
      .expect(200);
    expect(csv.text).toContain(`"${plans.code}","$430.00"`);

    await api.http
      .post(`/api/admin/enrollments/${row?.id}/refund`)
      .set(auth())
      .send({ amountCents: 172002 })
      .expect(400);
    const refunded = await api.http.post(`/api/admin/enrollments/${row?.id}/refund`).set(auth()).send({}).expect(200);
    expect(refunded.body.payment.refundableCents).toBe(0);
  });

  it("keeps the intent at the payment row's price when the code is taken but the cohort is full", async () => {
    const psychosomatic = 'Psychosomatic Practitioner';
    const full = (
      await api.http
        .post('/api/admin/cohorts')
        .set(auth())
        .send({ trainingName: psychosomatic, cohortMonth: '2036-01', capacity: 0 })
        .expect(201)
    ).body as { id: string };
    const any = await createCode({ percentOff: 25 });
    const created = await api.http
      .post('/api/create-payment-intent')
      .send({ trainingName: psychosomatic, paymentType: 'full' })
      .expect(200);
    const id: string = created.body.paymentIntentId;
    await api.http
      .post('/api/update-payment-intent')
      .send({
        paymentIntentId: id,
        customerName: 'Pat Buyer',
        customerEmail: 'full.cohort@example.com',
        cohortId: full.id,
        promotionCode: any.code,
      })
      .expect(409);
    const payment = await api.em().findOneOrFail(Payment, { providerPaymentId: id });
    const [intent] = await api
      .em()
      .getConnection()
      .execute<Array<{ amount: number }>>('select amount from test_mode_intents where id = ?', [id]);
    expect(Number(intent?.amount)).toBe(payment.amount);
    expect(payment.amount).toBe(created.body.amount - created.body.amount / 4);
  });
});
