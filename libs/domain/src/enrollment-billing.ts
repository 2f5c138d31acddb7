import { addMonthsUtc } from './installments';

/** What an admin reads about an enrollment's money: one status a row, in this order of precedence. */
export const BILLING_STATUSES = ['active', 'past_due', 'paid', 'cancelled', 'refunded'] as const;
export type BillingStatus = (typeof BILLING_STATUSES)[number];

/**
 * A payment's plan state. 'stopped': a refund or a cancellation ended its billing; only an admin's explicit restart
 * of billing makes it 'active' again (reactivating the enrollment does not).
 */
export type PlanState = 'none' | 'active' | 'completed' | 'past_due' | 'stopped';

export interface BillingPlan {
  installmentsTotal: number;
  installmentsPaid: number;
  /** This enrollment's charge each later month, integer cents. */
  installmentCents: number;
  /** The payment's plan state: see planCharges. */
  planStatus: PlanState;
  /**
   * The first month's charge when it differs (a promotion code's leftover cents, see discountedSchedule); the
   * later months' otherwise.
   */
  firstInstallmentCents?: number;
  nextInstallmentAt: Date | null;
}

/**
 * The one rule of whether a plan's later installments are charged, which the installments job and the panel's status
 * both follow: the plan runs (active, or past due awaiting its retry; not stopped by a refund or cancellation, not
 * completed) and one of its enrollments is not cancelled (a plan whose enrollments were all deleted charges nothing).
 */
export function planCharges(input: { planStatus: PlanState; enrollmentStatuses: readonly string[] }): boolean {
  const runs = input.planStatus === 'active' || input.planStatus === 'past_due';
  return runs && input.enrollmentStatuses.some((status) => status !== 'cancelled');
}

/** A refund or a cancellation stops a plan that runs; a plan completed or without installments has nothing to stop. */
export function stopsPlan(planStatus: PlanState): boolean {
  return planStatus === 'active' || planStatus === 'past_due';
}

/**
 * Why an admin cannot restart a plan's billing, or null: it must be a plan stopped by a refund or cancellation, with
 * installments left, and its enrollment must be active again (reactivate it first: restarting is a second, explicit
 * step, so reactivating alone never charges the card).
 */
export function billingRestartProblem(input: {
  planStatus: PlanState;
  enrollmentStatus: string;
  installmentsPaid: number;
  installmentsTotal: number;
}): string | null {
  if (input.planStatus === 'none' || input.installmentsTotal <= 1) return 'This enrollment has no installment plan';
  if (input.planStatus !== 'stopped') return "This plan's billing is not stopped";
  if (input.installmentsPaid >= input.installmentsTotal) return 'Every installment of this plan is paid';
  if (input.enrollmentStatus === 'cancelled') return 'Reactivate the enrollment before restarting its billing';
  return null;
}

export interface BillingInput {
  enrollmentStatus: 'active' | 'completed' | 'cancelled';
  /** Integer cents charged so far for this enrollment (the enrollment's paymentAmount). */
  chargedCents: number;
  /** Integer cents refunded so far. */
  refundedCents: number;
  /** The installment plan of a paid 3- or 6-month purchase; null for payment in full, bundles and manual entries. */
  plan: BillingPlan | null;
}

export interface BillingSummary {
  status: BillingStatus;
  /** Charged less refunded, integer cents. */
  paidCents: number;
  refundedCents: number;
  /** What the purchase costs in all, integer cents. */
  totalCents: number;
  /** What is still to be charged; 0 once cancelled or refunded, as nothing more will be. */
  balanceCents: number;
  installmentsPaid: number | null;
  installmentsTotal: number | null;
  /** '2 of 6 paid'; null without a plan. */
  progressLabel: string | null;
  /** When the next installment will be charged; null when none will be. */
  nextChargeAt: Date | null;
}

/**
 * One enrollment's money. A refund or cancellation stops the plan, so nothing is owed after it; a declined installment
 * stops the scheduler (past due) until an admin sorts it out, so there is no next charge date either.
 */
export function billingSummary(input: BillingInput): BillingSummary {
  const { plan } = input;
  const totalCents = plan
    ? (plan.firstInstallmentCents ?? plan.installmentCents) + plan.installmentCents * (plan.installmentsTotal - 1)
    : input.chargedCents;
  const outstanding = Math.max(0, totalCents - input.chargedCents);
  // The installments job's rule: only a plan it charges owes a balance and has a next charge.
  const charging =
    plan !== null &&
    outstanding > 0 &&
    planCharges({ planStatus: plan.planStatus, enrollmentStatuses: [input.enrollmentStatus] });
  let status: BillingStatus;
  if (charging) status = plan.planStatus === 'past_due' ? 'past_due' : 'active';
  else if (input.refundedCents > 0) status = 'refunded';
  else if (input.enrollmentStatus === 'cancelled' || plan?.planStatus === 'stopped') status = 'cancelled';
  else if (plan?.planStatus === 'past_due') status = 'past_due';
  else if (outstanding === 0) status = 'paid';
  else status = 'active';
  const stopped = !charging && (status === 'refunded' || status === 'cancelled');
  return {
    status,
    paidCents: Math.max(0, input.chargedCents - input.refundedCents),
    refundedCents: input.refundedCents,
    totalCents,
    balanceCents: stopped ? 0 : outstanding,
    installmentsPaid: plan ? plan.installmentsPaid : null,
    installmentsTotal: plan ? plan.installmentsTotal : null,
    progressLabel: plan ? `${plan.installmentsPaid} of ${plan.installmentsTotal} paid` : null,
    nextChargeAt: charging && plan.planStatus === 'active' ? plan.nextInstallmentAt : null,
  };
}

