import { MikroORM, RequestContext } from '@mikro-orm/postgresql';
import { TransactionRunner } from '../database/transaction-runner';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { PAYMENT_SUCCEEDED_STATUS } from '@app/contracts';
import { addMonthsUtc, nextInstallmentRetry } from '@app/domain';
import type { OutboxMailInput } from '../mail/mail-registry';
import { laterInstallmentCents, planTotalCents, type Payment, type PlanStatus } from './payment.entity';
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

interface ChargeOptions {
  /** The run's clock: a retry after a decline is scheduled from it. */
  now: Date;
  /** Default `installment-<plan>-<month>`, the scheduler's key. */
  idempotencyKey?: string;
  /** Whether a decline is mailed (not when the buyer is on the update-card page and sees it). */
  tellBuyer?: boolean;
  /** Told the message a failure was recorded with (the update-card page answers with it). */
  onFailed?: (message: string) => void;
}

/** What the update-card page reports after charging the new card. */
export type NewCardOutcome =
  | { outcome: 'charged'; plan: PlanAfterCharge }
  | { outcome: 'failed'; message: string; plan: PlanAfterCharge }
  | { outcome: 'nothing-due' }
  | { outcome: 'busy' };

/**
 * The plan as the charge's own transaction left it, so the page's answer needs no read after the commit (which could
 * fail on its own, a database outage, and answer an error for a card that was in fact charged).
 */
