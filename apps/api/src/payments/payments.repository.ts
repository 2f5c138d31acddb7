import { EntityManager } from '@mikro-orm/postgresql';
import type { PaidWith } from '@app/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { OutboxMailInput } from '../mail/mail-registry';
import { OutboxRepository } from '../mail/outbox.repository';
import { ReceiptsRepository } from '../receipts/receipts.repository';
import { WebhookOutbox } from '../webhooks/webhook-outbox';
import { PAID_ENROLLMENTS, type PaidEnrollment, type PaidEnrollments } from './paid-enrollments.port';
import { planCharges } from '@app/domain';
import {
  laterInstallmentCents,
  Payment,
  type CaptureDecisionName,
  type PaymentStatus,
  type PaymentTraining,
  type PlanStatus,
} from './payment.entity';

export interface SucceededCharge {
  providerPaymentId: string;
  paymentMethodId: string | null;
  customerId: string | null;
  /** When the second installment falls due (plans only). */
  nextInstallmentAt: Date | null;
  /** 'promotion': a free checkout, completed without the provider. Default 'card'. */
  paidWith?: PaidWith;
  /** Installments this charge settles: 1, or all of a free plan (`installmentsSettledAtCheckout`). Default 1. */
  installmentsSettled?: number;
}

/** A payment row as locked for its capture decision. */
export interface LockedForCapture {
  trainings: PaymentTraining[];
  captureDecision: CaptureDecisionName | null;
  status: PaymentStatus;
  customerName: string | null;
  customerEmail: string | null;
  /** The price as locked: the first charge, each later one (null: the first's) and how many. */
  amount: number;
  laterInstallmentAmount: number | null;
  installmentsTotal: number;
}

/** An installment charge a crashed run left in hand. */
export interface StaleInstallmentClaim {
  payment: Payment;
  installmentNumber: number;
  firstClaimedAt: Date;
}

/**
 * The only writer of payments and their installments. The enrollments a payment creates or changes are written by
 * their owner (PaidEnrollments) inside the same transaction.
 */
@Injectable()
export class PaymentsRepository {
  constructor(
    private readonly em: EntityManager,
    @Inject(PAID_ENROLLMENTS) private readonly enrollments: PaidEnrollments,
  ) {}

  async create(payment: Payment): Promise<Payment> {
    await this.em.persistAndFlush(payment);
    return payment;
  }

  async save(payment: Payment): Promise<void> {
    await this.em.persistAndFlush(payment);
  }

  findById(id: string): Promise<Payment | null> {
    return this.em.findOne(Payment, { id }, { refresh: true });
  }

  /** The card the buyer gave on the update-card page becomes the one later installments are charged to. */
  async savePaymentMethod(paymentId: string, paymentMethodId: string): Promise<void> {
    await this.em
      .getConnection()
      .execute(
        'update payments set provider_payment_method_id = ?, updated_at = now() where id = ?',
        [paymentMethodId, paymentId],
        'run',
      );
  }

  /**
   * The last 4 digits of the card a payment is charged to, printed on its receipts. Test mode knows the number; with
   * Stripe it is not stored (the receipt says so).
   */
  async saveCardLast4(providerPaymentId: string, last4: string): Promise<void> {
    if (!/^\d{4}$/.test(last4)) return;
    await this.em
      .getConnection()
      .execute(
        'update payments set card_last4 = ?, updated_at = now() where provider_payment_id = ? and status <> ?',
        [last4, providerPaymentId, 'succeeded'],
        'run',
      );
  }

  /**
   * Takes the declined installment of a past-due plan back in hand to charge it again, as claimInstallment does for
   * a due one: one caller wins. A claim left 'processing' by a run that died is taken over after `staleBefore`.
   */
  async reclaimDeclinedInstallment(
    tx: EntityManager,
    paymentId: string,
    installmentNumber: number,
    staleBefore: Date,
  ): Promise<boolean> {
    return this.underPlanLock(tx, paymentId, async () => {
      const rows = await tx.execute<{ id: string }[]>(
        `update payment_installments set status = 'processing', claimed_at = now(), failure_message = null
         where payment_id = ? and installment_number = ?
           and (status = 'failed' or (status = 'processing' and claimed_at < ?))
         returning id`,
        [paymentId, installmentNumber, staleBefore],
      );
      return rows.length === 1;
    });
  }

