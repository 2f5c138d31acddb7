import Stripe from 'stripe';
import type { EnrollmentDetail } from '@app/contracts';
import { Cohort } from '../src/cohorts/cohort.entity';
import { Enrollment } from '../src/enrollments/enrollment.entity';
import { InstallmentsService } from '../src/payments/installments.service';
import { startFakeStripe, type FakeIntent, type FakeStripe } from './support/fake-stripe';
import { startTestApi, type TestApi } from './support/test-app';
import { postStripeWebhook, priceOf, signedStripeEvent, stripeEnv } from './support/stripe-webhooks';

const WEBHOOK_SECRET = 'whsec_test_refunds';
const PARTS = 'Parts Therapy Practitioner';
const DAY = 24 * 60 * 60 * 1000;

describe('refunds through Stripe (real SDK against a local Stripe server)', () => {
  let stripe: FakeStripe;
  let api: TestApi;
  let token: string;
  let cohortId: string;
  const auth = () => ({ Authorization: `Bearer ${token}` });

  beforeAll(async () => {
    stripe = await startFakeStripe();
    api = await startTestApi({
      ...stripeEnv('refunds', stripe, WEBHOOK_SECRET),
      ADMIN_USERNAME: 'refunder',
      ADMIN_PASSWORD: 'refunder-password',
    });
    token = (
      await api.http.post('/api/admin/login').send({ username: 'refunder', password: 'refunder-password' }).expect(200)
    ).body.token;
    const em = api.em();
    const cohort = em.create(Cohort, { trainingName: PARTS, cohortMonth: '2031-09', createdAt: new Date() });
    await em.flush();
    cohortId = cohort.id;
  });

  afterAll(async () => {
    await api?.close();
    await stripe?.close();
  });

  function webhook(type: string, object: unknown, eventId: string) {
    return postStripeWebhook(api, signedStripeEvent(WEBHOOK_SECRET, type, object, eventId));
  }

  async function paid(paymentType: 'full' | '3month', who: string) {
    const created = await api.http
      .post('/api/create-payment-intent')
      .send({ trainingName: PARTS, paymentType })
      .expect(200);
    const paymentIntentId: string = created.body.paymentIntentId;
    await api.http
      .post('/api/update-payment-intent')
      .send({
        paymentIntentId,
        customerName: who,
        customerEmail: `${who.split(' ')[0].toLowerCase()}@example.com`,
        cohortId,
      })
      .expect(200);
    const intent = stripe.succeed(paymentIntentId, `pm_${who.split(' ')[0].toLowerCase()}`) as FakeIntent;
    await webhook('payment_intent.succeeded', intent, `evt_${paymentIntentId}`).expect(200);
    const enrollment = await api.em().findOneOrFail(Enrollment, { paymentIntentId });
    return { paymentIntentId, enrollmentId: enrollment.id };
  }

  const refund = (id: string, body: Record<string, unknown>) =>
    api.http.post(`/api/admin/enrollments/${id}/refund`).set(auth()).send(body);

  it('refunds part of a payment through the Refunds API, records it once when the charge.refunded event comes, however often', async () => {
    const { paymentIntentId, enrollmentId } = await paid('full', 'Penny Partial');
    const price = priceOf(PARTS).fullPaymentPrice;

    const done = (await refund(enrollmentId, { amountCents: 50000, reason: 'Goodwill' }).expect(200))
      .body as EnrollmentDetail;
    expect(stripe.refunds).toEqual([expect.objectContaining({ payment_intent: paymentIntentId, amount: 50000 })]);
    expect(done.enrollment).toMatchObject({
      billingStatus: 'refunded',
      refundedCents: 50000,
      paidCents: price - 50000,
      enrollmentStatus: 'cancelled',
    });
    expect(done.payment?.refunds).toEqual([
      expect.objectContaining({ providerRefundId: stripe.refunds[0].id, amountCents: 50000 }),
    ]);

    const charge = stripe.refundedCharge(paymentIntentId);
    await webhook('charge.refunded', charge, 'evt_refund_1').expect(200);
    await webhook('charge.refunded', charge, 'evt_refund_1').expect(200);
    const after = (await api.http.get(`/api/admin/enrollments/${enrollmentId}`).set(auth()).expect(200))
      .body as EnrollmentDetail;
    expect(after.enrollment.refundedCents).toBe(50000);
    expect(after.payment?.refunds).toHaveLength(1);
  });

  it('refuses what Stripe refuses and changes nothing: more than is left on the charge', async () => {
    const { enrollmentId } = await paid('full', 'Oscar Over');
    const price = priceOf(PARTS).fullPaymentPrice;
    const refused = await refund(enrollmentId, { amountCents: price + 100 }).expect(400);
    expect(refused.body.message).toMatch(/more than is left to refund/);
    const before = stripe.refunds.length;
    // A refund made in Stripe's dashboard leaves less on the charge than the panel knows: Stripe's refusal comes back as 400.
    const intentId = (await api.em().findOneOrFail(Enrollment, { id: enrollmentId })).paymentIntentId as string;
    const sdk = new Stripe('sk_test_refunds', {
      host: new URL(stripe.url).hostname,
      port: Number(new URL(stripe.url).port),
      protocol: 'http',
    });
    await sdk.refunds.create({ payment_intent: intentId, amount: price - 1000 });
    const tooMuch = await refund(enrollmentId, { amountCents: 2000 }).expect(400);
    expect(tooMuch.body.message).toMatch(/greater than unrefunded amount/);
    expect(stripe.refunds.length).toBe(before + 1);
    expect(
      (await api.http.get(`/api/admin/enrollments/${enrollmentId}`).set(auth()).expect(200)).body.enrollment
        .refundedCents,
    ).toBe(0);

    // That dashboard refund then arrives as an event: recorded once, and the enrollment is cancelled.
    await webhook('charge.refunded', stripe.refundedCharge(intentId), 'evt_dashboard').expect(200);
    await webhook('charge.refunded', stripe.refundedCharge(intentId), 'evt_dashboard').expect(200);
    const view = (await api.http.get(`/api/admin/enrollments/${enrollmentId}`).set(auth()).expect(200))
      .body as EnrollmentDetail;
    expect(view.enrollment).toMatchObject({
      refundedCents: price - 1000,
      enrollmentStatus: 'cancelled',
      billingStatus: 'refunded',
    });
  });

  it('refunds a plan in full over its charges and stops the installments that remain', async () => {
    const { paymentIntentId, enrollmentId } = await paid('3month', 'Fiona Full');
    const monthly = priceOf(PARTS).threeMonthPrice;
    const installments = api.app.get(InstallmentsService);
    expect(await installments.chargeDueInstallments(new Date(Date.now() + 32 * DAY))).toMatchObject({ charged: 1 });
    const twoPaid = (await api.http.get(`/api/admin/enrollments/${enrollmentId}`).set(auth()).expect(200))
      .body as EnrollmentDetail;
    expect(twoPaid.enrollment).toMatchObject({ progressLabel: '2 of 3 paid', paidCents: monthly * 2 });
    const secondCharge = twoPaid.payment?.charges[1].providerPaymentId as string;

    const done = (await refund(enrollmentId, {}).expect(200)).body as EnrollmentDetail;
    expect(done.enrollment).toMatchObject({
      refundedCents: monthly * 2,
      paidCents: 0,
      balanceCents: 0,
      nextChargeAt: null,
      billingStatus: 'refunded',
    });
    const mine = stripe.refunds.filter((r) => [paymentIntentId, secondCharge].includes(r.payment_intent));
    expect(mine.map((r) => [r.payment_intent, r.amount])).toEqual([
      [secondCharge, monthly],
      [paymentIntentId, monthly],
    ]);
    expect(await installments.chargeDueInstallments(new Date(Date.now() + 63 * DAY))).toMatchObject({ charged: 0 });
    // A second full refund finds nothing left.
    await refund(enrollmentId, {}).expect(400);
  });
});
