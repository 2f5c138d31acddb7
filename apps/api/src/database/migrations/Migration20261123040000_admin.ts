import { Migration } from '@mikro-orm/migrations';

/** Admin accounts and the tokens revoked by logout (kept only until they would have expired anyway). */
export class Migration20261123040000_admin extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table admin_users (
        id uuid primary key,
        username varchar(100) not null,
        password_hash varchar(255) not null,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        constraint admin_users_username_unique unique (username)
      );`);
    this.addSql(`
      create table revoked_tokens (
        jti uuid primary key,
        expires_at timestamptz not null
      );`);
    this.addSql(`create index revoked_tokens_expires_at_index on revoked_tokens (expires_at);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists revoked_tokens;`);
    this.addSql(`drop table if exists admin_users;`);
  }
}
