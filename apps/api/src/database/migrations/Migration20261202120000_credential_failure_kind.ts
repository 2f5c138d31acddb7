import { Migration } from '@mikro-orm/migrations';

/**
 * Why a failed analysis failed, so it may start again when that makes sense (libs/domain `analysisStart`): an
 * interrupted attempt at once, one whose documents could not be read once they change. Failures recorded before
 * carry the kind their reason shows (the interrupted ones have fixed reasons).
 */
export class Migration20261202120000_credential_failure_kind extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table credentials add column failure_kind text null check (failure_kind in ('interrupted', 'documents'));`,
    );
    this.addSql(
      `update credentials set failure_kind = 'interrupted' where status = 'failed' and (
         failure_reason like 'The analysis was interrupted when the server restarted%'
         or failure_reason like 'The analysis stopped twice while it was running%'
         or failure_reason like 'The analysis did not finish within %');`,
    );
  }

  override async down(): Promise<void> {
    this.addSql('alter table credentials drop column failure_kind;');
  }
}
