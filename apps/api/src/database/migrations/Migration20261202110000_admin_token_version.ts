import { Migration } from '@mikro-orm/migrations';

/**
 * Every staff token carries the account's token version; a password or role change raises it, so the tokens issued
 * before the change are refused at once (not when they expire).
 */
export class Migration20261202110000_admin_token_version extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table admin_users add column token_version int not null default 0;`);
  }

  override async down(): Promise<void> {
    this.addSql('alter table admin_users drop column token_version;');
  }
}
