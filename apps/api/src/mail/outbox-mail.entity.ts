import { Entity, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'failed';

/** One mail of the outbox; written only through OutboxRepository, in the transaction of the event that causes it. */
@Entity({ tableName: 'outbox' })
@Unique({ name: 'outbox_key_unique', properties: ['key'] })
export class OutboxMail {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  /** Unique per event (e.g. `purchase-confirmation:<payment id>`): a replayed event finds it and adds nothing. */
  @Property({ type: 'string', length: 200 })
  key!: string;

  @Property({ type: 'string', length: 254 })
  recipient!: string;

  @Property({ type: 'string', length: 50 })
  template!: string;

  @Property({ type: 'string', length: 300 })
  subject!: string;

  @Property({ type: 'json' })
  data!: Record<string, unknown>;

  /** The payment the mail is about, so an enrollment row can list its mails. */
  @Property({ type: 'string', length: 255, nullable: true })
  paymentIntentId: string | null = null;

  @Property({ type: 'string', length: 20 })
  status: OutboxStatus = 'pending';

  @Property({ type: 'integer' })
  attempts: number = 0;

  @Property({ type: 'datetime', columnType: 'timestamptz' })
  nextAttemptAt: Date = new Date();

  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  leaseUntil: Date | null = null;

  /** The SMTP server's answer to the accepted message (e.g. `250 Accepted`). */
  @Property({ type: 'text', nullable: true })
  smtpResponse: string | null = null;

  @Property({ type: 'text', nullable: true })
  lastError: string | null = null;

  @Property({ type: 'datetime', columnType: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  sentAt: Date | null = null;

  @Property({ type: 'datetime', columnType: 'timestamptz' })
  updatedAt: Date = new Date();
}
