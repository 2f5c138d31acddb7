import type { AuditService } from '../audit/audit.service';
import type { TransactionRunner } from '../database/transaction-runner';
import type { CohortListCache } from '../cohorts/cohort-list-cache';
import type { CohortSeatsRepository } from '../cohorts/cohort-seats.repository';
import type { CohortsRepository } from '../cohorts/cohorts.repository';
import type { CohortsService } from '../cohorts/cohorts.service';
import type { PaymentRefundsService } from '../payments/payment-refunds.service';
import type { PlanBillingService } from '../payments/plan-billing.service';
import { EnrollmentAdminService } from './enrollment-admin.service';
import type { EnrollmentTableRepository, EnrollmentTableRow } from './enrollment-table.repository';
import type { EnrollmentsRepository } from './enrollments.repository';

const ID = '00000000-0000-4000-8000-000000000001';
const OTHER_COHORT = '00000000-0000-4000-8000-0000000000c2';

/**
 * A database that goes away right after the commit: every read after it fails. The answer of an edit must come from
 * inside the transaction, or a stored change would answer 503 and invite a retry.
 */
function setUp() {
  let committed = false;
  let currentNotes: string | null = null;
  let currentCohort: string | null = null;
  const outage = () => {
    if (committed) throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
  };
  const row: EnrollmentTableRow = {
    id: ID,
    student_name: 'Student',
    student_email: 'student@example.com',
    training_name: 'Parts Therapy Practitioner',
    cohort_id: null,
    cohort_month: null,
    payment_type: 'full',
    payment_amount: 199500,
    enrollment_status: 'active',
    notes: null,
    is_manual_entry: true,
    payment_intent_id: null,
    created_at: new Date('2026-01-01T00:00:00Z'),
    payment_id: null,
    installments_total: null,
    installments_paid: null,
    plan_amount: null,
    plan_first_amount: null,
    promotion_code: null,
    discount_cents: null,
    plan_status: null,
    next_installment_at: null,
    refunded: 0,
  };
  const snapshot = { enrollmentStatus: 'active', cohortId: null, notes: null, trainingName: row.training_name };
  const table = {
    findRow: jest.fn(async () => (outage(), { ...row, notes: currentNotes, cohort_id: currentCohort })),
  };
  const enrollments = {
    lockForChange: jest.fn(async () => (outage(), snapshot)),
    applyChanges: jest.fn(
      async (_em: unknown, _id: string, after: { notes: string | null; cohortId: string | null }) => {
        outage();
        currentNotes = after.notes;
        currentCohort = after.cohortId;
      },
    ),
  };
  const cohorts = {
    findById: jest.fn(async () => ({ id: OTHER_COHORT, trainingName: row.training_name, cohortMonth: '2026-05' })),
  };
  const seats = { lockAndCount: jest.fn(async () => null) };
  const refunds = { paymentView: jest.fn(async () => (outage(), null)) };
  const plans = { lock: jest.fn(async () => (outage(), null)), stop: jest.fn(async () => (outage(), false)) };
  const audit = { record: jest.fn(async () => outage()) };
  // The transaction's EntityManager, as far as the webhook outbox uses it (its insert answers no row here).
  const transactionEm = { getConnection: () => ({ execute: async () => [] }), getTransactionContext: () => undefined };
  const tx = {
    run: async <T>(work: (em: unknown) => Promise<T>) => {
      const result = await work(transactionEm);
      committed = true;
      return result;
    },
  };
  // The public cohort list is dropped once the change has committed (its seats may have moved).
  const drops: boolean[] = [];
  const cohortList = {
    changing: async <T>(change: () => Promise<T>) => {
      try {
        return await change();
      } finally {
        drops.push(committed);
      }
    },
  };
  const service = new EnrollmentAdminService(
    table as unknown as EnrollmentTableRepository,
    enrollments as unknown as EnrollmentsRepository,
    cohorts as unknown as CohortsRepository,
    seats as unknown as CohortSeatsRepository,
    refunds as unknown as PaymentRefundsService,
    plans as unknown as PlanBillingService,
    audit as unknown as AuditService,
    tx as unknown as TransactionRunner,
    cohortList as unknown as CohortListCache,
    {} as CohortsService,
  );
  return { service, audit, drops };
}

describe('EnrollmentAdminService: the answer of an edit is read inside its transaction', () => {
  it('update answers the stored change even when the database is gone after the commit', async () => {
    const { service, audit } = setUp();
    const detail = await service.update(ID, { notes: ' Called back ' }, null);
    expect(detail.enrollment.notes).toBe('Called back');
    expect(audit.record).toHaveBeenCalledTimes(1);
  });

  it('update without a change answers too (and records nothing)', async () => {
    const { service, audit } = setUp();
    const detail = await service.update(ID, {}, null);
    expect(detail.enrollment.id).toBe(ID);
    expect(audit.record).not.toHaveBeenCalled();
  });

  it('move answers the new cohort even when the database is gone after the commit', async () => {
    const { service, drops } = setUp();
    const detail = await service.move(ID, OTHER_COHORT, null);
    expect(detail.enrollment.cohortId).toBe(OTHER_COHORT);
    expect(drops).toEqual([true]);
  });
});
