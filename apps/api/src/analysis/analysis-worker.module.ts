import { DynamicModule, Module } from '@nestjs/common';
import type { AppConfig } from '../config/app-config';
import { ConfigModule } from '../config/config.module';
import { DatabaseModule } from '../database/database.module';
import { MailModule } from '../mail/mail.module';
import { StorageModule } from '../storage/storage.module';
import type { StorageConnection } from '../storage/storage-connection';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { AnalysisModule } from './analysis.module';

/**
 * Everything the worker process needs and nothing else: analysis jobs, the mail outbox and webhook deliveries; no
 * HTTP, payments, admin or scheduler.
 */
@Module({})
export class AnalysisWorkerModule {
  static forRoot(
    config: AppConfig & { redisUrl: string },
    databaseUrl: string,
    storage: StorageConnection,
  ): DynamicModule {
    return {
      module: AnalysisWorkerModule,
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule.forRoot(databaseUrl),
        StorageModule.forRoot(storage),
        AnalysisModule.forWorker(config),
        // The outbox's dispatch jobs share this worker process, so ANALYSIS_RUN_WORKER=false leaves mail to it too.
        MailModule.forWorker(),
        // Webhook deliveries too: the worker process delivers beside (or instead of) the API processes.
        WebhooksModule.forWorker(),
      ],
    };
  }
}
