import { Module } from '@nestjs/common';
import { AdminModule } from '../admin/admin.module';
import { AuditModule } from '../audit/audit.module';
import { CredentialsModule } from '../credentials/credentials.module';
import { UploadsModule } from '../uploads/uploads.module';
import { ApiClientCredentialsController } from './api-client-credentials.controller';
import { ApiClientCredentialsRepository } from './api-client-credentials.repository';
import { ApiClientCredentialsService } from './api-client-credentials.service';

/**
 * What API clients do beyond the staff routes their keys reach: submit credentials for applicants. Sits above
 * credentials, uploads and analysis (which never import it), as credential-views does.
 */
@Module({
  imports: [AdminModule, AuditModule, CredentialsModule, UploadsModule],
  controllers: [ApiClientCredentialsController],
  providers: [ApiClientCredentialsRepository, ApiClientCredentialsService],
})
export class IntegrationsModule {}
