import { Logger } from '@nestjs/common';
import type { CohortListCache } from '../cohorts/cohort-list-cache';
import type { CohortSeatsRepository } from '../cohorts/cohort-seats.repository';
import type { CohortsRepository } from '../cohorts/cohorts.repository';
import type { TransactionRunner } from '../database/transaction-runner';
import type { CheckoutService } from './checkout.service';
import type { PaidEnrollment } from './paid-enrollments.port';
import { CANCELLED_MESSAGE, PaymentConfirmationService } from './payment-confirmation.service';
import { Payment } from './payment.entity';
import type { PaymentsRepository, SucceededCharge } from './payments.repository';
import type { PaymentProvider, ProviderIntent } from './providers/payment-provider';

/** The confirmation service alone: what it asks the payments repository to record for a succeeded intent. */
function setup(
  payment: Payment | null,
  options: { decision?: 'capture' | 'cancel'; provider?: Partial<PaymentProvider> } = {},
) {
  const recorded: Array<{ charge: SucceededCharge; enrollments: PaidEnrollment[]; mailTo: string | null }> = [];
  const payments = {
    findByProviderPaymentId: async () => payment,
    recordSucceededAndEnroll: async (
      _tx: unknown,
      _payment: Payment,
      charge: SucceededCharge,
      enrollments: PaidEnrollment[],
      mail: { to: string } | null,
    ) => {
      recorded.push({ charge, enrollments, mailTo: mail?.to ?? null });
      return enrollments.map((_, i) => `enrollment-${i}`);
    },
    recordFailed: async (id: string, message: string) => {
      failed.push({ id, message });
    },
  } as unknown as PaymentsRepository;
  const failed: Array<{ id: string; message: string }> = [];
  const providerCalls: string[] = [];
  const provider = {
    name: 'stripe',
    captureIntent: async (id: string, key: string) => {
      providerCalls.push(`capture ${id} ${key}`);
      return intent({ id, status: 'succeeded' });
    },
    cancelIntent: async (id: string, key: string) => {
      providerCalls.push(`cancel ${id} ${key}`);
      return intent({ id, status: 'canceled' });
    },
    ...options.provider,
  } as unknown as PaymentProvider;
  const checkout = {
    decideCapture: async (decided: Payment) => {
      providerCalls.push(`decide ${decided.id}`);
      return options.decision ?? 'capture';
    },
  } as unknown as CheckoutService;
  const cohorts = { findById: async () => null } as unknown as CohortsRepository;
  const service = new PaymentConfirmationService(
    provider,
    payments,
    cohorts,
    checkout,
    { changing: <T>(change: () => Promise<T>) => change() } as unknown as CohortListCache,
    {} as CohortSeatsRepository,
    { run: <T>(work: (em: unknown) => Promise<T>) => work({}) } as unknown as TransactionRunner,
  );
  return { service, recorded, failed, providerCalls };
}

function intent(overrides: Partial<ProviderIntent> = {}): ProviderIntent {
  return {
    id: 'pi_1',
    clientSecret: 'secret',
    amount: 90000,
    currency: 'usd',
    status: 'succeeded',
    metadata: {},
    customerId: 'cus_1',
    paymentMethodId: 'pm_1',
    lastErrorMessage: null,
    ...overrides,
  };
}

function bundle(): Payment {
  return Object.assign(new Payment(), {
    provider: 'test',
    providerPaymentId: 'pi_1',
    kind: 'bundle',
    paymentType: 'bundle-3',
    trainings: [
      { name: 'Training A', cohortId: 'c1' },
      { name: 'Training B', cohortId: null },
      { name: 'Training C', cohortId: null },
    ],
    amount: 90000,
    currency: 'usd',
    installmentsTotal: 1,
    customerName: 'Ada Lane',
    customerEmail: 'ada@example.com',
  });
}

