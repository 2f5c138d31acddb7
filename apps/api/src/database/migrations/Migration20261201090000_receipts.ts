import { Migration } from '@mikro-orm/migrations';

/**
 * Numbered receipts (and credit notes) of charges and refunds. Numbers come from one counter row a year, taken in the
 * transaction that records the charge: a rolled-back charge gives its number back, so the numbers have no gaps, and
 * the unique keys make a number, and a charge's receipt, exist once.
 */
export class Migration20261201090000_receipts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table receipt_counters (
      year integer primary key,
      last_number integer not null check (last_number > 0)
    );`);
    this.addSql(`create table receipts (
      id uuid primary key,
      year integer not null,
      sequence integer not null check (sequence > 0),
      number varchar(20) not null,
      kind varchar(20) not null check (kind in ('receipt', 'credit-note')),
      source_key varchar(300) not null,
      payment_id uuid not null references payments (id) on delete restrict,
      installment_number integer null,
      provider_payment_id varchar(255) not null,
      amount integer not null check (amount > 0),
      discount integer null check (discount >= 0),
      currency varchar(3) not null,
      buyer_name varchar(200) not null,
      buyer_email varchar(254) not null,
      trainings jsonb not null,
      payment_type varchar(20) not null,
      installments_total integer not null,
      card_last4 varchar(4) null,
      credit_for varchar(20) null,
      issued_at timestamptz not null,
      constraint receipts_year_sequence_unique unique (year, sequence),
      constraint receipts_number_unique unique (number),
      constraint receipts_source_key_unique unique (source_key)
    );`);
    this.addSql('create index receipts_payment_id_index on receipts (payment_id);');
    this.addSql('create index receipts_buyer_email_index on receipts (lower(buyer_email));');
    this.addSql(`alter table payments add column card_last4 varchar(4) null;`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table receipts;');
    this.addSql('drop table receipt_counters;');
    this.addSql('alter table payments drop column card_last4;');
  }
}
