import { Enrollment } from '../src/enrollments/enrollment.entity';
import { InstallmentsService } from '../src/payments/installments.service';
import { Payment } from '../src/payments/payment.entity';
import { TRAINING_PRICES } from '../src/database/seeders/pricing.seeder';
import { TEST_CARD_MESSAGES } from '@app/domain';
import { createTestDatabase, type TestDatabase } from '../../../tools/testing/test-database';
import { startTestApi, type TestApi } from './support/test-app';

const PARTS = 'Parts Therapy Practitioner';
const card = (cardNumber: string) => ({ cardNumber, expiry: '12/34', cvc: '123' });

describe('payments in test mode (no Stripe keys)', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi();
  });

  afterAll(async () => {
    await api?.close();
  });

  async function startPurchase(paymentType = 'full') {
    const created = await api.http
      .post('/api/create-payment-intent')
      .send({ trainingName: PARTS, paymentType })
      .expect(200);
    const paymentIntentId: string = created.body.paymentIntentId;
    await api.http
      .post('/api/update-payment-intent')
      .send({ paymentIntentId, customerName: 'Tess Mode', customerEmail: 'tess@example.com', cohortId: null })
      .expect(200);
    return { paymentIntentId, amount: created.body.amount as number, testMode: created.body.testMode as boolean };
  }

  it("serves the payment plan page's data in one response, the same as the separate lists", async () => {
    const [plan, trainings, bundles, cohorts, config] = await Promise.all(
      ['/api/payment-plan', '/api/training-pricing', '/api/bundle-pricing', '/api/cohorts', '/api/payments/config'].map(
        (path) => api.http.get(path).expect(200),
      ),
    );
    expect(plan.body).toEqual({
      trainings: trainings.body,
      bundles: bundles.body,
      cohorts: cohorts.body,
      config: config.body,
    });
    expect(plan.body.trainings.length).toBeGreaterThan(0);
    expect(plan.body.config).toEqual({ testMode: true, publishableKey: null });
  });

  it('tells the browser to show the test-mode card form', async () => {
    const response = await api.http.get('/api/payments/config').expect(200);
    expect(response.body).toEqual({ testMode: true, publishableKey: null });
  });

  it('declines 4000 0000 0000 0002 with the provider message, then 4242 4242 4242 4242 enrolls', async () => {
    const { paymentIntentId, amount, testMode } = await startPurchase();
    expect(testMode).toBe(true);
    expect(amount).toBe(TRAINING_PRICES.find((p) => p.trainingName === PARTS)?.fullPaymentPrice);

    const declined = await api.http
      .post('/api/payments/test-mode/confirm')
      .send({ paymentIntentId, ...card('4000 0000 0000 0002') })
      .expect(200);
    expect(declined.body).toEqual({
      paymentIntentId,
      status: 'requires_payment_method',
      message: 'Your card was declined.',
    });
    expect(await api.em().findOneOrFail(Payment, { providerPaymentId: paymentIntentId })).toMatchObject({
      status: 'failed',
    });
    expect(await api.em().count(Enrollment, { paymentIntentId })).toBe(0);

    const paid = await api.http
      .post('/api/payments/test-mode/confirm')
      .send({ paymentIntentId, ...card('4242 4242 4242 4242') })
      .expect(200);
    expect(paid.body).toEqual({ paymentIntentId, status: 'succeeded', message: null });
    const reconciled = await api.http.post('/api/payments/reconcile').send({ paymentIntentId }).expect(200);
    expect(reconciled.body.status).toBe('succeeded');
    expect(reconciled.body.enrollmentIds).toHaveLength(1);
    const enrollment = await api.em().findOneOrFail(Enrollment, { paymentIntentId });
    expect(enrollment).toMatchObject({
      studentName: 'Tess Mode',
      trainingName: PARTS,
      paymentAmount: amount,
      paymentType: 'full',
    });
  });

  it('refuses to confirm before the buyer is known', async () => {
    const created = await api.http
      .post('/api/create-payment-intent')
      .send({ trainingName: PARTS, paymentType: 'full' })
      .expect(200);
    const response = await api.http
      .post('/api/payments/test-mode/confirm')
      .send({ paymentIntentId: created.body.paymentIntentId, ...card('4242424242424242') })
      .expect(400);
    expect(response.body.message).toBe('Please fill in your name and email');
  });

  it('refuses webhooks when no webhook secret is configured', async () => {
    const response = await api.http
      .post('/api/payments/webhook')
      .set('stripe-signature', 't=1,v1=x')
      .send({})
      .expect(400);
    expect(response.body.message).toContain('STRIPE_WEBHOOK_SECRET');
  });

  it('charges later months of a test-mode plan, and 4000 0000 0000 0341 goes past due', async () => {
    const good = await startPurchase('3month');
    await api.http
      .post('/api/payments/test-mode/confirm')
      .send({ paymentIntentId: good.paymentIntentId, ...card('4242424242424242') })
      .expect(200);
    const bad = await startPurchase('6month');
    await api.http
      .post('/api/payments/test-mode/confirm')
      .send({ paymentIntentId: bad.paymentIntentId, ...card('4000000000000341') })
      .expect(200);

    const result = await api.app
      .get(InstallmentsService)
      .chargeDueInstallments(new Date(Date.now() + 32 * 24 * 60 * 60 * 1000));
    expect(result).toEqual({ charged: 1, failed: 1 });
    expect(await api.em().findOneOrFail(Payment, { providerPaymentId: good.paymentIntentId })).toMatchObject({
      installmentsPaid: 2,
      planStatus: 'active',
    });
    expect(await api.em().findOneOrFail(Payment, { providerPaymentId: bad.paymentIntentId })).toMatchObject({
      installmentsPaid: 1,
      planStatus: 'past_due',
    });
    expect((await api.em().findOneOrFail(Enrollment, { paymentIntentId: good.paymentIntentId })).paymentAmount).toBe(
      2 * good.amount,
    );
  });

  it('stops charging a plan once its enrollment is cancelled or deleted by an admin', async () => {
    const cancelled = await startPurchase('3month');
    await api.http
      .post('/api/payments/test-mode/confirm')
      .send({ paymentIntentId: cancelled.paymentIntentId, ...card('4242424242424242') })
      .expect(200);
    const deleted = await startPurchase('6month');
    await api.http
      .post('/api/payments/test-mode/confirm')
      .send({ paymentIntentId: deleted.paymentIntentId, ...card('4242424242424242') })
      .expect(200);
    const connection = api.em().getConnection();
    await connection.execute(`update enrollments set enrollment_status = 'cancelled' where payment_intent_id = ?`, [
      cancelled.paymentIntentId,
    ]);
    await connection.execute(`delete from enrollments where payment_intent_id = ?`, [deleted.paymentIntentId]);

    const result = await api.app
      .get(InstallmentsService)
      .chargeDueInstallments(new Date(Date.now() + 32 * 24 * 60 * 60 * 1000));
    expect(result).toEqual({ charged: 0, failed: 0 });
    for (const { paymentIntentId } of [cancelled, deleted]) {
      expect(await api.em().findOneOrFail(Payment, { providerPaymentId: paymentIntentId })).toMatchObject({
        installmentsPaid: 1,
        planStatus: 'active',
      });
    }
  });
  it('checks the card as the page says: checksum, a future MM/YY expiry and a 3-4 digit CVC, with a message per field', async () => {
    const { paymentIntentId } = await startPurchase();
    const cases = [
      [
        { cardNumber: '4242 4242 4242 4241', expiry: '12/34', cvc: '123' },
        { cardNumber: [TEST_CARD_MESSAGES.numberInvalid] },
      ],
      [{ cardNumber: '4242424242424242', expiry: '01/20', cvc: '123' }, { expiry: [TEST_CARD_MESSAGES.expiryPast] }],
      [{ cardNumber: '4242424242424242', expiry: '13/34', cvc: '123' }, { expiry: [TEST_CARD_MESSAGES.expiryMonth] }],
      [
        { cardNumber: '4242424242424242', expiry: 'soon', cvc: '123' },
        { expiry: [TEST_CARD_MESSAGES.expiryIncomplete] },
      ],
      [{ cardNumber: '4242424242424242', expiry: '12/34', cvc: '' }, { cvc: [TEST_CARD_MESSAGES.cvcInvalid] }],
      [{ cardNumber: '4242424242424242', expiry: '12/34', cvc: '12' }, { cvc: [TEST_CARD_MESSAGES.cvcInvalid] }],
    ] as const;
    for (const [input, fieldErrors] of cases) {
      const response = await api.http
        .post('/api/payments/test-mode/confirm')
        .send({ paymentIntentId, ...input })
        .expect(400);
      expect(response.body).toEqual({
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: expect.any(String),
        fieldErrors,
      });
    }
    // Nothing changed: the payment is still open and the same intent pays with a good card.
    expect(await api.em().findOneOrFail(Payment, { providerPaymentId: paymentIntentId })).toMatchObject({
      status: 'pending',
      failureMessage: null,
    });
    expect(await api.em().count(Enrollment, { paymentIntentId })).toBe(0);
    await api.http
      .post('/api/payments/test-mode/confirm')
      .send({ paymentIntentId, cardNumber: '4242424242424242', expiry: '1 / 2099', cvc: '1234' })
      .expect(200);
  });

  it('freezes the buyer once paid: a later details update answers 409 and changes nothing', async () => {
    const { paymentIntentId } = await startPurchase();
    await api.http
      .post('/api/payments/test-mode/confirm')
      .send({ paymentIntentId, ...card('4242424242424242') })
      .expect(200);
    const response = await api.http
      .post('/api/update-payment-intent')
      .send({ paymentIntentId, customerName: 'Someone Else', customerEmail: 'else@example.com', cohortId: null })
      .expect(409);
    expect(response.body).toEqual({
      statusCode: 409,
      code: 'CONFLICT',
      message: 'This payment is already confirmed: its buyer details and cohorts can no longer change',
    });
    expect(await api.em().findOneOrFail(Payment, { providerPaymentId: paymentIntentId })).toMatchObject({
      customerName: 'Tess Mode',
      customerEmail: 'tess@example.com',
    });
  });

  it('never changes a paid payment when a details update races the confirmation (10 rounds)', async () => {
    const outcomes: Record<string, number> = {};
    for (let round = 0; round < 10; round++) {
      const { paymentIntentId } = await startPurchase();
      const [update, confirm] = await Promise.all([
        api.http.post('/api/update-payment-intent').send({
          paymentIntentId,
          customerName: `Late Name ${round}`,
          customerEmail: `late${round}@example.com`,
          cohortId: null,
        }),
        api.http.post('/api/payments/test-mode/confirm').send({ paymentIntentId, ...card('4242424242424242') }),
      ]);
      expect(confirm.status).toBe(200);
      expect([200, 409]).toContain(update.status);
      outcomes[update.status] = (outcomes[update.status] ?? 0) + 1;
      const payment = await api.em().findOneOrFail(Payment, { providerPaymentId: paymentIntentId });
      const enrollment = await api.em().findOneOrFail(Enrollment, { paymentIntentId });
      expect(payment.status).toBe('succeeded');
      // Whichever came first, the paid payment and its enrollment name the same buyer.
      expect({ name: enrollment.studentName, email: enrollment.studentEmail }).toEqual({
        name: payment.customerName,
        email: payment.customerEmail,
      });
      if (update.status === 409) expect(payment.customerName).toBe('Tess Mode');
      else expect(payment.customerName).toBe(`Late Name ${round}`);
    }
    console.log(`details racing confirmation, update answers over 10 rounds: ${JSON.stringify(outcomes)}`);
  });

  it('confirms the same intent only once when two confirmations race', async () => {
    const { paymentIntentId } = await startPurchase();
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        api.http.post('/api/payments/test-mode/confirm').send({ paymentIntentId, ...card('4242424242424242') }),
      ),
    );
    expect(responses.map((r) => r.body.status)).toEqual(Array(5).fill('succeeded'));
    expect(await api.em().count(Enrollment, { paymentIntentId })).toBe(1);
  });
});

