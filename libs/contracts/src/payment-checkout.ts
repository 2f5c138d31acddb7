import type { Cohort } from './cohorts';
import type { AppliedPromotion } from './promotions';
import type { BundlePricing, TrainingPricing } from './trainings';

/** How the browser should take the card: Stripe's Payment Element, or the API's test-mode card form. */
export interface PaymentConfigResponse {
  testMode: boolean;
  /** Stripe publishable key; null in test mode. */
  publishableKey: string | null;
}

/** Everything the payment plan page shows, in one response (one API call per page view). */
export interface PaymentPlanResponse {
  trainings: TrainingPricing[];
  bundles: BundlePricing[];
  cohorts: Cohort[];
  config: PaymentConfigResponse;
}

/** The currency of every checkout (ISO 4217, lower case as Stripe writes it). */
export const CHECKOUT_CURRENCY = 'usd';

/** The summary returned after the buyer's details are stored on a payment. */
export interface PaymentIntentSummary {
  paymentIntentId: string;
  /** Integer cents charged now. */
  amount: number;
  status: string;
  /** How many charges the purchase makes in all (1, 3 or 6). */
  installments: number;
  /** Integer cents of each later monthly charge; null when paid at once. */
  laterInstallmentAmount: number | null;
  /** The promotion code applied, with what it takes off; null without one. */
  promotion: AppliedPromotion | null;
  /**
   * Nothing to pay, now or later (a promotion code took it all): no card is needed, and the checkout is completed with
   * POST /api/payments/free-checkout instead of a card payment.
   */
  free: boolean;
}

/** How a payment was paid: by card (Stripe or test mode), or by a promotion code that left nothing to pay. */
export type PaidWith = 'card' | 'promotion';

/** Completes a checkout that a promotion code made free (PaymentIntentSummary.free). */
export interface FreeCheckoutRequest {
  paymentIntentId: string;
}

export interface FreeCheckoutResponse {
  paymentIntentId: string;
  /** Always 'succeeded': a free checkout is paid once completed (a repeat answers the same). */
  status: string;
  /** The enrollments of the checkout (one a training), the same on every repeat. */
  enrollmentIds: string[];
}

/** Test mode only: the card fields of the "Test mode, no card is charged" form. */
export interface TestModeConfirmRequest {
  paymentIntentId: string;
  cardNumber: string;
  expiry: string;
  cvc: string;
}

export interface TestModeConfirmResponse {
  paymentIntentId: string;
  /** 'succeeded', or 'requires_payment_method' after a decline. */
  status: string;
  /** The provider's decline message when status is not 'succeeded'. */
  message: string | null;
}

export interface ReconcilePaymentRequest {
  paymentIntentId: string;
}

/** Test cards of test mode, the same numbers Stripe's test mode uses. */
export const TEST_MODE_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  /** Succeeds now, but every later off-session installment is declined. */
  succeedsThenDeclinesOffSession: '4000000000000341',
} as const;
