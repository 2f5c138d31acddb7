import { Injectable } from '@nestjs/common';
import type { BundlePricing as BundlePricingDto, TrainingPricing as TrainingPricingDto } from '@app/contracts';
import { TrainingsRepository } from './trainings.repository';

@Injectable()
export class TrainingsService {
  constructor(private readonly repository: TrainingsRepository) {}

  async listTrainingPricing(): Promise<TrainingPricingDto[]> {
    const rows = await this.repository.findAllPricing();
    return rows.map(({ id, trainingName, fullPaymentPrice, fullPaymentDiscount, threeMonthPrice, sixMonthPrice }) => ({
      id,
      trainingName: trainingName as TrainingPricingDto['trainingName'],
      fullPaymentPrice,
      fullPaymentDiscount,
      threeMonthPrice,
      sixMonthPrice,
    }));
  }

  async listBundlePricing(): Promise<BundlePricingDto[]> {
    const rows = await this.repository.findAllBundles();
    return rows.map(({ id, bundleType, requiresPsychosomatic, bundlePrice }) => ({
      id,
      bundleType,
      requiresPsychosomatic,
      bundlePrice,
    }));
  }
}
