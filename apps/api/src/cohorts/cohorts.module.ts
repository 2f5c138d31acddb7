import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { AdminCohortsController } from './admin-cohorts.controller';
import { CohortListCache } from './cohort-list-cache';
import { CohortSeatsRepository } from './cohort-seats.repository';
import { CohortsController } from './cohorts.controller';
import { CohortsRepository } from './cohorts.repository';
import { CohortsService } from './cohorts.service';

@Module({
  imports: [AuditModule],
  controllers: [CohortsController, AdminCohortsController],
  providers: [CohortsRepository, CohortSeatsRepository, CohortsService, CohortListCache],
  exports: [CohortsRepository, CohortSeatsRepository, CohortsService, CohortListCache],
})
export class CohortsModule {}
