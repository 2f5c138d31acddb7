import { Module } from '@nestjs/common';
import { AdminModule } from '../admin/admin.module';
import { ApplicantSessionsService } from './applicant-sessions.service';
import { ApplicantTokenService } from './applicant-token.service';
import { ApplicantsController } from './applicants.controller';
import { ApplicantsRepository } from './applicants.repository';
import { ApplicantsService } from './applicants.service';
import { ViewerGuard } from './viewer.guard';

/** Applicant identities and the guard of every route on applicant records (owner or staff). */
@Module({
  imports: [AdminModule],
  controllers: [ApplicantsController],
  providers: [ApplicantsRepository, ApplicantsService, ApplicantTokenService, ApplicantSessionsService, ViewerGuard],
  exports: [AdminModule, ApplicantsRepository, ApplicantTokenService, ApplicantSessionsService, ViewerGuard],
})
export class ApplicantsModule {}