  /**
   * Runs a claim under the payment row's lock, and only while the plan still has an enrollment nobody cancelled: a
   * trainee's cancellation takes the same lock (lockPlanForCancellation), so a claim either comes before it (and that
   * one charge may still go through) or sees the plan stopped. Read after the lock, so it sees a cancellation that
   * committed while it waited. Runs in the caller's transaction (`tx`), which holds the lock until it commits.
   */
  private async underPlanLock(tx: EntityManager, paymentId: string, claim: () => Promise<boolean>): Promise<boolean> {
    const locked = await tx.execute<{ id: string }[]>('select id from payments where id = ? for update', [paymentId]);
    if (locked.length === 0) return false;
    const open = await tx.execute<{ id: string }[]>(
      `select e.id from enrollments e join payments p on e.payment_intent_id = p.provider_payment_id
       where p.id = ? and e.enrollment_status <> 'cancelled' limit 1`,
      [paymentId],
    );
    return open.length > 0 ? claim() : false;
  }

  /**
   * A trainee stops their plan: the payment row is locked for the cancellation's transaction, after any claim that
   * came first (see underPlanLock). Answers the plan as it stands, or null for a payment that is not a plan.
   */
  async lockPlanForCancellation(
    em: EntityManager,
    paymentId: string,
  ): Promise<{ installmentsPaid: number; installmentsTotal: number; planStatus: string } | null> {
    const [row] = await em.execute<
      Array<{ installments_paid: number; installments_total: number; plan_status: string }>
    >('select installments_paid, installments_total, plan_status from payments where id = ? for update', [paymentId]);
    if (!row || Number(row.installments_total) <= 1) return null;
    return {
      installmentsPaid: Number(row.installments_paid),
      installmentsTotal: Number(row.installments_total),
      planStatus: row.plan_status,
    };
  }

  /**
   * Stores the buyer and cohorts only while the payment is not confirmed, in one statement; false when it already
   * is. The confirmation's update of the same row waits for this one's lock, and the other way round, so the two never
   * interleave.
   */
  async storeBuyerUnlessConfirmed(
    paymentId: string,
    buyer: {
      customerName: string;
      customerEmail: string;
      providerCustomerId: string | null;
      trainings: PaymentTraining[];
    },
  ): Promise<boolean> {
    const rows = await this.em.getConnection().execute<Array<{ id: string }>>(
      `update payments set customer_name = ?, customer_email = ?, provider_customer_id = ?, trainings = ?::jsonb, updated_at = now()
       where id = ? and status in ('pending', 'failed') and capture_decision is null
       returning id`,
      [buyer.customerName, buyer.customerEmail, buyer.providerCustomerId, JSON.stringify(buyer.trainings), paymentId],
      'all',
    );
    return rows.length === 1;
  }

  /**
   * Stores what the purchase charges once a promotion code is applied or removed (CheckoutService.applyPromotion),
   * in the caller's transaction, only while the payment can still change; false when it no longer can.
   */
  async storePriceUnlessConfirmed(
    em: EntityManager,
    paymentId: string,
    price: {
      amount: number;
      laterInstallmentAmount: number | null;
      promotionCode: string | null;
      discountCents: number;
    },
  ): Promise<boolean> {
    const rows = await em.execute<Array<{ id: string }>>(
      `update payments set amount = ?, later_installment_amount = ?, promotion_code = ?, discount_cents = ?, updated_at = now()
       where id = ? and status in ('pending', 'failed') and capture_decision is null
       returning id`,
      [price.amount, price.laterInstallmentAmount, price.promotionCode, price.discountCents, paymentId],
      'all',
    );
    return rows.length === 1;
  }

