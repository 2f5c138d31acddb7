import type { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { PaymentView } from '@app/contracts';
import { addMonthsUtc, allocateRefund, refundProblem } from '@app/domain';
import { randomUUID } from 'node:crypto';
import { TransactionRunner } from '../database/transaction-runner';
import { laterInstallmentCents } from './payment.entity';
import { PaymentRefundsRepository, type RecordedRefund, type RefundRequest } from './payment-refunds.repository';
import { RefundNotPossibleError } from './payments.errors';
import { PaymentsRepository } from './payments.repository';
import { PAYMENT_PROVIDER, RefundRefusedError, type PaymentProvider } from './providers/payment-provider';

/** A refund that did not fail at the provider counts; a failed or cancelled one gave the money back to nobody. */
const COUNTED_REFUND_STATUSES = new Set(['succeeded', 'pending', 'requires_action']);

/** Refunds through the payment provider, and what the admin's detail view shows of a payment. */
@Injectable()
export class PaymentRefundsService {
  private readonly logger = new Logger(PaymentRefundsService.name);

  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly payments: PaymentsRepository,
    private readonly refunds: PaymentRefundsRepository,
    private readonly tx: TransactionRunner,
  ) {}

  /**
   * Decides a refund of an enrollment, on the `em` of the caller's transaction. Under the payment row's lock (select
   * … for update) it reads the enrollment's share (what it was charged), what is refunded or reserved by pending
   * requests of it and of the payment's charges, checks the amount (all that is left when none is given), spreads it
   * over the charges newest first, and records the request. Concurrent refunds of a payment's enrollments wait for
   * each other here, so together they never exceed any enrollment's share.
   */
  async decide(
    em: EntityManager,
    input: {
      enrollmentId: string;
      amountCents: number | undefined;
      reason: string | null;
      adminUsername: string | null;
    },
  ): Promise<RefundRequest> {
    const unlocked = await this.refunds.enrollmentShare(input.enrollmentId);
    const payment = unlocked?.paymentIntentId
      ? await this.refunds.lockForRefund(em, { providerPaymentId: unlocked.paymentIntentId })
      : null;
    if (!payment || payment.status !== 'succeeded') {
      throw new RefundNotPossibleError(
        'This enrollment has no card payment to refund (a manual entry is refunded outside the panel)',
      );
    }
    // Read again under the lock: an installment adds to the share while it holds the payment row.
    const share = await this.refunds.enrollmentShare(input.enrollmentId);
    const charges = await this.refunds.chargeBalances(payment.id);
    const chargesLeft = charges.reduce((sum, charge) => sum + Math.max(0, charge.amount - charge.refunded), 0);
    const alreadyRefunded = await this.refunds.refundedOrReservedForEnrollment(input.enrollmentId);
    const refundable = Math.max(0, Math.min(chargesLeft, (share?.chargedCents ?? 0) - alreadyRefunded));
    const amount = input.amountCents ?? refundable;
    const problem = refundProblem({ amountCents: amount, refundableCents: refundable });
    if (problem) throw new RefundNotPossibleError(problem);
    const request: RefundRequest = {
      id: randomUUID(),
      paymentId: payment.id,
      enrollmentId: input.enrollmentId,
      amount,
      parts: allocateRefund(
        amount,
        charges.map((charge) => ({
          providerPaymentId: charge.providerPaymentId,
          refundableCents: Math.max(0, charge.amount - charge.refunded),
        })),
      ),
      adminUsername: input.adminUsername,
      reason: input.reason,
    };
    await this.refunds.insertRequest(em, request);
    return request;
  }

  /**
   * Makes a decided request at the provider, outside any transaction (money cannot be un-refunded by a rollback). Each
   * part's idempotency key is the request's id and the part's place, never the amount: a retry of the same request is
   * answered with the first refund. A refusal before anything was made ends the request (its reservation is released);
   * an error the provider may or may not have acted on leaves it pending and reserved, never refunded twice.
   */
  async make(request: RefundRequest): Promise<RecordedRefund[]> {
    const made: RecordedRefund[] = [];
    for (const [index, part] of request.parts.entries()) {
      try {
        const refund = await this.provider.refund({
          paymentIntentId: part.providerPaymentId,
          amount: part.amountCents,
          metadata: {
            enrollmentId: request.enrollmentId,
            paymentRecordId: request.paymentId,
            refundRequestId: request.id,
          },
          idempotencyKey: `refund-${request.id}-${index}`,
        });
        made.push({
          paymentId: request.paymentId,
          enrollmentId: request.enrollmentId,
          adminUsername: request.adminUsername,
          providerRefundId: refund.id,
          providerPaymentId: part.providerPaymentId,
          amount: refund.amount,
          reason: request.reason,
          refundRequestId: request.id,
        });
      } catch (error) {
        if (made.length > 0) {
          // Part of the refund went through: record that part, and say the rest did not.
          this.logger.error(`Refund request ${request.id} stopped after ${made.length} part(s)`);
          return made;
        }
        if (error instanceof RefundRefusedError) {
          await this.tx.run((em) => this.refunds.finishRequest(em, request.id, 'failed', 0));
          throw new RefundNotPossibleError(error.message);
        }
        throw error;
      }
    }
    return made;
  }

  /**
   * Records a made request's refunds, inside the caller's transaction and under the payment row's lock: true for the
   * one call that completed the request (the caller then cancels the enrollment and writes the audit event), false
   * when it was completed already.
   */
  async complete(em: EntityManager, request: RefundRequest, made: RecordedRefund[]): Promise<boolean> {
    await this.refunds.lockForRefund(em, { paymentId: request.paymentId });
    const madeCents = made.reduce((sum, refund) => sum + refund.amount, 0);
    const first = await this.refunds.finishRequest(em, request.id, 'completed', madeCents);
    if (first) await this.refunds.record(em, made);
    return first;
  }

  /**
   * Stripe's charge.refunded: each refund on the charge is recorded once (the unique refund id), whichever of our call
   * and the event comes first, and however often the event is delivered. A refund we did not record (made in Stripe's
   * dashboard) cancels the payment's enrollments, which stops its later installments; returns how many were new.
   */
  async recordRefundedCharge(paymentIntentId: string | null): Promise<number> {
    if (!paymentIntentId) return 0;
    const owner = await this.refunds.paymentOfCharge(paymentIntentId);
    if (!owner) {
      this.logger.warn(`Ignoring refunds of payment intent ${paymentIntentId}: it was not created by this API`);
      return 0;
    }
    // The event's Charge has no refund list on current Stripe API versions: the provider's list is the one to trust.
    const refunds = (await this.provider.listRefunds(paymentIntentId)).filter((refund) =>
      COUNTED_REFUND_STATUSES.has(refund.status),
    );
    const [enrollmentId] = await this.refunds.enrollmentsOfPayment(owner.firstPaymentIntentId);
    // A refund the panel asked for names its request: it belongs to that request's enrollment, which the panel's own
    // path cancels; only refunds made elsewhere cancel the payment's enrollments.
    const requests = await this.refunds.findRequests(
      refunds.flatMap((refund) => (refund.refundRequestId ? [refund.refundRequestId] : [])),
    );
    const ours = refunds.filter((refund) => refund.refundRequestId && requests.has(refund.refundRequestId));
    const others = refunds.filter((refund) => !ours.includes(refund));
    const insertedOurs = await this.tx.run((em) =>
      this.refunds.record(
        em,
        ours.map((refund) => {
          const request = requests.get(refund.refundRequestId as string)!;
          return {
            paymentId: owner.paymentId,
            enrollmentId: request.enrollmentId,
            adminUsername: request.adminUsername,
            providerRefundId: refund.id,
            providerPaymentId: paymentIntentId,
            amount: refund.amount,
            reason: request.reason,
            refundRequestId: refund.refundRequestId ?? null,
          };
        }),
      ),
    );
    const inserted = await this.tx.run((em) =>
      this.refunds.record(
        em,
        others.map((refund) => ({
          paymentId: owner.paymentId,
          enrollmentId: enrollmentId ?? null,
          adminUsername: null,
          providerRefundId: refund.id,
          providerPaymentId: paymentIntentId,
          amount: refund.amount,
          reason: 'Refunded in Stripe',
          refundRequestId: null,
        })),
      ),
    );
    if (inserted > 0) {
      await this.tx.run(async (em) => {
        await this.refunds.cancelEnrollmentsOfPayment(em, owner.firstPaymentIntentId, 'Refunded in Stripe');
        await this.payments.stopPlan(em, owner.firstPaymentIntentId);
      });
    }
    return inserted + insertedOurs;
  }

  async paymentView(paymentIntentId: string | null): Promise<PaymentView | null> {
    if (!paymentIntentId) return null;
    const payment = await this.payments.findByProviderPaymentId(paymentIntentId);
    if (!payment) return null;
    // One after another: the enrollment's update, move and refund read this inside their transaction, whose one
    // connection cannot run queries side by side (pg queues them, and pg 9 will refuse).
    const charges = await this.refunds.listCharges(payment.id);
    const refunds = await this.refunds.listForPayment(payment.id);
    const balances = await this.refunds.chargeBalances(payment.id);
    const upcoming: PaymentView['upcoming'] = [];
    if (payment.planStatus === 'active' && payment.nextInstallmentAt) {
      for (let n = payment.installmentsPaid + 1; n <= payment.installmentsTotal; n++) {
        upcoming.push({
          installmentNumber: n,
          amountCents: laterInstallmentCents(payment),
          dueAt: addMonthsUtc(payment.nextInstallmentAt, n - payment.installmentsPaid - 1).toISOString(),
        });
      }
    }
    return {
      id: payment.id,
      provider: payment.provider,
      providerPaymentId: payment.providerPaymentId,
      providerCustomerId: payment.providerCustomerId,
      paymentType: payment.paymentType,
      status: payment.status,
      planStatus: payment.planStatus,
      amountCents: payment.amount,
      installmentsTotal: payment.installmentsTotal,
      installmentsPaid: payment.installmentsPaid,
      nextInstallmentAt: payment.nextInstallmentAt?.toISOString() ?? null,
      charges,
      upcoming,
      refunds,
      refundableCents: balances.reduce((sum, charge) => sum + charge.amount - charge.refunded, 0),
      promotionCode: payment.promotionCode,
      discountCents: payment.discountCents,
    };
  }
}
