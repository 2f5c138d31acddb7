import { COHORT_FILLED_NOT_CHARGED_MESSAGE } from '@app/contracts';
import { CHECKOUT_FORM_MESSAGES } from '@app/domain';
import Stripe from 'stripe';
import { Cohort } from '../src/cohorts/cohort.entity';
import { Enrollment } from '../src/enrollments/enrollment.entity';
import { INTERRUPTED_CHARGE_MESSAGE, InstallmentsService } from '../src/payments/installments.service';
import { PaymentInstallment } from '../src/payments/payment-installment.entity';
import { CheckoutService } from '../src/payments/checkout.service';
import { Payment } from '../src/payments/payment.entity';
import { PaymentConfirmedError } from '../src/payments/payments.errors';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../src/payments/providers/payment-provider';
import { createStripeClient } from '../src/payments/providers/stripe-payment.provider';
import { BUNDLE_PRICES } from '../src/database/seeders/pricing.seeder';
import { startFakeStripe, type FakeEvent, type FakeIntent, type FakeStripe } from './support/fake-stripe';
import { startTestApi, type TestApi } from './support/test-app';
import { postStripeWebhook, priceOf, signedStripeEvent, stripeEnv, type SignedEvent } from './support/stripe-webhooks';

const WEBHOOK_SECRET = 'whsec_test_payments';
const PSYCHOSOMATIC = 'Psychosomatic Practitioner';
const PARTS = 'Parts Therapy Practitioner';
const RESILIENT = 'Resilient Child Training';
const DAY = 24 * 60 * 60 * 1000;

