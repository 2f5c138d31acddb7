import { createServer } from 'node:http';
import { Pool } from 'pg';

/**
 * The bare baseline for `npm run bench`: node:http + pg running the same SQL as the API's read routes, with the same
 * pool size as the API's ORM (10) and the same JSON field names, but no framework, validation, auth or logging.
 * Run as its own process: DATABASE_URL=… PORT=… node bare-server.js
 */
const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

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
    (await pool.query('select * from cohorts order by training_name asc, cohort_month asc')).rows.map((r) => ({
      id: r.id,
      trainingName: r.training_name,
      cohortMonth: r.cohort_month,
      createdAt: r.created_at,
    })),
  '/api/admin/enrollments': async () => {
    const { rows } = await pool.query(
      `select e.*, c.cohort_month from enrollments e left join cohorts c on c.id = e.cohort_id
       order by e.created_at desc, e.id asc`,
    );
    const ids = rows.map((r) => r.payment_intent_id).filter((id) => id !== null);
    const pastDue = new Set(
      ids.length === 0
        ? []
        : (
            await pool.query(
              `select provider_payment_id from payments where provider_payment_id = any($1) and plan_status = 'past_due'`,
              [ids],
            )
          ).rows.map((r) => r.provider_payment_id),
    );
    return rows.map((r) => ({
      id: r.id,
      studentName: r.student_name,
      studentEmail: r.student_email,
      trainingName: r.training_name,
      cohortId: r.cohort_id,
      cohortMonth: r.cohort_month,
      paymentType: r.payment_type,
      paymentAmount: r.payment_amount,
      enrollmentStatus: r.enrollment_status,
      notes: r.notes,
      isManualEntry: r.is_manual_entry,
      pastDue: pastDue.has(r.payment_intent_id),
      createdAt: r.created_at,
    }));
  },
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
