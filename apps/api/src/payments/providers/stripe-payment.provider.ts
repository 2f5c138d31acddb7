import Stripe from 'stripe';
import type { AppConfig } from '../../config/app-config';
import type {
  CreateIntentInput,
  OffSessionChargeInput,
  PaymentProvider,
  ProviderCard,
  ProviderIntent,
  ProviderSetupIntent,
  UpdateIntentInput,
  RefundInput,
  ProviderRefund,
} from './payment-provider';
import { RefundRefusedError } from './payment-provider';

type StripeClient = ReturnType<typeof Stripe>;
type StripePaymentIntent = Stripe.PaymentIntent;

/** Builds the SDK client; STRIPE_API_URL (tests) points it at another host through host, port and protocol. */
export function createStripeClient(stripe: AppConfig['stripe']): StripeClient {
  if (!stripe.secretKey) throw new Error('Stripe needs STRIPE_SECRET_KEY');
  const target = stripe.apiUrl ? new URL(stripe.apiUrl) : null;
  return Stripe(stripe.secretKey, {
    maxNetworkRetries: 2,
    telemetry: false,
    ...(target
      ? {
          host: target.hostname,
          port: target.port || (target.protocol === 'https:' ? 443 : 80),
          protocol: target.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

/** Captures retried after a failure on Stripe's side within this long share an idempotency key. */
const CAPTURE_RETRY_WINDOW_MS = 60_000;

/** A 5xx from Stripe or no answer at all: whether the request took effect is unknown, and its key replays the failure. */
function isFailureOnStripesSide(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeConnectionError ||
    (error instanceof Stripe.errors.StripeError && (error.statusCode ?? 0) >= 500)
  );
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

/** Read with every intent the product retrieves or captures, so a charge's card comes in the same answer. */
const WITH_LATEST_CHARGE = ['latest_charge'];

/** The card of the intent's latest charge, when `latest_charge` was expanded (else it is the charge's id, or null). */
function cardOf(intent: StripePaymentIntent): ProviderCard | null {
  const charge = intent.latest_charge;
  if (!charge || typeof charge === 'string') return null;
  const card = charge.payment_method_details?.card;
  return card?.last4 ? { last4: card.last4, brand: card.brand ?? 'card' } : null;
}

export function toProviderIntent(intent: StripePaymentIntent): ProviderIntent {
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    amount: intent.amount,
    currency: intent.currency,
    status: intent.status,
    metadata: { ...intent.metadata },
    customerId: idOf(intent.customer),
    paymentMethodId: idOf(intent.payment_method),
    lastErrorMessage: intent.last_payment_error?.message ?? null,
    card: cardOf(intent),
  };
}

function toProviderSetupIntent(intent: Stripe.SetupIntent): ProviderSetupIntent {
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    status: intent.status,
    customerId: idOf(intent.customer),
    paymentMethodId: idOf(intent.payment_method),
    metadata: { ...(intent.metadata ?? {}) },
  };
}

export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;

  constructor(private readonly stripe: StripeClient) {}

  async createIntent(input: CreateIntentInput): Promise<ProviderIntent> {
    const intent = await this.stripe.paymentIntents.create(
      {
        amount: input.amount,
        currency: input.currency,
        description: input.description,
        metadata: input.metadata,
        automatic_payment_methods: { enabled: true },
        ...(input.manualCapture ? { capture_method: 'manual' as const } : {}),
        ...(input.saveCardForLater ? { setup_future_usage: 'off_session' as const } : {}),
      },
      { idempotencyKey: input.idempotencyKey },
    );
    return toProviderIntent(intent);
  }

  async updateIntent(id: string, input: UpdateIntentInput): Promise<ProviderIntent> {
    const intent = await this.stripe.paymentIntents.update(id, {
      ...(input.amount !== undefined ? { amount: input.amount } : {}),
      metadata: input.metadata,
      receipt_email: input.receiptEmail,
      ...(input.customerId ? { customer: input.customerId } : {}),
    });
    return toProviderIntent(intent);
  }

  async retrieveIntent(id: string): Promise<ProviderIntent | null> {
    try {
      return toProviderIntent(await this.stripe.paymentIntents.retrieve(id, { expand: WITH_LATEST_CHARGE }));
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      throw error;
    }
  }

  /**
   * A capture that failed on Stripe's side (5xx, or no answer) is kept under its idempotency key and replayed for 24
   * hours to every retry with that key. So then the intent is read: still waiting for its capture, it is captured again
   * under a key with the retry window's number (callers retrying in the same window share it; an intent is captured
   * at most once whatever the key, Stripe refusing a second capture).
   */
  async captureIntent(id: string, idempotencyKey: string): Promise<ProviderIntent> {
    try {
      return toProviderIntent(
        await this.stripe.paymentIntents.capture(id, { expand: WITH_LATEST_CHARGE }, { idempotencyKey }),
      );
    } catch (error) {
      if (!isFailureOnStripesSide(error)) return this.currentUnlessUnexpectedState(id, error);
      const current = await this.retrieveIntent(id);
      if (!current) throw error;
      if (current.status !== 'requires_capture') return current;
      const attempt = Math.floor(Date.now() / CAPTURE_RETRY_WINDOW_MS);
      try {
        const retryKey = `${idempotencyKey}-retry-${attempt}`;
        return toProviderIntent(
          await this.stripe.paymentIntents.capture(id, { expand: WITH_LATEST_CHARGE }, { idempotencyKey: retryKey }),
        );
      } catch (retryError) {
        return this.currentUnlessUnexpectedState(id, retryError);
      }
    }
  }

  async cancelIntent(id: string, idempotencyKey: string): Promise<ProviderIntent> {
    try {
      return toProviderIntent(await this.stripe.paymentIntents.cancel(id, {}, { idempotencyKey }));
    } catch (error) {
      return this.currentUnlessUnexpectedState(id, error);
    }
  }

  /** Stripe refuses a capture or cancel the intent's status no longer allows: the intent as it is answers instead. */
  private async currentUnlessUnexpectedState(id: string, error: unknown): Promise<ProviderIntent> {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'payment_intent_unexpected_state') {
      const current = await this.retrieveIntent(id);
      if (current) return current;
    }
    throw error;
  }

  async createCustomer(input: { name: string; email: string }): Promise<string> {
    const customer = await this.stripe.customers.create({ name: input.name, email: input.email });
    return customer.id;
  }

  async chargeOffSession(input: OffSessionChargeInput): Promise<ProviderIntent> {
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: input.amount,
          currency: input.currency,
          description: input.description,
          metadata: input.metadata,
          payment_method: input.paymentMethodId,
          ...(input.customerId ? { customer: input.customerId } : {}),
          off_session: true,
          confirm: true,
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return toProviderIntent(intent);
    } catch (error) {
      // Stripe answers a declined off-session charge with a card error that still names the failed intent.
      if (error instanceof Stripe.errors.StripeCardError) {
        const failed = error.raw as { payment_intent?: StripePaymentIntent };
        if (failed.payment_intent)
          return { ...toProviderIntent(failed.payment_intent), lastErrorMessage: error.message };
        return {
          id: '',
          clientSecret: '',
          amount: input.amount,
          currency: input.currency,
          status: 'requires_payment_method',
          metadata: input.metadata,
          customerId: input.customerId,
          paymentMethodId: input.paymentMethodId,
          lastErrorMessage: error.message,
        };
      }
      throw error;
    }
  }

  async refund(input: RefundInput): Promise<ProviderRefund> {
    try {
      const refund = await this.stripe.refunds.create(
        { payment_intent: input.paymentIntentId, amount: input.amount, metadata: input.metadata },
        { idempotencyKey: input.idempotencyKey },
      );
      const intent = refund.payment_intent;
      return {
        id: refund.id,
        paymentIntentId: typeof intent === 'string' ? intent : (intent?.id ?? input.paymentIntentId),
        amount: refund.amount,
        status: refund.status ?? 'pending',
      };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError) throw new RefundRefusedError(error.message);
      throw error;
    }
  }

  async listRefunds(paymentIntentId: string): Promise<ProviderRefund[]> {
    const refunds = await this.stripe.refunds
      .list({ payment_intent: paymentIntentId, limit: 100 })
      .autoPagingToArray({ limit: 1000 });
    return refunds.map((refund) => ({
      id: refund.id,
      paymentIntentId,
      amount: refund.amount,
      status: refund.status ?? 'pending',
      refundRequestId: refund.metadata?.refundRequestId ?? null,
    }));
  }

  async createSetupIntent(input: {
    customerId: string | null;
    metadata: Record<string, string>;
  }): Promise<ProviderSetupIntent> {
    const intent = await this.stripe.setupIntents.create({
      usage: 'off_session',
      automatic_payment_methods: { enabled: true },
      metadata: input.metadata,
      ...(input.customerId ? { customer: input.customerId } : {}),
    });
    return toProviderSetupIntent(intent);
  }

  async retrieveSetupIntent(id: string): Promise<ProviderSetupIntent | null> {
    try {
      return toProviderSetupIntent(await this.stripe.setupIntents.retrieve(id));
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      throw error;
    }
  }
}
