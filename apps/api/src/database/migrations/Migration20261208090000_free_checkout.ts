import { Migration } from '@mikro-orm/migrations';

/**
 * Free checkouts: a promotion code that leaves nothing to pay is paid with the code, not a card
 * (`payments.paid_with`), and its $0 receipt names the code (the receipt copies the payment's facts when issued).
 */
export class Migration20261208090000_free_checkout extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table payments add column paid_with varchar(20) not null default 'card' check (paid_with in ('card', 'promotion'));`,
    );
    this.addSql(
      `alter table receipts add column paid_with varchar(20) not null default 'card' check (paid_with in ('card', 'promotion')),
         add column promotion_code text null, add column promotion_discount integer null;`,
    );
    // A receipt is for money paid, except the $0 receipt of a checkout paid with a promotion code.
    this.addSql(
      `alter table receipts drop constraint receipts_amount_check,
         add constraint receipts_amount_check check (amount > 0 or (amount = 0 and kind = 'receipt' and paid_with = 'promotion'));`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(
      'alter table receipts drop column paid_with, drop column promotion_code, drop column promotion_discount;',
    );
    this.addSql('alter table payments drop column paid_with;');
  }
}
