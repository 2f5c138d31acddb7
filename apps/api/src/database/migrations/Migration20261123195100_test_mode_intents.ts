import { Migration } from '@mikro-orm/migrations';

/**
 * Test mode's stand-in for Stripe's payment intents and off-session charges, so an intent created before an API
 * restart (or by another instance) can still be confirmed. Off-session charges keep their idempotency key, as Stripe does.
 */
export class Migration20261123195100_test_mode_intents extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table test_mode_intents (
        id varchar(64) primary key,
        client_secret varchar(128) not null,
        amount integer not null,
        currency varchar(3) not null,
        status varchar(40) not null,
        metadata jsonb not null,
        customer_id varchar(64) null,
        payment_method_id varchar(64) null,
        last_error_message text null,
        idempotency_key varchar(255) null,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        constraint test_mode_intents_idempotency_key_unique unique (idempotency_key)
      );`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists test_mode_intents;');
  }
}
