import { Injectable } from '@nestjs/common';
import type { BundlePricing as BundlePricingDto, TrainingPricing as TrainingPricingDto } from '@app/contracts';
import { PricingCache } from './pricing-cache';
import { TrainingsRepository } from './trainings.repository';

@Injectable()
export class TrainingsService {
  constructor(
    private readonly repository: TrainingsRepository,
    private readonly cache: PricingCache,
  ) {}

  /** Cached while the price tables are unchanged (PricingCache: LISTEN/NOTIFY, correct across API instances). */
  listTrainingPricing(): Promise<TrainingPricingDto[]> {
    return this.cache.get('training_pricing', () => this.repository.listPricing());
  }

  listBundlePricing(): Promise<BundlePricingDto[]> {
    return this.cache.get('bundle_pricing', () => this.repository.listBundles());
  }
}
