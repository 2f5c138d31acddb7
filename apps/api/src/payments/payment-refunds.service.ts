import { Inject, Injectable, Logger } from '@nestjs/common';
import type { PaymentView } from '@app/contracts';
import { addMonthsUtc, allocateRefund, refundProblem } from '@app/domain';
import { laterInstallmentCents } from './payment.entity';
import { PaymentRefundsRepository, type RecordedRefund } from './payment-refunds.repository';
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
  ) {}

  /**
   * Refunds up to what this enrollment was charged and not yet refunded, spread over the payment's charges newest
   * first. Made at the provider before anything is recorded: the caller records the result (with its audit event)
   * in one transaction. A repeated request (same enrollment, same amount, same refunded total) reuses the idempotency
   * key, so the provider answers with the first refund instead of refunding twice.
   */
  async refund(input: {
    enrollmentId: string;
    paymentIntentId: string | null;
    chargedCents: number;
    amountCents: number | undefined;
    reason: string | null;
    adminUsername: string | null;
  }): Promise<RecordedRefund[]> {
    const payment = input.paymentIntentId ? await this.payments.findByProviderPaymentId(input.paymentIntentId) : null;
    if (!payment || payment.status !== 'succeeded') {
      throw new RefundNotPossibleError(
        'This enrollment has no card payment to refund (a manual entry is refunded outside the panel)',
      );
    }
    const charges = await this.refunds.chargeBalances(payment.id);
    const chargesLeft = charges.reduce((sum, charge) => sum + charge.amount - charge.refunded, 0);
    const alreadyRefunded = await this.refunds.refundedForEnrollment(input.enrollmentId);
    const refundable = Math.min(chargesLeft, input.chargedCents - alreadyRefunded);
    const amount = input.amountCents ?? refundable;
    const problem = refundProblem({ amountCents: amount, refundableCents: refundable });
    if (problem) throw new RefundNotPossibleError(problem);
    const plan = allocateRefund(
      amount,
      charges.map((charge) => ({
        providerPaymentId: charge.providerPaymentId,
        refundableCents: charge.amount - charge.refunded,
      })),
    );
    const made: RecordedRefund[] = [];
    for (const part of plan) {
      try {
        const refund = await this.provider.refund({
          paymentIntentId: part.providerPaymentId,
          amount: part.amountCents,
          metadata: { enrollmentId: input.enrollmentId, paymentRecordId: payment.id },
          idempotencyKey: `refund-${input.enrollmentId}-${alreadyRefunded}-${amount}-${part.providerPaymentId}`,
        });
        made.push({
          paymentId: payment.id,
          enrollmentId: input.enrollmentId,
          adminUsername: input.adminUsername,
          providerRefundId: refund.id,
          providerPaymentId: part.providerPaymentId,
          amount: refund.amount,
          reason: input.reason,
        });
      } catch (error) {
        if (error instanceof RefundRefusedError && made.length === 0) throw new RefundNotPossibleError(error.message);
        if (made.length > 0) {
          // Part of the refund went through: record that part, and say the rest did not.
          this.logger.error(`Refund of enrollment ${input.enrollmentId} stopped after ${made.length} part(s)`);
          return made;
        }
        throw error;
      }
    }
    return made;
  }

  /** Records refunds (the panel's, inside the caller's transaction); how many were new. */
  record(refunds: RecordedRefund[]): Promise<number> {
    return this.refunds.record(refunds);
  }

  refundedForEnrollment(enrollmentId: string): Promise<number> {
    return this.refunds.refundedForEnrollment(enrollmentId);
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
    const inserted = await this.refunds.record(
      refunds.map((refund) => ({
        paymentId: owner.paymentId,
        enrollmentId: enrollmentId ?? null,
        adminUsername: null,
        providerRefundId: refund.id,
        providerPaymentId: paymentIntentId,
        amount: refund.amount,
        reason: 'Refunded in Stripe',
      })),
    );
    if (inserted > 0) await this.refunds.cancelEnrollmentsOfPayment(owner.firstPaymentIntentId, 'Refunded in Stripe');
    return inserted;
  }

  async paymentView(paymentIntentId: string | null): Promise<PaymentView | null> {
    if (!paymentIntentId) return null;
    const payment = await this.payments.findByProviderPaymentId(paymentIntentId);
    if (!payment) return null;
    const [charges, refunds, balances] = await Promise.all([
      this.refunds.listCharges(payment.id),
      this.refunds.listForPayment(payment.id),
      this.refunds.chargeBalances(payment.id),
    ]);
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