/**
 * The installments still to be charged, with their dates and amounts: the months after the paid ones of a plan that is
 * charging (from its next date, one a month) or past due (the declined month first, at its original date, paid once
 * a card pays it). None once the plan is paid, cancelled or refunded.
 */
export function upcomingInstallments(
  summary: Pick<BillingSummary, 'status'>,
  plan: BillingPlan | null,
): Array<{ number: number; dueAt: Date; amountCents: number }> {
  if (!plan || !plan.nextInstallmentAt) return [];
  if (summary.status !== 'active' && summary.status !== 'past_due') return [];
  if (plan.planStatus !== 'active' && plan.planStatus !== 'past_due') return [];
  const next = plan.nextInstallmentAt;
  return Array.from({ length: Math.max(0, plan.installmentsTotal - plan.installmentsPaid) }, (_, i) => ({
    number: plan.installmentsPaid + 1 + i,
    dueAt: addMonthsUtc(next, i),
    amountCents: plan.installmentCents,
  }));
}

/**
 * Whether the trainee may stop the rest of a plan from their account: a plan with installments still to charge that
 * is neither cancelled nor refunded. Refunds stay an admin's decision.
 */
export function canTraineeCancelPlan(
  summary: Pick<BillingSummary, 'status' | 'installmentsPaid' | 'installmentsTotal'>,
): boolean {
  if (summary.installmentsTotal === null || summary.installmentsPaid === null) return false;
  if (summary.status !== 'active' && summary.status !== 'past_due') return false;
  return summary.installmentsPaid < summary.installmentsTotal;
}

const STATUS_LABELS: Record<BillingStatus, string> = {
  active: 'Active',
  past_due: 'Past due',
  paid: 'Paid',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

export function billingStatusLabel(status: BillingStatus): string {
  return STATUS_LABELS[status];
}

/** '$2,000.00' from 200000 cents. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  // Grouped by thousands as en-US writes them, without Intl: toLocaleString was 1% of the admin panel's server
  // render, which formats two amounts a row (issue 28).
  const dollars = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

export interface RefundCheck {
  /** Integer cents asked for. */
  amountCents: number;
  /** Integer cents charged on the payment and not yet refunded. */
  refundableCents: number;
}

/** Why a refund cannot be made, or null: a whole, positive number of cents, no more than is left to refund. */
export function refundProblem({ amountCents, refundableCents }: RefundCheck): string | null {
  if (!Number.isInteger(amountCents) || amountCents <= 0) return 'The refund amount must be a positive number of cents';
  if (refundableCents <= 0) return 'Nothing is left to refund on this payment';
  if (amountCents > refundableCents) {
    return `The refund amount is more than is left to refund (${formatCents(refundableCents)})`;
  }
  return null;
}

/** Splits a refund over the charges of a payment, newest first, each no more than is left on it. */
export function allocateRefund(
  amountCents: number,
  charges: readonly { providerPaymentId: string; refundableCents: number }[],
): { providerPaymentId: string; amountCents: number }[] {
  let left = amountCents;
  const out: { providerPaymentId: string; amountCents: number }[] = [];
  for (const charge of charges) {
    if (left <= 0) break;
    const take = Math.min(left, charge.refundableCents);
    if (take > 0) {
      out.push({ providerPaymentId: charge.providerPaymentId, amountCents: take });
      left -= take;
    }
  }
  if (left > 0) throw new RangeError('The refund is more than the charges hold');
  return out;
}

/** Seats still for sale; null for a cohort without a capacity (unlimited). */
export function seatsLeft(capacity: number | null, taken: number): number | null {
  if (capacity === null) return null;
  return Math.max(0, capacity - taken);
}

/** '120', '120.5', '$1,200.50' → integer cents; null for anything else (a refund amount must be exact). */
export function parseDollarsToCents(text: string): number | null {
  const cleaned = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** 'March 2027', 'March 2027 (3 seats left)' or 'March 2027 (Full)': what a buyer sees in the cohort selector. */
export function cohortSeatsSuffix(seats: number | null): string {
  if (seats === null) return '';
  if (seats === 0) return ' (Full)';
  return seats === 1 ? ' (1 seat left)' : ` (${seats} seats left)`;
}
