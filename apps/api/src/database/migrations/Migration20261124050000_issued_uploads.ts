import { Migration } from '@mikro-orm/migrations';

/** Keys presigned for browser uploads, so registration accepts only keys this server issued, once each. */
export class Migration20261124050000_issued_uploads extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table issued_uploads (
        object_key varchar(300) primary key,
        issued_at timestamptz not null,
        expires_at timestamptz not null,
        spent_at timestamptz null
      );`);
    this.addSql(
      `create index issued_uploads_unspent_expires_at_index on issued_uploads (expires_at) where spent_at is null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists issued_uploads;`);
  }
}
