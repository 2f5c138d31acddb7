import { Migration } from '@mikro-orm/migrations';

/**
 * Webhooks. An event is written to webhook_events (the webhooks' outbox) in the transaction of the change that
 * causes it, under a key unique per cause, with one delivery row per active endpoint that wants its type. The worker
 * leases due deliveries (a worker that dies mid-delivery loses its lease, and the delivery is taken again), signs
 * them per Standard Webhooks with the event's id as webhook-id, and retries with backoff for more than a day.
 */
export class Migration20261201110000_webhooks extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table webhook_endpoints (
        id uuid primary key,
        url text not null,
        description varchar(200) not null default '',
        events text[] not null check (cardinality(events) > 0),
        secret varchar(100) not null,
        active boolean not null default true,
        disabled_reason text null,
        failing_since timestamptz null,
        created_by uuid null references admin_users (id) on delete set null,
        created_at timestamptz not null,
        updated_at timestamptz not null
      );`);
    this.addSql(`
      create table webhook_events (
        id varchar(64) primary key,
        key varchar(200) not null,
        type varchar(40) not null,
        payload jsonb not null,
        created_at timestamptz not null,
        constraint webhook_events_key_unique unique (key)
      );`);
    this.addSql(`
      create table webhook_deliveries (
        id uuid primary key,
        event_id varchar(64) not null references webhook_events (id) on delete cascade,
        endpoint_id uuid not null references webhook_endpoints (id) on delete cascade,
        status varchar(20) not null check (status in ('pending', 'sending', 'delivered', 'failed')),
        attempts integer not null default 0,
        next_attempt_at timestamptz not null,
        lease_until timestamptz null,
        response_code integer null,
        last_error text null,
        created_at timestamptz not null,
        last_attempt_at timestamptz null,
        delivered_at timestamptz null,
        constraint webhook_deliveries_event_endpoint_unique unique (event_id, endpoint_id)
      );`);
    this.addSql(
      `create index webhook_deliveries_due on webhook_deliveries (next_attempt_at) where status = 'pending';`,
    );
    this.addSql(`create index webhook_deliveries_leased on webhook_deliveries (lease_until) where status = 'sending';`);
    this.addSql(
      'create index webhook_deliveries_endpoint_created on webhook_deliveries (endpoint_id, created_at desc);',
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists webhook_deliveries;');
    this.addSql('drop table if exists webhook_events;');
    this.addSql('drop table if exists webhook_endpoints;');
  }
}
