import { Injectable } from '@nestjs/common';
import type { EnrollmentMail } from '@app/contracts';
import { EnrollmentNotFoundError } from '../enrollments/enrollments.errors';
import { MailNotFailedError, MailNotFoundError } from './mail.errors';
import { OutboxRepository } from './outbox.repository';

/** The admin's view of the outbox: the mails of an enrollment, and resending one that failed. */
@Injectable()
export class AdminMailsService {
  constructor(private readonly outbox: OutboxRepository) {}

  async listForEnrollment(enrollmentId: string): Promise<EnrollmentMail[]> {
    const paymentIntentId = await this.outbox.paymentIntentOfEnrollment(enrollmentId);
    if (paymentIntentId === undefined) throw new EnrollmentNotFoundError();
    if (paymentIntentId === null) return [];
    return (await this.outbox.listForPaymentIntent(paymentIntentId)).map((mail) => ({
      id: mail.id,
      kind: mail.template,
      recipient: mail.recipient,
      subject: mail.subject,
      status: mail.status,
      attempts: mail.attempts,
      createdAt: mail.createdAt.toISOString(),
      sentAt: mail.sentAt ? mail.sentAt.toISOString() : null,
      smtpResponse: mail.smtpResponse,
      lastError: mail.lastError,
    }));
  }

  async resend(mailId: string): Promise<void> {
    if (await this.outbox.requeueFailed(mailId)) return;
    if (!(await this.outbox.exists(mailId))) throw new MailNotFoundError();
    throw new MailNotFailedError();
  }
}
