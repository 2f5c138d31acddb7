import { Migration } from '@mikro-orm/migrations';

/**
 * Applicants own their credentials; staff (admins and evaluators) verify the credit.
 * Every credential that existed before belonged to the spec's fixed default user: it becomes the legacy applicant,
 * so those rows keep working (staff see them in the review queue).
 */
export class Migration20261123194500_applicant_records extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table applicants (
        id uuid primary key,
        email varchar(254) null,
        created_at timestamptz not null,
        constraint applicants_email_unique unique (email)
      );`);
    this.addSql(
      `insert into applicants (id, email, created_at) values ('00000000-0000-4000-8000-000000000001', null, now());`,
    );
    this.addSql(
      `alter table credentials add column owner_id uuid null references applicants (id) on update cascade on delete cascade;`,
    );
    this.addSql(`update credentials set owner_id = '00000000-0000-4000-8000-000000000001';`);
    this.addSql(`alter table credentials alter column owner_id set not null;`);
    this.addSql(`drop index if exists credentials_user_id_index;`);
    this.addSql(`alter table credentials drop column user_id;`);
    this.addSql(`create index credentials_owner_id_index on credentials (owner_id, created_at);`);

    this.addSql(`
      create table sign_in_tokens (
        id uuid primary key,
        token_hash varchar(64) not null unique,
        email varchar(254) not null,
        requested_by uuid null references applicants (id) on update cascade on delete set null,
        expires_at timestamptz not null,
        used_at timestamptz null,
        created_at timestamptz not null
      );`);
    this.addSql(`create index sign_in_tokens_email_index on sign_in_tokens (email);`);

    this.addSql(
      `alter table admin_users add column role varchar(20) not null default 'admin' check (role in ('admin', 'evaluator'));`,
    );

    this.addSql(`
      create table credential_reviews (
        id uuid primary key,
        credential_id uuid not null unique references credentials (id) on update cascade on delete cascade,
        decision varchar(20) not null check (decision in ('verified', 'rejected')),
        awarded_credits double precision null check (awarded_credits is null or awarded_credits >= 0),
        note text null,
        rejection_reason text null,
        reviewer_id uuid null references admin_users (id) on update cascade on delete set null,
        decided_at timestamptz not null
      );`);

    // Objects of erased credentials, deleted by a sweep that retries until storage confirms.
    this.addSql(`
      create table object_deletions (
        object_key varchar(300) primary key,
        attempts integer not null default 0,
        next_attempt_at timestamptz not null,
        last_error text null,
        created_at timestamptz not null
      );`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists object_deletions;`);
    this.addSql(`drop table if exists credential_reviews;`);
    this.addSql(`alter table admin_users drop column role;`);
    this.addSql(`drop table if exists sign_in_tokens;`);
    this.addSql(
      `alter table credentials add column user_id varchar(100) not null default '00000000-0000-4000-8000-000000000001';`,
    );
    this.addSql(`alter table credentials drop column owner_id;`);
    this.addSql(`drop table if exists applicants;`);
  }
}
