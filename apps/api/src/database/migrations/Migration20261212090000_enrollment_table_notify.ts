import { Migration } from '@mikro-orm/migrations';

/**
 * Channel `cohorts_changed` (migration 20261128090000) now also tells of every change to what the admin panel's answer
 * reads (enrollments/enrollment-admin.service.ts, panel: the enrollment table's page beside the cohort list): any column
 * of enrollments and payments, and payment_refunds. Each API instance keeps that answer under the channel as it keeps
 * the public cohort list (cohorts/cohort-list-cache.ts), so a change to a name, a note, an installment or a refund
 * drops it as a change of seats does. The public list is dropped by these too, which costs it one read after a change
 * it did not need to see; such changes are rare beside the reads.
 */
const WIDENED: Array<{ table: string; before: string }> = [
  { table: 'enrollments', before: 'insert or update of cohort_id, enrollment_status or delete or truncate' },
  { table: 'payments', before: 'insert or update of id, status or delete or truncate' },
];

export class Migration20261212090000_enrollment_table_notify extends Migration {
  override async up(): Promise<void> {
    for (const { table } of [...WIDENED, { table: 'payment_refunds' }]) {
      this.addSql(`drop trigger if exists ${table}_cohorts_notify on ${table};`);
      this.addSql(
        `create trigger ${table}_cohorts_notify after insert or update or delete or truncate on ${table}
         for each statement execute function notify_cohorts_changed();`,
      );
    }
  }

  override async down(): Promise<void> {
    this.addSql('drop trigger if exists payment_refunds_cohorts_notify on payment_refunds;');
    for (const { table, before } of WIDENED) {
      this.addSql(`drop trigger if exists ${table}_cohorts_notify on ${table};`);
      this.addSql(
        `create trigger ${table}_cohorts_notify after ${before} on ${table}
         for each statement execute function notify_cohorts_changed();`,
      );
    }
  }
}
