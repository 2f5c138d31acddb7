import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { shouldDisableEndpoint, WEBHOOK_DISABLE_AFTER_DAYS, webhookRetryDelaySeconds } from '@app/domain';
import type { AppConfig } from '../config/app-config';
import { InjectConfig } from '../config/inject-config.decorator';
import { WebhookAlerts } from './webhook-alerts.service';
import { WebhookSender } from './webhook-sender';
import { WebhooksRepository, type ClaimedDelivery } from './webhooks.repository';

/** Deliveries one run takes at most, sent in parallel. */
const BATCH = 20;

/**
 * Sends the due deliveries: leases them, sends each signed with a timeout, and records the outcome; a failure is
 * retried on the backoff schedule (libs/domain) for more than a day. An endpoint failing for days is turned off and
 * the admins are told. Runs in every API process every WEBHOOK_POLL_MILLISECONDS; the leases keep two processes
 * (or a restarted one) from sending the same delivery at once, and a process killed mid-delivery only delays it.
 */
@Injectable()
export class WebhookDispatcher implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(WebhookDispatcher.name);
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | null = null;
  private readonly leaseSeconds: number;
  private readonly pollMs: number;

  constructor(
    private readonly repository: WebhooksRepository,
    private readonly sender: WebhookSender,
    private readonly alerts: WebhookAlerts,
    @InjectConfig() config: AppConfig,
  ) {
    this.leaseSeconds = config.integrations.webhookTimeoutSeconds + 30;
    this.pollMs = config.integrations.webhookPollMilliseconds;
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.tick(), this.pollMs);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** One run at a time in this process. */
  tick(): Promise<number> {
    this.running ??= this.dispatchDue()
      .catch((error: unknown) => {
        this.logger.error(`Webhook run failed: ${error instanceof Error ? error.message : String(error)}`);
        return 0;
      })
      .finally(() => (this.running = null));
    return this.running;
  }

  /** Sends every delivery due now; returns how many were attempted. */
  async dispatchDue(): Promise<number> {
    let attempted = 0;
    for (;;) {
      const claimed = await this.repository.claimDue(BATCH, this.leaseSeconds);
      if (claimed.length === 0) return attempted;
      attempted += claimed.length;
      await Promise.all(claimed.map((delivery) => this.deliver(delivery)));
    }
  }

  private async deliver(delivery: ClaimedDelivery): Promise<void> {
    if (!delivery.endpointActive) {
      await this.repository.markFailed(delivery.id, delivery.attempts, {
        responseCode: null,
        error: 'The endpoint is turned off; resend once it is on again',
        retryInSeconds: null,
      });
      return;
    }
    const result = await this.sender.send(delivery);
    if (result.ok) {
      await this.repository.markDelivered(delivery.id, delivery.attempts, result.status);
      return;
    }
    const retryInSeconds = webhookRetryDelaySeconds(delivery.attempts);
    this.logger.warn(
      `Webhook delivery ${delivery.id} (${delivery.messageId}) to endpoint ${delivery.endpointId} failed on attempt ${delivery.attempts}: ${result.error}`,
    );
    const failing = await this.repository.markFailed(delivery.id, delivery.attempts, {
      responseCode: result.status,
      error: result.error,
      retryInSeconds,
    });
    if (failing && shouldDisableEndpoint(failing.failingSince, new Date())) {
      const disabled = await this.repository.disableFailing(
        failing.endpointId,
        `Every delivery failed for ${WEBHOOK_DISABLE_AFTER_DAYS} days (last: ${result.error})`,
      );
      if (disabled) {
        this.logger.warn(`Webhook endpoint ${failing.endpointId} turned off after failing for days`);
        await this.alerts.endpointDisabled(failing.endpointId, disabled.url, result.error);
      }
    }
  }
}
