import { Module } from '@nestjs/common';
import { PaymentsModule } from '../payments/payments.module';
import { BillingController } from './billing.controller';
import { BillingService } from './billing.service';

/** The buyer's side of a payment plan after checkout: the update-card page's API. */
@Module({
  imports: [PaymentsModule],
  controllers: [BillingController],
  providers: [BillingService],
})
export class BillingModule {}
