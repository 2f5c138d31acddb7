import { Module } from '@nestjs/common';
import { PricingCache } from './pricing-cache';
import { TrainingsController } from './trainings.controller';
import { TrainingsRepository } from './trainings.repository';
import { TrainingsService } from './trainings.service';

@Module({
  controllers: [TrainingsController],
  providers: [TrainingsRepository, TrainingsService, PricingCache],
  exports: [TrainingsService, TrainingsRepository],
})
export class TrainingsModule {}
