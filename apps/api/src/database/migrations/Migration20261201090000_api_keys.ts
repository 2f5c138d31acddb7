import { Migration } from '@mikro-orm/migrations';

/**
 * API keys for API clients. Only the SHA-256 of a key is stored (the key is 256 random bits, so a fast hash is
 * enough); `prefix` is its public start, shown in the panel. The per-key rate limit counter lives on the row, so one
 * UPDATE per request authenticates the key, refuses it once revoked or expired, records its use and counts it, on
 * every API instance alike.
 */
export class Migration20261201090000_api_keys extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table api_keys (
        id uuid primary key,
        name varchar(80) not null,
        prefix varchar(20) not null,
        secret_hash char(64) not null,
        scopes text[] not null check (cardinality(scopes) > 0),
        created_by uuid not null references admin_users (id) on delete cascade,
        created_at timestamptz not null,
        expires_at timestamptz null,
        last_used_at timestamptz null,
        revoked_at timestamptz null,
        window_started_at timestamptz null,
        window_count integer not null default 0,
        constraint api_keys_prefix_unique unique (prefix),
        constraint api_keys_secret_hash_unique unique (secret_hash)
      );`);
    this.addSql('create index api_keys_created_index on api_keys (created_at desc);');
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists api_keys;');
  }
}
