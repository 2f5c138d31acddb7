import { Inject, Injectable, Logger } from '@nestjs/common';
import type { AppConfig } from '../config/app-config';
import { InjectConfig } from '../config/inject-config.decorator';
import { renderMail } from './mail-renderer';
import { MAIL_TRANSPORT, type MailTransport } from './mail-transport';
import type { MailDataMap, MailTemplateName } from './mail-registry';
import { OutboxRepository, type ClaimedMail } from './outbox.repository';
import { UpdateCardLinks } from './update-card-links';

/** Longer than the transport's timeouts together, so a lease only runs out when its worker has died. */
export const MAIL_LEASE_SECONDS = 120;
const BATCH = 20;
const MAX_RETRY_SECONDS = 3600;

/** Delay before attempt `attempts + 1`: base · 2^(attempts − 1), at most an hour. */
export function mailRetryDelaySeconds(attempts: number, baseSeconds: number): number {
  return Math.min(MAX_RETRY_SECONDS, baseSeconds * 2 ** Math.max(0, attempts - 1));
}

/**
 * Sends what the outbox holds: claims due mails (a lease, so two workers never send the same row), renders each
 * from its template, sends it over SMTP and records the server's answer, or schedules a retry with backoff and,
 * after MAIL_MAX_ATTEMPTS, marks it failed for an admin to resend.
 */
@Injectable()
export class MailDispatcher {
  private readonly logger = new Logger(MailDispatcher.name);

  constructor(
    @InjectConfig() private readonly config: AppConfig,
    @Inject(MAIL_TRANSPORT) private readonly transport: MailTransport,
    private readonly outbox: OutboxRepository,
    private readonly links: UpdateCardLinks,
  ) {}

  /** Sends every mail due now, batch after batch; returns how many were sent. */
  async dispatchDue(): Promise<number> {
    let sent = 0;
    for (;;) {
      const claimed = await this.outbox.claimDue(BATCH, MAIL_LEASE_SECONDS);
      if (claimed.length === 0) return sent;
      for (const mail of claimed) if (await this.deliver(mail)) sent += 1;
      if (claimed.length < BATCH) return sent;
    }
  }

  private async deliver(mail: ClaimedMail): Promise<boolean> {
    try {
      const rendered = await renderMail(mail.template, mail.data as unknown as MailDataMap[MailTemplateName], {
        webUrl: this.config.webUrl.replace(/\/+$/, ''),
        updateCardUrl: (paymentId) => this.links.url(paymentId),
      });
      const domain = (/@([^>\s]+)>?\s*$/.exec(this.config.mail.from)?.[1] ?? 'localhost').toLowerCase();
      const answer = await this.transport.send({
        messageId: `<outbox-${mail.id}@${domain}>`,
        to: mail.recipient,
        subject: mail.subject,
        html: rendered.html,
        text: rendered.text,
      });
      await this.outbox.markSent(mail.id, answer.response);
      this.logger.log(`Mail ${mail.id} (${mail.template}) sent`);
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const last = mail.attempts >= this.config.mail.maxAttempts;
      const retryIn = last ? null : mailRetryDelaySeconds(mail.attempts, this.config.mail.retrySeconds);
      await this.outbox.markAttemptFailed(mail.id, message, retryIn);
      this.logger.warn(
        `Mail ${mail.id} (${mail.template}) attempt ${mail.attempts} failed: ${message}; ${last ? 'giving up' : `retry in ${retryIn} s`}`,
      );
      return false;
    }
  }
}
