import { Module } from '@nestjs/common';
import { CohortsModule } from '../cohorts/cohorts.module';
import { AdminEnrollmentsController } from './admin-enrollments.controller';
import { CohortExportController } from './cohort-export.controller';
import { EnrollmentsRepository } from './enrollments.repository';
import { EnrollmentsService } from './enrollments.service';

@Module({
  imports: [CohortsModule],
  controllers: [AdminEnrollmentsController, CohortExportController],
  providers: [EnrollmentsRepository, EnrollmentsService],
  exports: [EnrollmentsService],
})
export class EnrollmentsModule {}