  /**
   * Locks the payment row inside the caller's transaction (for no key update, as an update of it does, so seat holds
   * referencing it can still be written) and reads what a capture decision needs: the buyer, the cohorts chosen and
   * the decision already taken, if any. Taken before the cohort rows' locks, in the enrollment's order.
   */
  async lockForCaptureDecision(em: EntityManager, paymentId: string): Promise<LockedForCapture | null> {
    const [row] = await em.execute<
      Array<{
        trainings: PaymentTraining[];
        capture_decision: CaptureDecisionName | null;
        status: PaymentStatus;
        customer_name: string | null;
        customer_email: string | null;
        amount: number;
        later_installment_amount: number | null;
        installments_total: number;
      }>
    >(
      `select trainings, capture_decision, status, customer_name, customer_email, amount, later_installment_amount,
              installments_total
         from payments where id = ? for no key update`,
      [paymentId],
    );
    return row
      ? {
          trainings: row.trainings,
          captureDecision: row.capture_decision,
          status: row.status,
          customerName: row.customer_name,
          customerEmail: row.customer_email,
          amount: Number(row.amount),
          laterInstallmentAmount: row.later_installment_amount === null ? null : Number(row.later_installment_amount),
          installmentsTotal: Number(row.installments_total),
        }
      : null;
  }

  /**
   * Records the decision once (a decision already taken stays). A cancelled payment is failed with the reason the
   * buyer reads; a captured one stays as it is until payment_intent.succeeded records the charge.
   */
  async recordCaptureDecision(
    em: EntityManager,
    paymentId: string,
    decision: CaptureDecisionName,
    reason: string | null,
  ): Promise<void> {
    await em.execute(
      `update payments set capture_decision = ?,
         status = case when ? = 'cancel' and status <> 'succeeded' then 'failed' else status end,
         failure_message = case when ? = 'cancel' and status <> 'succeeded' then ? else failure_message end,
         updated_at = now()
       where id = ? and capture_decision is null`,
      [decision, decision, decision, reason, paymentId],
      'run',
    );
  }

  /**
   * payment_intent.canceled: the intent can no longer be paid. Recorded as failed unless it succeeded; the reason of
   * a cancellation this API decided stays. The payment's id, or null when it is not ours or already succeeded.
   */
  async recordCanceled(providerPaymentId: string, message: string): Promise<string | null> {
    const rows = await this.em.getConnection().execute<Array<{ id: string }>>(
      `update payments set status = 'failed',
         failure_message = case when capture_decision = 'cancel' then failure_message else ? end, updated_at = now()
       where provider_payment_id = ? and status <> 'succeeded'
       returning id`,
      [message, providerPaymentId],
      'all',
    );
    return rows[0]?.id ?? null;
  }

  findByProviderPaymentId(providerPaymentId: string): Promise<Payment | null> {
    return this.em.findOne(Payment, { providerPaymentId }, { refresh: true });
  }

