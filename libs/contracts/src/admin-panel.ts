import type { Cohort } from './cohorts';
import type { Enrollment, EnrollmentStatus } from './enrollments';
import type { TrainingName } from './trainings';

export const BILLING_STATUS_VALUES = ['active', 'past_due', 'paid', 'cancelled', 'refunded'] as const;
export type BillingStatusValue = (typeof BILLING_STATUS_VALUES)[number];

/** A table row: the spec's enrollment plus its money. Cents are integers; dates ISO 8601. */
export interface EnrollmentRow extends Enrollment {
  billingStatus: BillingStatusValue;
  paidCents: number;
  refundedCents: number;
  totalCents: number;
  balanceCents: number;
  installmentsPaid: number | null;
  installmentsTotal: number | null;
  /** '2 of 6 paid'; null without a plan. */
  progressLabel: string | null;
  nextChargeAt: string | null;
  /** The promotion code of the enrollment's payment, or null. */
  promotionCode: string | null;
  /** Integer cents that code took off the payment (the whole purchase; a bundle's trainings share it). */
  discountCents: number;
}

export const ENROLLMENT_SORT_KEYS = [
  'createdAt',
  'studentName',
  'studentEmail',
  'trainingName',
  'paymentAmount',
] as const;
export type EnrollmentSortKey = (typeof ENROLLMENT_SORT_KEYS)[number];
export const ENROLLMENT_PAGE_SIZE = 50;

/** GET /api/admin/enrollments/search: the spec's filters plus cohort, search, sort and page, all in the URL. */
export interface EnrollmentSearchQuery {
  trainingName?: TrainingName;
  cohortId?: string;
  startDate?: string;
  endDate?: string;
  /** Part of a name or an email, case-insensitive. */
  q?: string;
  enrollmentStatus?: EnrollmentStatus;
  sort?: EnrollmentSortKey;
  direction?: 'asc' | 'desc';
  /** 1-based. */
  page?: number;
}

export interface EnrollmentPage {
  rows: EnrollmentRow[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
}

/**
 * GET /api/admin/panel: what the admin panel shows, in one call (issue 28): the page of enrollments as
 * GET /api/admin/enrollments/search answers it and every cohort as GET /api/admin/cohorts lists them. Each API
 * instance keeps the answer until a change to what it reads (decision 018).
 * The query is the search's, except that a cohortId that is not one of the cohorts (of trainingName, when given) is
 * not applied rather than refused.
 */
export interface AdminPanelView {
  enrollments: EnrollmentPage;
  cohorts: Cohort[];
  /** The cohort the page is filtered by, or null (none asked for, or not one to filter by). */
  cohortId: string | null;
}

export interface PaymentChargeView {
  installmentNumber: number;
  amountCents: number;
  status: string;
  providerPaymentId: string | null;
  failureMessage: string | null;
  chargedAt: string;
}

export interface RefundView {
  providerRefundId: string;
  providerPaymentId: string;
  amountCents: number;
  reason: string | null;
  createdAt: string;
}

export interface PaymentView {
  id: string;
  provider: string;
  providerPaymentId: string;
  providerCustomerId: string | null;
  paymentType: string;
  status: string;
  planStatus: string;
  amountCents: number;
  installmentsTotal: number;
  installmentsPaid: number;
  nextInstallmentAt: string | null;
  /** Each charge, first to last, with the date it was made (or tried). */
  charges: PaymentChargeView[];
  /** Dates the plan's later installments fall due, not yet charged. */
  upcoming: { installmentNumber: number; amountCents: number; dueAt: string }[];
  refunds: RefundView[];
  refundableCents: number;
  /** The promotion code the buyer used, or null. */
  promotionCode: string | null;
  /** Integer cents the code took off the whole purchase; 0 without one. */
  discountCents: number;
}

export interface EnrollmentDetail {
  enrollment: EnrollmentRow;
  payment: PaymentView | null;
}

/** PATCH /api/admin/enrollments/{id}: any of these; validated as for creation. */
export interface UpdateEnrollmentRequest {
  enrollmentStatus?: EnrollmentStatus;
  cohortId?: string | null;
  notes?: string | null;
}

/** POST /api/admin/enrollments/{id}/move: another cohort of the same training. */
export interface MoveEnrollmentRequest {
  cohortId: string;
}

/** POST /api/admin/enrollments/{id}/refund: amountCents omitted refunds all that is left. */
export interface RefundEnrollmentRequest {
  amountCents?: number;
  reason?: string;
}

export interface SetCohortCapacityRequest {
  /** null: no limit. */
  capacity: number | null;
}

export interface WaitlistEntryView {
  id: string;
  cohortId: string;
  name: string;
  email: string;
  offeredAt: string | null;
  createdAt: string;
}

export interface JoinWaitlistRequest {
  name: string;
  email: string;
}

export const AUDIT_ACTIONS = [
  'login',
  'logout',
  'enrollment.create',
  'enrollment.update',
  'enrollment.move',
  'enrollment.delete',
  'enrollment.refund',
  'cohort.create',
  'cohort.update',
  'cohort.delete',
  'waitlist.offer',
  'export.cohort',
  'export.roster',
  'enrollment.billing_restart',
  'promotion.create',
  'promotion.update',
  'promotion.deactivate',
  'enrollment.cancel-by-trainee',
  'api_key.create',
  'api_key.revoke',
  'webhook.create',
  'webhook.update',
  'webhook.resend',
  'credential.submit',
  'enrollment.complete',
  'training.settings',
  'credential.revoked',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditEventView {
  id: string;
  adminUsername: string | null;
  action: AuditAction;
  entityType: string;
  entityId: string | null;
  summary: string;
  changes: Record<string, unknown>;
  createdAt: string;
}

export interface AuditQuery {
  action?: AuditAction;
  adminUsername?: string;
  entityId?: string;
  page?: number;
}

export interface AuditPage {
  rows: AuditEventView[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
}
