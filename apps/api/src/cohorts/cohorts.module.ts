import { Module } from '@nestjs/common';
import { AdminCohortsController } from './admin-cohorts.controller';
import { CohortsController } from './cohorts.controller';
import { CohortsRepository } from './cohorts.repository';
import { CohortsService } from './cohorts.service';

@Module({
  controllers: [CohortsController, AdminCohortsController],
  providers: [CohortsRepository, CohortsService],
  exports: [CohortsRepository, CohortsService],
})
export class CohortsModule {}
