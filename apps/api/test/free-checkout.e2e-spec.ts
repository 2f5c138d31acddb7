import type {
  AccountOverview,
  FreeCheckoutResponse,
  PaymentIntentSummary,
  SavePromotionCodeRequest,
} from '@app/contracts';
import { ApplicantsRepository } from '../src/applicants/applicants.repository';
import { receiptLines } from '@app/domain';
import { Payment } from '../src/payments/payment.entity';
import { ReceiptsService } from '../src/receipts/receipts.service';
import { startFakeStripe, type FakeStripe } from './support/fake-stripe';
import { postStripeWebhook, priceOf, signedStripeEvent, stripeEnv } from './support/stripe-webhooks';
import { testApplicant, withSession } from './support/applicant';
import { startTestApi, type TestApi } from './support/test-app';

const PARTS = 'Parts Therapy Practitioner';
const RESILIENT = 'Resilient Child Training';
const PSYCHOSOMATIC = 'Psychosomatic Practitioner';
const WEBHOOK_SECRET = 'whsec_test_free_checkout';
const ADMIN = { username: 'free-admin', password: 'free-admin-password' };

/** What a free checkout leaves in the database: the payment, its enrollments, mails, receipts and webhook events. */
async function recordOf(api: TestApi, paymentIntentId: string) {
  const connection = api.em().getConnection();
  const payment = await api.em().findOneOrFail(Payment, { providerPaymentId: paymentIntentId }, { refresh: true });
  const count = async (sql: string, params: unknown[]) =>
    Number((await connection.execute<Array<{ n: string }>>(sql, params))[0]?.n ?? 0);
  const enrollments = await connection.execute<Array<{ id: string; payment_amount: number; training_name: string }>>(
    'select id, payment_amount, training_name from enrollments where payment_intent_id = ? order by training_name',
    [paymentIntentId],
  );
  const receipts = await connection.execute<Array<{ id: string; amount: number }>>(
    `select id, amount from receipts where payment_id = ?`,
    [payment.id],
  );
  return {
    payment,
    enrollments,
    receipts,
    mails: await count(`select count(*) as n from outbox where key = ?`, [`purchase-confirmation:${payment.id}`]),
    paymentEvents: await count(`select count(*) as n from webhook_events where key = ?`, [
      `payment.succeeded:${payment.id}`,
    ]),
    enrollmentEvents: await count(
      `select count(*) as n from webhook_events where type = 'enrollment.created' and payload->'data'->>'paymentIntentId' = ?`,
      [paymentIntentId],
    ),
    paidUses: await count(
      `select count(*) as n from promotion_redemptions r join payments p on p.id = r.payment_id
        where p.provider_payment_id = ? and p.status = 'succeeded'`,
      [paymentIntentId],
    ),
  };
}

