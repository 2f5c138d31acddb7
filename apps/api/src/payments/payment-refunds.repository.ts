import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import type { PaymentChargeView, RefundView } from '@app/contracts';
import { randomUUID } from 'node:crypto';
import { ReceiptsRepository } from '../receipts/receipts.repository';
import { PAID_ENROLLMENTS, type PaidEnrollments } from './paid-enrollments.port';
import { WebhookOutbox } from '../webhooks/webhook-outbox';

export interface RecordedRefund {
  paymentId: string;
  enrollmentId: string | null;
  adminUsername: string | null;
  providerRefundId: string;
  providerPaymentId: string;
  amount: number;
  reason: string | null;
  /** The panel's refund request that made it; null for a refund made in Stripe's dashboard. */
  refundRequestId: string | null;
}

/** One charge's part of a refund request. */
export interface RefundPart {
  providerPaymentId: string;
  amountCents: number;
}

/** A refund decided under the payment's lock and recorded before the provider is asked to make it. */
export interface RefundRequest {
  id: string;
  paymentId: string;
  enrollmentId: string;
  amount: number;
  parts: RefundPart[];
  adminUsername: string | null;
  reason: string | null;
}

/** A payment as locked for a refund decision. */
export interface LockedForRefund {
  id: string;
  status: string;
}

export interface ChargeBalance {
  providerPaymentId: string;
  amount: number;
  refunded: number;
}

/**
 * The only writer of payment_refunds. Statements go through the EntityManager's context, so they join the caller's
 * transaction; the unique provider refund id makes a refund recorded twice (our call, then Stripe's event) count once.
 */
@Injectable()
export class PaymentRefundsRepository {
  constructor(
    private readonly em: EntityManager,
    @Inject(PAID_ENROLLMENTS) private readonly enrollments: PaidEnrollments,
  ) {}

  /**
   * Inserts the refunds not recorded yet, each new one with its numbered credit note and its webhook event, in the
   * caller's transaction (its `em`); how many were new.
   */
  async record(em: EntityManager, refunds: RecordedRefund[]): Promise<number> {
    let inserted = 0;
    for (const refund of refunds) {
      const rows = await em.execute<Array<{ id: string }>>(
        `insert into payment_refunds (id, payment_id, enrollment_id, admin_username, provider_refund_id, provider_payment_id, amount, reason, refund_request_id, created_at)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, now())
         on conflict (provider_refund_id) do nothing
         returning id`,
        [
          randomUUID(),
          refund.paymentId,
          refund.enrollmentId,
          refund.adminUsername,
          refund.providerRefundId,
          refund.providerPaymentId,
          refund.amount,
          refund.reason,
          refund.refundRequestId,
        ],
      );
      inserted += rows.length;
      if (rows.length > 0) {
        await ReceiptsRepository.issue(em, {
          kind: 'credit-note',
          sourceKey: `refund:${refund.providerRefundId}`,
          paymentId: refund.paymentId,
          installmentNumber: null,
          providerPaymentId: refund.providerRefundId,
          amountCents: refund.amount,
          issuedAt: new Date(),
        });
        // Raised with the row, once per refund id, in the caller's transaction when there is one (the panel's refund).
        await WebhookOutbox.enqueue(em, {
          type: 'refund.created',
          key: `refund.created:${refund.providerRefundId}`,
          data: {
            refundId: refund.providerRefundId,
            enrollmentId: refund.enrollmentId,
            paymentIntentId: refund.providerPaymentId,
            amount: refund.amount,
          },
        });
      }
    }
    return inserted;
  }

