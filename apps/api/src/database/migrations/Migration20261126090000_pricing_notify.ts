import { Migration } from '@mikro-orm/migrations';

/**
 * Any change to the price tables (a migration, a seed, an operator's SQL) notifies channel `pricing_changed` when it
 * commits, so every API instance drops its cached price lists (trainings/pricing-cache.ts).
 */
export class Migration20261126090000_pricing_notify extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create or replace function notify_pricing_changed() returns trigger language plpgsql as $$
       begin
         perform pg_notify('pricing_changed', tg_table_name);
         return null;
       end $$;`,
    );
    for (const table of ['training_pricing', 'bundle_pricing']) {
      this.addSql(
        `create trigger ${table}_notify after insert or update or delete or truncate on ${table}
         for each statement execute function notify_pricing_changed();`,
      );
    }
  }

  override async down(): Promise<void> {
    for (const table of ['training_pricing', 'bundle_pricing']) {
      this.addSql(`drop trigger if exists ${table}_notify on ${table};`);
    }
    this.addSql('drop function if exists notify_pricing_changed();');
  }
}
