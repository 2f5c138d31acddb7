import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { WebhookAlerts } from './webhook-alerts.service';
import { WebhookDispatcher } from './webhook-dispatcher.service';
import { WebhookSender } from './webhook-sender';
import { WebhooksController } from './webhooks.controller';
import { WebhooksRepository } from './webhooks.repository';
import { WebhooksService } from './webhooks.service';

/**
 * Webhooks to the provider's other systems: endpoints, the delivery worker and its log. Features raise events with
 * WebhookOutbox.enqueue(em, …) inside their own transactions; nothing here imports them.
 */
@Module({
  imports: [AuditModule],
  controllers: [WebhooksController],
  providers: [WebhooksRepository, WebhooksService, WebhookSender, WebhookDispatcher, WebhookAlerts],
  exports: [WebhookDispatcher],
})
export class WebhooksModule {}
