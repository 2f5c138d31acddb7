import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { AdminPromotionsController } from './admin-promotions.controller';
import { PromotionsRepository } from './promotions.repository';
import { PromotionsService } from './promotions.service';

@Module({
  imports: [AuditModule],
  controllers: [AdminPromotionsController],
  providers: [PromotionsRepository, PromotionsService],
  exports: [PromotionsService],
})
export class PromotionsModule {}
