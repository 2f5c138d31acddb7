import { Module } from '@nestjs/common';
import { ApplicantsModule } from '../applicants/applicants.module';
import { AuditModule } from '../audit/audit.module';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { AdminCertificatesController } from './admin-certificates.controller';
import { CertificatesController, VerificationController } from './certificates.controller';
import { CertificatesRepository } from './certificates.repository';
import { CertificatesService } from './certificates.service';
import { SigningKeys } from './signing-keys';

/** Signed certificates and reports: issuing (for enrollments and reviews), downloads, verification, revocation. */
@Module({
  imports: [ApplicantsModule, AuditModule],
  controllers: [CertificatesController, VerificationController, AdminCertificatesController],
  providers: [
    CertificatesRepository,
    CertificatesService,
    { provide: SigningKeys, inject: [APP_CONFIG], useFactory: (config: AppConfig) => SigningKeys.load(config) },
  ],
  exports: [CertificatesService, SigningKeys],
})
export class CertificatesModule {}
