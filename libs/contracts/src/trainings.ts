export const TRAINING_NAMES = [
  'Psychosomatic Practitioner',
  'Parts Therapy Practitioner',
  'Resilient Child Training',
] as const;

export type TrainingName = (typeof TRAINING_NAMES)[number];

export const PSYCHOSOMATIC_TRAINING: TrainingName = 'Psychosomatic Practitioner';

export function isTrainingName(value: unknown): value is TrainingName {
  return typeof value === 'string' && (TRAINING_NAMES as readonly string[]).includes(value);
}

/**
 * All money in the API is integer cents (USD).
 * - fullPaymentPrice: the total charged when paying in full.
 * - threeMonthPrice / sixMonthPrice: the amount of ONE monthly installment of that plan.
 * - fullPaymentDiscount: the saving of paying in full against the 6-month plan's total,
 *   shown in the 'Pay in Full ($X Discount)' label.
 */
export interface TrainingPricing {
  id: string;
  trainingName: TrainingName;
  fullPaymentPrice: number;
  fullPaymentDiscount: number;
  threeMonthPrice: number;
  sixMonthPrice: number;
}

export const BUNDLE_TYPES = ['2-training', '3-training'] as const;
export type BundleType = (typeof BUNDLE_TYPES)[number];

/** bundlePrice is integer cents; requiresPsychosomatic only distinguishes the two 2-training rows. */
export interface BundlePricing {
  id: string;
  bundleType: BundleType;
  requiresPsychosomatic: boolean;
  bundlePrice: number;
}
