import type { EntityManager } from '@mikro-orm/core';
import { Seeder } from '@mikro-orm/seeder';
import { BundlePricing } from '../../trainings/bundle-pricing.entity';
import { TrainingPricing } from '../../trainings/training-pricing.entity';

/**
 * Prices in integer cents; the README lists them. Monthly prices are installments: six months cost the most,
 * three months $250 less in total (the spec's fixed '$250 Discount'), and paying in full saves fullPaymentDiscount
 * against the six-month total.
 */
export const TRAINING_PRICES = [
  {
    trainingName: 'Psychosomatic Practitioner',
    fullPaymentPrice: 249_500,
    fullPaymentDiscount: 50_500,
    threeMonthPrice: 91_667,
    sixMonthPrice: 50_000,
  },
  {
    trainingName: 'Parts Therapy Practitioner',
    fullPaymentPrice: 199_500,
    fullPaymentDiscount: 40_500,
    threeMonthPrice: 71_667,
    sixMonthPrice: 40_000,
  },
  {
    trainingName: 'Resilient Child Training',
    fullPaymentPrice: 149_500,
    fullPaymentDiscount: 30_500,
    threeMonthPrice: 51_667,
    sixMonthPrice: 30_000,
  },
] as const;

export const BUNDLE_PRICES = [
  { bundleType: '2-training', requiresPsychosomatic: true, bundlePrice: 369_500 },
  { bundleType: '2-training', requiresPsychosomatic: false, bundlePrice: 299_500 },
  { bundleType: '3-training', requiresPsychosomatic: false, bundlePrice: 499_500 },
] as const;

/** Idempotent: inserts missing rows and leaves prices an operator has changed in the database alone. */
export class PricingSeeder extends Seeder {
  async run(em: EntityManager): Promise<void> {
    for (const price of TRAINING_PRICES) {
      const existing = await em.findOne(TrainingPricing, { trainingName: price.trainingName });
      if (!existing) em.persist(em.create(TrainingPricing, { ...price }));
    }
    for (const bundle of BUNDLE_PRICES) {
      const existing = await em.findOne(BundlePricing, {
        bundleType: bundle.bundleType,
        requiresPsychosomatic: bundle.requiresPsychosomatic,
      });
      if (!existing) em.persist(em.create(BundlePricing, { ...bundle }));
    }
    await em.flush();
  }
}