function promotionCode(overrides: Partial<SavePromotionCodeRequest>): SavePromotionCodeRequest {
  return {
    code: `FREE${Math.random().toString(36).slice(2, 10)}`,
    discountType: 'percent',
    percentOff: 100,
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

/** The checkout as the web action drives it: create, store the buyer with the code, then complete or pay. */
function checkoutSteps(api: () => TestApi) {
  return {
    async createCode(overrides: Partial<SavePromotionCodeRequest> = {}): Promise<string> {
      const token = (await api().http.post('/api/admin/login').send(ADMIN).expect(200)).body.token as string;
      const body = promotionCode(overrides);
      await api()
        .http.post('/api/admin/promotion-codes')
        .set({ Authorization: `Bearer ${token}` })
        .send(body)
        .expect(201);
      return body.code;
    },
    async single(paymentType: string, code: string | null, trainingName = PARTS, email = 'free@example.com') {
      const created = await api()
        .http.post('/api/create-payment-intent')
        .send({ trainingName, paymentType })
        .expect(200);
      const paymentIntentId = created.body.paymentIntentId as string;
      const summary = await api()
        .http.post('/api/update-payment-intent')
        .send({
          paymentIntentId,
          customerName: 'Free Buyer',
          customerEmail: email,
          cohortId: null,
          promotionCode: code,
        })
        .expect(200);
      return { paymentIntentId, summary: summary.body as PaymentIntentSummary };
    },
    complete(paymentIntentId: string) {
      return api().http.post('/api/payments/free-checkout').send({ paymentIntentId });
    },
  };
}

describe('free checkouts: a promotion code that leaves nothing to pay (test mode)', () => {
  let api: TestApi;
  const steps = checkoutSteps(() => api);

  beforeAll(async () => {
    api = await startTestApi({
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      ADMIN_LOGIN_ATTEMPTS_PER_MINUTE: '100',
    });
  });

  afterAll(async () => {
    await api?.close();
  });

  it('a 100% code on a payment in full: $0 due, no card; two submits at once enroll, mail, receipt and announce once', async () => {
    const code = await steps.createCode();
    const { paymentIntentId, summary } = await steps.single('full', code);
    expect(summary).toMatchObject({
      amount: 0,
      free: true,
      installments: 1,
      promotion: { code, discountCents: priceOf(PARTS).fullPaymentPrice, totalAfterCents: 0 },
    });
    // The card form is not the way: nothing is charged with a card for a free checkout.
    const carded = await api.http
      .post('/api/payments/test-mode/confirm')
      .send({ paymentIntentId, cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' })
      .expect(400);
    expect(carded.body.message).toMatch(/nothing to pay/);

    // Two tabs (or a double click) complete it at the same moment.
    const [first, second] = await Promise.all([steps.complete(paymentIntentId), steps.complete(paymentIntentId)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const answer = first.body as FreeCheckoutResponse;
    expect(answer).toMatchObject({ paymentIntentId, status: 'succeeded' });
    expect(answer.enrollmentIds).toHaveLength(1);
    expect(second.body).toEqual(answer);
    // A third, later, answers the same again.
    expect((await steps.complete(paymentIntentId).expect(200)).body).toEqual(answer);

    const record = await recordOf(api, paymentIntentId);
    expect(record.payment).toMatchObject({
      status: 'succeeded',
      paidWith: 'promotion',
      amount: 0,
      promotionCode: code,
      captureDecision: 'capture',
      installmentsPaid: 1,
      planStatus: 'none',
    });
    expect(record.enrollments).toEqual([{ id: answer.enrollmentIds[0], payment_amount: 0, training_name: PARTS }]);
    expect(record).toMatchObject({ mails: 1, paymentEvents: 1, enrollmentEvents: 1, paidUses: 1 });
    expect(record.receipts).toHaveLength(1);
    const receipt = await api.app.get(ReceiptsService).document(record.receipts[0].id);
    expect(receipt).toMatchObject({
      amountCents: 0,
      paidWith: 'promotion',
      promotion: { code, discountCents: priceOf(PARTS).fullPaymentPrice },
    });
    expect(receiptLines(receipt)).toEqual(
      expect.arrayContaining([
        ['Amount paid', '$0.00 USD'],
        ['Paid with', 'promotion code (no card charged)'],
      ]),
    );

    // The buyer's account lists the $0 charge as paid with the code, not a card.
    const signedUp = testApplicant(api.app);
    await api.app.get(ApplicantsRepository).create(signedUp.id, 'free@example.com');
    const buyer = await withSession(api.app, signedUp);
    const overview = (await api.http.get('/api/account').set(buyer.headers()).expect(200)).body as AccountOverview;
    const charges = overview.trainings.flatMap((training) => training.pastCharges);
    expect(charges).toContainEqual(expect.objectContaining({ amountCents: 0, paidWith: 'promotion', cardLast4: null }));

    // The success page's check says paid, from our row.
    const reconciled = await api.http.post('/api/payments/reconcile').send({ paymentIntentId }).expect(200);
    expect(reconciled.body).toEqual({
      status: 'succeeded',
      enrollmentIds: answer.enrollmentIds,
      notChargedMessage: null,
    });
    // Its details are frozen like a paid payment's.
    await api.http
      .post('/api/update-payment-intent')
      .send({ paymentIntentId, customerName: 'Someone Else', customerEmail: 'x@example.com', cohortId: null })
      .expect(409);
  });

  it('a 100% code on a 3-month plan: every installment is 0, the plan is complete at once, nothing left to charge', async () => {
    const code = await steps.createCode();
    const { paymentIntentId, summary } = await steps.single('3month', code);
    expect(summary).toMatchObject({ amount: 0, laterInstallmentAmount: 0, installments: 3, free: true });
    await steps.complete(paymentIntentId).expect(200);
    const record = await recordOf(api, paymentIntentId);
    expect(record.payment).toMatchObject({
      status: 'succeeded',
      paidWith: 'promotion',
      installmentsPaid: 3,
      installmentsTotal: 3,
      planStatus: 'completed',
      nextInstallmentAt: null,
      providerCustomerId: null,
    });
    expect(record.mails).toBe(1);
    const [mail] = await api
      .em()
      .getConnection()
      .execute<Array<{ data: { amountPaid: number; plan: unknown } }>>(`select data from outbox where key = ?`, [
        `purchase-confirmation:${record.payment.id}`,
      ]);
    expect(mail.data).toMatchObject({ amountPaid: 0, plan: null });
  });

  it('a 100% code on a bundle: each training enrolled at $0', async () => {
    const code = await steps.createCode();
    const created = await api.http
      .post('/api/create-bundle-payment-intent')
      .send({ trainings: [PARTS, PSYCHOSOMATIC], paymentType: 'bundle-2' })
      .expect(200);
    const paymentIntentId = created.body.paymentIntentId as string;
    const summary = await api.http
      .post('/api/update-bundle-payment-intent')
      .send({
        paymentIntentId,
        customerName: 'Bundle Free',
        customerEmail: 'bundle.free@example.com',
        trainings: [
          { name: PARTS, cohortId: null },
          { name: PSYCHOSOMATIC, cohortId: null },
        ],
        promotionCode: code,
      })
      .expect(200);
    expect(summary.body).toMatchObject({ amount: 0, free: true });
    const done = (await steps.complete(paymentIntentId).expect(200)).body as FreeCheckoutResponse;
    expect(done.enrollmentIds).toHaveLength(2);
    const record = await recordOf(api, paymentIntentId);
    expect(record.enrollments.map((e) => [e.training_name, e.payment_amount])).toEqual([
      [PARTS, 0],
      [PSYCHOSOMATIC, 0],
    ]);
    expect(record).toMatchObject({ mails: 1, paymentEvents: 1, enrollmentEvents: 2 });
  });

  it('refuses a checkout with something left to pay, and one whose code was removed in another tab; nothing changes', async () => {
    const half = await steps.createCode({ percentOff: 50 });
    const paid = await steps.single('full', half);
    expect(paid.summary).toMatchObject({ free: false, amount: priceOf(PARTS).fullPaymentPrice / 2 });
    const refused = await steps.complete(paid.paymentIntentId).expect(400);
    expect(refused.body.message).toMatch(/not free/);

    const free = await steps.createCode();
    const tab = await steps.single('full', free);
    expect(tab.summary.free).toBe(true);
    // The other tab removes the code: the price is back, and completing the free checkout is refused.
    await api.http
      .post('/api/update-payment-intent')
      .send({
        paymentIntentId: tab.paymentIntentId,
        customerName: 'Free Buyer',
        customerEmail: 'free@example.com',
        cohortId: null,
        promotionCode: '',
      })
      .expect(200);
    await steps.complete(tab.paymentIntentId).expect(400);
    for (const id of [paid.paymentIntentId, tab.paymentIntentId]) {
      const record = await recordOf(api, id);
      expect(record.payment).toMatchObject({ status: 'pending', captureDecision: null, paidWith: 'card' });
      expect(record).toMatchObject({ enrollments: [], mails: 0, paymentEvents: 0 });
    }
    await api.http.post('/api/payments/free-checkout').send({ paymentIntentId: 'pi_unknown' }).expect(404);
    await api.http.post('/api/payments/free-checkout').send({}).expect(400);
  });

  it('refuses when the cohort filled up meanwhile (409) and when the code was used up meanwhile (400), changing nothing', async () => {
    const token = (await api.http.post('/api/admin/login').send(ADMIN).expect(200)).body.token as string;
    const cohort = (
      await api.http
        .post('/api/admin/cohorts')
        .set({ Authorization: `Bearer ${token}` })
        .send({ trainingName: RESILIENT, cohortMonth: '2037-03', capacity: 1 })
        .expect(201)
    ).body as { id: string };
    const code = await steps.createCode({ maxUses: 1 });
    const created = await api.http
      .post('/api/create-payment-intent')
      .send({ trainingName: RESILIENT, paymentType: 'full' })
      .expect(200);
    const paymentIntentId = created.body.paymentIntentId as string;
    await api.http
      .post('/api/update-payment-intent')
      .send({
        paymentIntentId,
        customerName: 'Late Buyer',
        customerEmail: 'late@example.com',
        cohortId: cohort.id,
        promotionCode: code,
      })
      .expect(200);
    // While the buyer waited, their holds lapsed and someone else took the seat.
    const connection = api.em().getConnection();
    await connection.execute(`update cohort_seat_holds set expires_at = now() - interval '1 minute'`);
    await connection.execute(`update promotion_redemptions set held_until = now() - interval '1 minute'`);
    await connection.execute(
      `insert into enrollments (id, student_name, student_email, training_name, cohort_id, payment_type, payment_amount,
         enrollment_status, is_manual_entry, created_at)
       values (gen_random_uuid(), 'Seat Taker', 'taker@example.com', ?, ?, 'full', 100, 'active', true, now())`,
      [RESILIENT, cohort.id],
    );
    const full = await steps.complete(paymentIntentId).expect(409);
    expect(full.body.message).toMatch(/full/);
    let record = await recordOf(api, paymentIntentId);
    expect(record.payment).toMatchObject({ status: 'pending', captureDecision: null });

    // The seat comes free again, but another buyer used the code's one use meanwhile.
    await connection.execute(`delete from enrollments where student_email = 'taker@example.com'`);
    const other = await steps.single('full', code, PARTS, 'other@example.com');
    await steps.complete(other.paymentIntentId).expect(200);
    const usedUp = await steps.complete(paymentIntentId).expect(400);
    expect(usedUp.body.fieldErrors?.promotionCode).toBeDefined();
    record = await recordOf(api, paymentIntentId);
    expect(record.payment).toMatchObject({ status: 'pending', captureDecision: null });
    expect(record).toMatchObject({ enrollments: [], mails: 0, paymentEvents: 0 });
  });
});

describe('free checkouts with Stripe (real SDK against a local Stripe server)', () => {
  let stripe: FakeStripe;
  let api: TestApi;
  const steps = checkoutSteps(() => api);

  beforeAll(async () => {
    stripe = await startFakeStripe();
    api = await startTestApi({
      ...stripeEnv('free-checkout', stripe, WEBHOOK_SECRET),
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      ADMIN_LOGIN_ATTEMPTS_PER_MINUTE: '100',
    });
  });

  afterAll(async () => {
    await api?.close();
    await stripe?.close();
  });

  it('never asks Stripe for a $0 charge: the free checkout completes without it and its intent is cancelled', async () => {
    const code = await steps.createCode();
    const { paymentIntentId, summary } = await steps.single('full', code);
    expect(summary).toMatchObject({ amount: 0, free: true });
    // Stripe refuses an amount under 50 cents; the intent keeps its price and is never charged.
    expect(stripe.intents.get(paymentIntentId)?.amount).toBe(priceOf(PARTS).fullPaymentPrice);

    const [first, second] = await Promise.all([steps.complete(paymentIntentId), steps.complete(paymentIntentId)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body).toEqual(first.body);
    expect(stripe.intents.get(paymentIntentId)?.status).toBe('canceled');
    const record = await recordOf(api, paymentIntentId);
    expect(record.payment).toMatchObject({ status: 'succeeded', paidWith: 'promotion', amount: 0 });
    expect(record).toMatchObject({ mails: 1, paymentEvents: 1, enrollmentEvents: 1 });
    expect(record.enrollments).toHaveLength(1);

    // Stripe's payment_intent.canceled for it changes nothing; the success page still says paid.
    const canceled = stripe.events.find(
      (event) => event.type === 'payment_intent.canceled' && event.object.id === paymentIntentId,
    );
    await postStripeWebhook(
      api,
      signedStripeEvent(WEBHOOK_SECRET, canceled!.type, canceled!.object, canceled!.id),
    ).expect(200);
    expect((await recordOf(api, paymentIntentId)).payment.status).toBe('succeeded');
    const reconciled = await api.http.post('/api/payments/reconcile').send({ paymentIntentId }).expect(200);
    expect(reconciled.body).toMatchObject({
      status: 'succeeded',
      enrollmentIds: (first.body as FreeCheckoutResponse).enrollmentIds,
    });
  });

  it('an intent paid at Stripe anyway (its old price) is not captured: the amount differs from the free row', async () => {
    const code = await steps.createCode();
    const { paymentIntentId } = await steps.single('full', code);
    stripe.confirm(paymentIntentId);
    const reconciled = await api.http.post('/api/payments/reconcile').send({ paymentIntentId }).expect(200);
    expect(reconciled.body.status).toBe('canceled');
    expect(stripe.requests.some((r) => r.path === `/v1/payment_intents/${paymentIntentId}/capture`)).toBe(false);
    expect((await recordOf(api, paymentIntentId)).enrollments).toHaveLength(0);
  });
});
