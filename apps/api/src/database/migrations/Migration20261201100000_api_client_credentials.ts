import { Migration } from '@mikro-orm/migrations';

/**
 * Which API key submitted which credential: a key with the credentials:submit scope reads and adds to only the
 * credentials it submitted. The credential itself belongs to the applicant the client named (credentials.owner_id).
 */
export class Migration20261201100000_api_client_credentials extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table api_client_credentials (
        credential_id uuid primary key references credentials (id) on delete cascade,
        api_key_id uuid not null references api_keys (id) on delete cascade,
        created_at timestamptz not null
      );`);
    this.addSql('create index api_client_credentials_key_index on api_client_credentials (api_key_id);');
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists api_client_credentials;');
  }
}
