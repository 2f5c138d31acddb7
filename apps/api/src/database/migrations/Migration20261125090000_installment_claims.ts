import { Migration } from '@mikro-orm/migrations';

/** When a run last took an installment charge in hand, so a claim left by a crashed run can be found and resumed. */
export class Migration20261125090000_installment_claims extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table payment_installments add column claimed_at timestamptz null;');
    this.addSql('update payment_installments set claimed_at = created_at;');
    this.addSql('alter table payment_installments alter column claimed_at set not null;');
    this.addSql(
      `create index payment_installments_processing_claimed_at on payment_installments (claimed_at) where status = 'processing';`,
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists payment_installments_processing_claimed_at;');
    this.addSql('alter table payment_installments drop column claimed_at;');
  }
}
