import { Module } from '@nestjs/common';
import { CredentialsModule } from '../credentials/credentials.module';
import { CredentialViewsController } from './credential-views.controller';
import { CredentialViewsRepository } from './credential-views.repository';
import { CredentialViewsService } from './credential-views.service';

/**
 * The applicant's credentials page, composed from credentials, analysis and reviews. It sits above those three so
 * that they never import each other in a circle: analysis and reviews build on credentials, and this on all of them.
 */
@Module({
  imports: [CredentialsModule],
  controllers: [CredentialViewsController],
  providers: [CredentialViewsRepository, CredentialViewsService],
  exports: [CredentialViewsService],
})
export class CredentialViewsModule {}