describe('payments through Stripe (real SDK against a local Stripe server)', () => {
  let stripe: FakeStripe;
  let api: TestApi;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    api = await startTestApi(stripeEnv('payments', stripe, WEBHOOK_SECRET));
  });

  afterAll(async () => {
    await api?.close();
    await stripe?.close();
  });

  async function addCohort(trainingName: string, cohortMonth: string): Promise<string> {
    const em = api.em();
    const cohort = em.create(Cohort, { trainingName, cohortMonth, createdAt: new Date() });
    await em.flush();
    return cohort.id;
  }

  async function enrollmentsOf(paymentIntentId: string): Promise<Enrollment[]> {
    return api.em().find(Enrollment, { paymentIntentId }, { orderBy: { trainingName: 'asc' }, populate: ['cohort'] });
  }

  function signedEvent(type: string, intent: FakeIntent, eventId = `evt_${intent.id}_${type}`) {
    return signedStripeEvent(WEBHOOK_SECRET, type, intent, eventId);
  }

  function postWebhook(event: SignedEvent) {
    return postStripeWebhook(api, event);
  }

  async function createSingle(trainingName: string, paymentType: string) {
    const response = await api.http.post('/api/create-payment-intent').send({ trainingName, paymentType }).expect(200);
    return response.body as { paymentIntentId: string; clientSecret: string; amount: number; testMode: boolean };
  }

  describe('creating a payment', () => {
    it('charges the full price from the price table for a payment in full', async () => {
      const created = await createSingle(PARTS, 'full');
      expect(created).toMatchObject({ amount: priceOf(PARTS).fullPaymentPrice, testMode: false });
      expect(created.clientSecret).toContain(`${created.paymentIntentId}_secret_`);
      const intent = stripe.intents.get(created.paymentIntentId);
      expect(intent).toMatchObject({
        amount: priceOf(PARTS).fullPaymentPrice,
        currency: 'usd',
        setup_future_usage: null,
        // Authorised first, captured once the seats are secured.
        capture_method: 'manual',
      });
    });

    it('charges the first monthly installment of a plan and saves the card for later months', async () => {
      const three = await createSingle(PSYCHOSOMATIC, '3month');
      expect(three.amount).toBe(priceOf(PSYCHOSOMATIC).threeMonthPrice);
      expect(stripe.intents.get(three.paymentIntentId)?.setup_future_usage).toBe('off_session');
      const six = await createSingle(RESILIENT, '6month');
      expect(six.amount).toBe(priceOf(RESILIENT).sixMonthPrice);
    });

    it('prices a 2-training bundle by whether Psychosomatic Practitioner is in it, and a 3-training bundle', async () => {
      const withPsy = await api.http
        .post('/api/create-bundle-payment-intent')
        .send({ trainings: [PARTS, PSYCHOSOMATIC], paymentType: 'bundle-2' })
        .expect(200);
      const withoutPsy = await api.http
        .post('/api/create-bundle-payment-intent')
        .send({ trainings: [PARTS, RESILIENT], paymentType: 'bundle-2' })
        .expect(200);
      const all = await api.http
        .post('/api/create-bundle-payment-intent')
        .send({ trainings: [PARTS, RESILIENT, PSYCHOSOMATIC], paymentType: 'bundle-3' })
        .expect(200);
      expect(withPsy.body.amount).toBe(BUNDLE_PRICES[0].bundlePrice);
      expect(withoutPsy.body.amount).toBe(BUNDLE_PRICES[1].bundlePrice);
      expect(all.body.amount).toBe(BUNDLE_PRICES[2].bundlePrice);
      expect(stripe.intents.get(all.body.paymentIntentId)?.amount).toBe(BUNDLE_PRICES[2].bundlePrice);
    });

    it('refuses an amount sent by the browser, and the charge stays the server price', async () => {
      const createsBefore = stripe.requests.filter(
        (r) => r.method === 'POST' && r.path === '/v1/payment_intents',
      ).length;
      const refused = await api.http
        .post('/api/create-payment-intent')
        .send({ trainingName: PARTS, paymentType: 'full', amount: 100 })
        .expect(400);
      expect(refused.body).toMatchObject({ statusCode: 400, message: 'property amount should not exist' });
      const refusedBundle = await api.http
        .post('/api/create-bundle-payment-intent')
        .send({ trainings: [PARTS, RESILIENT], paymentType: 'bundle-2', amount: 100 })
        .expect(400);
      expect(refusedBundle.body.message).toBe('property amount should not exist');
      expect(stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents')).toHaveLength(
        createsBefore,
      );

      const created = await createSingle(PARTS, 'full');
      const tamperedUpdate = await api.http
        .post('/api/update-payment-intent')
        .send({
          paymentIntentId: created.paymentIntentId,
          customerName: 'Ann',
          customerEmail: 'ann@example.com',
          cohortId: null,
          amount: 100,
        })
        .expect(400);
      expect(tamperedUpdate.body.message).toBe('property amount should not exist');
      expect(stripe.intents.get(created.paymentIntentId)?.amount).toBe(priceOf(PARTS).fullPaymentPrice);
      expect(stripe.requests.some((r) => r.form.amount === '100')).toBe(false);
    });

    it.each([
      [
        { trainingName: 'Astrology Basics', paymentType: 'full' },
        'trainingName must be one of: Psychosomatic Practitioner, Parts Therapy Practitioner, Resilient Child Training',
      ],
      [{ trainingName: PARTS, paymentType: '12month' }, 'paymentType must be one of: full, 3month, 6month'],
      [{ trainingName: PARTS, paymentType: 'bundle-2' }, 'paymentType must be one of: full, 3month, 6month'],
      [{ paymentType: 'full' }, 'trainingName must be one of'],
    ])('refuses a bad single purchase %j with a clear 400', async (body, message) => {
      const response = await api.http.post('/api/create-payment-intent').send(body).expect(400);
      expect(response.body.statusCode).toBe(400);
      expect(response.body.message).toContain(message);
    });

    it.each([
      // The checkout form's own rule and messages (libs/domain validateBundleTrainings).
      [{ trainings: [PARTS, PARTS], paymentType: 'bundle-2' }, 'Please select different trainings'],
      [{ trainings: [PARTS, RESILIENT], paymentType: 'bundle-3' }, 'Please select all 3 trainings'],
      [{ trainings: [PARTS, RESILIENT, PSYCHOSOMATIC], paymentType: 'bundle-2' }, 'Please select exactly 2 trainings'],
      [{ trainings: [PARTS], paymentType: 'bundle-2' }, 'A bundle needs 2 or 3 trainings'],
      [{ trainings: [PARTS, 'Astrology Basics'], paymentType: 'bundle-2' }, 'each training must be one of'],
      [{ trainings: [PARTS, RESILIENT], paymentType: 'full' }, 'paymentType must be one of: bundle-2, bundle-3'],
    ])('refuses a bad bundle %j with a clear 400', async (body, message) => {
      const response = await api.http.post('/api/create-bundle-payment-intent').send(body).expect(400);
      expect(response.body.message).toContain(message);
    });
  });

  describe("storing the buyer's details", () => {
    it('needs a cohort of the same training when the training has cohorts', async () => {
      const own = await addCohort(RESILIENT, '2027-03');
      const other = await addCohort(PARTS, '2027-04');
      const created = await createSingle(RESILIENT, 'full');
      const buyer = {
        paymentIntentId: created.paymentIntentId,
        customerName: 'Ann Lee',
        customerEmail: 'ann@example.com',
      };

      const missing = await api.http
        .post('/api/update-payment-intent')
        .send({ ...buyer, cohortId: null })
        .expect(400);
      expect(missing.body.message).toBe('Please select a cohort');
      const wrong = await api.http
        .post('/api/update-payment-intent')
        .send({ ...buyer, cohortId: other })
        .expect(400);
      expect(wrong.body.message).toBe('The chosen cohort is not a cohort of Resilient Child Training');
      const noName = await api.http
        .post('/api/update-payment-intent')
        .send({ ...buyer, customerName: ' ', cohortId: own })
        .expect(400);
      expect(noName.body.message).toBe('Please fill in your name and email');
      const badEmail = await api.http
        .post('/api/update-payment-intent')
        .send({ ...buyer, customerEmail: 'ann@', cohortId: own })
        .expect(400);
      expect(badEmail.body.message).toBe('Please enter a valid email address');

      const ok = await api.http
        .post('/api/update-payment-intent')
        .send({ ...buyer, cohortId: own })
        .expect(200);
      expect(ok.body).toEqual({
        paymentIntentId: created.paymentIntentId,
        amount: priceOf(RESILIENT).fullPaymentPrice,
        status: 'requires_payment_method',
        installments: 1,
        laterInstallmentAmount: null,
        promotion: null,
        free: false,
      });
      const intent = stripe.intents.get(created.paymentIntentId);
      expect(intent?.receipt_email).toBe('ann@example.com');
      expect(intent?.metadata).toMatchObject({ customerName: 'Ann Lee', customerEmail: 'ann@example.com' });
      expect(intent?.metadata.cohorts).toContain(own);
    });

    it('refuses a bad buyer body field by field with the checkout form’s words, before anything is stored', async () => {
      const created = await createSingle(PARTS, 'full');
      const refused = await api.http
        .post('/api/update-payment-intent')
        .send({ paymentIntentId: created.paymentIntentId, customerName: ' ', customerEmail: 'ann@', cohortId: 'march' })
        .expect(400);
      expect(refused.body).toEqual({
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: 'cohortId must be a cohort id; Please fill in your name and email; Please enter a valid email address',
        fieldErrors: {
          customerName: ['Please fill in your name and email'],
          customerEmail: ['Please enter a valid email address'],
          cohortId: ['cohortId must be a cohort id'],
        },
      });
      expect(stripe.intents.get(created.paymentIntentId)?.receipt_email ?? null).toBeNull();

      const bundle = await api.http
        .post('/api/create-bundle-payment-intent')
        .send({ trainings: [PARTS, 'Astrology Basics'], paymentType: 'full' })
        .expect(400);
      expect(bundle.body.fieldErrors).toEqual({
        trainings: [CHECKOUT_FORM_MESSAGES.eachTraining],
        paymentType: [CHECKOUT_FORM_MESSAGES.bundlePaymentType],
      });
    });

    it("checks every bundle training's cohort and refuses other trainings than the bundle's", async () => {
      const psyCohort = await addCohort(PSYCHOSOMATIC, '2027-05');
      const created = await api.http
        .post('/api/create-bundle-payment-intent')
        .send({ trainings: [PSYCHOSOMATIC, PARTS], paymentType: 'bundle-2' })
        .expect(200);
      const base = {
        paymentIntentId: created.body.paymentIntentId,
        customerName: 'Bo',
        customerEmail: 'bo@example.com',
      };
      const partsCohort = (await api.em().findOneOrFail(Cohort, { trainingName: PARTS })).id;

      const missing = await api.http
        .post('/api/update-bundle-payment-intent')
        .send({
          ...base,
          trainings: [
            { name: PSYCHOSOMATIC, cohortId: null },
            { name: PARTS, cohortId: partsCohort },
          ],
        })
        .expect(400);
      expect(missing.body.message).toBe('Please select a cohort for Psychosomatic Practitioner');
      const swapped = await api.http
        .post('/api/update-bundle-payment-intent')
        .send({
          ...base,
          trainings: [
            { name: PSYCHOSOMATIC, cohortId: partsCohort },
            { name: PARTS, cohortId: psyCohort },
          ],
        })
        .expect(400);
      expect(swapped.body.message).toBe('The chosen cohort is not a cohort of Psychosomatic Practitioner');
      const other = await api.http
        .post('/api/update-bundle-payment-intent')
        .send({
          ...base,
          trainings: [
            { name: PSYCHOSOMATIC, cohortId: psyCohort },
            { name: RESILIENT, cohortId: null },
          ],
        })
        .expect(400);
      expect(other.body.message).toContain('the trainings cannot change');
      await api.http
        .post('/api/update-bundle-payment-intent')
        .send({
          ...base,
          trainings: [
            { name: PARTS, cohortId: partsCohort },
            { name: PSYCHOSOMATIC, cohortId: psyCohort },
          ],
        })
        .expect(200);
    });

    it('answers 404 for a payment it does not know', async () => {
      const response = await api.http
        .post('/api/update-payment-intent')
        .send({ paymentIntentId: 'pi_unknown', customerName: 'A', customerEmail: 'a@example.com', cohortId: null })
        .expect(404);
      expect(response.body).toEqual({ statusCode: 404, message: 'Payment pi_unknown not found', code: 'NOT_FOUND' });
    });
  });

  describe('enrolling from the webhook and the success page', () => {
    async function paidSingle(
      trainingName: string,
      paymentType: string,
      buyer = { name: 'Cara Diaz', email: 'cara@example.com' },
    ) {
      const cohorts = await api.em().find(Cohort, { trainingName });
      const created = await createSingle(trainingName, paymentType);
      await api.http
        .post('/api/update-payment-intent')
        .send({
          paymentIntentId: created.paymentIntentId,
          customerName: buyer.name,
          customerEmail: buyer.email,
          cohortId: cohorts[0]?.id ?? null,
        })
        .expect(200);
      return { created, cohortId: cohorts[0]?.id ?? null };
    }

    it('refuses a bad signature with 400 and changes nothing', async () => {
      const { created } = await paidSingle(PARTS, 'full');
      const intent = stripe.succeed(created.paymentIntentId);
      const event = signedEvent('payment_intent.succeeded', intent);
      const forged = Stripe.webhooks.generateTestHeaderString({ payload: event.payload, secret: 'whsec_someone_else' });
      const response = await postWebhook({ payload: event.payload, signature: forged }).expect(400);
      expect(response.body).toEqual({
        statusCode: 400,
        message: 'Invalid Stripe signature',
        code: 'VALIDATION_FAILED',
      });
      const tamperedBody = event.payload.replace(`"amount":${intent.amount}`, '"amount":100');
      await postWebhook({ payload: tamperedBody, signature: event.signature }).expect(400);
      await api.http
        .post('/api/payments/webhook')
        .set('content-type', 'application/json')
        .send(event.payload)
        .expect(400);

      expect(await enrollmentsOf(created.paymentIntentId)).toHaveLength(0);
      const payment = await api.em().findOneOrFail(Payment, { providerPaymentId: created.paymentIntentId });
      expect(payment.status).toBe('pending');
    });

    it('enrolls exactly once when the same event arrives 5 times', async () => {
      const { created, cohortId } = await paidSingle(PARTS, 'full');
      const event = signedEvent('payment_intent.succeeded', stripe.succeed(created.paymentIntentId));
      for (let i = 0; i < 5; i += 1) {
        await postWebhook(event).expect(200, { received: true });
      }
      const enrollments = await enrollmentsOf(created.paymentIntentId);
      expect(enrollments).toHaveLength(1);
      expect(enrollments[0]).toMatchObject({
        studentName: 'Cara Diaz',
        studentEmail: 'cara@example.com',
        trainingName: PARTS,
        paymentType: 'full',
        paymentAmount: priceOf(PARTS).fullPaymentPrice,
        enrollmentStatus: 'active',
        isManualEntry: false,
      });
      expect(enrollments[0].cohort?.id).toBe(cohortId);
      const payment = await api.em().findOneOrFail(Payment, { providerPaymentId: created.paymentIntentId });
      expect(payment).toMatchObject({ status: 'succeeded', installmentsPaid: 1, planStatus: 'none' });
    });

    it('enrolls exactly one per training when webhook and reconciliation race 20 times', async () => {
      const cohortIds: Record<string, string> = {};
      for (const training of [PSYCHOSOMATIC, PARTS, RESILIENT]) {
        cohortIds[training] = (await api.em().findOneOrFail(Cohort, { trainingName: training })).id;
      }
      const created = await api.http
        .post('/api/create-bundle-payment-intent')
        .send({ trainings: [RESILIENT, PARTS, PSYCHOSOMATIC], paymentType: 'bundle-3' })
        .expect(200);
      const paymentIntentId: string = created.body.paymentIntentId;
      await api.http
        .post('/api/update-bundle-payment-intent')
        .send({
          paymentIntentId,
          customerName: 'Dee Race',
          customerEmail: 'dee@example.com',
          trainings: [RESILIENT, PARTS, PSYCHOSOMATIC].map((name) => ({ name, cohortId: cohortIds[name] })),
        })
        .expect(200);
      const event = signedEvent('payment_intent.succeeded', stripe.succeed(paymentIntentId));

      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          i % 2 === 0 ? postWebhook(event) : api.http.post('/api/payments/reconcile').send({ paymentIntentId }),
        ),
      );
      expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));

      const enrollments = await enrollmentsOf(paymentIntentId);
      expect(enrollments.map((e) => e.trainingName)).toEqual([PARTS, PSYCHOSOMATIC, RESILIENT]);
      expect(enrollments.map((e) => e.cohort?.id)).toEqual([
        cohortIds[PARTS],
        cohortIds[PSYCHOSOMATIC],
        cohortIds[RESILIENT],
      ]);
      expect(enrollments.every((e) => e.paymentType === 'full' && e.studentEmail === 'dee@example.com')).toBe(true);
      expect(enrollments.reduce((sum, e) => sum + e.paymentAmount, 0)).toBe(BUNDLE_PRICES[2].bundlePrice);
      const reconciled = await api.http.post('/api/payments/reconcile').send({ paymentIntentId }).expect(200);
      expect(reconciled.body.status).toBe('succeeded');
      expect([...reconciled.body.enrollmentIds].sort()).toEqual(enrollments.map((e) => e.id).sort());
    });

    it('does not enroll while the payment has not succeeded', async () => {
      const { created } = await paidSingle(PARTS, 'full');
      const response = await api.http
        .post('/api/payments/reconcile')
        .send({ paymentIntentId: created.paymentIntentId })
        .expect(200);
      expect(response.body).toEqual({ status: 'requires_payment_method', enrollmentIds: [], notChargedMessage: null });
      await api.http.post('/api/payments/reconcile').send({ paymentIntentId: 'pi_nope' }).expect(404);
    });

    it('does not enroll when the amount paid at the provider differs from the server price', async () => {
      const { created } = await paidSingle(PARTS, 'full');
      const intent = stripe.succeed(created.paymentIntentId);
      intent.amount = 100;
      await postWebhook(signedEvent('payment_intent.succeeded', intent)).expect(200);
      await api.http.post('/api/payments/reconcile').send({ paymentIntentId: created.paymentIntentId }).expect(200);
      expect(await enrollmentsOf(created.paymentIntentId)).toHaveLength(0);
    });

    it('enrolls a payment confirmed without the details step, with a note telling the admin where to look', async () => {
      const created = await createSingle(RESILIENT, 'full');
      await postWebhook(signedEvent('payment_intent.succeeded', stripe.succeed(created.paymentIntentId))).expect(200);
      const [enrollment] = await enrollmentsOf(created.paymentIntentId);
      expect(enrollment).toMatchObject({
        studentName: 'Unknown buyer',
        studentEmail: '',
        trainingName: RESILIENT,
        cohort: null,
      });
      expect(enrollment.notes).toBe(
        `Paid without buyer details; see payment ${created.paymentIntentId} in Stripe for the name and email`,
      );
    });

    it('records a failed payment and accepts events for intents it did not create', async () => {
      const { created } = await paidSingle(PARTS, 'full');
      const intent = stripe.intents.get(created.paymentIntentId) as FakeIntent;
      const failed = {
        ...intent,
        last_payment_error: { message: 'Your card was declined.', code: 'card_declined', type: 'card_error' },
      };
      await postWebhook(signedEvent('payment_intent.payment_failed', failed)).expect(200);
      const payment = await api.em().findOneOrFail(Payment, { providerPaymentId: created.paymentIntentId });
      expect(payment).toMatchObject({ status: 'failed', failureMessage: 'Your card was declined.' });
      expect(await enrollmentsOf(created.paymentIntentId)).toHaveLength(0);

      const foreign = { ...intent, id: 'pi_foreign', status: 'succeeded' };
      await postWebhook(signedEvent('payment_intent.succeeded', foreign)).expect(200);
      expect(await enrollmentsOf('pi_foreign')).toHaveLength(0);
    });
  });

  describe('installment plans', () => {
    async function paidPlan(trainingName: string, paymentType: '3month' | '6month', paymentMethod: string) {
      const created = await createSingle(trainingName, paymentType);
      const cohort = await api.em().findOne(Cohort, { trainingName });
      await api.http
        .post('/api/update-payment-intent')
        .send({
          paymentIntentId: created.paymentIntentId,
          customerName: 'Eve Plan',
          customerEmail: 'eve@example.com',
          cohortId: cohort?.id ?? null,
        })
        .expect(200);
      const intent = stripe.succeed(created.paymentIntentId, paymentMethod);
      await postWebhook(signedEvent('payment_intent.succeeded', intent)).expect(200);
      return created;
    }

    it('charges the later months off-session on the saved card and records each', async () => {
      const monthly = priceOf(PSYCHOSOMATIC).threeMonthPrice;
      const created = await paidPlan(PSYCHOSOMATIC, '3month', 'pm_card_ok');
      const intent = stripe.intents.get(created.paymentIntentId) as FakeIntent;
      expect(intent.customer).toMatch(/^cus_/);
      const installments = api.app.get(InstallmentsService);

      expect(await installments.chargeDueInstallments(new Date())).toEqual({ charged: 0, failed: 0 });
      expect(await installments.chargeDueInstallments(new Date(Date.now() + 32 * DAY))).toEqual({
        charged: 1,
        failed: 0,
      });
      const offSession = stripe.requests.filter(
        (r) => r.path === '/v1/payment_intents' && r.form.off_session === 'true',
      );
      expect(offSession.at(-1)?.form).toMatchObject({
        amount: String(monthly),
        customer: intent.customer,
        payment_method: 'pm_card_ok',
        confirm: 'true',
      });
      expect(await installments.chargeDueInstallments(new Date(Date.now() + 40 * DAY))).toEqual({
        charged: 0,
        failed: 0,
      });
      expect(await installments.chargeDueInstallments(new Date(Date.now() + 63 * DAY))).toEqual({
        charged: 1,
        failed: 0,
      });
      expect(await installments.chargeDueInstallments(new Date(Date.now() + 400 * DAY))).toEqual({
        charged: 0,
        failed: 0,
      });

      const [enrollment] = await enrollmentsOf(created.paymentIntentId);
      expect(enrollment).toMatchObject({ paymentType: '3month', paymentAmount: 3 * monthly });
      const payment = await api.em().findOneOrFail(Payment, { providerPaymentId: created.paymentIntentId });
      expect(payment).toMatchObject({
        installmentsPaid: 3,
        installmentsTotal: 3,
        planStatus: 'completed',
        nextInstallmentAt: null,
      });
      const rows = await api
        .em()
        .find(PaymentInstallment, { payment: payment.id }, { orderBy: { installmentNumber: 'asc' } });
      expect(rows.map((r) => [r.installmentNumber, r.status, r.amount])).toEqual([
        [1, 'succeeded', monthly],
        [2, 'succeeded', monthly],
        [3, 'succeeded', monthly],
      ]);
    });

    it('charges later months with the customer the card was saved to, even when our record names another', async () => {
      // Two overlapping "Pay now" submissions each create a customer; the intent ends up with the one updated last,
      // and Stripe saves the card to that customer, so off-session charges must use it.
      const created = await createSingle(PARTS, '3month');
      const cohort = await api.em().findOne(Cohort, { trainingName: PARTS });
      await api.http
        .post('/api/update-payment-intent')
        .send({
          paymentIntentId: created.paymentIntentId,
          customerName: 'Ray Race',
          customerEmail: 'ray@example.com',
          cohortId: cohort?.id ?? null,
        })
        .expect(200);
      const stored = await api.em().findOneOrFail(Payment, { providerPaymentId: created.paymentIntentId });
      expect(stored.providerCustomerId).toMatch(/^cus_/);
      const intent = stripe.succeed(created.paymentIntentId, 'pm_card_race');
      intent.customer = 'cus_card_owner';
      await postWebhook(signedEvent('payment_intent.succeeded', intent)).expect(200);

      const payment = await api.em().findOneOrFail(Payment, { providerPaymentId: created.paymentIntentId });
      expect(payment.providerCustomerId).toBe('cus_card_owner');
      expect(await api.app.get(InstallmentsService).chargeDueInstallments(new Date(Date.now() + 32 * DAY))).toEqual({
        charged: 1,
        failed: 0,
      });
      const charge = stripe.requests
        .filter((r) => r.path === '/v1/payment_intents' && r.form.payment_method === 'pm_card_race')
        .at(-1);
      expect(charge?.form).toMatchObject({ customer: 'cus_card_owner', off_session: 'true' });
      // The last month too, so no plan of this test is left due for the next one.
      expect(await api.app.get(InstallmentsService).chargeDueInstallments(new Date(Date.now() + 63 * DAY))).toEqual({
        charged: 1,
        failed: 0,
      });
    });

    it('marks the plan and the enrollment past due when a later month is declined', async () => {
      stripe.declineOffSession('pm_card_later_declined');
      const created = await paidPlan(RESILIENT, '6month', 'pm_card_later_declined');
      const result = await api.app.get(InstallmentsService).chargeDueInstallments(new Date(Date.now() + 32 * DAY));
      expect(result).toEqual({ charged: 0, failed: 1 });
      const payment = await api.em().findOneOrFail(Payment, { providerPaymentId: created.paymentIntentId });
      expect(payment).toMatchObject({
        planStatus: 'past_due',
        installmentsPaid: 1,
        failureMessage: 'Your card was declined.',
      });
      const [enrollment] = await enrollmentsOf(created.paymentIntentId);
      expect(enrollment.paymentAmount).toBe(priceOf(RESILIENT).sixMonthPrice);
      expect(enrollment.notes).toMatch(
        /^Past due: installment 2 of 6 failed on \d{4}-\d{2}-\d{2} \(Your card was declined\.\)$/,
      );
      // The job tries the saved card again 3 days after each decline, three declines in all; then only a new card pays.
      const run = (days: number) =>
        api.app.get(InstallmentsService).chargeDueInstallments(new Date(Date.now() + days * DAY));
      expect((await run(34)).failed).toBe(0);
      expect((await run(35.5)).failed).toBe(1);
      expect((await run(39)).failed).toBe(1);
      expect((await run(400)).failed).toBe(0);
      const retries = stripe.requests.filter(
        (r) => r.form.payment_method === 'pm_card_later_declined' && r.form.off_session === 'true',
      );
      expect(retries.map((r) => r.idempotencyKey)).toEqual([
        `installment-${payment.id}-2`,
        `installment-${payment.id}-2-retry-1`,
        `installment-${payment.id}-2-retry-2`,
      ]);
      expect(await api.em().findOneOrFail(Payment, { id: payment.id }, { refresh: true })).toMatchObject({
        planStatus: 'past_due',
        installmentsPaid: 1,
        installmentDeclines: 3,
        nextRetryAt: null,
      });
    });

    it('resumes a charge a crashed run left unfinished without charging twice, and leaves an older one to an admin', async () => {
      const monthly = priceOf(PARTS).threeMonthPrice;
      const crashed = await paidPlan(PARTS, '3month', 'pm_card_crashed_run');
      const old = await paidPlan(RESILIENT, '6month', 'pm_card_old_claim');
      const [crashedPayment, oldPayment] = await Promise.all(
        [crashed, old].map((c) => api.em().findOneOrFail(Payment, { providerPaymentId: c.paymentIntentId })),
      );
      const claim = (paymentId: string, amount: number, age: string) =>
        api
          .em()
          .getConnection()
          .execute(
            `insert into payment_installments (id, payment_id, installment_number, amount, status, created_at, claimed_at)
           values (gen_random_uuid(), ?, 2, ?, 'processing', now() - ?::interval, now() - ?::interval)`,
            [paymentId, amount, age, age],
          );
      // A run claimed month 2 and reached Stripe, then died before recording the charge.
      const reachedStripe = await api.app.get<PaymentProvider>(PAYMENT_PROVIDER).chargeOffSession({
        amount: monthly,
        currency: 'usd',
        customerId: crashedPayment.providerCustomerId,
        paymentMethodId: 'pm_card_crashed_run',
        description: 'Installment 2 of 3',
        metadata: {},
        idempotencyKey: `installment-${crashedPayment.id}-2`,
      });
      await claim(crashedPayment.id, monthly, '5 minutes');
      // Another died more than a day ago: Stripe may have forgotten its idempotency key.
      await claim(oldPayment.id, oldPayment.amount, '2 days');
      const installments = api.app.get(InstallmentsService);

      // A claim only minutes old may still be running elsewhere: left alone, while the old one goes to an admin.
      expect(await installments.chargeDueInstallments(new Date())).toEqual({ charged: 0, failed: 1 });
      await api
        .em()
        .getConnection()
        .execute(`update payment_installments set claimed_at = now() - interval '1 hour' where payment_id = ?`, [
          crashedPayment.id,
        ]);
      expect(await installments.chargeDueInstallments(new Date())).toEqual({ charged: 1, failed: 0 });
      expect(await installments.chargeDueInstallments(new Date())).toEqual({ charged: 0, failed: 0 });

      const resumedRow = await api
        .em()
        .findOneOrFail(PaymentInstallment, { payment: crashedPayment.id, installmentNumber: 2 }, { refresh: true });
      expect(resumedRow).toMatchObject({ status: 'succeeded', providerPaymentId: reachedStripe.id });
      const offSessionIntents = [...stripe.intents.values()].filter(
        (i) => i.payment_method === 'pm_card_crashed_run' && i.id !== crashed.paymentIntentId,
      );
      expect(offSessionIntents).toHaveLength(1);
      expect(await api.em().findOneOrFail(Payment, { id: crashedPayment.id }, { refresh: true })).toMatchObject({
        installmentsPaid: 2,
        planStatus: 'active',
      });
      expect((await enrollmentsOf(crashed.paymentIntentId))[0].paymentAmount).toBe(2 * monthly);

      expect(stripe.requests.filter((r) => r.idempotencyKey === `installment-${oldPayment.id}-2`)).toHaveLength(0);
      const oldRow = await api
        .em()
        .findOneOrFail(PaymentInstallment, { payment: oldPayment.id, installmentNumber: 2 }, { refresh: true });
      expect(oldRow).toMatchObject({ status: 'failed', failureMessage: INTERRUPTED_CHARGE_MESSAGE });
      expect(await api.em().findOneOrFail(Payment, { id: oldPayment.id }, { refresh: true })).toMatchObject({
        installmentsPaid: 1,
        planStatus: 'past_due',
      });
      expect((await enrollmentsOf(old.paymentIntentId))[0].notes).toContain(INTERRUPTED_CHARGE_MESSAGE);
      // The last month of the resumed plan, so no plan of this test is left due for another.
      expect(await installments.chargeDueInstallments(new Date(Date.now() + 63 * DAY))).toEqual({
        charged: 1,
        failed: 0,
      });
    });
  });

  describe('authorising first and capturing once the seat is secured', () => {
    async function cohortWithCapacity(trainingName: string, cohortMonth: string, capacity: number): Promise<string> {
      const em = api.em();
      const cohort = em.create(Cohort, { trainingName, cohortMonth, capacity, createdAt: new Date() });
      await em.flush();
      return cohort.id;
    }

    /** Created and given its buyer and cohort (which holds the seat), not paid yet. */
    async function checkout(cohortId: string, email: string) {
      const created = await createSingle(RESILIENT, 'full');
      await api.http
        .post('/api/update-payment-intent')
        .send({ paymentIntentId: created.paymentIntentId, customerName: 'Hana Hold', customerEmail: email, cohortId })
        .expect(200);
      const payment = await api.em().findOneOrFail(Payment, { providerPaymentId: created.paymentIntentId });
      return { paymentIntentId: created.paymentIntentId, paymentId: payment.id };
    }

    /** The buyer's bank took longer than the hold: it lapsed. */
    async function lapseHold(paymentId: string): Promise<void> {
      await api
        .em()
        .getConnection()
        .execute(`update cohort_seat_holds set expires_at = now() - interval '1 minute' where payment_id = ?`, [
          paymentId,
        ]);
    }

    function eventOf(intentId: string, type: string): FakeEvent {
      const event = stripe.events.find((e) => e.object.id === intentId && e.type === type);
      if (!event) throw new Error(`No ${type} for ${intentId}`);
      return event;
    }

    function deliver(event: FakeEvent) {
      return postWebhook(signedStripeEvent(WEBHOOK_SECRET, event.type, event.object, event.id)).expect(200);
    }

    function reconcile(paymentIntentId: string) {
      return api.http.post('/api/payments/reconcile').send({ paymentIntentId }).expect(200);
    }

    async function mailsOf(key: string): Promise<number> {
      const rows = await api
        .em()
        .getConnection()
        .execute<Array<{ count: string }>>('select count(*) from outbox where key = ?', [key]);
      return Number(rows[0].count);
    }

    async function activeInCohort(cohortId: string): Promise<number> {
      return api.em().count(Enrollment, { cohort: cohortId, enrollmentStatus: { $ne: 'cancelled' } });
    }

    const capturesOf = (intentId: string) =>
      stripe.events.filter((e) => e.object.id === intentId && e.type === 'payment_intent.succeeded').length;

    it('meets a local Stripe that refuses what Stripe refuses: capture before authorisation, cancel after the charge', async () => {
      const client = createStripeClient({
        secretKey: 'sk_test_stand_in',
        publishableKey: 'pk_test_stand_in',
        webhookSecret: null,
        apiUrl: stripe.url,
      });
      const created = await createSingle(RESILIENT, 'full');
      const id = created.paymentIntentId;
      await expect(client.paymentIntents.capture(id)).rejects.toMatchObject({
        code: 'payment_intent_unexpected_state',
      });
      stripe.confirm(id);
      const first = await client.paymentIntents.capture(id, {}, { idempotencyKey: 'capture-once' });
      const replay = await client.paymentIntents.capture(id, {}, { idempotencyKey: 'capture-once' });
      expect([first.status, replay.status]).toEqual(['succeeded', 'succeeded']);
      expect(capturesOf(id)).toBe(1);
      await expect(client.paymentIntents.capture(id, {}, { idempotencyKey: 'capture-again' })).rejects.toMatchObject({
        code: 'payment_intent_unexpected_state',
      });
      await expect(client.paymentIntents.cancel(id)).rejects.toMatchObject({ code: 'payment_intent_unexpected_state' });
      await expect(
        client.paymentIntents.create({ amount: 5000, currency: 'usd', capture_method: 'later' as never }),
      ).rejects.toMatchObject({ param: 'capture_method' });
      expect(eventOf(id, 'payment_intent.amount_capturable_updated').object.status).toBe('requires_capture');
    });

    it('captures once and enrolls once when replayed webhooks and reconciliations race', async () => {
      const cohortId = await cohortWithCapacity(RESILIENT, '2028-01', 5);
      const { paymentIntentId, paymentId } = await checkout(cohortId, 'race@example.com');
      expect(stripe.confirm(paymentIntentId)).toMatchObject({ status: 'requires_capture' });
      const authorised = eventOf(paymentIntentId, 'payment_intent.amount_capturable_updated');

      const responses = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          i % 2 === 0
            ? postWebhook(signedStripeEvent(WEBHOOK_SECRET, authorised.type, authorised.object, authorised.id))
            : api.http.post('/api/payments/reconcile').send({ paymentIntentId }),
        ),
      );
      expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
      await deliver(eventOf(paymentIntentId, 'payment_intent.succeeded'));
      await deliver(eventOf(paymentIntentId, 'payment_intent.succeeded'));

      expect(stripe.intents.get(paymentIntentId)).toMatchObject({
        status: 'succeeded',
        amount_received: priceOf(RESILIENT).fullPaymentPrice,
      });
      expect(capturesOf(paymentIntentId)).toBe(1);
      const captureKeys = new Set(
        stripe.requests
          .filter((r) => r.path === `/v1/payment_intents/${paymentIntentId}/capture`)
          .map((r) => r.idempotencyKey),
      );
      expect([...captureKeys]).toEqual([`capture-${paymentId}`]);
      const enrollments = await enrollmentsOf(paymentIntentId);
      expect(enrollments).toHaveLength(1);
      expect(enrollments[0].cohort?.id).toBe(cohortId);
      expect(await mailsOf(`purchase-confirmation:${paymentId}`)).toBe(1);
      const payment = await api.em().findOneOrFail(Payment, { id: paymentId });
      expect(payment).toMatchObject({ status: 'succeeded', captureDecision: 'capture' });
      expect((await reconcile(paymentIntentId)).body).toMatchObject({ status: 'succeeded', notChargedMessage: null });
    });

    it('does not charge a buyer whose hold lapsed while others took the last seat: cancelled, not enrolled, one mail', async () => {
      const cohortId = await cohortWithCapacity(RESILIENT, '2028-02', 1);
      const slow = await checkout(cohortId, 'slow@example.com');
      stripe.confirm(slow.paymentIntentId);
      await lapseHold(slow.paymentId);

      // Meanwhile another buyer takes the seat and pays.
      const quick = await checkout(cohortId, 'quick@example.com');
      stripe.confirm(quick.paymentIntentId);
      await deliver(eventOf(quick.paymentIntentId, 'payment_intent.amount_capturable_updated'));
      expect(await enrollmentsOf(quick.paymentIntentId)).toHaveLength(1);

      const authorised = eventOf(slow.paymentIntentId, 'payment_intent.amount_capturable_updated');
      await deliver(authorised);
      await deliver(authorised);
      const reconciled = await reconcile(slow.paymentIntentId);
      expect(reconciled.body).toEqual({
        status: 'canceled',
        enrollmentIds: [],
        notChargedMessage: COHORT_FILLED_NOT_CHARGED_MESSAGE,
      });
      await deliver(eventOf(slow.paymentIntentId, 'payment_intent.canceled'));

      expect(stripe.intents.get(slow.paymentIntentId)).toMatchObject({ status: 'canceled', amount_received: 0 });
      expect(capturesOf(slow.paymentIntentId)).toBe(0);
      expect(stripe.requests.some((r) => r.path === `/v1/payment_intents/${slow.paymentIntentId}/capture`)).toBe(false);
      expect(await enrollmentsOf(slow.paymentIntentId)).toHaveLength(0);
      expect(await activeInCohort(cohortId)).toBe(1);
      const payment = await api.em().findOneOrFail(Payment, { id: slow.paymentId });
      expect(payment).toMatchObject({
        status: 'failed',
        captureDecision: 'cancel',
        failureMessage: COHORT_FILLED_NOT_CHARGED_MESSAGE,
      });
      expect(await mailsOf(`cohort-filled-not-charged:${slow.paymentId}`)).toBe(1);
      const [mail] = await api
        .em()
        .getConnection()
        .execute<Array<{ recipient: string; template: string }>>(
          'select recipient, template from outbox where key = ?',
          [`cohort-filled-not-charged:${slow.paymentId}`],
        );
      expect(mail).toEqual({ recipient: 'slow@example.com', template: 'cohort-filled-not-charged' });
      // The cancelled payment's details cannot be given again: its intent can no longer be paid.
      await api.http
        .post('/api/update-payment-intent')
        .send({ paymentIntentId: slow.paymentIntentId, customerName: 'S', customerEmail: 'slow@example.com', cohortId })
        .expect(400);
    });

    it('does not capture a payment whose promotion code was used up while its use had lapsed', async () => {
      const code = `ONCE${Math.random().toString(36).slice(2, 8)}`.toUpperCase();
      await api
        .em()
        .getConnection()
        .execute(
          `insert into promotion_codes (id, code, discount_type, percent_off, purchase_kinds, max_uses)
           values (gen_random_uuid(), ?, 'percent', 10, '["full", "plans", "bundles"]'::jsonb, 1)`,
          [code],
        );
      const cohortId = await cohortWithCapacity(RESILIENT, '2029-11', 5);
      const withCode = async (email: string) => {
        const created = await createSingle(RESILIENT, 'full');
        await api.http
          .post('/api/update-payment-intent')
          .send({
            paymentIntentId: created.paymentIntentId,
            customerName: 'Pat',
            customerEmail: email,
            promotionCode: code,
            cohortId,
          })
          .expect(200);
        return created.paymentIntentId;
      };
      const slow = await withCode('slow-code@example.com');
      stripe.confirm(slow);
      await api
        .em()
        .getConnection()
        .execute(
          `update promotion_redemptions set held_until = now() - interval '1 minute'
           where payment_id = (select id from payments where provider_payment_id = ?)`,
          [slow],
        );
      const quick = await withCode('quick-code@example.com');
      stripe.confirm(quick);
      await deliver(eventOf(quick, 'payment_intent.amount_capturable_updated'));
      expect(capturesOf(quick)).toBe(1);

      await deliver(eventOf(slow, 'payment_intent.amount_capturable_updated'));
      const reconciled = await reconcile(slow);
      expect(reconciled.body).toMatchObject({ status: 'canceled', enrollmentIds: [] });
      expect(capturesOf(slow)).toBe(0);
      expect(await api.em().findOneOrFail(Payment, { providerPaymentId: slow })).toMatchObject({
        status: 'failed',
        captureDecision: 'cancel',
      });
    });

    it("keeps the seat a capture decision holds when the buyer's details update races the decision", async () => {
      const cohortA = await cohortWithCapacity(RESILIENT, '2028-04', 1);
      const cohortB = await cohortWithCapacity(RESILIENT, '2028-05', 1);
      const { paymentIntentId, paymentId } = await checkout(cohortA, 'tabs@example.com');
      stripe.confirm(paymentIntentId);
      // Tab 1's authorisation is decided (not captured yet); tab 2's update had passed its checks just before.
      const payment = await api.em().findOneOrFail(Payment, { id: paymentId });
      expect(await api.app.get(CheckoutService).decideCapture(payment)).toBe('capture');
      await expect(
        api.app.get(CheckoutService).holdSeats(paymentId, [{ name: RESILIENT, cohortId: cohortB }]),
      ).rejects.toBeInstanceOf(PaymentConfirmedError);

      const holds = await api
        .em()
        .getConnection()
        .execute<Array<{ cohort_id: string; days: number }>>(
          `select cohort_id, extract(epoch from expires_at - now()) / 86400 as days from cohort_seat_holds where payment_id = ?`,
          [paymentId],
        );
      expect(holds.map((h) => h.cohort_id)).toEqual([cohortA]);
      expect(Number(holds[0].days)).toBeGreaterThan(1);
    });

    it('decides nothing on an authorisation event retried after the intent was cancelled: no hold, no capture', async () => {
      const cohortId = await cohortWithCapacity(RESILIENT, '2028-06', 1);
      const { paymentIntentId, paymentId } = await checkout(cohortId, 'late-event@example.com');
      stripe.confirm(paymentIntentId);
      const authorised = eventOf(paymentIntentId, 'payment_intent.amount_capturable_updated');
      // The authorisation is released (at the Stripe dashboard, or it lapsed) before the event gets through.
      const client = createStripeClient({
        secretKey: 'sk_test_stand_in',
        publishableKey: 'pk_test_stand_in',
        webhookSecret: null,
        apiUrl: stripe.url,
      });
      await client.paymentIntents.cancel(paymentIntentId);
      await deliver(eventOf(paymentIntentId, 'payment_intent.canceled'));
      await deliver(authorised);

      const payment = await api.em().findOneOrFail(Payment, { id: paymentId });
      expect(payment).toMatchObject({ status: 'failed', captureDecision: null });
      expect(stripe.requests.some((r) => r.path === `/v1/payment_intents/${paymentIntentId}/capture`)).toBe(false);
      const holds = await api
        .em()
        .getConnection()
        .execute<Array<{ count: string }>>('select count(*) from cohort_seat_holds where payment_id = ?', [paymentId]);
      expect(Number(holds[0].count)).toBe(0);
    });

    it('captures under a new key when the first capture failed on Stripe’s side, whose key replays the failure', async () => {
      const cohortId = await cohortWithCapacity(RESILIENT, '2028-07', 1);
      const { paymentIntentId, paymentId } = await checkout(cohortId, 'retry@example.com');
      stripe.confirm(paymentIntentId);
      stripe.failNext(`/v1/payment_intents/${paymentIntentId}/capture`);
      await deliver(eventOf(paymentIntentId, 'payment_intent.amount_capturable_updated'));

      expect(stripe.intents.get(paymentIntentId)).toMatchObject({ status: 'succeeded' });
      expect(capturesOf(paymentIntentId)).toBe(1);
      const keys = stripe.requests
        .filter((r) => r.path === `/v1/payment_intents/${paymentIntentId}/capture`)
        .map((r) => r.idempotencyKey);
      expect(keys[0]).toBe(`capture-${paymentId}`);
      expect(keys.at(-1)).toMatch(new RegExp(`^capture-${paymentId}-retry-\\d+$`));
      expect(await enrollmentsOf(paymentIntentId)).toHaveLength(1);
    });

    it('captures and enrolls a buyer whose hold lapsed when a seat is still free', async () => {
      const cohortId = await cohortWithCapacity(RESILIENT, '2028-03', 2);
      const slow = await checkout(cohortId, 'late@example.com');
      stripe.confirm(slow.paymentIntentId);
      await lapseHold(slow.paymentId);
      const other = await checkout(cohortId, 'other@example.com');
      stripe.succeed(other.paymentIntentId);
      await reconcile(other.paymentIntentId);

      // The success page sees the authorisation before the webhook does.
      const reconciled = await reconcile(slow.paymentIntentId);
      expect(reconciled.body).toMatchObject({ status: 'succeeded', notChargedMessage: null });
      expect(reconciled.body.enrollmentIds).toHaveLength(1);
      await deliver(eventOf(slow.paymentIntentId, 'payment_intent.amount_capturable_updated'));
      await deliver(eventOf(slow.paymentIntentId, 'payment_intent.succeeded'));

      expect(capturesOf(slow.paymentIntentId)).toBe(1);
      expect(await enrollmentsOf(slow.paymentIntentId)).toHaveLength(1);
      expect(await activeInCohort(cohortId)).toBe(2);
      expect(await mailsOf(`cohort-filled-not-charged:${slow.paymentId}`)).toBe(0);
    });
  });

  it("a promotion code changes the Stripe intent's amount, and the captured payment enrolls at the discounted price", async () => {
    await api
      .em()
      .getConnection()
      .execute(
        `insert into promotion_codes (id, code, discount_type, percent_off, trainings, purchase_kinds, max_uses)
         values (gen_random_uuid(), 'STRIPE10', 'percent', 10, '[]'::jsonb, '["full"]'::jsonb, 1)`,
      );
    const cohortId = await addCohort(PSYCHOSOMATIC, '2035-02');
    const created = await createSingle(PSYCHOSOMATIC, 'full');
    const discounted = priceOf(PSYCHOSOMATIC).fullPaymentPrice - priceOf(PSYCHOSOMATIC).fullPaymentPrice / 10;
    const summary = await api.http
      .post('/api/update-payment-intent')
      .send({
        paymentIntentId: created.paymentIntentId,
        customerName: 'Stripe Promo',
        customerEmail: 'stripe.promo@example.com',
        cohortId,
        promotionCode: 'stripe10',
      })
      .expect(200);
    expect(summary.body).toMatchObject({ amount: discounted, promotion: { code: 'STRIPE10' } });
    expect(stripe.intents.get(created.paymentIntentId)?.amount).toBe(discounted);
    expect(stripe.confirm(created.paymentIntentId)).toMatchObject({ status: 'requires_capture', amount: discounted });
    await api.http.post('/api/payments/reconcile').send({ paymentIntentId: created.paymentIntentId }).expect(200);
    const [enrollment] = await enrollmentsOf(created.paymentIntentId);
    expect(enrollment?.paymentAmount).toBe(discounted);
    // The capture decision kept the use held for the authorisation's days.
    const [held] = await api
      .em()
      .getConnection()
      .execute<Array<{ held_until: Date }>>(
        `select r.held_until from promotion_redemptions r join payments p on p.id = r.payment_id
         where p.provider_payment_id = ?`,
        [created.paymentIntentId],
      );
    expect(new Date(held?.held_until ?? 0).getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 60 * 60 * 1000);
  });

  describe("the card's last 4 digits, read from the charge (payment_method_details.card)", () => {
    async function cardOnRecord(paymentIntentId: string): Promise<{ payment: string | null; receipt: string | null }> {
      const [row] = await api
        .em()
        .getConnection()
        .execute<Array<{ payment: string | null; receipt: string | null }>>(
          `select p.card_last4 as payment, r.card_last4 as receipt
             from payments p left join receipts r on r.payment_id = p.id and r.kind = 'receipt'
            where p.provider_payment_id = ?`,
          [paymentIntentId],
        );
      return row;
    }

    async function buy(name: string): Promise<string> {
      const [cohort] = await api.em().find(Cohort, { trainingName: PARTS });
      const created = await createSingle(PARTS, 'full');
      await api.http
        .post('/api/update-payment-intent')
        .send({
          paymentIntentId: created.paymentIntentId,
          customerName: name,
          customerEmail: 'card@example.com',
          cohortId: cohort?.id ?? null,
        })
        .expect(200);
      return created.paymentIntentId;
    }

    it('captured by the success page: stored on the payment and printed on its receipt', async () => {
      const paymentIntentId = await buy('Card Capture');
      stripe.setCard('pm_card_mastercard', { brand: 'mastercard', last4: '4444' });
      stripe.confirm(paymentIntentId, 'pm_card_mastercard');
      const reconciled = await api.http.post('/api/payments/reconcile').send({ paymentIntentId }).expect(200);
      expect(reconciled.body.status).toBe('succeeded');
      expect(await cardOnRecord(paymentIntentId)).toEqual({ payment: '4444', receipt: '4444' });
      // The capture asked for the charge in the same answer.
      const capture = stripe.requests.find((r) => r.path === `/v1/payment_intents/${paymentIntentId}/capture`);
      expect(capture?.form['expand[0]']).toBe('latest_charge');
    });

    it('enrolled from payment_intent.succeeded, whose intent names the charge only by id: the intent is read again with it', async () => {
      const paymentIntentId = await buy('Card Webhook');
      stripe.setCard('pm_card_amex', { brand: 'amex', last4: '8431' });
      const intent = stripe.succeed(paymentIntentId, 'pm_card_amex');
      expect(typeof intent.latest_charge).toBe('string');
      await postWebhook(signedEvent('payment_intent.succeeded', intent)).expect(200);
      expect(await enrollmentsOf(paymentIntentId)).toHaveLength(1);
      expect(await cardOnRecord(paymentIntentId)).toEqual({ payment: '8431', receipt: '8431' });
    });
  });

  it('tells the browser to use Stripe with the publishable key', async () => {
    const response = await api.http.get('/api/payments/config').expect(200);
    expect(response.body).toEqual({ testMode: false, publishableKey: 'pk_test_payments' });
    await api.http
      .post('/api/payments/test-mode/confirm')
      .send({ paymentIntentId: 'pi_x', cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' })
      .expect(404);
  });
});
