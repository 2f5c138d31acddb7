import { Migration } from '@mikro-orm/migrations';

/**
 * Server-side sessions of signed-in applicants: the web server's cookie carries a random token, this table its
 * SHA-256, so signing out, "sign out everywhere" and erasure end a session at once, also for a copied cookie.
 */
export class Migration20261207090000_applicant_sessions extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table applicant_sessions (
         token_hash varchar(64) primary key,
         applicant_id uuid not null references applicants (id) on delete cascade,
         created_at timestamptz not null,
         last_seen_at timestamptz not null,
         expires_at timestamptz not null
       );`,
    );
    this.addSql(`create index applicant_sessions_applicant_id_idx on applicant_sessions (applicant_id);`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists applicant_sessions;');
  }
}
