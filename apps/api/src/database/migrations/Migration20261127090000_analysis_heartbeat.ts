import { Migration } from '@mikro-orm/migrations';

/**
 * Without Redis an analysis runs in the API process that queued it: that process's id and its last heartbeat, so a
 * starting instance fails only the analyses whose process stopped, not the ones another running instance holds.
 * Null with Redis, and on rows analyzing before this migration (their start time stands in for the heartbeat).
 */
export class Migration20261127090000_analysis_heartbeat extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'alter table credentials add column analysis_runner text null, add column analysis_heartbeat_at timestamptz null;',
    );
  }

  override async down(): Promise<void> {
    this.addSql('alter table credentials drop column analysis_runner, drop column analysis_heartbeat_at;');
  }
}
