import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { CreateEnrollmentRequest, Enrollment as EnrollmentDto, EnrollmentFilters } from '@app/contracts';
import { cohortCsvFileName, cohortStudentsCsv } from '@app/domain';
import { CohortNotFoundError } from '../cohorts/cohorts.errors';
import { AuditService, type AuditActor } from '../audit/audit.service';
import { TransactionRunner } from '../database/transaction-runner';
import { WebhookOutbox } from '../webhooks/webhook-outbox';
import { CohortListCache } from '../cohorts/cohort-list-cache';
import { CohortSeatsRepository } from '../cohorts/cohort-seats.repository';
import { CohortsRepository } from '../cohorts/cohorts.repository';
import { creationWindow } from './enrollment-date-range';
import { Enrollment } from './enrollment.entity';
import {
  CohortFullForEnrollmentError,
  EnrollmentNotFoundError,
  InvalidEnrollmentCohortError,
} from './enrollments.errors';
import { EnrollmentsRepository, type EnrollmentListRow } from './enrollments.repository';

export function toEnrollmentDto(
  enrollment: Enrollment,
  plan: { installmentsPaid: number; installmentsTotal: number; planStatus: string } | null = null,
): EnrollmentDto {
  return {
    id: enrollment.id,
    studentName: enrollment.studentName,
    studentEmail: enrollment.studentEmail,
    trainingName: enrollment.trainingName as EnrollmentDto['trainingName'],
    cohortId: enrollment.cohort?.id ?? null,
    cohortMonth: enrollment.cohort?.cohortMonth ?? null,
    paymentType: enrollment.paymentType,
    paymentAmount: enrollment.paymentAmount,
    enrollmentStatus: enrollment.enrollmentStatus,
    notes: enrollment.notes,
    isManualEntry: enrollment.isManualEntry,
    createdAt: enrollment.createdAt.toISOString(),
    pastDue: plan?.planStatus === 'past_due',
    installmentsPaid: plan?.installmentsPaid ?? null,
    installmentsTotal: plan?.installmentsTotal ?? null,
  };
}

