import { EntityManager } from '@mikro-orm/postgresql';
import type { CompletionToCertify } from '../certificates/certificates.service';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Cohort } from '../cohorts/cohort.entity';
import type { PaidEnrollment, PaidEnrollments } from '../payments/paid-enrollments.port';
import { Enrollment } from './enrollment.entity';
import { enrollmentFilters, type EnrollmentQuery } from './enrollment-sql-filters';
import { WebhookOutbox } from '../webhooks/webhook-outbox';

export interface NewEnrollment {
  studentName: string;
  studentEmail: string;
  trainingName: string;
  cohort: Cohort | null;
  paymentType: Enrollment['paymentType'];
  paymentAmount: number;
  enrollmentStatus: Enrollment['enrollmentStatus'];
  notes: string | null;
  isManualEntry: boolean;
}

/** A row of the spec's admin list (GET /api/admin/enrollments). */
export interface EnrollmentListRow {
  id: string;
  student_name: string;
  student_email: string;
  training_name: string;
  cohort_id: string | null;
  cohort_month: string | null;
  payment_type: Enrollment['paymentType'];
  payment_amount: number;
  enrollment_status: Enrollment['enrollmentStatus'];
  notes: string | null;
  is_manual_entry: boolean;
  created_at: Date;
  installments_paid: number | null;
  installments_total: number | null;
  plan_status: string | null;
}

/** The list's SQL; apps/api/bench/bare-server.ts runs the same for its baseline. */
export const ENROLLMENT_LIST_SELECT = `
  select e.id, e.student_name, e.student_email, e.training_name, e.cohort_id, c.cohort_month, e.payment_type,
    e.payment_amount, e.enrollment_status, e.notes, e.is_manual_entry, e.created_at,
    p.installments_paid, p.installments_total, p.plan_status
  from enrollments e
  left join cohorts c on c.id = e.cohort_id
  left join payments p on p.provider_payment_id = e.payment_intent_id and p.installments_total > 1`;

/** The only writer of enrollments; payments writes its paid enrollments through the PaidEnrollments methods. */
@Injectable()
export class EnrollmentsRepository implements PaidEnrollments {
  constructor(private readonly em: EntityManager) {}

  /**
   * Newest first, each with its cohort's month and its installment plan (a payment of more than one installment), in
   * one query of plain rows: the spec's admin list returns every enrollment, and hydrating thousands of entities cost
   * five times the SQL (issue 18's profile).
   */
  list(query: EnrollmentQuery): Promise<EnrollmentListRow[]> {
    const filters = enrollmentFilters(query);
    return this.em.execute<EnrollmentListRow[]>(
      `${ENROLLMENT_LIST_SELECT} ${filters.clause}
       order by e.created_at desc, e.id asc`,
      filters.params,
    );
  }

  /** A cohort's students by name, for its CSV. */
  listByCohort(cohort: Cohort): Promise<Enrollment[]> {
    return this.em.find(Enrollment, { cohort }, { orderBy: { studentName: 'asc', createdAt: 'asc' } });
  }

  findById(id: string): Promise<Enrollment | null> {
    return this.em.findOne(Enrollment, { id });
  }

  async create(values: NewEnrollment): Promise<Enrollment> {
    const enrollment = this.em.create(Enrollment, { ...values, paymentIntentId: null, createdAt: new Date() });
    await this.em.persistAndFlush(enrollment);
    return enrollment;
  }

  async remove(enrollment: Enrollment): Promise<void> {
    await this.em.removeAndFlush(enrollment);
  }

  /** The enrollment's row, locked until the transaction ends, so two edits of it apply one after the other. */
  async lockForChange(em: EntityManager, id: string): Promise<EnrollmentSnapshot | null> {
    const [row] = await em.execute<
      Array<{
        id: string;
        student_name: string;
        student_email: string;
        training_name: string;
        cohort_id: string | null;
        payment_type: string;
        payment_amount: number;
        enrollment_status: Enrollment['enrollmentStatus'];
        notes: string | null;
        is_manual_entry: boolean;
        payment_intent_id: string | null;
        created_at: Date;
      }>
    >('select * from enrollments where id = ? for update', [id]);
    if (!row) return null;
    return {
      id: row.id,
      studentName: row.student_name,
      studentEmail: row.student_email,
      trainingName: row.training_name,
      cohortId: row.cohort_id,
      paymentType: row.payment_type,
      paymentAmount: Number(row.payment_amount),
      enrollmentStatus: row.enrollment_status,
      notes: row.notes,
      isManualEntry: row.is_manual_entry,
      paymentIntentId: row.payment_intent_id,
      createdAt: new Date(row.created_at).toISOString(),
    };
  }

  async applyChanges(
    em: EntityManager,
    id: string,
    changes: { enrollmentStatus: string; cohortId: string | null; notes: string | null },
  ): Promise<void> {
    await em.execute(
      'update enrollments set enrollment_status = ?, cohort_id = ?, notes = ? where id = ?',
      [changes.enrollmentStatus, changes.cohortId, changes.notes, id],
      'run',
    );
  }

  /** Locks the given enrollments (in id order, so two completions never deadlock) in the caller's transaction. */
  async lockForCompletion(em: EntityManager, ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await em
      .getConnection()
      .execute<Array<{ id: string }>>(
        'select id from enrollments where id = any(?::uuid[]) order by id for update',
        [`{${ids.join(',')}}`],
        'all',
        em.getTransactionContext(),
      );
    return rows.map((r) => r.id);
  }

