import { Module } from '@nestjs/common';
import { CredentialsModule } from '../credentials/credentials.module';
import { SignInController } from './sign-in.controller';
import { SignInRepository } from './sign-in.repository';
import { SignInService } from './sign-in.service';

@Module({
  imports: [CredentialsModule],
  controllers: [SignInController],
  providers: [SignInRepository, SignInService],
  exports: [SignInService],
})
export class SignInModule {}
