import { Migration } from '@mikro-orm/migrations';

/** A declined installment is retried by the hourly job at next_retry_at; declines counts its declines so far. */
export class Migration20261123201500_installment_retries extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table payments add column next_retry_at timestamptz null;');
    this.addSql('alter table payments add column installment_declines integer not null default 0;');
    this.addSql(`create index payments_retry_due on payments (next_retry_at) where plan_status = 'past_due';`);
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists payments_retry_due;');
    this.addSql('alter table payments drop column installment_declines;');
    this.addSql('alter table payments drop column next_retry_at;');
  }
}
