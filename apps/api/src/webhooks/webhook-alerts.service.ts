import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import type { AppConfig } from '../config/app-config';
import { InjectConfig } from '../config/inject-config.decorator';
import { OutboxRepository } from '../mail/outbox.repository';

/** Tells the admins (ADMIN_ALERT_EMAIL) through the mail outbox that an endpoint was turned off. */
@Injectable()
export class WebhookAlerts {
  private readonly logger = new Logger(WebhookAlerts.name);

  constructor(
    private readonly em: EntityManager,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  async endpointDisabled(endpointId: string, url: string, lastError: string): Promise<void> {
    const to = this.config.integrations.alertEmail;
    if (!to) {
      this.logger.warn(`Webhook endpoint ${endpointId} turned off; set ADMIN_ALERT_EMAIL to be mailed about it`);
      return;
    }
    await OutboxRepository.enqueue(this.em.fork(), {
      key: `webhook-endpoint-disabled:${endpointId}:${new Date().toISOString()}`,
      to,
      template: 'webhook-endpoint-disabled',
      data: { endpointId, url, lastError: lastError.slice(0, 300) },
    });
  }
}
