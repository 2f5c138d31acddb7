import { Module } from '@nestjs/common';
import { CredentialsModule } from '../credentials/credentials.module';
import { UploadCompleteValidationFilter } from './upload-complete.filter';
import { UploadsController } from './uploads.controller';
import { UploadsRepository } from './uploads.repository';
import { UploadsService } from './uploads.service';

@Module({
  imports: [CredentialsModule],
  controllers: [UploadsController],
  providers: [UploadsRepository, UploadsService, UploadCompleteValidationFilter],
  exports: [UploadsService],
})
export class UploadsModule {}
