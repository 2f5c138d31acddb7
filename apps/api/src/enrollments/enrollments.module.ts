import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { CohortsModule } from '../cohorts/cohorts.module';
import { PaymentsModule } from '../payments/payments.module';
import { EnrollmentAdminService } from './enrollment-admin.service';
import { EnrollmentTableRepository } from './enrollment-table.repository';
import { AdminEnrollmentsController } from './admin-enrollments.controller';
import { CohortExportController } from './cohort-export.controller';
import { EnrollmentsRepository } from './enrollments.repository';
import { EnrollmentsService } from './enrollments.service';

@Module({
  imports: [CohortsModule, AuditModule, PaymentsModule],
  controllers: [AdminEnrollmentsController, CohortExportController],
  providers: [EnrollmentsRepository, EnrollmentsService, EnrollmentTableRepository, EnrollmentAdminService],
  exports: [EnrollmentsService],
})
export class EnrollmentsModule {}
