import { Module } from '@nestjs/common';
import { CredentialsModule } from '../credentials/credentials.module';
import { UploadsController } from './uploads.controller';
import { UploadsRepository } from './uploads.repository';
import { UploadsService } from './uploads.service';

@Module({
  imports: [CredentialsModule],
  controllers: [UploadsController],
  providers: [UploadsRepository, UploadsService],
  exports: [UploadsService],
})
export class UploadsModule {}
