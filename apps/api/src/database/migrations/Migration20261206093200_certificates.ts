import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 32: completions, contact hours a training, and the signed credentials issued (certificates of completion and
 * evaluation reports) with their revocation. `issued_credentials_seq` numbers both the certificate and its entry in
 * the revocation status list (index = number - 1).
 */
export class Migration20261206093200_certificates extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table training_pricing add column contact_hours numeric(6,1) null;`);
    this.addSql(
      `alter table enrollments add column completed_on date null, add column completion_hours numeric(6,1) null;`,
    );
    this.addSql(`create sequence issued_credentials_seq minvalue 1 maxvalue 131072;`);
    this.addSql(
      `create table issued_credentials (
         id uuid primary key,
         kind varchar(30) not null check (kind in ('completion', 'evaluation-report')),
         certificate_number varchar(40) not null unique,
         status_index integer not null unique check (status_index >= 0),
         enrollment_id uuid null unique references enrollments (id) on delete set null,
         credential_id uuid null unique references credentials (id) on delete set null,
         recipient_name varchar(200) not null,
         recipient_email varchar(254) not null,
         title varchar(300) not null,
         contact_hours numeric(6,1) null,
         credits numeric(8,2) null,
         awarded_on date not null,
         jws text not null,
         key_id text not null,
         issued_at timestamptz not null default now(),
         revoked_at timestamptz null,
         revocation_reason text null,
         revoked_by varchar(100) null
       );`,
    );
    this.addSql(`create index issued_credentials_recipient_email_idx on issued_credentials (lower(recipient_email));`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists issued_credentials;`);
    this.addSql(`drop sequence if exists issued_credentials_seq;`);
    this.addSql(`alter table enrollments drop column if exists completed_on, drop column if exists completion_hours;`);
    this.addSql(`alter table training_pricing drop column if exists contact_hours;`);
  }
}
