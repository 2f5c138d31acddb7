import { Module } from '@nestjs/common';
import { AdminReceiptsController } from './admin-receipts.controller';
import { ReceiptsRepository } from './receipts.repository';
import { ReceiptsService } from './receipts.service';

/** Numbered receipts and credit notes: issued by payments in their transactions, read by accounts and admins. */
@Module({
  controllers: [AdminReceiptsController],
  providers: [ReceiptsRepository, ReceiptsService],
  exports: [ReceiptsRepository, ReceiptsService],
})
export class ReceiptsModule {}