/** What both admin lists (the plain list and the panel's table) read the same way from an enrollment's SQL row. */
export function enrollmentFieldsOfRow(
  row: Omit<EnrollmentListRow, 'installments_paid' | 'installments_total' | 'plan_status'>,
): Omit<EnrollmentDto, 'pastDue' | 'installmentsPaid' | 'installmentsTotal'> {
  return {
    id: row.id,
    studentName: row.student_name,
    studentEmail: row.student_email,
    trainingName: row.training_name as EnrollmentDto['trainingName'],
    cohortId: row.cohort_id,
    cohortMonth: row.cohort_month,
    paymentType: row.payment_type,
    paymentAmount: Number(row.payment_amount),
    enrollmentStatus: row.enrollment_status,
    notes: row.notes,
    isManualEntry: row.is_manual_entry,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** A plain row of the admin list as the API's Enrollment (the same fields as toEnrollmentDto). */
export function toEnrollmentListDto(row: EnrollmentListRow): EnrollmentDto {
  const plan = row.installments_total === null ? null : row;
  return {
    ...enrollmentFieldsOfRow(row),
    pastDue: plan?.plan_status === 'past_due',
    installmentsPaid: plan?.installments_paid ?? null,
    installmentsTotal: plan?.installments_total ?? null,
  };
}

export interface CohortCsv {
  fileName: string;
  content: string;
  enrollmentCount: number;
}

@Injectable()
export class EnrollmentsService {
  constructor(
    private readonly enrollments: EnrollmentsRepository,
    private readonly cohorts: CohortsRepository,
    private readonly seats: CohortSeatsRepository,
    private readonly audit: AuditService,
    private readonly tx: TransactionRunner,
    private readonly cohortList: CohortListCache,
  ) {}

  /** A change to enrollments in one transaction; the public cohort list (seats) is re-read once it commits. */
  private change<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.cohortList.changing(() => this.tx.run(work));
  }

  async list(filters: EnrollmentFilters): Promise<EnrollmentDto[]> {
    const window = creationWindow(filters.startDate, filters.endDate);
    const rows = await this.enrollments.list({
      trainingName: filters.trainingName,
      createdFrom: window.from,
      createdBefore: window.before,
    });
    return rows.map(toEnrollmentListDto);
  }

  /** A manual entry: the cohort, when given, must exist and belong to the same training. */
  async createManual(request: CreateEnrollmentRequest, actor: AuditActor | null = null): Promise<EnrollmentDto> {
    let cohort = null;
    if (request.cohortId) {
      cohort = await this.cohorts.findById(request.cohortId);
      if (!cohort) throw new InvalidEnrollmentCohortError();
      if (cohort.trainingName !== request.trainingName) {
        throw new InvalidEnrollmentCohortError({
          cohortTraining: cohort.trainingName,
          trainingName: request.trainingName,
        });
      }
    }
    const notes = request.notes?.trim() ? request.notes.trim() : null;
    // The row is read back inside the transaction: a read after the commit could fail on its own (a database
    // outage) and answer 503 for an enrollment that was in fact stored.
    const enrollment = await this.change(async (em) => {
      if (cohort && request.enrollmentStatus !== 'cancelled') {
        const seats = await this.seats.lockAndCount(em, cohort.id);
        if (seats && seats.capacity !== null && seats.taken >= seats.capacity) throw new CohortFullForEnrollmentError();
      }
      const created = await this.enrollments.insertManual(em, {
        studentName: request.studentName,
        studentEmail: request.studentEmail,
        trainingName: request.trainingName,
        cohortId: cohort?.id ?? null,
        paymentType: request.paymentType,
        paymentAmount: request.paymentAmount,
        enrollmentStatus: request.enrollmentStatus,
        notes,
        isManualEntry: true,
      });
      await this.audit.record(
        em,
        actor,
        'enrollment.create',
        { type: 'enrollment', id: created },
        `Created enrollment ${created} by hand`,
        {
          trainingName: request.trainingName,
          cohortId: cohort?.id ?? null,
          paymentType: request.paymentType,
          paymentAmount: request.paymentAmount,
          enrollmentStatus: request.enrollmentStatus,
        },
      );
      await WebhookOutbox.enqueue(em, {
        type: 'enrollment.created',
        key: `enrollment.created:${created}`,
        data: {
          enrollmentId: created,
          trainingName: request.trainingName,
          cohortId: cohort?.id ?? null,
          studentName: request.studentName,
          studentEmail: request.studentEmail,
          paymentType: request.paymentType,
          paymentIntentId: null,
        },
      });
      const stored = await this.enrollments.findById(created);
      if (!stored) throw new EnrollmentNotFoundError();
      return stored;
    });
    return toEnrollmentDto(enrollment);
  }

  /** The audit event keeps every field of the deleted enrollment, so nothing is deleted without a trace. */
  async remove(id: string, actor: AuditActor | null = null): Promise<void> {
    await this.change(async (em) => {
      const snapshot = await this.enrollments.lockForChange(em, id);
      if (!snapshot) throw new EnrollmentNotFoundError();
      await this.enrollments.removeById(em, id);
      await this.audit.record(em, actor, 'enrollment.delete', { type: 'enrollment', id }, `Deleted enrollment ${id}`, {
        deleted: snapshot,
      });
    });
  }

  async cohortCsv(cohortId: string, actor: AuditActor | null = null): Promise<CohortCsv> {
    const cohort = await this.cohorts.findById(cohortId);
    if (!cohort) throw new CohortNotFoundError();
    const students = await this.enrollments.listByCohort(cohort);
    await this.tx.run((em) =>
      this.audit.record(
        em,
        actor,
        'export.cohort',
        { type: 'cohort', id: cohort.id },
        `Exported the students of cohort ${cohort.id}`,
        { count: students.length },
      ),
    );
    return {
      fileName: cohortCsvFileName(cohort.trainingName, cohort.cohortMonth),
      content: cohortStudentsCsv(students),
      enrollmentCount: students.length,
    };
  }
}
