import { Migration } from '@mikro-orm/migrations';

/**
 * A sign-in link is bound to the browser that asked for it (the SHA-256 of a random value that browser keeps in a
 * cookie), so only that browser's records join the account without a question; and sign-in mails are counted per
 * client and per address in PostgreSQL, so every API instance counts against the same numbers.
 */
export class Migration20261202100000_sign_in_binding_and_limits extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table sign_in_tokens add column browser_binding_hash varchar(64) null;`);
    this.addSql(
      `create table sign_in_limit_counters (
         key varchar(64) primary key,
         window_started_at timestamptz not null,
         count int not null
       );`,
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop table sign_in_limit_counters;');
    this.addSql('alter table sign_in_tokens drop column browser_binding_hash;');
  }
}
