import { Migration } from '@mikro-orm/migrations';

/**
 * Login limit counters shared by every API instance: one row a key (a client, an account, or a client×account pair,
 * stored as a hash) with the start of its one-minute window. Rows whose window ended are pruned.
 */
export class Migration20261123195000_login_limit_counters extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table login_limit_counters (
        key char(64) primary key,
        window_started_at timestamptz not null,
        count integer not null
      );`);
    this.addSql(
      'create index login_limit_counters_window_started_at_index on login_limit_counters (window_started_at);',
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists login_limit_counters;');
  }
}
