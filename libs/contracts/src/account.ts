import type { PaidWith } from './payment-checkout';
import type { CredentialOverview } from './records';

/** A numbered receipt of a charge, or a credit note of a refund; numbers run gapless per year (`2026-000001`). */
export type ReceiptKind = 'receipt' | 'credit-note';

export interface ReceiptSummary {
  id: string;
  number: string;
  kind: ReceiptKind;
  /** Integer cents; positive for both kinds (a credit note gives money back). */
  amountCents: number;
  issuedAt: string;
}

/** Everything a receipt shows; the seller comes from the API's configuration. */
export interface ReceiptDocument extends ReceiptSummary {
  seller: { name: string; address: string };
  buyer: { name: string; email: string };
  trainings: string[];
  /** 'Pay in Full', '3 Month Plan', 'Bundle of 2'. */
  planLabel: string;
  /** The charge's installment ('2 of 6'), for plans. */
  installmentLabel: string | null;
  /** A single training's full payment: the pay-in-full discount of the price list, integer cents. */
  discountCents: number | null;
  currency: string;
  /** The card's last 4 digits, when the payment stored them. */
  cardLast4: string | null;
  /** 'promotion': a code left nothing to pay and no card was charged ($0 receipt). */
  paidWith: PaidWith;
  /** The promotion code of the purchase and what it took off the whole purchase (integer cents); null without one. */
  promotion: { code: string; discountCents: number } | null;
  /** The provider's charge (or refund) id. */
  providerPaymentId: string;
  /** Credit notes: the receipt number of the payment's first charge. */
  creditFor: string | null;
}

export interface AccountCharge {
  /** 1 for the first charge. */
  number: number;
  chargedAt: string;
  amountCents: number;
  cardLast4: string | null;
  /** 'promotion': a free checkout, no card charged. */
  paidWith: PaidWith;
  receipt: ReceiptSummary | null;
}

export interface AccountUpcomingCharge {
  number: number;
  dueAt: string;
  amountCents: number;
}

export interface AccountTraining {
  enrollmentId: string;
  trainingName: string;
  /** `YYYY-MM`, or null without a cohort. */
  cohortMonth: string | null;
  /** 'March 2027', or null. */
  cohortLabel: string | null;
  enrollmentStatus: 'active' | 'completed' | 'cancelled';
  /** The billing status of libs/domain billingSummary, and its label. */
  billingStatus: 'active' | 'past_due' | 'paid' | 'cancelled' | 'refunded';
  billingStatusLabel: string;
  planLabel: string;
  /** '2 of 6 paid', or null for payments in full. */
  progressLabel: string | null;
  paidCents: number;
  balanceCents: number;
  totalCents: number;
  nextChargeAt: string | null;
  pastCharges: AccountCharge[];
  upcomingCharges: AccountUpcomingCharge[];
  /** Credit notes of refunds on this enrollment's payment. */
  creditNotes: ReceiptSummary[];
  /** Whether the trainee may stop the remaining installments (an active plan with installments left). */
  canCancel: boolean;
  /** Whether the card of the plan can be changed (a plan still charging or past due). */
  canUpdateCard: boolean;
}

export interface AccountOverview {
  email: string;
  trainings: AccountTraining[];
}

export interface AccountUpdateCardLink {
  /** `/billing/update-card?token=…`, the page of the existing update-card flow. */
  path: string;
}

export interface CancelPlanResponse {
  enrollmentId: string;
  enrollmentStatus: 'cancelled';
  /** Installments that will no longer be charged. */
  stoppedInstallments: number;
}

/** "Download my data": what the provider holds about the account, as one JSON document. */
export interface AccountDataExport {
  exportedAt: string;
  account: { email: string; createdAt: string };
  enrollments: Array<Omit<AccountTraining, 'canCancel' | 'canUpdateCard'>>;
  receipts: Array<Pick<ReceiptSummary, 'number' | 'kind' | 'amountCents' | 'issuedAt'>>;
  /** Each credential's metadata (documents by name, size and type; not their contents) and its evaluation. */
  credentials: CredentialOverview[];
  /** What erasure removes and what is kept, the same text the page shows. */
  erasure: { removes: string[]; kept: string[] };
}
