import { Migration } from '@mikro-orm/migrations';

/**
 * The transactional outbox: each mail is written with the event that causes it, under a key unique per event, and
 * sent later by the mail worker. Claims are leases (status 'sending' until lease_until) so a crashed worker's mail is
 * taken over, and 'pending' rows wait for next_attempt_at between retries.
 */
export class Migration20261123194500_mail_outbox extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table outbox (
        id uuid primary key,
        key varchar(200) not null,
        recipient varchar(254) not null,
        template varchar(50) not null,
        subject varchar(300) not null,
        data jsonb not null,
        payment_intent_id varchar(255) null,
        status varchar(20) not null check (status in ('pending', 'sending', 'sent', 'failed')),
        attempts integer not null default 0,
        next_attempt_at timestamptz not null,
        lease_until timestamptz null,
        smtp_response text null,
        last_error text null,
        created_at timestamptz not null,
        sent_at timestamptz null,
        updated_at timestamptz not null,
        constraint outbox_key_unique unique (key)
      );`);
    this.addSql(`create index outbox_due on outbox (next_attempt_at) where status = 'pending';`);
    this.addSql(`create index outbox_leased on outbox (lease_until) where status = 'sending';`);
    this.addSql('create index outbox_payment_intent on outbox (payment_intent_id);');
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists outbox;');
  }
}
