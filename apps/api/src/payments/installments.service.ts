import { MikroORM, RequestContext } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { PAYMENT_SUCCEEDED_STATUS } from '@app/contracts';
import { addMonthsUtc } from '@app/domain';
import type { Payment } from './payment.entity';
import { PaymentsRepository, type StaleInstallmentClaim } from './payments.repository';
import { PAYMENT_PROVIDER, type PaymentProvider } from './providers/payment-provider';

export interface InstallmentRunResult {
  charged: number;
  failed: number;
}

/** A claim still 'processing' this long after it was taken was left by a run that died mid-charge. */
export const STALE_CLAIM_MS = 15 * 60 * 1000;
/**
 * Stripe remembers an idempotency key for at least 24 hours: within that window the same key cannot charge twice, so
 * an interrupted charge is simply sent again. Beyond it, nobody can tell safely, so an admin checks it in Stripe.
 */
export const SAFE_RETRY_MS = 23 * 60 * 60 * 1000;
export const INTERRUPTED_CHARGE_MESSAGE =
  'The charge was interrupted and its outcome is unknown; check this payment in Stripe before charging it again';

type Outcome = 'charged' | 'failed' | 'skipped';

/** The line an admin reads in the enrollment's notes. */
function failureNote(payment: Payment, number: number, message: string): string {
  return `Past due: installment ${number} of ${payment.installmentsTotal} failed on ${new Date().toISOString().slice(0, 10)} (${message})`;
}

/** Charges the later months of 3- and 6-month plans on the saved card, off-session, and records each. */
@Injectable()
export class InstallmentsService {
  private readonly logger = new Logger(InstallmentsService.name);

  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly payments: PaymentsRepository,
    private readonly orm: MikroORM,
  ) {}

  /** Runs outside any HTTP request (the scheduler), so it opens its own database context. */
  chargeDueInstallments(now: Date, batchSize = 50): Promise<InstallmentRunResult> {
    return RequestContext.create(this.orm.em, () => this.chargeDue(now, batchSize));
  }

  private async chargeDue(now: Date, batchSize: number): Promise<InstallmentRunResult> {
    const result: InstallmentRunResult = { charged: 0, failed: 0 };
    const count = (outcome: Outcome) => {
      if (outcome === 'charged') result.charged += 1;
      if (outcome === 'failed') result.failed += 1;
    };
    // First the charges a crashed run left unfinished; the due pass skips them, as their claim exists.
    for (const claim of await this.payments.takeOverStaleClaims(new Date(now.getTime() - STALE_CLAIM_MS), batchSize)) {
      count(await this.resume(claim, now));
    }
    for (const payment of await this.payments.findDueInstallmentPlans(now, batchSize)) count(await this.chargeNext(payment));
    return result;
  }

  private async chargeNext(payment: Payment): Promise<Outcome> {
    const number = payment.installmentsPaid + 1;
    if (number > payment.installmentsTotal) return 'skipped';
    if (!(await this.payments.claimInstallment(payment.id, number, payment.amount))) return 'skipped';
    return this.charge(payment, number);
  }

  private async resume(claim: StaleInstallmentClaim, now: Date): Promise<Outcome> {
    const { payment, installmentNumber: number } = claim;
    this.logger.warn(`Installment ${number} of payment ${payment.id} was left unfinished by an earlier run; resuming it`);
    if (now.getTime() - claim.firstClaimedAt.getTime() > SAFE_RETRY_MS) {
      const message = INTERRUPTED_CHARGE_MESSAGE;
      await this.payments.recordInstallmentFailed({ payment, installmentNumber: number, providerPaymentId: null, message, note: failureNote(payment, number, message) });
      return 'failed';
    }
    return this.charge(payment, number);
  }

  /** Charges a claimed installment with a key fixed per (plan, month), so sending it again never charges twice. */
  private async charge(payment: Payment, number: number): Promise<Outcome> {
    const note = (message: string) => failureNote(payment, number, message);
    if (!payment.providerPaymentMethodId) {
      const message = 'No saved card to charge';
      await this.payments.recordInstallmentFailed({ payment, installmentNumber: number, providerPaymentId: null, message, note: note(message) });
      return 'failed';
    }
    try {
      const charge = await this.provider.chargeOffSession({
        amount: payment.amount,
        currency: payment.currency,
        customerId: payment.providerCustomerId,
        paymentMethodId: payment.providerPaymentMethodId,
        description: `Installment ${number} of ${payment.installmentsTotal}: ${payment.trainings.map((t) => t.name).join(', ')}`,
        metadata: { paymentRecordId: payment.id, installment: String(number), firstPaymentIntent: payment.providerPaymentId },
        idempotencyKey: `installment-${payment.id}-${number}`,
      });
      if (charge.status === PAYMENT_SUCCEEDED_STATUS) {
        const firstChargedAt = addMonthsUtc(payment.nextInstallmentAt ?? new Date(), 1 - number);
        await this.payments.recordInstallmentPaid({
          payment,
          installmentNumber: number,
          providerPaymentId: charge.id,
          nextInstallmentAt: number < payment.installmentsTotal ? addMonthsUtc(firstChargedAt, number) : null,
        });
        return 'charged';
      }
      const message = charge.lastErrorMessage ?? `Charge ended as ${charge.status}`;
      await this.payments.recordInstallmentFailed({ payment, installmentNumber: number, providerPaymentId: charge.id || null, message, note: note(message) });
      return 'failed';
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.logger.error(`Installment ${number} of payment ${payment.id} failed: ${message}`);
      await this.payments.recordInstallmentFailed({ payment, installmentNumber: number, providerPaymentId: null, message, note: note(message) });
      return 'failed';
    }
  }
}
