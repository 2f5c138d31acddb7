import { TEST_MODE_CARDS } from '@app/contracts';
import { cardDigits } from '@app/domain';
import { randomBytes } from 'node:crypto';
import type {
  CreateIntentInput,
  OffSessionChargeInput,
  PaymentProvider,
  ProviderIntent,
  ProviderRefund,
  RefundInput,
  ProviderSetupIntent,
  UpdateIntentInput,
} from './payment-provider';
import { RefundRefusedError } from './payment-provider';
import type { TestModeIntentsRepository } from './test-mode-intents.repository';

const DECLINED_MESSAGE = 'Your card was declined.';

function token(prefix: string): string {
  return `${prefix}_test_${randomBytes(12).toString('hex')}`;
}

export type TestCardResult =
  { ok: true; intent: ProviderIntent } | { ok: false; intent: ProviderIntent; message: string };

/**
 * The provider used when no Stripe keys are configured: intents are rows in PostgreSQL (so a restart, or another API
 * instance, can confirm them), and the card is checked against Stripe's own test numbers. Nothing is ever charged.
 */
export class TestModePaymentProvider implements PaymentProvider {
  readonly name = 'test' as const;

  constructor(private readonly intents: TestModeIntentsRepository) {}

  createIntent(input: CreateIntentInput): Promise<ProviderIntent> {
    const id = token('pi');
    return this.intents.insert({
      id,
      clientSecret: `${id}_secret_${randomBytes(8).toString('hex')}`,
      amount: input.amount,
      currency: input.currency,
      status: 'requires_payment_method',
      metadata: { ...input.metadata },
      customerId: null,
      paymentMethodId: null,
      lastErrorMessage: null,
    });
  }

  async updateIntent(id: string, input: UpdateIntentInput): Promise<ProviderIntent> {
    const intent = await this.intents.update(id, input.metadata, input.customerId, input.amount ?? null);
    if (!intent) throw new Error(`Test-mode payment intent ${id} does not exist`);
    return intent;
  }

  retrieveIntent(id: string): Promise<ProviderIntent | null> {
    return this.intents.find(id);
  }

  /** Test mode's intents are charged by its card form and never wait for a capture: the intent is answered as it is. */
  async captureIntent(id: string): Promise<ProviderIntent> {
    const intent = await this.intents.find(id);
    if (!intent) throw new Error(`Test-mode payment intent ${id} does not exist`);
    return intent;
  }

  /** Cancels an intent not charged yet, as Stripe does; one already succeeded (or cancelled) is answered as it is. */
  async cancelIntent(id: string): Promise<ProviderIntent> {
    const intent = (await this.intents.cancel(id)) ?? (await this.intents.find(id));
    if (!intent) throw new Error(`Test-mode payment intent ${id} does not exist`);
    return intent;
  }

  async createCustomer(): Promise<string> {
    return token('cus');
  }

  /**
   * What the browser's card form does in test mode: 4242… succeeds, 4000 0000 0000 0002 is declined. The card's
   * format (checksum, expiry, CVC) is checked before this by the confirmation service; null when the intent is unknown.
   */
  async confirmWithCard(id: string, cardNumber: string): Promise<TestCardResult | null> {
    const digits = cardDigits(cardNumber);
    const known: readonly string[] = [TEST_MODE_CARDS.succeeds, TEST_MODE_CARDS.succeedsThenDeclinesOffSession];
    const message = known.includes(digits)
      ? null
      : digits === TEST_MODE_CARDS.declined
        ? DECLINED_MESSAGE
        : 'Your card number is incorrect. In test mode use 4242 4242 4242 4242.';
    const updated = await this.intents.recordAttempt(id, {
      status: message ? 'requires_payment_method' : 'succeeded',
      paymentMethodId: message ? null : `pm_test_card_${digits}`,
      lastErrorMessage: message,
    });
    if (updated) return message ? { ok: false, intent: updated, message } : { ok: true, intent: updated };
    // Already succeeded (a second click, or two racing confirmations): the first success stands.
    const current = await this.intents.find(id);
    return current ? { ok: true, intent: current } : null;
  }

  async chargeOffSession(input: OffSessionChargeInput): Promise<ProviderIntent> {
    const declined = input.paymentMethodId === `pm_test_card_${TEST_MODE_CARDS.succeedsThenDeclinesOffSession}`;
    return this.intents.insert(
      {
        id: token('pi'),
        clientSecret: '',
        amount: input.amount,
        currency: input.currency,
        status: declined ? 'requires_payment_method' : 'succeeded',
        metadata: { ...input.metadata },
        customerId: input.customerId,
        paymentMethodId: input.paymentMethodId,
        lastErrorMessage: declined ? DECLINED_MESSAGE : null,
      },
      input.idempotencyKey,
    );
  }

  /** Refused as Stripe refuses: an intent that was never charged, or more than is left unrefunded on it. */
  async refund(input: RefundInput): Promise<ProviderRefund> {
    const earlier = await this.intents.findRefund(input.idempotencyKey);
    if (earlier) return earlier;
    const intent = await this.intents.find(input.paymentIntentId);
    if (!intent) throw new RefundRefusedError(`No such payment_intent: '${input.paymentIntentId}'`);
    if (intent.status !== 'succeeded') {
      throw new RefundRefusedError(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`);
    }
    if (!Number.isInteger(input.amount) || input.amount <= 0)
      throw new RefundRefusedError('Refund amount must be a positive integer');
    const refund = await this.intents.addRefund(input.paymentIntentId, token('re'), input.amount, input.idempotencyKey);
    if (!refund) {
      throw new RefundRefusedError(
        `Refund amount is greater than the unrefunded amount on charge of payment_intent ${intent.id}`,
      );
    }
    return refund;
  }

  listRefunds(paymentIntentId: string): Promise<ProviderRefund[]> {
    return this.intents.listRefunds(paymentIntentId);
  }

  /**
   * The update-card form in test mode: the same test numbers as the checkout decide whether the new card is saved
   * (4242… and 4000 0000 0000 0341, which declines off-session again) or refused like a declined card.
   */
  saveTestCard(cardNumber: string): { ok: true; paymentMethodId: string } | { ok: false; message: string } {
    const digits = cardNumber.replace(/[\s-]/g, '');
    const known: readonly string[] = [TEST_MODE_CARDS.succeeds, TEST_MODE_CARDS.succeedsThenDeclinesOffSession];
    if (known.includes(digits)) return { ok: true, paymentMethodId: `pm_test_card_${digits}` };
    if (digits === TEST_MODE_CARDS.declined) return { ok: false, message: DECLINED_MESSAGE };
    return { ok: false, message: 'Your card number is incorrect. In test mode use 4242 4242 4242 4242.' };
  }

  /** Test mode collects cards with its own form (saveTestCard); there is no SetupIntent to confirm. */
  async createSetupIntent(): Promise<ProviderSetupIntent> {
    throw new Error('Test mode saves cards with its own form, not a SetupIntent');
  }

  async retrieveSetupIntent(): Promise<ProviderSetupIntent | null> {
    return null;
  }
}
