import type { PaymentConfigResponse } from '@app/contracts';
import type { PaymentProviderName } from '../payment.entity';

/** The part of a provider's payment intent the product relies on. */
export interface ProviderIntent {
  id: string;
  clientSecret: string;
  /** Integer cents. */
  amount: number;
  currency: string;
  /**
   * Stripe's PaymentIntent status ('requires_payment_method', 'processing', 'requires_capture', 'succeeded',
   * 'canceled'…); only 'succeeded' counts as paid. 'requires_capture': authorised, not charged until captured.
   */
  status: string;
  metadata: Record<string, string>;
  customerId: string | null;
  paymentMethodId: string | null;
  /** The decline or error message of the last attempt, if any. */
  lastErrorMessage: string | null;
  /**
   * The card of the intent's latest charge (Stripe: `latest_charge.payment_method_details.card`, read with
   * `latest_charge` expanded); absent when the answer did not carry it (an event's intent, test mode).
   */
  card?: ProviderCard | null;
}

/** What is kept of a card: its last 4 digits and brand ('visa', 'mastercard'…), never the number. */
export interface ProviderCard {
  last4: string;
  brand: string;
}

export interface CreateIntentInput {
  amount: number;
  currency: string;
  description: string;
  metadata: Record<string, string>;
  /** Installment plans save the card so later months can be charged without the buyer. */
  saveCardForLater: boolean;
  /**
   * Authorise only: the buyer's confirmation stops at 'requires_capture' and the server captures once the seats are
   * secured (or cancels, and nothing is charged). Test mode charges from its own form after re-holding the seats.
   */
  manualCapture: boolean;
  idempotencyKey: string;
}

export interface UpdateIntentInput {
  /** Integer cents, when the price changed (a promotion code applied or removed). */
  amount?: number;
  metadata: Record<string, string>;
  receiptEmail: string;
  customerId: string | null;
}

export interface OffSessionChargeInput {
  amount: number;
  currency: string;
  customerId: string | null;
  paymentMethodId: string;
  description: string;
  metadata: Record<string, string>;
  /** Makes a retried charge of the same installment a no-op at the provider. */
  idempotencyKey: string;
}

export interface RefundInput {
  /** The payment intent whose charge is refunded (the first payment or one installment). */
  paymentIntentId: string;
  /** Integer cents. */
  amount: number;
  metadata: Record<string, string>;
  /** A retried refund of the same request is answered with the first refund, never made twice. */
  idempotencyKey: string;
}

export interface ProviderRefund {
  id: string;
  paymentIntentId: string;
  amount: number;
  status: string;
  /** The panel's refund request that made it (the refund's metadata), when the provider returns it. */
  refundRequestId?: string | null;
}

/** The provider refused the refund (more than is left, nothing charged…): the message says why, nothing changed. */
export class RefundRefusedError extends Error {}

/** A SetupIntent: how the update-card page collects a new card for later off-session charges. */
export interface ProviderSetupIntent {
  id: string;
  clientSecret: string;
  /** Only 'succeeded' means the card is saved and usable off-session. */
  status: string;
  customerId: string | null;
  paymentMethodId: string | null;
  metadata: Record<string, string>;
}

/** Stripe and the test-mode provider behind one interface, so success always takes the same enrollment path. */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  createIntent(input: CreateIntentInput): Promise<ProviderIntent>;
  updateIntent(id: string, input: UpdateIntentInput): Promise<ProviderIntent>;
  /** The intent as the provider has it now, with the card of its latest charge when it was charged or authorised. */
  retrieveIntent(id: string): Promise<ProviderIntent | null>;
  /**
   * Captures an authorised intent ('requires_capture'); the key makes a repeated capture answer the first one. An
   * intent that can no longer be captured (already captured, cancelled) is answered as it is, so callers read status.
   */
  captureIntent(id: string, idempotencyKey: string): Promise<ProviderIntent>;
  /** Cancels an intent not charged yet (the authorisation is released); an intent past that is answered as it is. */
  cancelIntent(id: string, idempotencyKey: string): Promise<ProviderIntent>;
  /** A customer to attach saved cards to; installment plans need one. */
  createCustomer(input: { name: string; email: string }): Promise<string>;
  /** Charges a saved card without the buyer present; a decline resolves with a non-succeeded status. */
  chargeOffSession(input: OffSessionChargeInput): Promise<ProviderIntent>;
  /** Refunds part or all of a succeeded charge; throws RefundRefusedError when the provider refuses. */
  refund(input: RefundInput): Promise<ProviderRefund>;
  /** Every refund of a payment intent's charge, as the provider has them (Stripe's events do not carry the list). */
  listRefunds(paymentIntentId: string): Promise<ProviderRefund[]>;
  /** Starts collecting a new card for a customer's later off-session charges. */
  createSetupIntent(input: {
    customerId: string | null;
    metadata: Record<string, string>;
  }): Promise<ProviderSetupIntent>;
  retrieveSetupIntent(id: string): Promise<ProviderSetupIntent | null>;
}

export const PAYMENT_PROVIDER = Symbol('PAYMENT_PROVIDER');

/** What a payment page needs to take a card: test mode's plain form, or Stripe's Payment Element with this key. */
export function paymentPageConfig(provider: PaymentProvider, publishableKey: string | null): PaymentConfigResponse {
  const testMode = provider.name === 'test';
  return { testMode, publishableKey: testMode ? null : publishableKey };
}
