import { Inject, Injectable } from '@nestjs/common';
import type { UpdateCardPlan, UpdateCardResponse } from '@app/contracts';
import { CARD_UPDATE_FORM_MESSAGES } from '@app/domain';
import type { AppConfig } from '../config/app-config';
import { InjectConfig } from '../config/inject-config.decorator';
import { UpdateCardLinks } from '../mail/update-card-links';
import { InstallmentsService } from '../payments/installments.service';
import { laterInstallmentCents, type Payment } from '../payments/payment.entity';
import { PaymentsRepository } from '../payments/payments.repository';
import { PAYMENT_PROVIDER, paymentPageConfig, type PaymentProvider } from '../payments/providers/payment-provider';
import { TestModePaymentProvider } from '../payments/providers/test-mode-payment.provider';
import { UpdateCardBusyError, UpdateCardLinkInvalidError, UpdateCardRequestError } from './billing.errors';

type PlanStatus = UpdateCardPlan['planStatus'];

/** The update-card page: the plan a signed link names, and a new card that pays its declined installment at once. */
@Injectable()
export class BillingService {
  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @InjectConfig() private readonly config: AppConfig,
    private readonly links: UpdateCardLinks,
    private readonly payments: PaymentsRepository,
    private readonly installments: InstallmentsService,
  ) {}

  async plan(token: string): Promise<UpdateCardPlan> {
    const payment = await this.requirePlan(token);
    const { testMode, publishableKey } = paymentPageConfig(this.provider, this.config.stripe.publishableKey);
    const setup = testMode
      ? null
      : await this.provider.createSetupIntent({
          customerId: payment.providerCustomerId,
          metadata: { paymentRecordId: payment.id },
        });
    return {
      trainings: payment.trainings.map((t) => t.name),
      installmentsTotal: payment.installmentsTotal,
      installmentsPaid: payment.installmentsPaid,
      installmentAmount: laterInstallmentCents(payment),
      planStatus: payment.planStatus as PlanStatus,
      amountDue: payment.planStatus === 'past_due' ? laterInstallmentCents(payment) : 0,
      testMode,
      setupClientSecret: setup?.clientSecret ?? null,
      publishableKey,
    };
  }

  async updateCard(input: { token: string; cardNumber?: string; setupIntentId?: string }): Promise<UpdateCardResponse> {
    const payment = await this.requirePlan(input.token);
    const card = await this.newCard(payment, input);
    if ('message' in card) return this.answer(payment, card.message);
    const result = await this.installments.chargeWithNewCard(payment.id, card.paymentMethodId);
    if (result.outcome === 'busy') throw new UpdateCardBusyError();
    // A charge answers with the plan its transaction wrote: a read after that commit could fail on its own (a
    // database outage) and tell the buyer an error for a card that was in fact charged.
    if (result.outcome === 'charged') return this.answer(result.plan, null);
    if (result.outcome === 'failed') return this.answer(result.plan, result.message);
    const after = (await this.payments.findById(payment.id)) ?? payment;
    return this.answer(after, null);
  }

  private async newCard(
    payment: Payment,
    input: { cardNumber?: string; setupIntentId?: string },
  ): Promise<{ paymentMethodId: string } | { message: string }> {
    if (this.provider instanceof TestModePaymentProvider) {
      if (!input.cardNumber?.trim()) {
        throw new UpdateCardRequestError(CARD_UPDATE_FORM_MESSAGES.cardNumber, 'cardNumber');
      }
      const saved = this.provider.saveTestCard(input.cardNumber);
      return saved.ok ? { paymentMethodId: saved.paymentMethodId } : { message: saved.message };
    }
    if (!input.setupIntentId) throw new UpdateCardRequestError('setupIntentId is required');
    const setup = await this.provider.retrieveSetupIntent(input.setupIntentId);
    // Only a confirmed SetupIntent made by this page for this very plan can change its card.
    if (!setup || setup.metadata.paymentRecordId !== payment.id)
      throw new UpdateCardRequestError('Unknown setupIntentId');
    if (setup.customerId !== payment.providerCustomerId) throw new UpdateCardRequestError('Unknown setupIntentId');
    if (setup.status !== 'succeeded' || !setup.paymentMethodId) {
      return { message: `The card was not saved (${setup.status.replace(/_/g, ' ')})` };
    }
    return { paymentMethodId: setup.paymentMethodId };
  }

  private answer(
    payment: Pick<Payment, 'planStatus' | 'installmentsPaid' | 'installmentsTotal'>,
    message: string | null,
  ): UpdateCardResponse {
    return {
      planStatus: payment.planStatus as PlanStatus,
      installmentsPaid: payment.installmentsPaid,
      installmentsTotal: payment.installmentsTotal,
      message,
    };
  }

  private async requirePlan(token: string): Promise<Payment> {
    const paymentId = this.links.verify(token);
    const payment = paymentId ? await this.payments.findById(paymentId) : null;
    if (!payment || payment.installmentsTotal <= 1 || payment.planStatus === 'none' || payment.planStatus === 'stopped')
      throw new UpdateCardLinkInvalidError();
    return payment;
  }
}