describe('PaymentConfirmationService.enrollPaid', () => {
  // The refusals are logged as errors on purpose; the test output need not show them.
  beforeAll(() => Logger.overrideLogger(false));

  it('enrolls a bundle once a training, splitting the amount and noting the bundle, with the confirmation mail', async () => {
    const { service, recorded } = setup(bundle());
    await expect(service.enrollPaid(intent())).resolves.toEqual(['enrollment-0', 'enrollment-1', 'enrollment-2']);
    expect(recorded).toHaveLength(1);
    const [{ charge, enrollments, mailTo }] = recorded;
    expect(charge).toEqual({
      providerPaymentId: 'pi_1',
      paymentMethodId: 'pm_1',
      customerId: 'cus_1',
      nextInstallmentAt: null,
    });
    expect(enrollments.map((e) => e.paymentAmount)).toEqual([30000, 30000, 30000]);
    expect(enrollments.map((e) => [e.trainingName, e.cohortId, e.paymentType])).toEqual([
      ['Training A', 'c1', 'full'],
      ['Training B', null, 'full'],
      ['Training C', null, 'full'],
    ]);
    expect(enrollments[0].notes).toBe('Bundle of 3: Training A + Training B + Training C');
    expect(mailTo).toBe('ada@example.com');
  });

  it('enrolls nothing for an intent whose amount or currency differs from the priced payment', async () => {
    for (const wrong of [intent({ amount: 100 }), intent({ currency: 'eur' })]) {
      const { service, recorded } = setup(bundle());
      await expect(service.enrollPaid(wrong)).resolves.toEqual([]);
      expect(recorded).toEqual([]);
    }
  });

  it('enrolls nothing for an intent this API did not create, or one not succeeded', async () => {
    const unknown = setup(null);
    await expect(unknown.service.enrollPaid(intent())).resolves.toEqual([]);
    const pending = setup(bundle());
    await expect(pending.service.enrollPaid(intent({ status: 'processing' }))).resolves.toEqual([]);
    expect([...unknown.recorded, ...pending.recorded]).toEqual([]);
  });
});

describe('PaymentConfirmationService.settleAuthorised', () => {
  beforeAll(() => Logger.overrideLogger(false));
  const authorised = () => intent({ status: 'requires_capture' });

  it('captures with the payment’s idempotency key once the seats are secured, then enrolls from the captured intent', async () => {
    const payment = bundle();
    const { service, recorded, providerCalls } = setup(payment, { decision: 'capture' });
    await expect(service.settleAuthorised(authorised())).resolves.toMatchObject({ status: 'succeeded' });
    expect(providerCalls).toEqual([`decide ${payment.id}`, `capture pi_1 capture-${payment.id}`]);
    expect(recorded).toHaveLength(1);
  });

  it('cancels (nothing charged, nothing enrolled) when a chosen cohort filled up meanwhile', async () => {
    const payment = bundle();
    const { service, recorded, providerCalls } = setup(payment, { decision: 'cancel' });
    await expect(service.settleAuthorised(authorised())).resolves.toMatchObject({ status: 'canceled' });
    expect(providerCalls).toEqual([`decide ${payment.id}`, `cancel pi_1 cancel-${payment.id}`]);
    expect(recorded).toEqual([]);
  });

  it('cancels an authorisation whose amount differs from the server price, and records why', async () => {
    const payment = bundle();
    const { service, recorded, failed, providerCalls } = setup(payment);
    await service.settleAuthorised(intent({ status: 'requires_capture', amount: 100 }));
    expect(providerCalls).toEqual([`cancel pi_1 cancel-${payment.id}`]);
    expect(failed).toEqual([{ id: 'pi_1', message: expect.stringContaining('differs from the price') }]);
    expect(recorded).toEqual([]);
  });

  it('leaves alone an intent it did not create, and any intent not waiting for a capture', async () => {
    const foreign = setup(null);
    await expect(foreign.service.settleAuthorised(authorised())).resolves.toMatchObject({
      status: 'requires_capture',
    });
    const paid = setup(bundle());
    await expect(paid.service.settleAuthorised(intent({ status: 'processing' }))).resolves.toMatchObject({
      status: 'processing',
    });
    expect([...foreign.providerCalls, ...paid.providerCalls]).toEqual([]);
  });
  it('settles a late authorisation event by the intent as the provider has it now, not as the event carried it', async () => {
    const payment = bundle();
    const canceled = setup(payment, {
      provider: { retrieveIntent: async () => intent({ status: 'canceled' }) },
    });
    await canceled.service.settleAuthorisedEvent(authorised());
    expect(canceled.providerCalls).toEqual([]);
    expect(canceled.recorded).toEqual([]);

    const stillAuthorised = setup(payment, { provider: { retrieveIntent: async () => authorised() } });
    await stillAuthorised.service.settleAuthorisedEvent(authorised());
    expect(stillAuthorised.providerCalls).toEqual([`decide ${payment.id}`, `capture pi_1 capture-${payment.id}`]);
  });

  it('decides no capture for a payment whose cancellation was recorded', async () => {
    const payment = Object.assign(bundle(), { status: 'failed', failureMessage: CANCELLED_MESSAGE });
    const { service, recorded, providerCalls } = setup(payment);
    await expect(service.settleAuthorised(authorised())).resolves.toMatchObject({ status: 'requires_capture' });
    expect(providerCalls).toEqual([]);
    expect(recorded).toEqual([]);
  });

  it('still decides for a payment whose earlier card was declined and that is authorised now', async () => {
    const payment = Object.assign(bundle(), { status: 'failed', failureMessage: 'Your card was declined.' });
    const { service, providerCalls } = setup(payment);
    await service.settleAuthorised(authorised());
    expect(providerCalls).toEqual([`decide ${payment.id}`, `capture pi_1 capture-${payment.id}`]);
  });
});
