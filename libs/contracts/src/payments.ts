import type { TrainingName } from './trainings';

export const PAYMENT_TYPES = ['full', '3month', '6month'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

export function isPaymentType(value: unknown): value is PaymentType {
  return typeof value === 'string' && (PAYMENT_TYPES as readonly string[]).includes(value);
}

export const BUNDLE_PAYMENT_TYPES = ['bundle-2', 'bundle-3'] as const;
export type BundlePaymentType = (typeof BUNDLE_PAYMENT_TYPES)[number];

export function isBundlePaymentType(value: unknown): value is BundlePaymentType {
  return typeof value === 'string' && (BUNDLE_PAYMENT_TYPES as readonly string[]).includes(value);
}

/** The provider status that alone counts as a successful payment. */
export const PAYMENT_SUCCEEDED_STATUS = 'succeeded';

/**
 * Statuses of a payment still on its way when the buyer comes back: the bank is confirming it ('processing'), or the
 * card is authorised and the server is securing the seats before it captures ('requires_capture'). The buyer is not
 * charged yet; the payment ends succeeded or, when a cohort filled up meanwhile, cancelled without a charge. Not
 * 'requires_action': on return it means the bank's check (3-D Secure) was left unfinished, so nothing will happen
 * without the buyer.
 */
export const PAYMENT_PROCESSING_STATUSES: readonly string[] = ['processing', 'requires_capture'];

export function isPaymentProcessing(status: string | null | undefined): boolean {
  return typeof status === 'string' && PAYMENT_PROCESSING_STATUSES.includes(status);
}

/** What the buyer is told (page and mail) when a cohort filled up before the authorised payment could be captured. */
export const PROMOTION_USED_UP_NOT_CHARGED_MESSAGE =
  'Your promotion code was used up by other buyers while you paid. You were not charged; please check out again.';

export const COHORT_FILLED_NOT_CHARGED_MESSAGE =
  'This cohort filled up while your bank confirmed the payment. You were not charged; choose another cohort or join the waitlist.';

export interface CreatePaymentIntentRequest {
  trainingName: TrainingName;
  paymentType: PaymentType;
}

export interface CreateBundlePaymentIntentRequest {
  trainings: TrainingName[];
  paymentType: BundlePaymentType;
}

/** amount is the integer cents charged now (the first installment for plans). */
export interface PaymentIntentResponse {
  clientSecret: string;
  paymentIntentId: string;
  amount: number;
  testMode: boolean;
}

export interface UpdatePaymentIntentRequest {
  paymentIntentId: string;
  customerName: string;
  customerEmail: string;
  cohortId: string | null;
  /** The buyer's promotion code; empty, null or absent for none (a code applied before is then removed). */
  promotionCode?: string | null;
}

export interface BundleTrainingSelection {
  name: TrainingName;
  cohortId: string | null;
}

export interface UpdateBundlePaymentIntentRequest {
  paymentIntentId: string;
  customerName: string;
  customerEmail: string;
  trainings: BundleTrainingSelection[];
  /** The buyer's promotion code; empty, null or absent for none (a code applied before is then removed). */
  promotionCode?: string | null;
}

export interface ReconcilePaymentResponse {
  status: string;
  enrollmentIds: string[];
  /** Why the payment was cancelled without a charge (a cohort filled up), for the buyer; null otherwise. */
  notChargedMessage: string | null;
}
