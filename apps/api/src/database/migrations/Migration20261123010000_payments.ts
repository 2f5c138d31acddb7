import { Migration } from '@mikro-orm/migrations';

/** Our own record of each payment (single or bundle) and of each installment charged for a plan. */
export class Migration20261123010000_payments extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table payments (
        id uuid primary key,
        provider varchar(10) not null check (provider in ('stripe', 'test')),
        provider_payment_id varchar(255) not null,
        kind varchar(10) not null check (kind in ('single', 'bundle')),
        payment_type varchar(10) not null check (payment_type in ('full', '3month', '6month', 'bundle-2', 'bundle-3')),
        trainings jsonb not null,
        amount integer not null check (amount >= 0),
        currency varchar(3) not null,
        customer_name varchar(200) null,
        customer_email varchar(254) null,
        provider_customer_id varchar(255) null,
        provider_payment_method_id varchar(255) null,
        status varchar(20) not null check (status in ('pending', 'succeeded', 'failed')),
        failure_message text null,
        installments_total integer not null check (installments_total between 1 and 6),
        installments_paid integer not null default 0 check (installments_paid >= 0),
        next_installment_at timestamptz null,
        plan_status varchar(20) not null check (plan_status in ('none', 'active', 'completed', 'past_due')),
        created_at timestamptz not null,
        updated_at timestamptz not null,
        constraint payments_provider_payment_id_unique unique (provider_payment_id)
      );`);
    this.addSql(
      `create index payments_due_installments_index on payments (next_installment_at) where plan_status = 'active';`,
    );
    this.addSql(`
      create table payment_installments (
        id uuid primary key,
        payment_id uuid not null references payments (id) on update cascade on delete cascade,
        installment_number integer not null check (installment_number between 1 and 6),
        amount integer not null check (amount >= 0),
        status varchar(20) not null check (status in ('processing', 'succeeded', 'failed')),
        provider_payment_id varchar(255) null,
        failure_message text null,
        created_at timestamptz not null,
        constraint payment_installments_payment_number_unique unique (payment_id, installment_number)
      );`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists payment_installments;');
    this.addSql('drop table if exists payments;');
  }
}
