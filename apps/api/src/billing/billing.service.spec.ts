import type { AppConfig } from '../config/app-config';
import type { UpdateCardLinks } from '../mail/update-card-links';
import type { InstallmentsService, NewCardOutcome } from '../payments/installments.service';
import type { Payment } from '../payments/payment.entity';
import type { PaymentsRepository } from '../payments/payments.repository';
import { TestModePaymentProvider } from '../payments/providers/test-mode-payment.provider';
import { BillingService } from './billing.service';

const PLAN = {
  id: 'payment-1',
  installmentsTotal: 3,
  installmentsPaid: 1,
  planStatus: 'past_due',
} as Payment;

/**
 * The page's plan is read once before the charge; any read after it fails, as in a database outage right after the
 * charge's commit. The answer must still say what the charge wrote, not an error for a card that was charged.
 */
function setUp(outcome: NewCardOutcome) {
  const provider = Object.create(TestModePaymentProvider.prototype) as TestModePaymentProvider;
  jest.spyOn(provider, 'saveTestCard').mockReturnValue({ ok: true, paymentMethodId: 'pm_test' });
  const payments = {
    findById: jest.fn().mockResolvedValueOnce(PLAN).mockRejectedValue(new Error('connect ECONNREFUSED 127.0.0.1:5432')),
  };
  const installments = { chargeWithNewCard: jest.fn(async () => outcome) };
  const links = { verify: () => PLAN.id };
  return new BillingService(
    provider,
    {} as AppConfig,
    links as unknown as UpdateCardLinks,
    payments as unknown as PaymentsRepository,
    installments as unknown as InstallmentsService,
  );
}

describe('BillingService.updateCard answers from the charge, not a read after it', () => {
  it('a charged month', async () => {
    const billing = setUp({
      outcome: 'charged',
      plan: { planStatus: 'active', installmentsPaid: 2, installmentsTotal: 3 },
    });
    await expect(billing.updateCard({ token: 't', cardNumber: '4242424242424242' })).resolves.toEqual({
      planStatus: 'active',
      installmentsPaid: 2,
      installmentsTotal: 3,
      message: null,
    });
  });

  it('a declined card', async () => {
    const billing = setUp({
      outcome: 'failed',
      message: 'Your card was declined.',
      plan: { planStatus: 'past_due', installmentsPaid: 1, installmentsTotal: 3 },
    });
    await expect(billing.updateCard({ token: 't', cardNumber: '4000000000000002' })).resolves.toEqual({
      planStatus: 'past_due',
      installmentsPaid: 1,
      installmentsTotal: 3,
      message: 'Your card was declined.',
    });
  });
});