  /**
   * Records a succeeded first charge and creates one enrollment a training, in the caller's transaction. The unique key
   * (payment_intent_id, training_name) with "on conflict do nothing" is what makes concurrent webhook deliveries and
   * success-page reconciliations enroll exactly once; the other statements are idempotent too. The intent's customer
   * wins over ours: the saved card is attached to it, so later installments can only be charged with it.
   */
  async recordSucceededAndEnroll(
    tx: EntityManager,
    payment: Payment,
    charge: SucceededCharge,
    planned: PaidEnrollment[],
    confirmation: OutboxMailInput<'purchase-confirmation'> | null,
  ): Promise<string[]> {
    const settled = charge.installmentsSettled ?? 1;
    const connection = tx.getConnection();
    const context = tx.getTransactionContext();
    // The buyer and cohorts are read back from the row this statement locks, so a details update that committed
    // just before is what the enrollments get (one that comes after is refused: the payment is confirmed).
    const [paid] = await connection.execute<
      Array<{ customer_name: string | null; customer_email: string | null; trainings: PaymentTraining[] }>
    >(
      `update payments set
         status = 'succeeded',
         failure_message = null,
         provider_payment_method_id = coalesce(?, provider_payment_method_id),
         provider_customer_id = coalesce(?, provider_customer_id),
         paid_with = ?,
         installments_paid = greatest(installments_paid, ?),
         plan_status = case when installments_total > 1 and plan_status = 'none'
                            then case when installments_total > ? then 'active' else 'completed' end
                            else plan_status end,
         next_installment_at = case when installments_total > ? then coalesce(next_installment_at, ?) else null end,
         updated_at = now()
       where id = ?
       returning customer_name, customer_email, trainings`,
      [
        charge.paymentMethodId,
        charge.customerId,
        charge.paidWith ?? 'card',
        settled,
        settled,
        settled,
        charge.nextInstallmentAt,
        payment.id,
      ],
      'all',
      context,
    );
    await connection.execute(
      `insert into payment_installments (id, payment_id, installment_number, amount, status, provider_payment_id, created_at, claimed_at)
       values (?, ?, 1, ?, 'succeeded', ?, now(), now())
       on conflict (payment_id, installment_number) do nothing`,
      [randomUUID(), payment.id, payment.amount, charge.providerPaymentId],
      'run',
      context,
    );
    if (paid) {
      await ReceiptsRepository.issue(tx, {
        kind: 'receipt',
        sourceKey: `charge:${payment.id}:1`,
        paymentId: payment.id,
        installmentNumber: 1,
        providerPaymentId: charge.providerPaymentId,
        amountCents: payment.amount,
        issuedAt: new Date(),
      });
    }
    await this.enrollments.enrollPaid(
      tx,
      charge.providerPaymentId,
      planned.map((enrollment) => ({
        ...enrollment,
        studentName: paid?.customer_name ?? enrollment.studentName,
        studentEmail: paid?.customer_email ?? enrollment.studentEmail,
        cohortId: paid
          ? (paid.trainings.find((t) => t.name === enrollment.trainingName)?.cohortId ?? null)
          : enrollment.cohortId,
      })),
    );
    if (confirmation) {
      // Addressed like the enrollments, from the locked row.
      const to = paid?.customer_email ?? confirmation.to;
      const buyerName = paid?.customer_name ?? confirmation.data.buyerName;
      await OutboxRepository.enqueue(tx, { ...confirmation, to, data: { ...confirmation.data, buyerName } });
    }
    const enrollmentIds = await this.enrollments.idsOfPayment(tx, charge.providerPaymentId);
    await this.raisePaidWebhooks(tx, payment, charge.providerPaymentId, enrollmentIds);
    return enrollmentIds;
  }

  /**
   * The webhook events of a confirmed payment, in its transaction: one payment.succeeded per payment and one
   * enrollment.created per enrollment, keyed by them, so replays and races of the confirmation raise each once.
   */
  private async raisePaidWebhooks(
    tx: EntityManager,
    payment: Payment,
    paymentIntentId: string,
    enrollmentIds: string[],
  ): Promise<void> {
    await WebhookOutbox.enqueue(tx, {
      type: 'payment.succeeded',
      key: `payment.succeeded:${payment.id}`,
      data: {
        paymentId: payment.id,
        paymentIntentId,
        amount: payment.amount,
        currency: payment.currency,
        paymentType: payment.kind === 'bundle' ? 'bundle' : String(payment.paymentType),
        trainings: payment.trainings.map((training) => training.name),
        installmentsTotal: payment.installmentsTotal,
        enrollmentIds,
      },
    });
    const enrolled = await tx.execute<
      Array<{
        id: string;
        training_name: string;
        cohort_id: string | null;
        student_name: string;
        student_email: string;
        payment_type: string;
      }>
    >(
      `select id, training_name, cohort_id, student_name, student_email, payment_type from enrollments
        where payment_intent_id = ? order by training_name, id`,
      [paymentIntentId],
    );
    for (const row of enrolled) {
      await WebhookOutbox.enqueue(tx, {
        type: 'enrollment.created',
        key: `enrollment.created:${row.id}`,
        data: {
          enrollmentId: row.id,
          trainingName: row.training_name,
          cohortId: row.cohort_id,
          studentName: row.student_name,
          studentEmail: row.student_email,
          paymentType: row.payment_type,
          paymentIntentId,
        },
      });
    }
  }

