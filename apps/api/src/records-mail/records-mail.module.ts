import { Module } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { OutboxRepository } from '../mail/outbox.repository';
import { RECORDS_MAILER, type RecordsMail, type RecordsMailer } from './records-mailer';

/**
 * Applicant-record mails go to the mail outbox in the caller's transaction, and its worker sends each once.
 * PARTIAL: the outbox has a sign-in-link template; the review outcomes (verified, rejected) have none yet, so those
 * are reported as not sent (applicantNotified: false) rather than queued.
 */
const outboxMailer: RecordsMailer = {
  canSend: (kind) => kind === 'sign-in-link',
  async enqueue(mail: RecordsMail, em: EntityManager) {
    if (mail.kind !== 'sign-in-link') throw new Error(`No mail template for ${mail.kind} yet`);
    await OutboxRepository.enqueue(em, {
      key: mail.eventKey,
      to: mail.to,
      template: 'sign-in-link',
      data: { path: mail.path, expiresInMinutes: mail.expiresMinutes },
    });
  },
};

@Module({
  providers: [{ provide: RECORDS_MAILER, useValue: outboxMailer }],
  exports: [RECORDS_MAILER],
})
export class RecordsMailModule {}
