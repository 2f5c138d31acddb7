import { Module } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { OutboxMailInput } from '../mail/mail-templates.types';
import { OutboxRepository } from '../mail/outbox.repository';
import { RECORDS_MAILER, type RecordsMail, type RecordsMailer } from './records-mailer';

/** Applicant-record mails go to the mail outbox in the caller's transaction, and its worker sends each once. */
const outboxMailer: RecordsMailer = {
  async enqueue(mail: RecordsMail, em: EntityManager) {
    await OutboxRepository.enqueue(em, toOutboxMail(mail));
  },
};

function toOutboxMail(mail: RecordsMail): OutboxMailInput {
  switch (mail.kind) {
    case 'sign-in-link':
      return {
        key: mail.eventKey,
        to: mail.to,
        template: 'sign-in-link',
        data: { path: mail.path, expiresInMinutes: mail.expiresMinutes },
      };
    case 'credential-verified':
      return {
        key: mail.eventKey,
        to: mail.to,
        template: 'credential-verified',
        data: {
          credentialId: mail.credentialId,
          credentialName: mail.credentialName,
          awardedCredits: mail.awardedCredits,
          note: mail.note,
        },
      };
    case 'credential-rejected':
      return {
        key: mail.eventKey,
        to: mail.to,
        template: 'credential-rejected',
        data: { credentialId: mail.credentialId, credentialName: mail.credentialName, reason: mail.reason },
      };
  }
}

@Module({
  providers: [{ provide: RECORDS_MAILER, useValue: outboxMailer }],
  exports: [RECORDS_MAILER],
})
export class RecordsMailModule {}