  /** A failed attempt is recorded unless the payment already succeeded (events can arrive out of order). */
  async recordFailed(providerPaymentId: string, message: string): Promise<void> {
    await this.em.getConnection().execute(
      `update payments set status = 'failed', failure_message = ?, updated_at = now()
         where provider_payment_id = ? and status <> 'succeeded'`,
      [message, providerPaymentId],
      'run',
    );
  }

  /**
   * Locks a payment's row for a change of its plan (select … for update), on the caller's transaction's `em`;
   * taken before the enrollment's row, the order the installments job takes them in.
   */
  async lockPlan(
    em: EntityManager,
    providerPaymentId: string,
  ): Promise<{ id: string; planStatus: PlanStatus; installmentsPaid: number; installmentsTotal: number } | null> {
    const [row] = await em.execute<
      Array<{ id: string; plan_status: PlanStatus; installments_paid: number; installments_total: number }>
    >(
      'select id, plan_status, installments_paid, installments_total from payments where provider_payment_id = ? for update',
      [providerPaymentId],
    );
    return row
      ? {
          id: row.id,
          planStatus: row.plan_status,
          installmentsPaid: Number(row.installments_paid),
          installmentsTotal: Number(row.installments_total),
        }
      : null;
  }

  /** A refund or a cancellation stops a running plan (on the caller's transaction's `em`); true when it was running. */
  async stopPlan(em: EntityManager, providerPaymentId: string): Promise<boolean> {
    const rows = await em.execute<Array<{ id: string }>>(
      `update payments set plan_status = 'stopped', next_retry_at = null, updated_at = now()
       where provider_payment_id = ? and plan_status in ('active', 'past_due')
       returning id`,
      [providerPaymentId],
    );
    return rows.length === 1;
  }

  /**
   * An admin's explicit restart of a stopped plan: active again (its next installment is charged when due, or by the
   * next run when that date has passed), or past due with a retry now when its current installment was declined.
   */
  async restartPlan(em: EntityManager, paymentId: string): Promise<PlanStatus | null> {
    const rows = await em.execute<Array<{ plan_status: PlanStatus }>>(
      `update payments p set
         plan_status = case when d.declined then 'past_due' else 'active' end,
         next_retry_at = case when d.declined then now() else null end,
         next_installment_at = coalesce(p.next_installment_at, now()),
         updated_at = now()
       from (select exists (select 1 from payment_installments i join payments q on q.id = i.payment_id
                            where q.id = ? and i.installment_number = q.installments_paid + 1 and i.status = 'failed')
             as declined) d
       where p.id = ? and p.plan_status = 'stopped'
       returning p.plan_status`,
      [paymentId, paymentId],
    );
    return rows[0]?.plan_status ?? null;
  }

  /** Plans with an installment due, except those whose enrollments an admin has all cancelled or deleted. */
  findDueInstallmentPlans(now: Date, limit: number): Promise<Payment[]> {
    return this.plansDue(
      `p.plan_status = 'active' and p.status = 'succeeded' and p.next_installment_at <= ?`,
      'nextInstallmentAt',
      now,
      limit,
    );
  }

  /** Past-due plans whose declined installment is due to be tried again, except those an admin stopped. */
  findRetryDuePlans(now: Date, limit: number): Promise<Payment[]> {
    return this.plansDue(`p.plan_status = 'past_due' and p.next_retry_at <= ?`, 'nextRetryAt', now, limit);
  }

