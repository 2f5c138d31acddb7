import { Migration } from '@mikro-orm/migrations';

/**
 * Promotion codes and their uses. A use (one per payment) counts while its payment is paid, or while it is held by a
 * checkout not yet paid (held_until); a payment recorded failed (declined, cancelled, a cohort filled up) gives its use
 * back at once through the trigger, whoever records the failure. The payment keeps the code and what it took off.
 */
export class Migration20261201090000_promotion_codes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table promotion_codes (
      id uuid primary key,
      code text not null,
      discount_type text not null check (discount_type in ('percent', 'fixed')),
      percent_off integer null check (percent_off between 1 and 100),
      amount_off_cents integer null check (amount_off_cents > 0),
      trainings jsonb not null default '[]'::jsonb,
      purchase_kinds jsonb not null,
      valid_from timestamptz null,
      valid_until timestamptz null,
      max_uses integer null check (max_uses > 0),
      once_per_email boolean not null default false,
      active boolean not null default true,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check ((discount_type = 'percent' and percent_off is not null and amount_off_cents is null)
          or (discount_type = 'fixed' and amount_off_cents is not null and percent_off is null))
    );`);
    this.addSql('create unique index promotion_codes_code_unique on promotion_codes (upper(code));');
    this.addSql(`create table promotion_redemptions (
      id uuid primary key,
      promotion_code_id uuid not null references promotion_codes (id),
      payment_id uuid not null references payments (id) on delete cascade,
      customer_email text not null,
      discount_cents integer not null check (discount_cents >= 0),
      held_until timestamptz not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint promotion_redemptions_payment_unique unique (payment_id)
    );`);
    this.addSql('create index promotion_redemptions_code_idx on promotion_redemptions (promotion_code_id);');
    this.addSql(
      'create index promotion_redemptions_code_email_idx on promotion_redemptions (promotion_code_id, lower(customer_email));',
    );
    this.addSql(`alter table payments
      add column promotion_code text null,
      add column discount_cents integer not null default 0 check (discount_cents >= 0),
      add column later_installment_amount integer null check (later_installment_amount >= 0);`);
    this.addSql(`create function promotion_redemption_release() returns trigger language plpgsql as $$
      begin
        update promotion_redemptions set held_until = now(), updated_at = now()
          where payment_id = new.id and held_until > now();
        return null;
      end $$;`);
    this.addSql(`create trigger payments_failed_release_promotion after update of status on payments
      for each row when (new.status = 'failed') execute function promotion_redemption_release();`);
  }

  override async down(): Promise<void> {
    this.addSql('drop trigger payments_failed_release_promotion on payments;');
    this.addSql('drop function promotion_redemption_release();');
    this.addSql(
      'alter table payments drop column promotion_code, drop column discount_cents, drop column later_installment_amount;',
    );
    this.addSql('drop table promotion_redemptions;');
    this.addSql('drop table promotion_codes;');
  }
}
