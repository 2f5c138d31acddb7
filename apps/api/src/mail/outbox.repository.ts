import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { mailSubject, type MailTemplateName, type OutboxMailInput } from './mail-registry';
import { OutboxMail } from './outbox-mail.entity';

/** A mail a worker has taken in hand: its lease says until when no other worker takes it. */
export interface ClaimedMail {
  id: string;
  recipient: string;
  template: MailTemplateName;
  data: Record<string, unknown>;
  subject: string;
  attempts: number;
}

/** What the admin sees of one mail. */
export interface OutboxMailSummary {
  id: string;
  template: string;
  recipient: string;
  subject: string;
  status: OutboxMail['status'];
  attempts: number;
  createdAt: Date;
  sentAt: Date | null;
  smtpResponse: string | null;
  lastError: string | null;
}

/** The mails of the credential evaluation area, which an erasure by email removes. */
const APPLICANT_MAIL_TEMPLATES: readonly MailTemplateName[] = [
  'sign-in-link',
  'evaluation-completed',
  'credential-verified',
  'credential-rejected',
  'evaluation-report-issued',
];

/** The only place that reads and writes the outbox table. */
@Injectable()
export class OutboxRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * Erasure of an address: removes the evaluation area's mails to it (sign-in links, evaluation and review
   * outcomes), sent or not, in the caller's transaction. Training mails stay: they belong to a purchase's records.
   */
  static async deleteApplicantMailsTo(em: EntityManager, email: string): Promise<number> {
    const rows = await em
      .getConnection()
      .execute<{ id: string }[]>(
        'delete from outbox where lower(recipient) = ? and template = any(?::text[]) returning id',
        [email, `{${APPLICANT_MAIL_TEMPLATES.join(',')}}`],
      );
    return rows.length;
  }

  /**
   * The one way to send a mail (docs/decisions/014-outbox.md): every feature calls this with its transaction's `em`
   * and an `OutboxMailInput` (template name, its data, recipient, event key); the subject comes from the registry.
   * Writes a mail in the caller's transaction (pass the transaction's EntityManager), so it exists exactly when the
   * event that causes it is committed. A key already there adds nothing: replayed events and retried jobs mail once.
   * Returns how many of the mails this call added.
   */
  static async enqueue(em: EntityManager, mails: OutboxMailInput | OutboxMailInput[]): Promise<number> {
    let added = 0;
    for (const mail of Array.isArray(mails) ? mails : [mails]) {
      const rows = await em.getConnection().execute<{ id: string }[]>(
        `insert into outbox (id, key, recipient, template, subject, data, payment_intent_id, status, attempts,
           next_attempt_at, created_at, updated_at)
         values (?, ?, ?, ?, ?, ?, ?, 'pending', 0, now(), now(), now())
         on conflict (key) do nothing
         returning id`,
        [
          randomUUID(),
          mail.key,
          mail.to,
          mail.template,
          mailSubject(mail.template, mail.data).slice(0, 300),
          JSON.stringify(mail.data),
          mail.paymentIntentId ?? null,
        ],
        'all',
        em.getTransactionContext(),
      );
      added += rows.length;
    }
    return added;
  }

  /**
   * Takes up to `limit` mails that are due, or whose worker's lease ran out (it died mid-send), and leases them for
   * `leaseSeconds`. Rows another worker is claiming at the same moment are skipped, never taken twice.
   */
  async claimDue(limit: number, leaseSeconds: number): Promise<ClaimedMail[]> {
    const rows = await this.em
      .fork()
      .getConnection()
      .execute<
        Array<{
          id: string;
          recipient: string;
          template: MailTemplateName;
          data: Record<string, unknown> | string;
          subject: string;
          attempts: number;
        }>
      >(
        `update outbox set status = 'sending', attempts = attempts + 1, lease_until = now() + make_interval(secs => ?),
         updated_at = now()
       where id in (select id from outbox
                    where (status = 'pending' and next_attempt_at <= now()) or (status = 'sending' and lease_until < now())
                    order by next_attempt_at limit ? for update skip locked)
       returning id, recipient, template, data, subject, attempts`,
        [leaseSeconds, limit],
        'all',
      );
    return rows.map((row) => ({
      ...row,
      data: typeof row.data === 'string' ? (JSON.parse(row.data) as Record<string, unknown>) : row.data,
    }));
  }

  async markSent(id: string, smtpResponse: string): Promise<void> {
    await this.em
      .fork()
      .getConnection()
      .execute(
        `update outbox set status = 'sent', sent_at = now(), smtp_response = ?, lease_until = null, last_error = null,
         updated_at = now()
       where id = ? and status = 'sending'`,
        [smtpResponse.slice(0, 2000), id],
        'run',
      );
  }

  /** A failed attempt: tried again after `retryInSeconds`, or failed for good when that is null. */
  async markAttemptFailed(id: string, error: string, retryInSeconds: number | null): Promise<void> {
    await this.em
      .fork()
      .getConnection()
      .execute(
        `update outbox set status = ?, last_error = ?, lease_until = null,
         next_attempt_at = case when ?::int is null then next_attempt_at else now() + make_interval(secs => ?::int) end,
         updated_at = now()
       where id = ? and status = 'sending'`,
        [retryInSeconds === null ? 'failed' : 'pending', error.slice(0, 2000), retryInSeconds, retryInSeconds, id],
        'run',
      );
  }

  /** A failed mail goes back to the queue with fresh attempts; false when there is no such failed mail. */
  async requeueFailed(id: string): Promise<boolean> {
    const rows = await this.em
      .fork()
      .getConnection()
      .execute<{ id: string }[]>(
        `update outbox set status = 'pending', attempts = 0, next_attempt_at = now(), last_error = null, updated_at = now()
       where id = ? and status = 'failed' returning id`,
        [id],
        'all',
      );
    return rows.length === 1;
  }

  async exists(id: string): Promise<boolean> {
    return (await this.em.fork().count(OutboxMail, { id })) > 0;
  }

  /** The payment intent of an enrollment: undefined when there is no such enrollment, null for a manual one. */
  async paymentIntentOfEnrollment(enrollmentId: string): Promise<string | null | undefined> {
    const rows = await this.em
      .fork()
      .getConnection()
      .execute<Array<{ payment_intent_id: string | null }>>(
        'select payment_intent_id from enrollments where id = ?',
        [enrollmentId],
        'all',
      );
    return rows.length === 0 ? undefined : rows[0].payment_intent_id;
  }

  /** The mails about one payment, oldest first. */
  async listForPaymentIntent(paymentIntentId: string): Promise<OutboxMailSummary[]> {
    const mails = await this.em
      .fork()
      .find(OutboxMail, { paymentIntentId }, { orderBy: { createdAt: 'asc', id: 'asc' } });
    return mails.map((mail) => ({
      id: mail.id,
      template: mail.template,
      recipient: mail.recipient,
      subject: mail.subject,
      status: mail.status,
      attempts: mail.attempts,
      createdAt: mail.createdAt,
      sentAt: mail.sentAt,
      smtpResponse: mail.smtpResponse,
      lastError: mail.lastError,
    }));
  }
}
