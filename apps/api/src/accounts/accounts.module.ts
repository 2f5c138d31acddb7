import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { CohortsModule } from '../cohorts/cohorts.module';
import { CredentialsModule } from '../credentials/credentials.module';
import { CredentialViewsModule } from '../credential-views/credential-views.module';
import { PaymentsModule } from '../payments/payments.module';
import { ReceiptsModule } from '../receipts/receipts.module';
import { AccountsController } from './accounts.controller';
import { AccountsRepository } from './accounts.repository';
import { AccountsService } from './accounts.service';

/**
 * The trainee's own account, above the features it reads (enrollments, payments, receipts, credentials): nothing
 * imports it.
 */
@Module({
  imports: [CredentialsModule, CredentialViewsModule, PaymentsModule, ReceiptsModule, AuditModule, CohortsModule],
  controllers: [AccountsController],
  providers: [AccountsRepository, AccountsService],
})
export class AccountsModule {}