  /**
   * Each succeeded charge of a payment (the first, then each installment), newest first, with what was refunded on it
   * and what pending refund requests have reserved on it and not recorded yet.
   */
  async chargeBalances(paymentId: string): Promise<ChargeBalance[]> {
    const rows = await this.em.execute<Array<{ provider_payment_id: string; amount: number; refunded: string }>>(
      `select i.provider_payment_id, i.amount,
         coalesce((select sum(r.amount) from payment_refunds r where r.provider_payment_id = i.provider_payment_id), 0)
         + coalesce((select sum(greatest(0, (part->>'amountCents')::int - coalesce((select sum(r.amount) from payment_refunds r
                       where r.refund_request_id = q.id and r.provider_payment_id = i.provider_payment_id), 0)))
                     from payment_refund_requests q, jsonb_array_elements(q.parts) part
                     where q.payment_id = i.payment_id and q.status = 'pending'
                       and part->>'providerPaymentId' = i.provider_payment_id), 0) as refunded
       from payment_installments i
       where i.payment_id = ? and i.status = 'succeeded' and i.provider_payment_id is not null
       order by i.installment_number desc`,
      [paymentId],
    );
    return rows.map((row) => ({
      providerPaymentId: row.provider_payment_id,
      amount: Number(row.amount),
      refunded: Number(row.refunded),
    }));
  }

  /**
   * Locks the payment row (select … for update) on the caller's transaction's `em`: refund decisions of its enrollments
   * are taken one after the other, each seeing what the previous one refunded or reserved.
   */
  async lockForRefund(
    em: EntityManager,
    by: { providerPaymentId: string } | { paymentId: string },
  ): Promise<LockedForRefund | null> {
    const [row] = await em.execute<Array<{ id: string; status: string }>>(
      `select id, status from payments where ${'paymentId' in by ? 'id' : 'provider_payment_id'} = ? for update`,
      ['paymentId' in by ? by.paymentId : by.providerPaymentId],
    );
    return row ?? null;
  }

  /** What an enrollment was charged (its share of the payment) and its payment; read under the payment's lock. */
  async enrollmentShare(
    enrollmentId: string,
  ): Promise<{ chargedCents: number; paymentIntentId: string | null } | null> {
    const [row] = await this.em.execute<Array<{ payment_amount: number; payment_intent_id: string | null }>>(
      'select payment_amount, payment_intent_id from enrollments where id = ?',
      [enrollmentId],
    );
    return row ? { chargedCents: Number(row.payment_amount), paymentIntentId: row.payment_intent_id } : null;
  }

  /** Refunded to this enrollment, plus what its pending requests reserve and have not recorded yet. */
  async refundedOrReservedForEnrollment(enrollmentId: string): Promise<number> {
    const [row] = await this.em.execute<Array<{ total: string }>>(
      `select coalesce((select sum(amount) from payment_refunds where enrollment_id = ?), 0)
         + coalesce((select sum(greatest(0, q.amount - coalesce((select sum(r.amount) from payment_refunds r
                                                                where r.refund_request_id = q.id), 0)))
                     from payment_refund_requests q where q.enrollment_id = ? and q.status = 'pending'), 0) as total`,
      [enrollmentId, enrollmentId],
    );
    return Number(row.total);
  }

  /** Records the request before the provider is called: its id is the provider's idempotency key. */
  async insertRequest(em: EntityManager, request: RefundRequest): Promise<void> {
    await em.execute(
      `insert into payment_refund_requests (id, payment_id, enrollment_id, amount, parts, status, admin_username, reason, created_at)
       values (?, ?, ?, ?, ?::jsonb, 'pending', ?, ?, now())`,
      [
        request.id,
        request.paymentId,
        request.enrollmentId,
        request.amount,
        JSON.stringify(request.parts),
        request.adminUsername,
        request.reason,
      ],
      'run',
    );
  }

  /**
   * Ends a pending request once: true for the caller that ended it. A completed request keeps what was made; a failed
   * one made nothing, and its reservation is released.
   */
  async finishRequest(
    em: EntityManager,
    id: string,
    status: 'completed' | 'failed',
    madeCents: number,
  ): Promise<boolean> {
    const rows = await em.execute<Array<{ id: string }>>(
      `update payment_refund_requests set status = ?, amount = case when ? > 0 then ? else amount end, finished_at = now()
       where id = ? and status = 'pending'
       returning id`,
      [status, madeCents, madeCents, id],
    );
    return rows.length === 1;
  }