  /** Completed enrollments with a completion date and no certificate (reads issued_credentials, writes nothing). */
  async completedWithoutCertificate(em: EntityManager): Promise<CompletionToCertify[]> {
    return em.getConnection().execute(
      `select e.id as "enrollmentId", e.student_name as "recipientName", e.student_email as "recipientEmail",
              e.training_name as "trainingName", c.cohort_month as "cohortMonth",
              e.completion_hours::float8 as "contactHours", to_char(e.completed_on, 'YYYY-MM-DD') as "completedOn"
         from enrollments e
         left join cohorts c on c.id = e.cohort_id
        where e.enrollment_status = 'completed' and e.completed_on is not null and e.completion_hours is not null
          and not exists (select 1 from issued_credentials i where i.enrollment_id = e.id)
        order by e.id`,
      [],
      'all',
      em.getTransactionContext(),
    );
  }

  /** Marks enrollments completed with the date and the hours certified, in the caller's transaction. */
  async markCompleted(em: EntityManager, ids: string[], completedOn: string, hours: number): Promise<number> {
    if (ids.length === 0) return 0;
    const rows = await em.getConnection().execute<Array<{ id: string }>>(
      `update enrollments set enrollment_status = 'completed', completed_on = ?, completion_hours = ?
         where id = any(?::uuid[]) and enrollment_status = 'active' returning id`,
      [completedOn, hours, `{${ids.join(',')}}`],
      'all',
      em.getTransactionContext(),
    );
    return rows.length;
  }

  async removeById(em: EntityManager, id: string): Promise<void> {
    await em.execute('delete from enrollments where id = ?', [id], 'run');
  }

  /** On the caller's transaction's `em`, unlike create(). */
  async insertManual(
    em: EntityManager,
    values: Omit<NewEnrollment, 'cohort'> & { cohortId: string | null },
  ): Promise<string> {
    const [row] = await em.execute<Array<{ id: string }>>(
      `insert into enrollments (id, student_name, student_email, training_name, cohort_id, payment_type, payment_amount,
         enrollment_status, notes, is_manual_entry, payment_intent_id, created_at)
       values (gen_random_uuid(), ?, ?, ?, ?, ?, ?, ?, ?, true, null, now()) returning id`,
      [
        values.studentName,
        values.studentEmail,
        values.trainingName,
        values.cohortId,
        values.paymentType,
        values.paymentAmount,
        values.enrollmentStatus,
        values.notes,
      ],
    );
    return row.id;
  }

  async enrollPaid(em: EntityManager, paymentIntentId: string, enrollments: PaidEnrollment[]): Promise<void> {
    for (const enrollment of enrollments) {
      // A cohort deleted between checkout and payment leaves the enrollment without one rather than losing it.
      await em.execute(
        `insert into enrollments (id, student_name, student_email, training_name, cohort_id, payment_type,
           payment_amount, enrollment_status, notes, is_manual_entry, payment_intent_id, created_at)
         values (?, ?, ?, ?, (select id from cohorts where id = ?), ?, ?, 'active', ?, false, ?, now())
         on conflict (payment_intent_id, training_name) do nothing`,
        [
          randomUUID(),
          enrollment.studentName,
          enrollment.studentEmail,
          enrollment.trainingName,
          enrollment.cohortId,
          enrollment.paymentType,
          enrollment.paymentAmount,
          enrollment.notes,
          paymentIntentId,
        ],
        'run',
      );
    }
  }

  async idsOfPayment(em: EntityManager, paymentIntentId: string): Promise<string[]> {
    const rows = await em.execute<Array<{ id: string }>>(
      'select id from enrollments where payment_intent_id = ? order by training_name, id',
      [paymentIntentId],
    );
    return rows.map((row) => row.id);
  }

  async addPaymentAmount(em: EntityManager, paymentIntentId: string, cents: number): Promise<void> {
    await em.execute(
      'update enrollments set payment_amount = payment_amount + ? where payment_intent_id = ?',
      [cents, paymentIntentId],
      'run',
    );
  }

  async appendNote(em: EntityManager, paymentIntentId: string, note: string): Promise<void> {
    await em.execute(
      `update enrollments set notes = case when notes is null or notes = '' then ? else notes || E'\\n' || ? end
       where payment_intent_id = ?`,
      [note, note, paymentIntentId],
      'run',
    );
  }

  async cancelForRefund(em: EntityManager, paymentIntentId: string, note: string): Promise<void> {
    const cancelled = await em.execute<Array<{ id: string }>>(
      `update enrollments set enrollment_status = 'cancelled',
         notes = case when notes is null or notes = '' then ? else notes || E'\\n' || ? end
       where payment_intent_id = ? and enrollment_status <> 'cancelled' returning id`,
      [note, note, paymentIntentId],
      'all',
    );
    for (const { id } of cancelled) {
      await WebhookOutbox.enqueue(em, {
        type: 'enrollment.cancelled',
        key: `enrollment.cancelled:${id}:${randomUUID()}`,
        data: { enrollmentId: id, reason: 'refund' },
      });
    }
  }
}

/** An enrollment's stored fields, as the audit trail keeps them. */
export interface EnrollmentSnapshot {
  id: string;
  studentName: string;
  studentEmail: string;
  trainingName: string;
  cohortId: string | null;
  paymentType: string;
  paymentAmount: number;
  enrollmentStatus: Enrollment['enrollmentStatus'];
  notes: string | null;
  isManualEntry: boolean;
  paymentIntentId: string | null;
  createdAt: string;
}
