import { Injectable } from '@nestjs/common';
import type { BundlePricing as BundlePricingDto, TrainingPricing as TrainingPricingDto } from '@app/contracts';
import { NotifiedCache, type CacheChannel } from '../database/notified-cache';
import { TrainingsRepository } from './trainings.repository';

/** The channel the price tables' triggers notify (migration 20261126090000). */
export const PRICING_CHANNEL = 'pricing_changed';

@Injectable()
export class TrainingsService {
  private readonly prices: CacheChannel;

  constructor(
    private readonly repository: TrainingsRepository,
    cache: NotifiedCache,
  ) {
    this.prices = cache.channel(PRICING_CHANNEL);
  }

  /** Cached while the price tables are unchanged (NotifiedCache: LISTEN/NOTIFY, correct across API instances). */
  listTrainingPricing(): Promise<TrainingPricingDto[]> {
    return this.prices.get('training_pricing', () => this.repository.listPricing());
  }

  listBundlePricing(): Promise<BundlePricingDto[]> {
    return this.prices.get('bundle_pricing', () => this.repository.listBundles());
  }
}
