import { Logger } from '@nestjs/common';
import type { CohortListCache } from '../cohorts/cohort-list-cache';
import type { CohortsRepository } from '../cohorts/cohorts.repository';
import type { CheckoutService } from './checkout.service';
import type { PaidEnrollment } from './paid-enrollments.port';
import { PaymentConfirmationService } from './payment-confirmation.service';
import { Payment } from './payment.entity';
import type { PaymentsRepository, SucceededCharge } from './payments.repository';
import type { PaymentProvider, ProviderIntent } from './providers/payment-provider';

/** The confirmation service alone: what it asks the payments repository to record for a succeeded intent. */
function setup(payment: Payment | null) {
  const recorded: Array<{ charge: SucceededCharge; enrollments: PaidEnrollment[]; mailTo: string | null }> = [];
  const payments = {
    findByProviderPaymentId: async () => payment,
    recordSucceededAndEnroll: async (
      _payment: Payment,
      charge: SucceededCharge,
      enrollments: PaidEnrollment[],
      mail: { to: string } | null,
    ) => {
      recorded.push({ charge, enrollments, mailTo: mail?.to ?? null });
      return enrollments.map((_, i) => `enrollment-${i}`);
    },
  } as unknown as PaymentsRepository;
  const cohorts = { findById: async () => null } as unknown as CohortsRepository;
  const service = new PaymentConfirmationService(
    { name: 'test' } as PaymentProvider,
    payments,
    cohorts,
    {} as CheckoutService,
    { changing: <T>(change: () => Promise<T>) => change() } as unknown as CohortListCache,
  );
  return { service, recorded };
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