  /**
   * Up to `limit` plans matching `condition` (SQL with one `?` for `now`) that still have an enrollment no admin
   * cancelled, oldest `dueAt` first.
   */
  private async plansDue(
    condition: string,
    dueAt: 'nextInstallmentAt' | 'nextRetryAt',
    now: Date,
    limit: number,
  ): Promise<Payment[]> {
    const column = dueAt === 'nextInstallmentAt' ? 'p.next_installment_at' : 'p.next_retry_at';
    const rows = await this.em
      .getConnection()
      .execute<{ id: string; plan_status: PlanStatus; enrollment_statuses: string[] }[]>(
        `select p.id, p.plan_status,
         array(select e.enrollment_status from enrollments e where e.payment_intent_id = p.provider_payment_id) as enrollment_statuses
       from payments p
       where ${condition}
         and exists (select 1 from enrollments e
                     where e.payment_intent_id = p.provider_payment_id and e.enrollment_status <> 'cancelled')
       order by ${column} asc
       limit ?`,
        [now, limit],
      );
    // The SQL narrows; the rule the panel's status follows decides.
    const due = rows.filter((row) =>
      planCharges({ planStatus: row.plan_status, enrollmentStatuses: row.enrollment_statuses }),
    );
    if (due.length === 0) return [];
    return this.em.find(
      Payment,
      { id: { $in: due.map((row) => row.id) } },
      { orderBy: { [dueAt]: 'asc' }, refresh: true },
    );
  }

  /** Claims an installment before charging it; false when another run already has it. */
  async claimInstallment(
    tx: EntityManager,
    paymentId: string,
    installmentNumber: number,
    amount: number,
  ): Promise<boolean> {
    return this.underPlanLock(tx, paymentId, async () => {
      const rows = await tx.execute<{ id: string }[]>(
        `insert into payment_installments (id, payment_id, installment_number, amount, status, created_at, claimed_at)
         values (?, ?, ?, ?, 'processing', now(), now())
         on conflict (payment_id, installment_number) do nothing
         returning id`,
        [randomUUID(), paymentId, installmentNumber, amount],
      );
      return rows.length === 1;
    });
  }

  /**
   * Takes over claims still 'processing' since before `staleBefore`: their run died between claiming and recording.
   * Each is taken by one run only (row locks, skipped when another run holds them) and its claim time renewed. Plans
   * stopped since (past due, or every enrollment cancelled or deleted) are left alone, as the due pass leaves them.
   */
  async takeOverStaleClaims(staleBefore: Date, limit: number): Promise<StaleInstallmentClaim[]> {
    const rows = await this.em
      .getConnection()
      .execute<Array<{ payment_id: string; installment_number: number; created_at: Date }>>(
        `update payment_installments set claimed_at = now()
       where id in (select i.id from payment_installments i join payments p on p.id = i.payment_id
                    where i.status = 'processing' and i.claimed_at < ? and p.plan_status = 'active'
                      and exists (select 1 from enrollments e
                                  where e.payment_intent_id = p.provider_payment_id and e.enrollment_status <> 'cancelled')
                    order by i.claimed_at limit ? for update of i skip locked)
       returning payment_id, installment_number, created_at`,
        [staleBefore, limit],
        'all',
      );
    if (rows.length === 0) return [];
    const payments = await this.em.find(Payment, { id: { $in: rows.map((row) => row.payment_id) } }, { refresh: true });
    return rows.flatMap((row) => {
      const payment = payments.find((candidate) => candidate.id === row.payment_id);
      return payment
        ? [{ payment, installmentNumber: row.installment_number, firstClaimedAt: new Date(row.created_at) }]
        : [];
    });
  }

