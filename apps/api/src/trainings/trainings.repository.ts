import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { BundlePricing } from './bundle-pricing.entity';
import { TrainingPricing } from './training-pricing.entity';

@Injectable()
export class TrainingsRepository {
  constructor(private readonly em: EntityManager) {}

  findAllPricing(): Promise<TrainingPricing[]> {
    return this.em.find(TrainingPricing, {}, { orderBy: { fullPaymentPrice: 'desc' } });
  }

  findPricing(trainingName: string): Promise<TrainingPricing | null> {
    return this.em.findOne(TrainingPricing, { trainingName });
  }

  findAllBundles(): Promise<BundlePricing[]> {
    return this.em.find(BundlePricing, {}, { orderBy: { bundleType: 'asc', requiresPsychosomatic: 'desc' } });
  }
}
