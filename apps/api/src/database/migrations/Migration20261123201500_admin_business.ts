import { Migration } from '@mikro-orm/migrations';

/**
 * The admin panel as a business tool: cohort capacity with seat holds and a waitlist, refunds, an audit trail, and the
 * indexes behind the paged, sorted and searchable enrollment table (each filter and sort has one).
 */
export class Migration20261123201500_admin_business extends Migration {
  override async up(): Promise<void> {
    // Name and email search is a substring match (ILIKE '%…%'): only a trigram index serves it.
    this.addSql('create extension if not exists pg_trgm;');
    this.addSql('alter table cohorts add column capacity integer null check (capacity is null or capacity >= 0);');

    this.addSql('create index enrollments_training_created_index on enrollments (training_name, created_at desc);');
    this.addSql('create index enrollments_cohort_created_index on enrollments (cohort_id, created_at desc);');
    this.addSql('create index enrollments_student_name_index on enrollments (lower(student_name), id);');
    this.addSql('create index enrollments_student_email_index on enrollments (lower(student_email), id);');
    this.addSql('create index enrollments_payment_amount_index on enrollments (payment_amount, id);');
    this.addSql('create index enrollments_status_created_index on enrollments (enrollment_status, created_at desc);');
    this.addSql(
      'create index enrollments_name_trgm_index on enrollments using gin (lower(student_name) gin_trgm_ops);',
    );
    this.addSql(
      'create index enrollments_email_trgm_index on enrollments using gin (lower(student_email) gin_trgm_ops);',
    );
    this.addSql('create index enrollments_payment_intent_index on enrollments (payment_intent_id);');

    // A seat held for a payment between its details step and its enrollment; counted against the capacity until it
    // expires or the payment enrolls.
    this.addSql(`
      create table cohort_seat_holds (
        id uuid primary key,
        cohort_id uuid not null references cohorts (id) on update cascade on delete cascade,
        payment_id uuid not null references payments (id) on update cascade on delete cascade,
        expires_at timestamptz not null,
        created_at timestamptz not null,
        constraint cohort_seat_holds_cohort_payment_unique unique (cohort_id, payment_id)
      );`);
    this.addSql('create index cohort_seat_holds_cohort_expires_index on cohort_seat_holds (cohort_id, expires_at);');

    this.addSql(`
      create table cohort_waitlist_entries (
        id uuid primary key,
        cohort_id uuid not null references cohorts (id) on update cascade on delete cascade,
        name varchar(200) not null,
        email varchar(254) not null,
        offered_at timestamptz null,
        created_at timestamptz not null
      );`);
    this.addSql(
      'create unique index cohort_waitlist_cohort_email_unique on cohort_waitlist_entries (cohort_id, lower(email));',
    );

    this.addSql(`
      create table payment_refunds (
        id uuid primary key,
        payment_id uuid not null references payments (id) on update cascade on delete cascade,
        enrollment_id uuid null,
        admin_username varchar(100) null,
        provider_refund_id varchar(255) not null,
        provider_payment_id varchar(255) not null,
        amount integer not null check (amount > 0),
        reason text null,
        created_at timestamptz not null,
        constraint payment_refunds_provider_refund_id_unique unique (provider_refund_id)
      );`);
    this.addSql('create index payment_refunds_payment_index on payment_refunds (payment_id);');
    this.addSql('create index payment_refunds_enrollment_index on payment_refunds (enrollment_id);');

    // Test mode records refunds on its intents, as Stripe does on a charge.
    this.addSql('alter table test_mode_intents add column refunded_amount integer not null default 0;');
    this.addSql(`alter table test_mode_intents add column refunds jsonb not null default '[]'::jsonb;`);

    // No foreign keys: an audit row outlives the enrollment, cohort or admin it names.
    this.addSql(`
      create table audit_events (
        id uuid primary key,
        admin_id uuid null,
        admin_username varchar(100) null,
        action varchar(40) not null,
        entity_type varchar(40) not null,
        entity_id varchar(255) null,
        summary text not null,
        changes jsonb not null default '{}'::jsonb,
        created_at timestamptz not null
      );`);
    this.addSql('create index audit_events_created_index on audit_events (created_at desc, id);');
    this.addSql('create index audit_events_action_created_index on audit_events (action, created_at desc);');
    this.addSql('create index audit_events_entity_index on audit_events (entity_type, entity_id, created_at desc);');
    this.addSql('create index audit_events_admin_created_index on audit_events (admin_username, created_at desc);');
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists audit_events;');
    this.addSql('drop table if exists payment_refunds;');
    this.addSql('alter table test_mode_intents drop column refunds, drop column refunded_amount;');
    this.addSql('drop table if exists cohort_waitlist_entries;');
    this.addSql('drop table if exists cohort_seat_holds;');
    for (const index of [
      'enrollments_training_created_index',
      'enrollments_cohort_created_index',
      'enrollments_student_name_index',
      'enrollments_student_email_index',
      'enrollments_payment_amount_index',
      'enrollments_status_created_index',
      'enrollments_name_trgm_index',
      'enrollments_email_trgm_index',
      'enrollments_payment_intent_index',
    ]) {
      this.addSql(`drop index if exists ${index};`);
    }
    this.addSql('alter table cohorts drop column capacity;');
  }
}
