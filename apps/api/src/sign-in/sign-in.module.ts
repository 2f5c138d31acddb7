import { Module } from '@nestjs/common';
import { CredentialsModule } from '../credentials/credentials.module';
import { RecordsMailModule } from '../records-mail/records-mail.module';
import { SignInController } from './sign-in.controller';
import { SignInRepository } from './sign-in.repository';
import { SignInService } from './sign-in.service';

@Module({
  imports: [CredentialsModule, RecordsMailModule],
  controllers: [SignInController],
  providers: [SignInRepository, SignInService],
  exports: [SignInService],
})
export class SignInModule {}
