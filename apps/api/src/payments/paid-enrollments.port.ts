import type { EntityManager } from '@mikro-orm/postgresql';
import type { PaymentType } from '@app/contracts';

/** One enrollment to create for a paid training. */
export interface PaidEnrollment {
  studentName: string;
  studentEmail: string;
  trainingName: string;
  cohortId: string | null;
  paymentType: PaymentType;
  /** Integer cents paid for this training so far. */
  paymentAmount: number;
  notes: string | null;
}

export const PAID_ENROLLMENTS = Symbol('PAID_ENROLLMENTS');

/**
 * The enrollments a payment creates and changes, written by their owner (the enrollments repository implements this)
 * inside the caller's transaction: every method runs its statements on `em`. A port rather than an import, because
 * the enrollments feature depends on payments (refunds, the payment view): payments importing it would be a cycle.
 * Rows are found by the payment's first payment intent id (`enrollments.payment_intent_id`).
 */
export interface PaidEnrollments {
  /** One enrollment a training; the unique (payment_intent_id, training_name) key makes a replay insert nothing. */
  enrollPaid(em: EntityManager, paymentIntentId: string, enrollments: PaidEnrollment[]): Promise<void>;
  /** The payment's enrollment ids, by training name. */
  idsOfPayment(em: EntityManager, paymentIntentId: string): Promise<string[]>;
  /** Each enrollment of the payment gains a charged installment. */
  addPaymentAmount(em: EntityManager, paymentIntentId: string, cents: number): Promise<void>;
  /** Appends a line to each enrollment's notes, for the admin. */
  appendNote(em: EntityManager, paymentIntentId: string, note: string): Promise<void>;
  /** Cancels the payment's enrollments not cancelled yet, with a note (a refund made outside the panel). */
  cancelForRefund(em: EntityManager, paymentIntentId: string, note: string): Promise<void>;
}
