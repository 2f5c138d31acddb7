import { Migration } from '@mikro-orm/migrations';

export class Migration20261124080000_outreach extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table gmail_accounts (
        id uuid primary key,
        email varchar(254) not null,
        encrypted_refresh_token text not null,
        scopes text not null,
        connected_at timestamptz not null
      );`);
    this.addSql(`
      create table gmail_oauth_states (
        state varchar(64) primary key,
        expires_at timestamptz not null
      );`);
    this.addSql(`
      create table email_templates (
        id uuid primary key,
        name varchar(100) not null unique,
        subject varchar(300) not null,
        body text not null,
        is_default boolean not null,
        created_at timestamptz not null,
        updated_at timestamptz not null
      );`);
    // At most one default template.
    this.addSql(`create unique index email_templates_one_default on email_templates (is_default) where is_default;`);
    this.addSql(`
      create table email_drafts (
        id uuid primary key,
        credential_id uuid not null references credentials (id) on update cascade on delete cascade,
        contact_email varchar(254) not null,
        contact_name varchar(200) not null,
        template_id uuid null references email_templates (id) on update cascade on delete set null,
        gmail_draft_id varchar(255) null,
        sender_email varchar(254) not null,
        created_at timestamptz not null,
        constraint email_drafts_credential_contact_unique unique (credential_id, contact_email)
      );`);
  }

  override async down(): Promise<void> {
    for (const table of ['email_drafts', 'email_templates', 'gmail_oauth_states', 'gmail_accounts']) {
      this.addSql(`drop table if exists ${table};`);
    }
  }
}
