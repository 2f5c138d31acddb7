import { BullModule } from '@nestjs/bullmq';
import { DynamicModule, Module, type Provider } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { AdminMailsController } from './admin-mails.controller';
import { AdminMailsService } from './admin-mails.service';
import { MailDispatcher } from './mail-dispatcher.service';
import { InProcessMailWorker, MAIL_QUEUE_NAME, MailDispatchProcessor, MailDispatchScheduler } from './mail-queue';
import { MAIL_TRANSPORT, SmtpMailTransport, type MailTransport } from './mail-transport';
import { OutboxRepository } from './outbox.repository';
import { UpdateCardLinks } from './update-card-links';

const transportProvider: Provider = {
  provide: MAIL_TRANSPORT,
  inject: [APP_CONFIG],
  useFactory: (config: AppConfig): MailTransport => new SmtpMailTransport(config.mail),
};

const senderProviders: Provider[] = [transportProvider, OutboxRepository, UpdateCardLinks, MailDispatcher];

/**
 * The outbox and its worker. Features write mails with OutboxRepository.enqueue inside their own transaction;
 * this module sends them: through BullMQ where REDIS_URL is set, in this process otherwise.
 */
@Module({})
export class MailModule {
  static forRoot(config: AppConfig): DynamicModule {
    const worker: Provider[] = config.redisUrl
      ? [MailDispatchScheduler, ...(config.analysis.runWorker ? [MailDispatchProcessor] : [])]
      : [InProcessMailWorker];
    return {
      module: MailModule,
      global: true,
      imports: config.redisUrl ? [BullModule.registerQueue({ name: MAIL_QUEUE_NAME })] : [],
      controllers: [AdminMailsController],
      providers: [...senderProviders, ...worker, AdminMailsService],
      exports: [OutboxRepository, UpdateCardLinks],
    };
  }

  /** The worker process (`npm run worker`, Redis only): the dispatch processor and what sending needs. */
  static forWorker(): DynamicModule {
    return {
      module: MailModule,
      imports: [BullModule.registerQueue({ name: MAIL_QUEUE_NAME })],
      providers: [...senderProviders, MailDispatchProcessor],
    };
  }
}
