import {
  isPaymentType,
  isTrainingName,
  type BundlePricing,
  type Cohort,
  type PaymentIntentSummary,
  type PaymentType,
  type TrainingName,
  type TrainingPricing,
} from '@app/contracts';
import { installmentCount, priceForPlan, selectBundlePrice, validateBundleSelection } from '@app/domain';
import { selectionNotice, type ValidationFailure } from '~/lib/form-notices';

/** What the page shows, read from the query string so every step is a link or a form that works without JS. */
export type PlanView =
  | { kind: 'list'; bundleSize: 2 | 3 | null }
  | { kind: 'single'; trainingName: TrainingName; paymentType: PaymentType }
  | { kind: 'bundle'; size: 2 | 3; slots: BundleSlot[] };

export interface BundleSlot {
  trainingName: TrainingName;
  cohortId: string | null;
}

function bundleSizeParam(value: string | null): 2 | 3 | null {
  if (value === '2') return 2;
  if (value === '3') return 3;
  return null;
}

export function singleCheckoutSearch(trainingName: TrainingName, paymentType: PaymentType): string {
  return `?${new URLSearchParams({ training: trainingName, plan: paymentType })}`;
}

export function bundleCheckoutSearch(size: 2 | 3, slots: BundleSlot[]): string {
  const params = new URLSearchParams({ bundle: String(size), checkout: '1' });
  for (const slot of slots) {
    params.append('t', slot.trainingName);
    params.append('c', slot.cohortId ?? '');
  }
  return `?${params}`;
}

/** A bundle choice is checked like the Proceed button checks it: all slots, no duplicates, cohorts, a price. */
export function checkBundle(
  size: 2 | 3,
  trainings: (TrainingName | '')[],
  cohortIds: (string | null)[],
  cohorts: Cohort[],
  bundles: BundlePricing[],
): ValidationFailure | null {
  const trainingsWithCohorts = [...new Set(cohorts.map((c) => c.trainingName))];
  const problem = validateBundleSelection({ size, trainings, cohortIds, trainingsWithCohorts });
  if (problem) return selectionNotice(problem);
  const chosen = trainings.filter((t): t is TrainingName => t !== '');
  if (!selectBundlePrice(bundles, chosen)) return { title: 'Invalid Bundle', message: 'Bundle pricing not found' };
  return null;
}

export function readView(url: URL, cohorts: Cohort[], bundles: BundlePricing[]): PlanView {
  const training = url.searchParams.get('training');
  const plan = url.searchParams.get('plan');
  if (isTrainingName(training) && isPaymentType(plan)) {
    return { kind: 'single', trainingName: training, paymentType: plan };
  }
  const size = bundleSizeParam(url.searchParams.get('bundle'));
  if (size && url.searchParams.get('checkout') === '1') {
    const names = url.searchParams.getAll('t');
    const cohortIds = url.searchParams.getAll('c');
    const trainings = names.map((name) => (isTrainingName(name) ? name : ''));
    const slots = trainings.map((t, i) => ({ trainingName: t, cohortId: cohortIds[i] || null }));
    const cohortsValid = slots.every(
      (slot) => !slot.cohortId || cohorts.some((c) => c.id === slot.cohortId && c.trainingName === slot.trainingName),
    );
    if (
      names.length === size &&
      cohortsValid &&
      !checkBundle(
        size,
        trainings,
        slots.map((s) => s.cohortId),
        cohorts,
        bundles,
      )
    ) {
      return { kind: 'bundle', size, slots: slots as BundleSlot[] };
    }
  }
  return { kind: 'list', bundleSize: size };
}

/**
 * What the checkout panel charges today, from the page's price list; the payment itself is created only when the
 * buyer submits (the API prices it again). Null when the list has no price for it.
 */
export function checkoutAmount(view: PlanView, trainings: TrainingPricing[], bundles: BundlePricing[]): number | null {
  if (view.kind === 'single') {
    const pricing = trainings.find((t) => t.trainingName === view.trainingName);
    return pricing ? priceForPlan(pricing, view.paymentType) : null;
  }
  if (view.kind === 'bundle') {
    return (
      selectBundlePrice(
        bundles,
        view.slots.map((s) => s.trainingName),
      )?.bundlePrice ?? null
    );
  }
  return null;
}

/** A plan's card is kept for the later monthly charges (the intent is created with setup_future_usage). */
export function savesCardForLater(view: PlanView): boolean {
  return view.kind === 'single' && installmentCount(view.paymentType) > 1;
}

/** The payment a checkout is paying, once the buyer's first submission created it. */
export interface CheckoutIntent {
  paymentIntentId: string;
  clientSecret: string;
}

export interface PayFormValues {
  customerName: string;
  customerEmail: string;
  cohortId: string;
  promotionCode: string;
}

/** Every answer of the payment plan action, as the page and the Stripe island read it. */
export type PaymentActionData =
  | { form: 'bundle'; failure: ValidationFailure; size: 2 | 3; trainings: string[]; cohortIds: string[] }
  | { form: 'pay'; failure: ValidationFailure; values: PayFormValues; intent: CheckoutIntent | null }
  | { form: 'pay'; applied: PaymentIntentSummary; values: PayFormValues; intent: CheckoutIntent }
  | { form: 'pay'; stripeReady: true; intent: CheckoutIntent }
  | { form: 'pay'; success: { title: string; message: string; redirectTo: string }; intent: CheckoutIntent };

export const SUCCESS_TITLE = 'Payment Successful!';
/** A card checkout with Stripe sent without JavaScript: Stripe's card form needs it (a free checkout does not). */
export const CARD_NEEDS_JAVASCRIPT: ValidationFailure = {
  title: 'JavaScript needed',
  message:
    'Card payments use Stripe’s secure card form, which needs JavaScript. Please turn JavaScript on and try again.',
};
export function successMessage(kind: 'single' | 'bundle'): string {
  return kind === 'bundle' ? 'Your bundle enrollment has been processed.' : 'Your enrollment has been processed.';
}
/** Spec §4: success redirects to /payment-success after 1 second. */
export const SUCCESS_REDIRECT_DELAY_MS = 1000;