  /** These requests by id (Stripe's events carry the request id in each refund's metadata). */
  async findRequests(
    ids: string[],
  ): Promise<Map<string, { enrollmentId: string; adminUsername: string | null; reason: string | null }>> {
    if (ids.length === 0) return new Map();
    const rows = await this.em.execute<
      Array<{ id: string; enrollment_id: string; admin_username: string | null; reason: string | null }>
    >(
      `select id, enrollment_id, admin_username, reason from payment_refund_requests
       where id::text in (${ids.map(() => '?').join(', ')})`,
      ids,
    );
    return new Map(
      rows.map((row) => [
        row.id,
        { enrollmentId: row.enrollment_id, adminUsername: row.admin_username, reason: row.reason },
      ]),
    );
  }

  async listForPayment(paymentId: string): Promise<RefundView[]> {
    const rows = await this.em.execute<
      Array<{
        provider_refund_id: string;
        provider_payment_id: string;
        amount: number;
        reason: string | null;
        created_at: Date;
      }>
    >(
      `select provider_refund_id, provider_payment_id, amount, reason, created_at from payment_refunds
       where payment_id = ? order by created_at, id`,
      [paymentId],
    );
    return rows.map((row) => ({
      providerRefundId: row.provider_refund_id,
      providerPaymentId: row.provider_payment_id,
      amountCents: Number(row.amount),
      reason: row.reason,
      createdAt: new Date(row.created_at).toISOString(),
    }));
  }

  async listCharges(paymentId: string): Promise<PaymentChargeView[]> {
    const rows = await this.em.execute<
      Array<{
        installment_number: number;
        amount: number;
        status: string;
        provider_payment_id: string | null;
        failure_message: string | null;
        created_at: Date;
      }>
    >(
      `select installment_number, amount, status, provider_payment_id, failure_message, created_at from payment_installments
       where payment_id = ? order by installment_number`,
      [paymentId],
    );
    return rows.map((row) => ({
      installmentNumber: row.installment_number,
      amountCents: Number(row.amount),
      status: row.status,
      providerPaymentId: row.provider_payment_id,
      failureMessage: row.failure_message,
      chargedAt: new Date(row.created_at).toISOString(),
    }));
  }

  /** The payment a charge belongs to: its first payment intent or one of its installments'. */
  async paymentOfCharge(
    providerPaymentId: string,
  ): Promise<{ paymentId: string; firstPaymentIntentId: string } | null> {
    const [row] = await this.em.execute<Array<{ id: string; provider_payment_id: string }>>(
      `select p.id, p.provider_payment_id from payments p
       where p.provider_payment_id = ?
          or exists (select 1 from payment_installments i where i.payment_id = p.id and i.provider_payment_id = ?)
       limit 1`,
      [providerPaymentId, providerPaymentId],
    );
    return row ? { paymentId: row.id, firstPaymentIntentId: row.provider_payment_id } : null;
  }

  /**
   * A refund made outside the panel (Stripe's dashboard) reaches us only as an event: its enrollments are cancelled,
   * which stops the plan's later installments. The panel's own refunds cancel through the enrollments repository.
   */
  enrollmentsOfPayment(firstPaymentIntentId: string): Promise<string[]> {
    return this.enrollments.idsOfPayment(this.em, firstPaymentIntentId);
  }

  /** Cancels the payment's enrollments (their owner writes them), each with the note. */
  cancelEnrollmentsOfPayment(em: EntityManager, firstPaymentIntentId: string, note: string): Promise<void> {
    return this.enrollments.cancelForRefund(em, firstPaymentIntentId, note);
  }
}
