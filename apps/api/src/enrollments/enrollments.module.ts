import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { CohortsModule } from '../cohorts/cohorts.module';
import { PaymentsModule } from '../payments/payments.module';
import { EnrollmentAdminService } from './enrollment-admin.service';
import { EnrollmentTableRepository } from './enrollment-table.repository';
import { AdminEnrollmentsController } from './admin-enrollments.controller';
import { CohortExportController } from './cohort-export.controller';
import { EnrollmentsService } from './enrollments.service';
import { PaidEnrollmentsModule } from './paid-enrollments.module';

@Module({
  imports: [PaidEnrollmentsModule, CohortsModule, AuditModule, PaymentsModule],
  controllers: [AdminEnrollmentsController, CohortExportController],
  providers: [EnrollmentsService, EnrollmentTableRepository, EnrollmentAdminService],
  exports: [EnrollmentsService],
})
export class EnrollmentsModule {}
