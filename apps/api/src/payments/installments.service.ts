import { MikroORM, RequestContext } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { PAYMENT_SUCCEEDED_STATUS } from '@app/contracts';
import { addMonthsUtc } from '@app/domain';
import type { Payment } from './payment.entity';
import { PaymentsRepository } from './payments.repository';
import { PAYMENT_PROVIDER, type PaymentProvider } from './providers/payment-provider';

export interface InstallmentRunResult {
  charged: number;
  failed: number;
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
    for (const payment of await this.payments.findDueInstallmentPlans(now, batchSize)) {
      const outcome = await this.chargeNext(payment);
      if (outcome === 'charged') result.charged += 1;
      if (outcome === 'failed') result.failed += 1;
    }
    return result;
  }

  private async chargeNext(payment: Payment): Promise<'charged' | 'failed' | 'skipped'> {
    const number = payment.installmentsPaid + 1;
    if (number > payment.installmentsTotal) return 'skipped';
    if (!(await this.payments.claimInstallment(payment.id, number, payment.amount))) return 'skipped';
    const note = (message: string) =>
      `Past due: installment ${number} of ${payment.installmentsTotal} failed on ${new Date().toISOString().slice(0, 10)} (${message})`;
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
