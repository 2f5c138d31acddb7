import { DynamicModule, Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { AdminModule } from './admin/admin.module';
import { AnalysisModule } from './analysis/analysis.module';
import { BillingModule } from './billing/billing.module';
import type { AppConfig } from './config/app-config';
import { CohortsModule } from './cohorts/cohorts.module';
import { ConfigModule } from './config/config.module';
import { CredentialViewsModule } from './credential-views/credential-views.module';
import { CredentialsModule } from './credentials/credentials.module';
import { DatabaseModule } from './database/database.module';
import { GmailModule } from './gmail/gmail.module';
import { EnrollmentsModule } from './enrollments/enrollments.module';
import type { Infrastructure } from './infrastructure';
import { LeadsModule } from './leads/leads.module';
import { MailModule } from './mail/mail.module';
import { PaymentsModule } from './payments/payments.module';
import { PromotionsModule } from './promotions/promotions.module';
import { ReportsModule } from './reports/reports.module';
import { StorageModule } from './storage/storage.module';
import { SystemModule } from './system/system.module';
import { TrainingsModule } from './trainings/trainings.module';
import { UploadsModule } from './uploads/uploads.module';
import { ErasureModule } from './erasure/erasure.module';
import { ReviewsModule } from './reviews/reviews.module';
import { SignInModule } from './sign-in/sign-in.module';
import { AccountsModule } from './accounts/accounts.module';
import { ReceiptsModule } from './receipts/receipts.module';
import { IntegrationsModule } from './integrations/integrations.module';
import { WebhooksModule } from './webhooks/webhooks.module';
import { CertificatesModule } from './certificates/certificates.module';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, infrastructure: Pick<Infrastructure, 'databaseUrl' | 'storage'>): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule.forRoot(infrastructure.databaseUrl),
        StorageModule.forRoot(infrastructure.storage),
        ScheduleModule.forRoot(),
        SystemModule,
        TrainingsModule,
        CohortsModule,
        AdminModule,
        EnrollmentsModule,
        CredentialsModule,
        UploadsModule,
        GmailModule,
        LeadsModule,
        AnalysisModule.forRoot(config),
        MailModule.forRoot(config),
        BillingModule,
        PaymentsModule,
        ReviewsModule,
        CredentialViewsModule,
        ErasureModule,
        SignInModule,
        PromotionsModule,
        ReportsModule,
        AccountsModule,
        ReceiptsModule,
        IntegrationsModule,
        WebhooksModule,
        CertificatesModule,
      ],
    };
  }
}
