import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { CertificatesModule } from '../certificates/certificates.module';
import { CohortsModule } from '../cohorts/cohorts.module';
import { TrainingsModule } from '../trainings/trainings.module';
import { AdminCompletionsController } from './admin-completions.controller';
import { CompletionService } from './completion.service';
import { PaymentsModule } from '../payments/payments.module';
import { EnrollmentAdminService } from './enrollment-admin.service';
import { EnrollmentTableRepository } from './enrollment-table.repository';
import { AdminEnrollmentsController } from './admin-enrollments.controller';
import { CohortExportController } from './cohort-export.controller';
import { EnrollmentsService } from './enrollments.service';
import { PaidEnrollmentsModule } from './paid-enrollments.module';

@Module({
  imports: [PaidEnrollmentsModule, CohortsModule, AuditModule, PaymentsModule, TrainingsModule, CertificatesModule],
  controllers: [AdminEnrollmentsController, CohortExportController, AdminCompletionsController],
  providers: [EnrollmentsService, EnrollmentTableRepository, EnrollmentAdminService, CompletionService],
  exports: [EnrollmentsService, CompletionService],
})
export class EnrollmentsModule {}