describe('test-mode intents across an API restart', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database?.drop();
  });

  it('confirms an intent created before the restart', async () => {
    const before = await startTestApi({}, { databaseUrl: database.url });
    let paymentIntentId: string;
    try {
      const created = await before.http
        .post('/api/create-payment-intent')
        .send({ trainingName: PARTS, paymentType: 'full' })
        .expect(200);
      paymentIntentId = created.body.paymentIntentId;
      await before.http
        .post('/api/update-payment-intent')
        .send({ paymentIntentId, customerName: 'Rita Restart', customerEmail: 'rita@example.com', cohortId: null })
        .expect(200);
    } finally {
      await before.close();
    }
    const after = await startTestApi({}, { databaseUrl: database.url });
    try {
      const paid = await after.http
        .post('/api/payments/test-mode/confirm')
        .send({ paymentIntentId, ...card('4242 4242 4242 4242') })
        .expect(200);
      expect(paid.body).toEqual({ paymentIntentId, status: 'succeeded', message: null });
      expect(await after.em().findOneOrFail(Enrollment, { paymentIntentId })).toMatchObject({
        studentName: 'Rita Restart',
        trainingName: PARTS,
      });
      const reconciled = await after.http.post('/api/payments/reconcile').send({ paymentIntentId }).expect(200);
      expect(reconciled.body.status).toBe('succeeded');
    } finally {
      await after.close();
    }
  });
});
