import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import {
  ENROLLMENT_PAGE_SIZE,
  type AdminPanelView,
  type EnrollmentDetail,
  type EnrollmentPage,
  type EnrollmentRow,
  type EnrollmentSearchQuery,
  type UpdateEnrollmentRequest,
} from '@app/contracts';
import {
  billingStatusLabel,
  billingSummary,
  cohortMonthLabel,
  formatCents,
  panelCohortFilter,
  toCsv,
  type BillingInput,
} from '@app/domain';
import { AuditService, type AuditActor } from '../audit/audit.service';
import { TransactionRunner } from '../database/transaction-runner';
import type { Expiring } from '../database/notified-cache';
import { CohortListCache } from '../cohorts/cohort-list-cache';
import { CohortSeatsRepository } from '../cohorts/cohort-seats.repository';
import { CohortsRepository } from '../cohorts/cohorts.repository';
import { CohortsService } from '../cohorts/cohorts.service';
import { PaymentRefundsService } from '../payments/payment-refunds.service';
import { PlanBillingService } from '../payments/plan-billing.service';
import { WebhookOutbox } from '../webhooks/webhook-outbox';
import { creationWindow } from './enrollment-date-range';
import { EnrollmentTableRepository, type EnrollmentTableRow } from './enrollment-table.repository';
import {
  CohortFullForEnrollmentError,
  EnrollmentNotFoundError,
  InvalidEnrollmentCohortError,
  SameCohortError,
} from './enrollments.errors';
import { EnrollmentsRepository, type EnrollmentSnapshot } from './enrollments.repository';
import { enrollmentFieldsOfRow } from './enrollments.service';

/** What libs/domain's billing rules read from an enrollment's row (the admin table, and the trainee's account). */
export function billingInputOfRow(row: EnrollmentTableRow): BillingInput {
  const isPlan = row.payment_id !== null && (row.installments_total ?? 1) > 1;
  return {
    enrollmentStatus: row.enrollment_status,
    chargedCents: Number(row.payment_amount),
    refundedCents: Number(row.refunded),
    plan: isPlan
      ? {
          installmentsTotal: Number(row.installments_total),
          installmentsPaid: Number(row.installments_paid),
          installmentCents: Number(row.plan_amount),
          firstInstallmentCents: Number(row.plan_first_amount ?? row.plan_amount),
          planStatus: row.plan_status ?? 'none',
          nextInstallmentAt: row.next_installment_at ? new Date(row.next_installment_at) : null,
        }
      : null,
  };
}

export function toEnrollmentRow(row: EnrollmentTableRow): EnrollmentRow {
  const summary = billingSummary(billingInputOfRow(row));
  return {
    ...enrollmentFieldsOfRow(row),
    pastDue: row.plan_status === 'past_due',
    billingStatus: summary.status,
    paidCents: summary.paidCents,
    refundedCents: summary.refundedCents,
    totalCents: summary.totalCents,
    balanceCents: summary.balanceCents,
    installmentsPaid: summary.installmentsPaid,
    installmentsTotal: summary.installmentsTotal,
    progressLabel: summary.progressLabel,
    nextChargeAt: summary.nextChargeAt?.toISOString() ?? null,
    promotionCode: row.promotion_code ?? null,
    discountCents: Number(row.discount_cents ?? 0),
  };
}

const PAYMENT_TYPE_LABELS: Record<string, string> = {
  full: 'Pay in Full',
  '3month': '3 Month Plan',
  '6month': '6 Month Plan',
};
export const ROSTER_CSV_HEADERS = [
  'Student Name',
  'Email',
  'Training',
  'Cohort',
  'Payment Type',
  'Paid',
  'Balance',
  'Status',
  'Promotion Code',
  'Discount',
] as const;

/** The panel's cache key: every filter, in one order (beside the public list's keys, which are training names). */
function panelCacheKey(query: EnrollmentSearchQuery): string {
  const { trainingName, cohortId, startDate, endDate, q, enrollmentStatus, sort, direction, page } = query;
  return `panel ${JSON.stringify([trainingName, cohortId, startDate, endDate, q, enrollmentStatus, sort, direction, page])}`;
}

