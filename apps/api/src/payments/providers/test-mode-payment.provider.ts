import { TEST_MODE_CARDS } from '@app/contracts';
import { randomBytes } from 'node:crypto';
import type {
  CreateIntentInput,
  OffSessionChargeInput,
  PaymentProvider,
  ProviderIntent,
  ProviderSetupIntent,
  UpdateIntentInput,
} from './payment-provider';

const DECLINED_MESSAGE = 'Your card was declined.';

function token(prefix: string): string {
  return `${prefix}_test_${randomBytes(12).toString('hex')}`;
}

export type TestCardResult = { ok: true; intent: ProviderIntent } | { ok: false; intent: ProviderIntent; message: string };

/**
 * The provider used when no Stripe keys are configured: intents live in this process's memory (our payments table
 * keeps the durable record), and the card is checked against Stripe's own test numbers. Nothing is ever charged.
 */
export class TestModePaymentProvider implements PaymentProvider {
  readonly name = 'test' as const;
  private readonly intents = new Map<string, ProviderIntent>();
  private readonly offSessionCharges = new Map<string, ProviderIntent>();

  async createIntent(input: CreateIntentInput): Promise<ProviderIntent> {
    const id = token('pi');
    const intent: ProviderIntent = {
      id,
      clientSecret: `${id}_secret_${randomBytes(8).toString('hex')}`,
      amount: input.amount,
      currency: input.currency,
      status: 'requires_payment_method',
      metadata: { ...input.metadata },
      customerId: null,
      paymentMethodId: null,
      lastErrorMessage: null,
    };
    this.intents.set(id, intent);
    return { ...intent };
  }

  async updateIntent(id: string, input: UpdateIntentInput): Promise<ProviderIntent> {
    const intent = this.require(id);
    intent.metadata = { ...intent.metadata, ...input.metadata };
    if (input.customerId) intent.customerId = input.customerId;
    return { ...intent };
  }

  async retrieveIntent(id: string): Promise<ProviderIntent | null> {
    const intent = this.intents.get(id) ?? this.offSessionCharges.get(id);
    return intent ? { ...intent } : null;
  }

  async createCustomer(): Promise<string> {
    return token('cus');
  }

  /** What the browser's card form does in test mode: 4242… succeeds, 4000 0000 0000 0002 is declined. */
  confirmWithCard(id: string, cardNumber: string): TestCardResult {
    const intent = this.require(id);
    if (intent.status === 'succeeded') return { ok: true, intent: { ...intent } };
    const digits = cardNumber.replace(/[\s-]/g, '');
    const known: readonly string[] = [TEST_MODE_CARDS.succeeds, TEST_MODE_CARDS.succeedsThenDeclinesOffSession];
    if (known.includes(digits)) {
      intent.status = 'succeeded';
      intent.paymentMethodId = `pm_test_card_${digits}`;
      intent.lastErrorMessage = null;
      return { ok: true, intent: { ...intent } };
    }
    const message =
      digits === TEST_MODE_CARDS.declined
        ? DECLINED_MESSAGE
        : 'Your card number is incorrect. In test mode use 4242 4242 4242 4242.';
    intent.status = 'requires_payment_method';
    intent.lastErrorMessage = message;
    return { ok: false, intent: { ...intent }, message };
  }

  async chargeOffSession(input: OffSessionChargeInput): Promise<ProviderIntent> {
    const existing = this.offSessionCharges.get(input.idempotencyKey);
    if (existing) return { ...existing };
    const declined = input.paymentMethodId === `pm_test_card_${TEST_MODE_CARDS.succeedsThenDeclinesOffSession}`;
    const id = token('pi');
    const charge: ProviderIntent = {
      id,
      clientSecret: '',
      amount: input.amount,
      currency: input.currency,
      status: declined ? 'requires_payment_method' : 'succeeded',
      metadata: { ...input.metadata },
      customerId: input.customerId,
      paymentMethodId: input.paymentMethodId,
      lastErrorMessage: declined ? DECLINED_MESSAGE : null,
    };
    this.offSessionCharges.set(input.idempotencyKey, charge);
    this.offSessionCharges.set(id, charge);
    return { ...charge };
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

  private require(id: string): ProviderIntent {
    const intent = this.intents.get(id);
    if (!intent) throw new Error(`Test-mode payment intent ${id} does not exist (the API may have restarted)`);
    return intent;
  }
}
