import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type {
  CheckoutsByMonthRow,
  CohortFillRow,
  CollectedByMonthRow,
  CollectedByTrainingRow,
  PastDuePlanRow,
  PromotionUseRow,
  ScheduledByMonthRow,
  TrainingName,
} from '@app/contracts';

/** A plan still charged: paid first, and at least one of its enrollments not cancelled (as the installments job). */
const LIVE_PLAN = `p.status = 'succeeded' and p.installments_total > 1 and exists (
  select 1 from enrollments e where e.payment_intent_id = p.provider_payment_id and e.enrollment_status <> 'cancelled')`;
const LATER = 'coalesce(p.later_installment_amount, p.amount)';
const MONTH = (column: string) => `to_char((${column}) at time zone 'UTC', 'YYYY-MM')`;

const n = (value: unknown) => Number(value ?? 0);

/**
 * The business overview's figures, each one SQL aggregate over the payments, installments, refunds, enrollments and
 * cohorts tables (read only; the rows are never loaded into memory). Money is integer cents, months UTC.
 */
@Injectable()
export class ReportsRepository {
  constructor(private readonly em: EntityManager) {}

  private rows<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    return this.em.getConnection().execute<T[]>(sql, params);
  }

  /**
   * Card charges (every paid installment, the first included) and manual enrollments' amounts by the month they came
   * in, less refunds by the month they were made.
   */
  async collectedByMonth(): Promise<CollectedByMonthRow[]> {
    const rows = await this.rows<{ month: string; charged: string; refunded: string }>(`
      with money as (
        select ${MONTH('coalesce(i.claimed_at, i.created_at)')} as month, i.amount as charged, 0 as refunded
          from payment_installments i where i.status = 'succeeded'
        union all
        select ${MONTH('e.created_at')}, e.payment_amount, 0 from enrollments e where e.is_manual_entry
        union all
        select ${MONTH('r.created_at')}, 0, r.amount from payment_refunds r
      )
      select month, sum(charged) as charged, sum(refunded) as refunded from money group by month order by month`);
    return rows.map((row) => ({
      month: row.month,
      chargedCents: n(row.charged),
      refundedCents: n(row.refunded),
      netCents: n(row.charged) - n(row.refunded),
    }));
  }

  /** What each training's enrollments were charged (a bundle's price split over them), less their refunds. */
  async collectedByTraining(): Promise<CollectedByTrainingRow[]> {
    const rows = await this.rows<{ training_name: TrainingName; charged: string; refunded: string }>(`
      select e.training_name, sum(e.payment_amount) as charged,
        coalesce(sum((select sum(r.amount) from payment_refunds r where r.enrollment_id = e.id)), 0) as refunded
      from enrollments e group by e.training_name order by e.training_name`);
    return rows.map((row) => ({
      trainingName: row.training_name,
      chargedCents: n(row.charged),
      refundedCents: n(row.refunded),
      netCents: n(row.charged) - n(row.refunded),
    }));
  }

  /** The installments active plans will charge, by the month they fall due. */
  async scheduledByMonth(): Promise<ScheduledByMonthRow[]> {
    const rows = await this.rows<{ month: string; installments: string; cents: string }>(`
      select ${MONTH(`p.next_installment_at + make_interval(months => g.k)`)} as month,
        count(*) as installments, sum(${LATER}) as cents
      from payments p
      cross join lateral generate_series(0, p.installments_total - p.installments_paid - 1) as g(k)
      where p.plan_status = 'active' and p.next_installment_at is not null and ${LIVE_PLAN}
      group by 1 order by 1`);
    return rows.map((row) => ({ month: row.month, installments: n(row.installments), cents: n(row.cents) }));
  }

  /** Still to be charged on running and past-due plans, and on the past-due ones alone. */
  async balances(): Promise<{ outstandingCents: number; pastDueCents: number }> {
    const [row] = await this.rows<{ outstanding: string; past_due: string }>(`
      select coalesce(sum((p.installments_total - p.installments_paid) * ${LATER}), 0) as outstanding,
        coalesce(sum((p.installments_total - p.installments_paid) * ${LATER}) filter (where p.plan_status = 'past_due'), 0)
          as past_due
      from payments p where p.plan_status in ('active', 'past_due') and ${LIVE_PLAN}`);
    return { outstandingCents: n(row?.outstanding), pastDueCents: n(row?.past_due) };
  }

  async pastDue(): Promise<PastDuePlanRow[]> {
    const rows = await this.rows<{
      id: string;
      enrollment_id: string | null;
      student_name: string | null;
      trainings: string;
      installments_paid: number;
      installments_total: number;
      balance: string;
      due_since: Date | string | null;
    }>(`
      select p.id,
        (select e.id from enrollments e where e.payment_intent_id = p.provider_payment_id order by e.created_at limit 1)
          as enrollment_id,
        p.customer_name as student_name,
        (select string_agg(t->>'name', ', ') from jsonb_array_elements(p.trainings) t) as trainings,
        p.installments_paid, p.installments_total,
        (p.installments_total - p.installments_paid) * ${LATER} as balance,
        (select min(i.created_at) from payment_installments i where i.payment_id = p.id and i.status = 'failed')
          as due_since
      from payments p where p.plan_status = 'past_due' and ${LIVE_PLAN}
      order by due_since nulls last, p.id`);
    return rows.map((row) => ({
      paymentId: row.id,
      enrollmentId: row.enrollment_id,
      studentName: row.student_name,
      trainings: row.trainings,
      installmentsPaid: n(row.installments_paid),
      installmentsTotal: n(row.installments_total),
      balanceCents: n(row.balance),
      dueSince: row.due_since ? new Date(row.due_since).toISOString() : null,
    }));
  }

  /** Cohorts starting this month or later: enrollments not cancelled against the capacity, and the waitlist. */
  async cohortFill(now: Date): Promise<CohortFillRow[]> {
    const rows = await this.rows<{
      id: string;
      training_name: TrainingName;
      cohort_month: string;
      capacity: number | null;
      taken: string;
      waitlist: string;
    }>(
      `select c.id, c.training_name, c.cohort_month, c.capacity,
        (select count(*) from enrollments e where e.cohort_id = c.id and e.enrollment_status <> 'cancelled') as taken,
        (select count(*) from cohort_waitlist_entries w where w.cohort_id = c.id) as waitlist
      from cohorts c where c.cohort_month >= ? order by c.cohort_month, c.training_name`,
      [now.toISOString().slice(0, 7)],
    );
    return rows.map((row) => ({
      cohortId: row.id,
      trainingName: row.training_name,
      cohortMonth: row.cohort_month,
      capacity: row.capacity === null ? null : n(row.capacity),
      seatsTaken: n(row.taken),
      waitlist: n(row.waitlist),
    }));
  }

  /** Checkouts started (payments created) and paid, by the month they started. */
  async checkouts(): Promise<CheckoutsByMonthRow[]> {
    const rows = await this.rows<{ month: string; started: string; paid: string }>(`
      select ${MONTH('p.created_at')} as month, count(*) as started,
        count(*) filter (where p.status = 'succeeded') as paid
      from payments p group by 1 order by 1`);
    return rows.map((row) => ({ month: row.month, started: n(row.started), paid: n(row.paid) }));
  }

  /** Each code's paid uses, the discount they were given and what they were charged. */
  async promotionUse(): Promise<PromotionUseRow[]> {
    const rows = await this.rows<{ code: string; uses: string; discount: string; charged: string }>(`
      select c.code, count(p.id) as uses, coalesce(sum(p.discount_cents), 0) as discount,
        coalesce(sum((select sum(i.amount) from payment_installments i where i.payment_id = p.id and i.status = 'succeeded')), 0)
          as charged
      from promotion_codes c
      left join promotion_redemptions r on r.promotion_code_id = c.id
      left join payments p on p.id = r.payment_id and p.status = 'succeeded'
      group by c.id, c.code order by c.code`);
    return rows.map((row) => ({
      code: row.code,
      uses: n(row.uses),
      discountCents: n(row.discount),
      chargedCents: n(row.charged),
    }));
  }
}
