import type { TrainingName } from './trainings';

/** The business overview's reports, each downloadable as CSV by this name. */
export const BUSINESS_REPORTS = [
  'collected-by-month',
  'collected-by-training',
  'scheduled-by-month',
  'past-due',
  'cohort-fill',
  'checkouts',
  'promotion-codes',
] as const;
export type BusinessReportName = (typeof BUSINESS_REPORTS)[number];

export function isBusinessReportName(value: unknown): value is BusinessReportName {
  return typeof value === 'string' && (BUSINESS_REPORTS as readonly string[]).includes(value);
}

/** Money is integer cents; months are 'YYYY-MM' in UTC. */
export interface CollectedRow {
  chargedCents: number;
  refundedCents: number;
  /** Charged less refunded. */
  netCents: number;
}

export interface CollectedByMonthRow extends CollectedRow {
  month: string;
}

export interface CollectedByTrainingRow extends CollectedRow {
  trainingName: TrainingName;
}

export interface ScheduledByMonthRow {
  month: string;
  installments: number;
  cents: number;
}

export interface PastDuePlanRow {
  paymentId: string;
  /** An enrollment of the plan, for the admin's link; null when none is left. */
  enrollmentId: string | null;
  studentName: string | null;
  trainings: string;
  installmentsPaid: number;
  installmentsTotal: number;
  /** What is still to be charged on the plan. */
  balanceCents: number;
  /** When the declined installment fell due. */
  dueSince: string | null;
}

export interface CohortFillRow {
  cohortId: string;
  trainingName: TrainingName;
  cohortMonth: string;
  /** null: no limit. */
  capacity: number | null;
  seatsTaken: number;
  waitlist: number;
}

export interface CheckoutsByMonthRow {
  month: string;
  started: number;
  paid: number;
}

export interface PromotionUseRow {
  code: string;
  uses: number;
  discountCents: number;
  /** What the purchases that used it charged in all (first charges and installments, before refunds). */
  chargedCents: number;
}

export interface BusinessOverview {
  generatedAt: string;
  collectedByMonth: CollectedByMonthRow[];
  collectedByTraining: CollectedByTrainingRow[];
  scheduledByMonth: ScheduledByMonthRow[];
  /** Still to be charged on plans that are running or past due. */
  outstandingCents: number;
  /** Still to be charged on past-due plans. */
  pastDueCents: number;
  pastDue: PastDuePlanRow[];
  cohortFill: CohortFillRow[];
  checkouts: CheckoutsByMonthRow[];
  promotionCodes: PromotionUseRow[];
}