/** The panel's enrollment work beyond the spec's list/create/delete: table, detail, edit, move, refund, roster. */
@Injectable()
export class EnrollmentAdminService {
  constructor(
    private readonly table: EnrollmentTableRepository,
    private readonly enrollments: EnrollmentsRepository,
    private readonly cohorts: CohortsRepository,
    private readonly seats: CohortSeatsRepository,
    private readonly refunds: PaymentRefundsService,
    private readonly plans: PlanBillingService,
    private readonly audit: AuditService,
    private readonly tx: TransactionRunner,
    private readonly cohortList: CohortListCache,
    private readonly cohortsService: CohortsService,
  ) {}

  /** A change to enrollments in one transaction; the public cohort list (seats) is re-read once it commits. */
  private change<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.cohortList.changing(() => this.tx.run(work));
  }

  async search(query: EnrollmentSearchQuery): Promise<EnrollmentPage> {
    const page = query.page ?? 1;
    const { rows, total } = await this.table.page({
      ...this.tableQuery(query),
      limit: ENROLLMENT_PAGE_SIZE,
      offset: (page - 1) * ENROLLMENT_PAGE_SIZE,
    });
    return {
      rows: rows.map(toEnrollmentRow),
      total,
      page,
      pageSize: ENROLLMENT_PAGE_SIZE,
      pageCount: Math.max(1, Math.ceil(total / ENROLLMENT_PAGE_SIZE)),
    };
  }

  /**
   * The panel page's data in one call (issue 28: one admin token check instead of two): the search's page and the
   * cohort list. Kept by each API instance under the cohort list's channel (CohortListCache), whose triggers tell of
   * every committed change to what it reads (migrations 20261128090000 and 20261212090000), and dropped by this
   * instance the moment it commits a change itself (change(), and every other writer of these tables the admin acts
   * through), so an admin sees their own edit at once; it also ends when its first seat hold expires, as the list does.
   * Without a cohort filter both are read at once; with one, the list first, as it decides whether the filter applies.
   */
  panel(query: EnrollmentSearchQuery): Promise<AdminPanelView> {
    return this.cohortList.get(panelCacheKey(query), async (startedAt): Promise<Expiring<AdminPanelView>> => {
      const listing = this.cohortsService.read(undefined, startedAt);
      const cohortId = query.cohortId
        ? (panelCohortFilter((await listing).value, query.cohortId, query.trainingName)?.id ?? null)
        : null;
      const [enrollments, cohorts] = await Promise.all([
        this.search({ ...query, cohortId: cohortId ?? undefined }),
        listing,
      ]);
      return { value: { enrollments, cohorts: cohorts.value, cohortId }, validUntil: cohorts.validUntil };
    });
  }

  /**
   * Also the answer of update, move and refund, read inside their transaction: a read after the commit could fail on
   * its own (a database outage) and answer 503 for a change that was in fact stored.
   */
  async detail(id: string): Promise<EnrollmentDetail> {
    const row = await this.table.findRow(id);
    if (!row) throw new EnrollmentNotFoundError();
    return { enrollment: toEnrollmentRow(row), payment: await this.refunds.paymentView(row.payment_intent_id) };
  }

  /** Status, cohort and notes, with the rules of creation: a cohort of the same training, with a seat. */
  async update(id: string, request: UpdateEnrollmentRequest, actor: AuditActor | null): Promise<EnrollmentDetail> {
    const paymentIntentId = (await this.table.findRow(id))?.payment_intent_id ?? null;
    return this.change(async (em) => {
      // The payment's row first, then the enrollment's: the order the installments job takes them in.
      await this.plans.lock(em, paymentIntentId);
      const before = await this.requireLocked(em, id);
      const after = {
        enrollmentStatus: request.enrollmentStatus ?? before.enrollmentStatus,
        cohortId: request.cohortId === undefined ? before.cohortId : request.cohortId,
        notes: request.notes === undefined ? before.notes : request.notes?.trim() ? request.notes.trim() : null,
      };
      await this.checkSeat(em, before, after.cohortId, after.enrollmentStatus);
      const changes = diff(before, after);
      if (Object.keys(changes).length > 0) {
        await this.enrollments.applyChanges(em, id, after);
        // Cancelling stops the plan; reactivating does not restart it (restartBilling is its own, explicit action).
        if (after.enrollmentStatus === 'cancelled') await this.plans.stop(em, before.paymentIntentId);
        await this.audit.record(
          em,
          actor,
          'enrollment.update',
          { type: 'enrollment', id },
          `Edited enrollment ${id} (${Object.keys(changes).join(', ')})`,
          changes,
        );
        if (after.cohortId !== before.cohortId && after.cohortId) {
          await WebhookOutbox.enqueue(em, {
            type: 'enrollment.moved',
            key: `enrollment.moved:${id}:${randomUUID()}`,
            data: { enrollmentId: id, fromCohortId: before.cohortId, toCohortId: after.cohortId },
          });
        }
        if (after.enrollmentStatus === 'cancelled' && before.enrollmentStatus !== 'cancelled') {
          await WebhookOutbox.enqueue(em, {
            type: 'enrollment.cancelled',
            key: `enrollment.cancelled:${id}:${randomUUID()}`,
            data: { enrollmentId: id, reason: 'admin' },
          });
        }
      }
      return this.detail(id);
    });
  }

  /** Another cohort of the same training; the payment, plan and amount stay with the enrollment. */
  async move(id: string, cohortId: string, actor: AuditActor | null): Promise<EnrollmentDetail> {
    return this.change(async (em) => {
      const before = await this.requireLocked(em, id);
      if (before.cohortId === cohortId) throw new SameCohortError();
      const target = await this.checkSeat(em, before, cohortId, before.enrollmentStatus);
      await this.enrollments.applyChanges(em, id, {
        enrollmentStatus: before.enrollmentStatus,
        cohortId,
        notes: before.notes,
      });
      await this.audit.record(
        em,
        actor,
        'enrollment.move',
        { type: 'enrollment', id },
        `Moved enrollment ${id} to ${target ? cohortMonthLabel(target.cohortMonth) : 'another cohort'}`,
        { cohortId: { from: before.cohortId, to: cohortId } },
      );
      await WebhookOutbox.enqueue(em, {
        type: 'enrollment.moved',
        key: `enrollment.moved:${id}:${randomUUID()}`,
        data: { enrollmentId: id, fromCohortId: before.cohortId, toCohortId: cohortId },
      });
      return this.detail(id);
    });
  }

  /**
   * Decided under the payment row's lock and recorded as a request first (its id is the provider's idempotency key),
   * made at the provider outside any transaction (money cannot be un-refunded by a rollback), then recorded with the
   * enrollment's cancellation (which stops the plan's later installments) and its audit event in one transaction,
   * once per request that refunded something.
   */
  async refund(
    id: string,
    amountCents: number | undefined,
    reason: string | undefined,
    actor: AuditActor | null,
  ): Promise<EnrollmentDetail> {
    const row = await this.table.findRow(id);
    if (!row) throw new EnrollmentNotFoundError();
    const request = await this.tx.run((em) =>
      this.refunds.decide(em, {
        enrollmentId: id,
        amountCents,
        reason: reason?.trim() || null,
        adminUsername: actor?.username ?? null,
      }),
    );
    const made = await this.refunds.make(request);
    return this.change(async (em) => {
      // The payment's lock first, then the enrollment's: the order an installment takes them in.
      const first = await this.refunds.complete(em, request, made);
      const before = await this.requireLocked(em, id);
      const total = made.reduce((sum, refund) => sum + refund.amount, 0);
      if (first && total > 0) {
        const note = `Refunded ${formatCents(total)} on ${new Date().toISOString().slice(0, 10)}${request.reason ? ` (${request.reason})` : ''}`;
        const notes = before.notes ? `${before.notes}\n${note}` : note;
        await this.enrollments.applyChanges(em, id, {
          enrollmentStatus: 'cancelled',
          cohortId: before.cohortId,
          notes,
        });
        await this.plans.stop(em, before.paymentIntentId);
        // refund.created is raised by the refunds' owner as it records each one (payments).
        if (before.enrollmentStatus !== 'cancelled') {
          await WebhookOutbox.enqueue(em, {
            type: 'enrollment.cancelled',
            key: `enrollment.cancelled:${id}:${randomUUID()}`,
            data: { enrollmentId: id, reason: 'refund' },
          });
        }
        await this.audit.record(
          em,
          actor,
          'enrollment.refund',
          { type: 'enrollment', id },
          `Refunded ${formatCents(total)} of enrollment ${id}`,
          {
            amountCents: total,
            refundRequestId: request.id,
            refunds: made.map((refund) => ({
              providerRefundId: refund.providerRefundId,
              providerPaymentId: refund.providerPaymentId,
              amount: refund.amount,
            })),
            enrollmentStatus: { from: before.enrollmentStatus, to: 'cancelled' },
          },
        );
      }
      return this.detail(id);
    });
  }

  /**
   * An admin's explicit restart of a plan that a refund or cancellation stopped, for an enrollment active again:
   * the installments job charges it from then on. Audited in the same transaction.
   */
  async restartBilling(id: string, actor: AuditActor | null): Promise<EnrollmentDetail> {
    const paymentIntentId = (await this.table.findRow(id))?.payment_intent_id ?? null;
    return this.change(async (em) => {
      await this.plans.lock(em, paymentIntentId);
      const before = await this.requireLocked(em, id);
      const planStatus = await this.plans.restart(em, before.paymentIntentId, before.enrollmentStatus);
      await this.audit.record(
        em,
        actor,
        'enrollment.billing_restart',
        { type: 'enrollment', id },
        `Restarted billing of enrollment ${id}`,
        { planStatus: { from: 'stopped', to: planStatus } },
      );
      return this.detail(id);
    });
  }

  /** The full roster of a filter: the spec's quoting rules, money in dollars. */
  async rosterCsv(query: EnrollmentSearchQuery, actor: AuditActor | null): Promise<{ content: string; count: number }> {
    const rows = (await this.table.all(this.tableQuery(query))).map(toEnrollmentRow);
    const content = toCsv(
      ROSTER_CSV_HEADERS,
      rows.map((row) => [
        row.studentName,
        row.studentEmail,
        row.trainingName,
        row.cohortMonth ? cohortMonthLabel(row.cohortMonth) : 'No Cohort',
        PAYMENT_TYPE_LABELS[row.paymentType] ?? row.paymentType,
        formatCents(row.paidCents),
        formatCents(row.balanceCents),
        billingStatusLabel(row.billingStatus),
        row.promotionCode ?? '',
        row.discountCents > 0 ? formatCents(row.discountCents) : '',
      ]),
    );
    await this.tx.run((em) =>
      this.audit.record(
        em,
        actor,
        'export.roster',
        { type: 'roster', id: null },
        `Exported the full roster (${rows.length} rows)`,
        {
          filters: { ...query, page: undefined },
          count: rows.length,
        },
      ),
    );
    return { content, count: rows.length };
  }

  private tableQuery(query: EnrollmentSearchQuery) {
    const window = creationWindow(query.startDate, query.endDate);
    return {
      trainingName: query.trainingName,
      cohortId: query.cohortId,
      createdFrom: window.from,
      createdBefore: window.before,
      search: query.q?.trim() || undefined,
      enrollmentStatus: query.enrollmentStatus,
      sort: query.sort ?? 'createdAt',
      direction: query.direction ?? (query.sort && query.sort !== 'createdAt' ? 'asc' : 'desc'),
    } as const;
  }

  private async requireLocked(em: EntityManager, id: string): Promise<EnrollmentSnapshot> {
    const before = await this.enrollments.lockForChange(em, id);
    if (!before) throw new EnrollmentNotFoundError();
    return before;
  }

  /**
   * A new cohort must be the enrollment's training's, and have a seat (counted under the cohort's lock) unless the
   * enrollment is cancelled and takes none.
   */
  private async checkSeat(em: EntityManager, before: EnrollmentSnapshot, cohortId: string | null, status: string) {
    if (!cohortId) return null;
    const cohort = await this.cohorts.findById(cohortId);
    if (!cohort) throw new InvalidEnrollmentCohortError();
    if (cohort.trainingName !== before.trainingName) {
      throw new InvalidEnrollmentCohortError({
        cohortTraining: cohort.trainingName,
        trainingName: before.trainingName,
      });
    }
    const takesNewSeat =
      status !== 'cancelled' && (cohortId !== before.cohortId || before.enrollmentStatus === 'cancelled');
    if (takesNewSeat) {
      const seats = await this.seats.lockAndCount(em, cohortId);
      if (seats && seats.capacity !== null && seats.taken >= seats.capacity) throw new CohortFullForEnrollmentError();
    }
    return cohort;
  }
}

function diff(
  before: EnrollmentSnapshot,
  after: { enrollmentStatus: string; cohortId: string | null; notes: string | null },
) {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of ['enrollmentStatus', 'cohortId', 'notes'] as const) {
    if (before[key] !== after[key]) changes[key] = { from: before[key], to: after[key] };
  }
  return changes;
}