export interface PlanAfterCharge {
  planStatus: PlanStatus;
  installmentsPaid: number;
  installmentsTotal: number;
}

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
    private readonly tx: TransactionRunner,
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
    for (const payment of await this.payments.findDueInstallmentPlans(now, batchSize))
      count(await this.chargeNext(payment, now));
    for (const payment of await this.payments.findRetryDuePlans(now, batchSize))
      count(await this.retryDeclined(payment, now));
    return result;
  }

  /**
   * A declined installment tried again with the card on file, claimed like a due one. The key names the retry, so it
   * is a new charge at Stripe (the declined one's key would only replay its decline), and the same retry sent twice
   * after a crash is still one charge.
   */
  private async retryDeclined(payment: Payment, now: Date): Promise<Outcome> {
    const number = payment.installmentsPaid + 1;
    if (
      !(await this.tx.run((tx) =>
        this.payments.reclaimDeclinedInstallment(tx, payment.id, number, new Date(now.getTime() - STALE_CLAIM_MS)),
      ))
    )
      return 'skipped';
    return this.charge(payment, number, {
      now,
      idempotencyKey: `installment-${payment.id}-${number}-retry-${payment.installmentDeclines}`,
    });
  }

  private async chargeNext(payment: Payment, now: Date): Promise<Outcome> {
    const number = payment.installmentsPaid + 1;
    if (number > payment.installmentsTotal) return 'skipped';
    if (
      !(await this.tx.run((tx) =>
        this.payments.claimInstallment(tx, payment.id, number, laterInstallmentCents(payment)),
      ))
    )
      return 'skipped';
    return this.charge(payment, number, { now });
  }

  private async resume(claim: StaleInstallmentClaim, now: Date): Promise<Outcome> {
    const { payment, installmentNumber: number } = claim;
    this.logger.warn(
      `Installment ${number} of payment ${payment.id} was left unfinished by an earlier run; resuming it`,
    );
    if (now.getTime() - claim.firstClaimedAt.getTime() > SAFE_RETRY_MS) {
      // The card may well have been charged: an admin checks in Stripe, and the buyer is not told of a decline.
      await this.recordFailed(payment, number, null, INTERRUPTED_CHARGE_MESSAGE, {
        now,
        tellBuyer: false,
        retry: false,
      });
      return 'failed';
    }
    return this.charge(payment, number, { now });
  }

  /**
   * The update-card page: the new card becomes the plan's card and, when the plan is past due, its declined
   * installment is charged at once. Same claim as the scheduler (one charge in hand per plan and month); the
   * idempotency key adds the card, since the declined card's key would only replay its decline.
   */
  async chargeWithNewCard(paymentId: string, paymentMethodId: string): Promise<NewCardOutcome> {
    return RequestContext.create(this.orm.em, async () => {
      await this.payments.savePaymentMethod(paymentId, paymentMethodId);
      const payment = await this.payments.findById(paymentId);
      if (!payment || payment.planStatus !== 'past_due') return { outcome: 'nothing-due' as const };
      const number = payment.installmentsPaid + 1;
      const staleBefore = new Date(Date.now() - STALE_CLAIM_MS);
      if (!(await this.tx.run((tx) => this.payments.reclaimDeclinedInstallment(tx, payment.id, number, staleBefore))))
        return { outcome: 'busy' as const };
      // The buyer is on the page and sees a decline there; no mail for it.
      let failure: string | null = null;
      const outcome = await this.charge(payment, number, {
        now: new Date(),
        idempotencyKey: `installment-${payment.id}-${number}-${paymentMethodId}`,
        tellBuyer: false,
        onFailed: (message) => (failure = message),
      });
      const installmentsTotal = payment.installmentsTotal;
      if (outcome === 'charged') {
        // What recordInstallmentPaid wrote: this month paid, the plan completed after its last one.
        const planStatus: PlanStatus = number >= installmentsTotal ? 'completed' : 'active';
        return { outcome: 'charged' as const, plan: { planStatus, installmentsPaid: number, installmentsTotal } };
      }
      // What recordInstallmentFailed wrote: past due, with the message of the decline.
      return {
        outcome: 'failed' as const,
        message: failure ?? 'Your card was declined.',
        plan: { planStatus: 'past_due', installmentsPaid: payment.installmentsPaid, installmentsTotal },
      };
    });
  }

  /** Charges a claimed installment with a key fixed per (plan, month), so sending it again never charges twice. */
  private async charge(payment: Payment, number: number, options: ChargeOptions): Promise<Outcome> {
    const idempotencyKey = options.idempotencyKey ?? `installment-${payment.id}-${number}`;
    const failed = { now: options.now, tellBuyer: options.tellBuyer ?? true, onFailed: options.onFailed };
    if (!payment.providerPaymentMethodId) {
      await this.recordFailed(payment, number, null, 'No saved card to charge', { ...failed, retry: false });
      return 'failed';
    }
    try {
      const charge = await this.provider.chargeOffSession({
        // The discounted schedule's later month when a promotion code was used (discountedSchedule).
        amount: laterInstallmentCents(payment),
        currency: payment.currency,
        customerId: payment.providerCustomerId,
        paymentMethodId: payment.providerPaymentMethodId,
        description: `Installment ${number} of ${payment.installmentsTotal}: ${payment.trainings.map((t) => t.name).join(', ')}`,
        metadata: {
          paymentRecordId: payment.id,
          installment: String(number),
          firstPaymentIntent: payment.providerPaymentId,
        },
        idempotencyKey,
      });
      if (charge.status === PAYMENT_SUCCEEDED_STATUS) {
        const firstChargedAt = addMonthsUtc(payment.nextInstallmentAt ?? new Date(), 1 - number);
        const nextInstallmentAt = number < payment.installmentsTotal ? addMonthsUtc(firstChargedAt, number) : null;
        const mails = this.paidMails(payment, number, charge.id, nextInstallmentAt);
        await this.tx.run((tx) =>
          this.payments.recordInstallmentPaid(tx, {
            payment,
            installmentNumber: number,
            providerPaymentId: charge.id,
            nextInstallmentAt,
            mails,
          }),
        );
        return 'charged';
      }
      await this.recordFailed(
        payment,
        number,
        charge.id || null,
        charge.lastErrorMessage ?? `Charge ended as ${charge.status}`,
        failed,
      );
      return 'failed';
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.logger.error(`Installment ${number} of payment ${payment.id} failed: ${message}`);
      await this.recordFailed(payment, number, null, message, failed);
      return 'failed';
    }
  }

  /** `retry` false: trying the same card again cannot help (none saved, or an outcome an admin must check). */
  private async recordFailed(
    payment: Payment,
    number: number,
    providerPaymentId: string | null,
    message: string,
    options: { now: Date; tellBuyer: boolean; retry?: boolean; onFailed?: (message: string) => void },
  ): Promise<void> {
    const { tellBuyer } = options;
    const declines = payment.installmentDeclines + 1;
    const nextRetryAt = options.retry === false ? null : nextInstallmentRetry(options.now, declines);
    const mails = tellBuyer ? this.declinedMails(payment, number, declines, nextRetryAt) : [];
    await this.tx.run((tx) =>
      this.payments.recordInstallmentFailed(tx, {
        payment,
        installmentNumber: number,
        providerPaymentId,
        message,
        note: failureNote(payment, number, message),
        nextRetryAt,
        mails,
      }),
    );
    options.onFailed?.(message);
  }

  /** The receipt of a charged month, and the paid-in-full mail after the last one; keyed per plan and month. */
  private paidMails(payment: Payment, number: number, chargeId: string, nextDueAt: Date | null): OutboxMailInput[] {
    if (!payment.customerEmail) return [];
    const common = { to: payment.customerEmail, paymentIntentId: payment.providerPaymentId };
    const buyerName = payment.customerName ?? '';
    const trainings = payment.trainings.map((t) => t.name);
    const mails: OutboxMailInput[] = [
      {
        ...common,
        key: `installment-receipt:${payment.id}:${number}`,
        template: 'installment-receipt',
        data: {
          buyerName,
          trainings,
          installmentNumber: number,
          installmentsTotal: payment.installmentsTotal,
          amount: laterInstallmentCents(payment),
          chargeId,
          nextDueAt: nextDueAt?.toISOString() ?? null,
        },
      },
    ];
    if (number >= payment.installmentsTotal) {
      mails.push({
        ...common,
        key: `plan-completed:${payment.id}`,
        template: 'plan-completed',
        data: {
          buyerName,
          trainings,
          installmentsTotal: payment.installmentsTotal,
          totalPaid: planTotalCents(payment),
        },
      });
    }
    return mails;
  }

  /** One declined mail per plan, month and decline, with the next automatic attempt and the update-card link. */
  private declinedMails(
    payment: Payment,
    number: number,
    declines: number,
    nextRetryAt: Date | null,
  ): OutboxMailInput[] {
    if (!payment.customerEmail) return [];
    return [
      {
        key: `installment-declined:${payment.id}:${number}:${declines}`,
        to: payment.customerEmail,
        paymentIntentId: payment.providerPaymentId,
        template: 'installment-declined',
        data: {
          buyerName: payment.customerName ?? '',
          trainings: payment.trainings.map((t) => t.name),
          installmentNumber: number,
          installmentsTotal: payment.installmentsTotal,
          amount: laterInstallmentCents(payment),
          nextRetryAt: nextRetryAt?.toISOString() ?? null,
          paymentId: payment.id,
        },
      },
    ];
  }
}
