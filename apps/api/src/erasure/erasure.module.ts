import { Module } from '@nestjs/common';
import { CredentialsModule } from '../credentials/credentials.module';
import { CredentialErasureController, EmailErasureController } from './erasure.controller';
import { ErasureRepository } from './erasure.repository';
import { ErasureService } from './erasure.service';

@Module({
  imports: [CredentialsModule],
  controllers: [CredentialErasureController, EmailErasureController],
  providers: [ErasureRepository, ErasureService],
  exports: [ErasureService],
})
export class ErasureModule {}