  /** A charged installment: the plan moves on a month, and each enrollment's amount paid grows by it. */
  async recordInstallmentPaid(
    tx: EntityManager,
    input: {
      payment: Payment;
      installmentNumber: number;
      providerPaymentId: string;
      nextInstallmentAt: Date | null;
      /** The receipt (and, for the last month, the paid-in-full mail), written with the charge. */
      mails: OutboxMailInput[];
    },
  ): Promise<void> {
    const { payment } = input;
    await this.setInstallmentRow(tx, payment.id, input.installmentNumber, {
      status: 'succeeded',
      providerPaymentId: input.providerPaymentId,
      failureMessage: null,
    });
    await tx.execute(
      `update payments set installments_paid = ?, next_installment_at = ?, next_retry_at = null, installment_declines = 0,
         plan_status = case when ? >= installments_total then 'completed' else 'active' end, updated_at = now()
       where id = ?`,
      [input.installmentNumber, input.nextInstallmentAt, input.installmentNumber, payment.id],
    );
    await ReceiptsRepository.issue(tx, {
      kind: 'receipt',
      sourceKey: `charge:${payment.id}:${input.installmentNumber}`,
      paymentId: payment.id,
      installmentNumber: input.installmentNumber,
      providerPaymentId: input.providerPaymentId,
      amountCents: laterInstallmentCents(payment),
      issuedAt: new Date(),
    });
    await this.enrollments.addPaymentAmount(tx, payment.providerPaymentId, laterInstallmentCents(payment));
    await this.tellInstallmentOutcome(tx, payment, input.installmentNumber, input.mails, {
      type: 'installment.paid',
      key: `installment.paid:${payment.id}:${input.installmentNumber}`,
      paymentIntentId: input.providerPaymentId,
    });
  }

  /** A declined installment: the plan is past due and each enrollment's notes say so, for the admin. */
  async recordInstallmentFailed(
    tx: EntityManager,
    input: {
      payment: Payment;
      installmentNumber: number;
      providerPaymentId: string | null;
      message: string;
      note: string;
      /** When the hourly job tries the card again; null when it will not. */
      nextRetryAt: Date | null;
      /** The declined-installment mail with its update-card link, written with the failure. */
      mails: OutboxMailInput[];
    },
  ): Promise<void> {
    const { payment } = input;
    await this.setInstallmentRow(tx, payment.id, input.installmentNumber, {
      status: 'failed',
      providerPaymentId: input.providerPaymentId,
      failureMessage: input.message,
    });
    await tx.execute(
      `update payments set plan_status = 'past_due', failure_message = ?, next_retry_at = ?,
         installment_declines = installment_declines + 1, updated_at = now()
       where id = ?`,
      [input.message, input.nextRetryAt, payment.id],
    );
    await this.enrollments.appendNote(tx, payment.providerPaymentId, input.note);
    // One event per decline (a retried month that is declined again is told again).
    await this.tellInstallmentOutcome(tx, payment, input.installmentNumber, input.mails, {
      type: 'installment.failed',
      key: `installment.failed:${payment.id}:${input.installmentNumber}:${randomUUID()}`,
      paymentIntentId: input.providerPaymentId ?? payment.providerPaymentId,
    });
  }

  /** A claimed installment's outcome on its row (a paid one has no failure message). */
  private async setInstallmentRow(
    tx: EntityManager,
    paymentId: string,
    installmentNumber: number,
    outcome: { status: 'succeeded' | 'failed'; providerPaymentId: string | null; failureMessage: string | null },
  ): Promise<void> {
    await tx.execute(
      `update payment_installments set status = ?, provider_payment_id = ?, failure_message = ?
       where payment_id = ? and installment_number = ?`,
      [outcome.status, outcome.providerPaymentId, outcome.failureMessage, paymentId, installmentNumber],
    );
  }

  /** The mails and the webhook event of an installment's outcome, in its transaction. */
  private async tellInstallmentOutcome(
    tx: EntityManager,
    payment: Payment,
    installmentNumber: number,
    mails: OutboxMailInput[],
    event: { type: 'installment.paid' | 'installment.failed'; key: string; paymentIntentId: string },
  ): Promise<void> {
    await OutboxRepository.enqueue(tx, mails);
    await WebhookOutbox.enqueue(tx, {
      type: event.type,
      key: event.key,
      data: {
        paymentId: payment.id,
        paymentIntentId: event.paymentIntentId,
        installmentNumber,
        installmentsTotal: payment.installmentsTotal,
        amount: laterInstallmentCents(payment),
      },
    });
  }
}
