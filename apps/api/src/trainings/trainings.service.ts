import { Injectable } from '@nestjs/common';
import type { BundlePricing as BundlePricingDto, TrainingPricing as TrainingPricingDto } from '@app/contracts';
import { TrainingsRepository } from './trainings.repository';

@Injectable()
export class TrainingsService {
  constructor(private readonly repository: TrainingsRepository) {}

  listTrainingPricing(): Promise<TrainingPricingDto[]> {
    return this.repository.listPricing();
  }

  listBundlePricing(): Promise<BundlePricingDto[]> {
    return this.repository.listBundles();
  }
}
