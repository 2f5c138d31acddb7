import { createServer } from 'node:http';
import { Pool } from 'pg';
import { ENROLLMENT_PAGE_SIZE } from '@app/contracts';
import {
  COHORT_LIST_ORDER,
  COHORT_LIST_SELECT,
  type CohortListRow,
  toCohortListDto,
} from '../src/cohorts/cohort-seats.repository';
import { toEnrollmentRow } from '../src/enrollments/enrollment-admin.service';
import { enrollmentPageSql, type EnrollmentTableRow } from '../src/enrollments/enrollment-table.repository';
import { ENROLLMENT_LIST_SELECT, type EnrollmentListRow } from '../src/enrollments/enrollments.repository';
import { toEnrollmentListDto } from '../src/enrollments/enrollments.service';

/**
 * The bare baseline for `npm run bench`: node:http + pg running the same SQL as the API's read routes (imported from
 * the repositories where they export it) and the same row-to-JSON mapping, with the same pool size as the API's ORM
 * (10), but no framework, validation, auth, logging or cache.
 * Run as its own process: DATABASE_URL=… PORT=… node bare-server.js
 */
const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

/** EnrollmentTableRepository's page statement without a filter, its `?` placeholders numbered for pg. */
let placeholder = 0;
const PANEL_PAGE_SQL = enrollmentPageSql('', 'e.created_at desc, e.id asc').replace(/\?/g, () => `$${++placeholder}`);

const queries: Record<string, (() => Promise<unknown>) | undefined> = {
  '/api/training-pricing': async () =>
    (await pool.query('select * from training_pricing order by full_payment_price desc')).rows.map((r) => ({
      id: r.id,
      trainingName: r.training_name,
      fullPaymentPrice: r.full_payment_price,
      fullPaymentDiscount: r.full_payment_discount,
      threeMonthPrice: r.three_month_price,
      sixMonthPrice: r.six_month_price,
    })),
  '/api/cohorts': async () =>
    (await pool.query<CohortListRow>(`${COHORT_LIST_SELECT} ${COHORT_LIST_ORDER}`)).rows.map(toCohortListDto),
  // The admin panel's table, first page in its default order: the same statement as EnrollmentTableRepository.
  '/api/admin/enrollments/search': async () => {
    const { rows } = await pool.query<EnrollmentTableRow & { total: string }>(PANEL_PAGE_SQL, [
      ENROLLMENT_PAGE_SIZE,
      0,
    ]);
    const total = Number(rows[0]?.total ?? 0);
    return {
      rows: rows.map(toEnrollmentRow),
      total,
      page: 1,
      pageSize: ENROLLMENT_PAGE_SIZE,
      pageCount: Math.max(1, Math.ceil(total / ENROLLMENT_PAGE_SIZE)),
    };
  },
  // The spec's full list (every enrollment).
  '/api/admin/enrollments': async () =>
    (await pool.query<EnrollmentListRow>(`${ENROLLMENT_LIST_SELECT} order by e.created_at desc, e.id asc`)).rows.map(
      toEnrollmentListDto,
    ),
  '/api/payments/config': async () => ({ testMode: true, publishableKey: null }),
};

createServer((request, response) => {
  const query = queries[(request.url ?? '').split('?')[0]];
  if (!query) {
    response.writeHead(404).end();
    return;
  }
  query().then(
    (body) => {
      const json = JSON.stringify(body);
      response
        .writeHead(200, {
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(json),
        })
        .end(json);
    },
    () => response.writeHead(500).end(),
  );
}).listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
