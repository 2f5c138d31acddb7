import { Enrollment } from '../src/enrollments/enrollment.entity';
import { InstallmentsService } from '../src/payments/installments.service';
import { Payment } from '../src/payments/payment.entity';
import { TRAINING_PRICES } from '../src/database/seeders/pricing.seeder';
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
    const created = await api.http.post('/api/create-payment-intent').send({ trainingName: PARTS, paymentType }).expect(200);
    const paymentIntentId: string = created.body.paymentIntentId;
    await api.http
      .post('/api/update-payment-intent')
      .send({ paymentIntentId, customerName: 'Tess Mode', customerEmail: 'tess@example.com', cohortId: null })
      .expect(200);
    return { paymentIntentId, amount: created.body.amount as number, testMode: created.body.testMode as boolean };
  }

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
    expect(declined.body).toEqual({ paymentIntentId, status: 'requires_payment_method', message: 'Your card was declined.' });
    expect(await api.em().findOneOrFail(Payment, { providerPaymentId: paymentIntentId })).toMatchObject({ status: 'failed' });
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
    expect(enrollment).toMatchObject({ studentName: 'Tess Mode', trainingName: PARTS, paymentAmount: amount, paymentType: 'full' });
  });

  it('refuses to confirm before the buyer is known', async () => {
    const created = await api.http.post('/api/create-payment-intent').send({ trainingName: PARTS, paymentType: 'full' }).expect(200);
    const response = await api.http
      .post('/api/payments/test-mode/confirm')
      .send({ paymentIntentId: created.body.paymentIntentId, ...card('4242424242424242') })
      .expect(400);
    expect(response.body.message).toBe('Please fill in your name and email');
  });

  it('refuses webhooks when no webhook secret is configured', async () => {
    const response = await api.http.post('/api/payments/webhook').set('stripe-signature', 't=1,v1=x').send({}).expect(400);
    expect(response.body.message).toContain('STRIPE_WEBHOOK_SECRET');
  });

  it('charges later months of a test-mode plan, and 4000 0000 0000 0341 goes past due', async () => {
    const good = await startPurchase('3month');
    await api.http.post('/api/payments/test-mode/confirm').send({ paymentIntentId: good.paymentIntentId, ...card('4242424242424242') }).expect(200);
    const bad = await startPurchase('6month');
    await api.http.post('/api/payments/test-mode/confirm').send({ paymentIntentId: bad.paymentIntentId, ...card('4000000000000341') }).expect(200);

    const result = await api.app.get(InstallmentsService).chargeDueInstallments(new Date(Date.now() + 32 * 24 * 60 * 60 * 1000));
    expect(result).toEqual({ charged: 1, failed: 1 });
    expect(await api.em().findOneOrFail(Payment, { providerPaymentId: good.paymentIntentId })).toMatchObject({ installmentsPaid: 2, planStatus: 'active' });
    expect(await api.em().findOneOrFail(Payment, { providerPaymentId: bad.paymentIntentId })).toMatchObject({ installmentsPaid: 1, planStatus: 'past_due' });
    expect((await api.em().findOneOrFail(Enrollment, { paymentIntentId: good.paymentIntentId })).paymentAmount).toBe(2 * good.amount);
  });

  it('stops charging a plan once its enrollment is cancelled or deleted by an admin', async () => {
    const cancelled = await startPurchase('3month');
    await api.http.post('/api/payments/test-mode/confirm').send({ paymentIntentId: cancelled.paymentIntentId, ...card('4242424242424242') }).expect(200);
    const deleted = await startPurchase('6month');
    await api.http.post('/api/payments/test-mode/confirm').send({ paymentIntentId: deleted.paymentIntentId, ...card('4242424242424242') }).expect(200);
    const connection = api.em().getConnection();
    await connection.execute(`update enrollments set enrollment_status = 'cancelled' where payment_intent_id = ?`, [cancelled.paymentIntentId]);
    await connection.execute(`delete from enrollments where payment_intent_id = ?`, [deleted.paymentIntentId]);

    const result = await api.app.get(InstallmentsService).chargeDueInstallments(new Date(Date.now() + 32 * 24 * 60 * 60 * 1000));
    expect(result).toEqual({ charged: 0, failed: 0 });
    for (const { paymentIntentId } of [cancelled, deleted]) {
      expect(await api.em().findOneOrFail(Payment, { providerPaymentId: paymentIntentId })).toMatchObject({ installmentsPaid: 1, planStatus: 'active' });
    }
  });
});
