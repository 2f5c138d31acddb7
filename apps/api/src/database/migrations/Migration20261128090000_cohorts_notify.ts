import { Migration } from '@mikro-orm/migrations';

/**
 * Every committed change to what the public cohort list reads (cohort-seats.repository.ts, COHORT_LIST_SELECT:
 * cohorts, enrollments, cohort_seat_holds and payments), whoever makes it (the API, a migration, an operator's SQL),
 * notifies channel `cohorts_changed`, so every API instance drops its cached list (cohorts/cohort-list-cache.ts).
 * Statement-level triggers: one notice a statement, however many rows; PostgreSQL sends it at commit and folds
 * repeats within a transaction into one. An update of enrollments or payments notifies only when it sets a column the
 * list reads (an installment's amount or a buyer's details do not change the seats).
 */
const TRIGGERS: Array<{ table: string; events: string }> = [
  { table: 'cohorts', events: 'insert or update or delete or truncate' },
  { table: 'cohort_seat_holds', events: 'insert or update or delete or truncate' },
  { table: 'enrollments', events: 'insert or update of cohort_id, enrollment_status or delete or truncate' },
  { table: 'payments', events: 'insert or update of id, status or delete or truncate' },
];

export class Migration20261128090000_cohorts_notify extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create or replace function notify_cohorts_changed() returns trigger language plpgsql as $$
       begin
         perform pg_notify('cohorts_changed', tg_table_name);
         return null;
       end $$;`,
    );
    for (const { table, events } of TRIGGERS) {
      this.addSql(
        `create trigger ${table}_cohorts_notify after ${events} on ${table}
         for each statement execute function notify_cohorts_changed();`,
      );
    }
  }

  override async down(): Promise<void> {
    for (const { table } of TRIGGERS) {
      this.addSql(`drop trigger if exists ${table}_cohorts_notify on ${table};`);
    }
    this.addSql('drop function if exists notify_cohorts_changed();');
  }
}
