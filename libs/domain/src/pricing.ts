import type { BundlePaymentType, BundlePricing, PaymentType, TrainingName, TrainingPricing } from '@app/contracts';
import { PSYCHOSOMATIC_TRAINING } from '@app/contracts';

type PlanPrices = Pick<TrainingPricing, 'fullPaymentPrice' | 'threeMonthPrice' | 'sixMonthPrice'>;

/** Cents charged now: the full price, or the first monthly installment of a plan. */
export function priceForPlan(pricing: PlanPrices, paymentType: PaymentType): number {
  switch (paymentType) {
    case 'full':
      return pricing.fullPaymentPrice;
    case '3month':
      return pricing.threeMonthPrice;
    case '6month':
      return pricing.sixMonthPrice;
  }
}

export function installmentCount(paymentType: PaymentType): 1 | 3 | 6 {
  switch (paymentType) {
    case 'full':
      return 1;
    case '3month':
      return 3;
    case '6month':
      return 6;
  }
}

/** Cents paid over the whole plan. */
export function planTotal(pricing: PlanPrices, paymentType: PaymentType): number {
  return priceForPlan(pricing, paymentType) * installmentCount(paymentType);
}

export function bundleSizeOf(paymentType: BundlePaymentType): 2 | 3 {
  return paymentType === 'bundle-2' ? 2 : 3;
}

export function bundlePaymentTypeFor(size: number): BundlePaymentType | null {
  if (size === 2) return 'bundle-2';
  if (size === 3) return 'bundle-3';
  return null;
}

/** The price row for a set of distinct trainings, or null when no bundle applies. */
export function selectBundlePrice(
  bundles: readonly BundlePricing[],
  trainings: readonly TrainingName[],
): BundlePricing | null {
  if (new Set(trainings).size !== trainings.length) return null;
  if (trainings.length === 3) {
    return bundles.find((b) => b.bundleType === '3-training') ?? null;
  }
  if (trainings.length === 2) {
    const withPsychosomatic = trainings.includes(PSYCHOSOMATIC_TRAINING);
    return bundles.find((b) => b.bundleType === '2-training' && b.requiresPsychosomatic === withPsychosomatic) ?? null;
  }
  return null;
}

/** '$1,250' for whole dollars, '$1,250.50' otherwise; integer maths avoids float rounding. */
export function formatUsd(cents: number): string {
  const rounded = Math.round(cents);
  const sign = rounded < 0 ? '-' : '';
  const absolute = Math.abs(rounded);
  const dollars = Math.floor(absolute / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const remainder = absolute % 100;
  const fraction = remainder === 0 ? '' : `.${remainder.toString().padStart(2, '0')}`;
  return `${sign}$${dollars}${fraction}`;
}

/** The spec fixes the 3-month option's discount text regardless of the prices. */
export const THREE_MONTH_PLAN_DISCOUNT_LABEL = '$250 Discount';

/** The option titles on the payment plan page. */
export function paymentOptionTitle(
  pricing: Pick<TrainingPricing, 'fullPaymentDiscount'>,
  paymentType: PaymentType,
): string {
  switch (paymentType) {
    case 'full':
      return `Pay in Full (${formatUsd(pricing.fullPaymentDiscount)} Discount)`;
    case '3month':
      return `3 month payment plan (${THREE_MONTH_PLAN_DISCOUNT_LABEL})`;
    case '6month':
      return '6 Month Payment Plan';
  }
}
