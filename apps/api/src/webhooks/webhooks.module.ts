import { DynamicModule, Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { WebhookAlerts } from './webhook-alerts.service';
import { WebhookDispatcher } from './webhook-dispatcher.service';
import { WebhookSender } from './webhook-sender';
import { WebhooksController } from './webhooks.controller';
import { WebhooksRepository } from './webhooks.repository';
import { WebhooksService } from './webhooks.service';

/** What delivering needs: the lease-taking dispatcher, the signed sender and the admins' alert. */
const deliveryProviders = [WebhooksRepository, WebhookSender, WebhookDispatcher, WebhookAlerts];

/**
 * Webhooks to the provider's other systems: endpoints, the delivery worker and its log. Features raise events with
 * WebhookOutbox.enqueue(em, …) inside their own transactions; nothing here imports them.
 */
@Module({
  imports: [AuditModule],
  controllers: [WebhooksController],
  providers: [...deliveryProviders, WebhooksService],
  exports: [WebhookDispatcher],
})
export class WebhooksModule {
  /**
   * The worker process (`npm run worker`): the dispatcher alone, polling beside the API processes' ones; the leases
   * (`for update skip locked`, one attempt a lease) keep every delivery to one process at a time.
   */
  static forWorker(): DynamicModule {
    return { module: WebhooksModule, providers: deliveryProviders, exports: [WebhookDispatcher] };
  }
}
