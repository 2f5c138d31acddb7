import { Migration } from '@mikro-orm/migrations';

/**
 * Money under concurrency (issue 25). A refund is decided under the payment row's lock and recorded as a request
 * before the provider is called: the request's id is the provider's idempotency key, and its amount stays reserved
 * against the enrollment's share until the refunds it made are recorded.
 */
export class Migration20261204090000_money_integrity extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table payment_refund_requests (
        id uuid primary key,
        payment_id uuid not null references payments (id) on update cascade on delete cascade,
        enrollment_id uuid not null,
        amount integer not null check (amount > 0),
        parts jsonb not null,
        status text not null default 'pending' check (status in ('pending', 'completed', 'failed')),
        admin_username varchar(100) null,
        reason text null,
        created_at timestamptz not null default now(),
        finished_at timestamptz null
      );`);
    this.addSql(
      "create index payment_refund_requests_pending_index on payment_refund_requests (payment_id) where status = 'pending';",
    );
    this.addSql('alter table payment_refunds add column refund_request_id uuid null;');
  }

  override async down(): Promise<void> {
    this.addSql('alter table payment_refunds drop column refund_request_id;');
    this.addSql('drop table if exists payment_refund_requests;');
  }
}
