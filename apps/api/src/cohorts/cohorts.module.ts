import { Module } from '@nestjs/common';
import { CohortsController } from './cohorts.controller';
import { CohortsRepository } from './cohorts.repository';
import { CohortsService } from './cohorts.service';

@Module({
  controllers: [CohortsController],
  providers: [CohortsRepository, CohortsService],
  exports: [CohortsRepository, CohortsService],
})
export class CohortsModule {}
