import { Module } from '@nestjs/common';
import { ApplicantsModule } from '../applicants/applicants.module';
import { AuditModule } from '../audit/audit.module';
import { AdminCertificatesController } from './admin-certificates.controller';
import { CertificatesController, VerificationController } from './certificates.controller';
import { CertificatesService } from './certificates.service';
import { SignedCredentialsModule } from './signed-credentials.module';

/** Signed certificates and reports: issuing (for enrollments and reviews), downloads, verification, revocation. */
@Module({
  imports: [ApplicantsModule, AuditModule, SignedCredentialsModule],
  controllers: [CertificatesController, VerificationController, AdminCertificatesController],
  providers: [CertificatesService],
  exports: [CertificatesService, SignedCredentialsModule],
})
export class CertificatesModule {}
