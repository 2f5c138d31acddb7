import { Migration } from '@mikro-orm/migrations';

/** The course catalog that credentials are matched against (seeded by CatalogSeeder; an admin may add rows). */
export class Migration20261124060000_analysis_catalog extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table catalog_courses (
        id uuid primary key,
        code varchar(20) not null unique,
        title varchar(200) not null,
        topics jsonb not null check (jsonb_typeof(topics) = 'array'),
        contact_hours integer not null check (contact_hours > 0),
        credits double precision not null check (credits >= 0),
        created_at timestamptz not null
      );`);
    // The timeout sweeper looks for credentials analyzing for too long.
    this.addSql(
      `create index credentials_analyzing_started_index on credentials (analysis_started_at) where status = 'analyzing';`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists credentials_analyzing_started_index;`);
    this.addSql(`drop table if exists catalog_courses;`);
  }
}
