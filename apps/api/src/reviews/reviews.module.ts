import { Module } from '@nestjs/common';
import { CertificatesModule } from '../certificates/certificates.module';
import { CredentialsModule } from '../credentials/credentials.module';
import { ReviewsController } from './reviews.controller';
import { ReviewsRepository } from './reviews.repository';
import { ReviewsService } from './reviews.service';

@Module({
  imports: [CredentialsModule, CertificatesModule],
  controllers: [ReviewsController],
  providers: [ReviewsRepository, ReviewsService],
})
export class ReviewsModule {}
