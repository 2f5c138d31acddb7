import { Migration } from '@mikro-orm/migrations';

/**
 * Payments are authorised first and captured only once their seats are secured. The decision, taken once under the
 * cohort rows' lock, is kept on the payment so a replayed event or a racing reconciliation follows it.
 */
export class Migration20261129090000_payment_capture_decision extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table payments add column capture_decision text null check (capture_decision in ('capture', 'cancel'));`,
    );
  }

  override async down(): Promise<void> {
    this.addSql('alter table payments drop column capture_decision;');
  }
}
