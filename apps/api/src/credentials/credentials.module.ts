import { Module } from '@nestjs/common';
import { ApplicantsModule } from '../applicants/applicants.module';
import { CredentialsController } from './credentials.controller';
import { CredentialsRepository } from './credentials.repository';
import { CredentialsService } from './credentials.service';

@Module({
  imports: [ApplicantsModule],
  controllers: [CredentialsController],
  providers: [CredentialsRepository, CredentialsService],
  exports: [ApplicantsModule, CredentialsRepository, CredentialsService],
})
export class CredentialsModule {}
