import { Entity, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import type { BundleTrainingSelection, PaidWith, TrainingName } from '@app/contracts';
import { randomUUID } from 'node:crypto';

export type PaymentProviderName = 'stripe' | 'test';
export type PaymentKind = 'single' | 'bundle';
export type PaymentRecordType = 'full' | '3month' | '6month' | 'bundle-2' | 'bundle-3';
export type PaymentStatus = 'pending' | 'succeeded' | 'failed';
/** What the server decided for an authorised payment: capture it (seats secured) or cancel it (a cohort filled up). */
export type CaptureDecisionName = 'capture' | 'cancel';
/** Installment plans only: 'none' for payments in full and bundles. */
/** 'stopped': a refund or cancellation ended its billing; only an admin's explicit restart runs it again. */
export type PlanStatus = 'none' | 'active' | 'completed' | 'past_due' | 'stopped';

/** A training of the payment with the buyer's cohort choice (null until chosen, or when it has no cohorts). */
export type PaymentTraining = BundleTrainingSelection & { name: TrainingName };

/**
 * Our record of one payment intent: what it is for, what the server decided to charge, who pays, and how far its
 * installment plan has got. The provider's intent carries the same facts in metadata; this row is the one we trust.
 */
@Entity({ tableName: 'payments' })
@Unique({ name: 'payments_provider_payment_id_unique', properties: ['providerPaymentId'] })
export class Payment {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'string' })
  provider!: PaymentProviderName;

  @Property({ type: 'string', length: 255 })
  providerPaymentId!: string;

  @Property({ type: 'string' })
  kind!: PaymentKind;

  @Property({ type: 'string' })
  paymentType!: PaymentRecordType;

  @Property({ type: 'json' })
  trainings!: PaymentTraining[];

  /** Integer cents charged by the first (or only) charge. */
  @Property({ type: 'integer' })
  amount!: number;

  @Property({ type: 'string', length: 3 })
  currency: string = 'usd';

  /**
   * Integer cents of each later installment of a plan; null when it is `amount` (no promotion code, or paid at once).
   * A code's discount is spread over the plan by `discountedSchedule` (libs/domain): the first charge carries the
   * leftover cents, so it may be a few cents more than the later ones.
   */
  @Property({ type: 'integer', nullable: true })
  laterInstallmentAmount: number | null = null;

  /** The promotion code the buyer used (as the admin spelled it), or null. */
  @Property({ type: 'text', nullable: true })
  promotionCode: string | null = null;

  /** Integer cents the code took off the whole purchase (every installment together); 0 without a code. */
  @Property({ type: 'integer' })
  discountCents: number = 0;

  @Property({ type: 'string', length: 200, nullable: true })
  customerName: string | null = null;

  @Property({ type: 'string', length: 254, nullable: true })
  customerEmail: string | null = null;

  @Property({ type: 'string', length: 255, nullable: true })
  providerCustomerId: string | null = null;

  @Property({ type: 'string', length: 255, nullable: true })
  providerPaymentMethodId: string | null = null;

  @Property({ type: 'string' })
  status: PaymentStatus = 'pending';
  /** 'promotion': a code left nothing to pay and the checkout was completed without a card (`isFreeCheckout`). */
  @Property({ type: 'string' })
  paidWith: PaidWith = 'card';

  @Property({ type: 'text', nullable: true })
  failureMessage: string | null = null;

  /** Set once, under the cohort rows' lock, when the authorised intent is captured or cancelled; null before. */
  @Property({ type: 'text', nullable: true })
  captureDecision: CaptureDecisionName | null = null;

  @Property({ type: 'integer' })
  installmentsTotal: number = 1;

  @Property({ type: 'integer' })
  installmentsPaid: number = 0;

  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  nextInstallmentAt: Date | null = null;

  @Property({ type: 'string' })
  planStatus: PlanStatus = 'none';

  /** Past-due plans: when the hourly job charges the declined installment again; null when it will not. */
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  nextRetryAt: Date | null = null;

  /** Declines of the installment now due; back to 0 once an installment is paid. */
  @Property({ type: 'integer' })
  installmentDeclines: number = 0;

  @Property({ type: 'datetime', columnType: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', columnType: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}

/** What each later installment of the plan charges. */
export function laterInstallmentCents(payment: Pick<Payment, 'amount' | 'laterInstallmentAmount'>): number {
  return payment.laterInstallmentAmount ?? payment.amount;
}

/** What the whole purchase charges: the first charge and every later installment. */
export function planTotalCents(
  payment: Pick<Payment, 'amount' | 'laterInstallmentAmount' | 'installmentsTotal'>,
): number {
  return payment.amount + laterInstallmentCents(payment) * (payment.installmentsTotal - 1);
}
