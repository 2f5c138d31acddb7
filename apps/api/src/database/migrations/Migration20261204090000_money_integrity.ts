import { Migration } from '@mikro-orm/migrations';

/**
 * Money under concurrency (issue 25). A refund is decided under the payment row's lock and recorded as a request
 * before the provider is called: the request's id is the provider's idempotency key, and its amount stays reserved
 * against the enrollment's share until the refunds it made are recorded. A refund or cancellation stops a plan
 * ('stopped'): reactivating the enrollment no longer charges the card; only an admin's explicit restart does. A seat
 * hold records the client that asked (a hash of its address), so one client's holds can be limited on every instance.
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

    this.addSql('alter table payments drop constraint if exists payments_plan_status_check;');
    this.addSql(
      `alter table payments add constraint payments_plan_status_check
         check (plan_status in ('none', 'active', 'completed', 'past_due', 'stopped'));`,
    );
    // Plans refunded or cancelled before this change: stopped, so reactivating their enrollment charges nothing.
    this.addSql(`
      update payments p set plan_status = 'stopped', next_retry_at = null
      where p.plan_status in ('active', 'past_due')
        and (exists (select 1 from payment_refunds r where r.payment_id = p.id)
             or exists (select 1 from enrollments e where e.payment_intent_id = p.provider_payment_id
                        and e.enrollment_status = 'cancelled'));`);

    this.addSql('alter table cohort_seat_holds add column client_key varchar(64) null;');
    this.addSql(
      'create index cohort_seat_holds_client_index on cohort_seat_holds (client_key, expires_at) where client_key is not null;',
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists cohort_seat_holds_client_index;');
    this.addSql('alter table cohort_seat_holds drop column client_key;');
    this.addSql(`update payments set plan_status = 'active' where plan_status = 'stopped';`);
    this.addSql('alter table payments drop constraint if exists payments_plan_status_check;');
    this.addSql(
      `alter table payments add constraint payments_plan_status_check
         check (plan_status in ('none', 'active', 'completed', 'past_due'));`,
    );
    this.addSql('alter table payment_refunds drop column refund_request_id;');
    this.addSql('drop table if exists payment_refund_requests;');
  }
}
