import { Inject, Injectable } from '@nestjs/common';
import type {
  BundlePaymentType,
  BundleTrainingSelection,
  PaymentConfigResponse,
  PaymentIntentResponse,
  PaymentIntentSummary,
  PaymentType,
  TrainingName,
} from '@app/contracts';
import {
  bundleSizeOf,
  installmentCount,
  isValidEmail,
  priceForPlan,
  selectBundlePrice,
  validateBundleTrainings,
  validateCustomer,
} from '@app/domain';
import { randomUUID } from 'node:crypto';
import { TransactionRunner } from '../audit/transaction-runner';
import { CohortListCache } from '../cohorts/cohort-list-cache';
import { CohortSeatsRepository } from '../cohorts/cohort-seats.repository';
import { CohortsRepository } from '../cohorts/cohorts.repository';
import type { AppConfig } from '../config/app-config';
import { InjectConfig } from '../config/inject-config.decorator';
import { TrainingsRepository } from '../trainings/trainings.repository';
import { Payment, type PaymentTraining } from './payment.entity';
import { CohortFullError, PaymentConfirmedError, PaymentNotFoundError, PaymentRuleError } from './payments.errors';
import { PaymentsRepository } from './payments.repository';
import { PAYMENT_PROVIDER, type PaymentProvider } from './providers/payment-provider';

const CURRENCY = 'usd';
/** How long a checkout keeps its seat between the details step and the payment. */
export const SEAT_HOLD_MS = 30 * 60 * 1000;
export const COHORT_FULL_MESSAGE =
  'This cohort is full: no seats are left. Choose another cohort or join its waitlist.';

/**
 * Checkout up to the payment: the server prices every purchase, asks the provider for an intent, stores the buyer's
 * details and cohorts, and holds their seats. What happens once it is paid is PaymentConfirmationService's.
 */
@Injectable()
export class CheckoutService {
  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @InjectConfig() private readonly config: AppConfig,
    private readonly payments: PaymentsRepository,
    private readonly trainings: TrainingsRepository,
    private readonly cohorts: CohortsRepository,
    private readonly seats: CohortSeatsRepository,
    private readonly tx: TransactionRunner,
    private readonly cohortList: CohortListCache,
  ) {}

  paymentConfig(): PaymentConfigResponse {
    const testMode = this.provider.name === 'test';
    return { testMode, publishableKey: testMode ? null : this.config.stripe.publishableKey };
  }

  async createSingle(trainingName: TrainingName, paymentType: PaymentType): Promise<PaymentIntentResponse> {
    const pricing = await this.trainings.findPricing(trainingName);
    if (!pricing) throw new PaymentRuleError(`No price is set for ${trainingName}`);
    const amount = priceForPlan(pricing, paymentType);
    const installments = installmentCount(paymentType);
    return this.createPayment({
      kind: 'single',
      paymentType,
      trainings: [{ name: trainingName, cohortId: null }],
      amount,
      installments,
      description: `${trainingName} (${paymentType})`,
    });
  }

  async createBundle(trainings: TrainingName[], paymentType: BundlePaymentType): Promise<PaymentIntentResponse> {
    const refused = validateBundleTrainings(trainings, bundleSizeOf(paymentType));
    if (refused) throw new PaymentRuleError(refused.message);
    const bundle = selectBundlePrice(await this.trainings.findAllBundles(), trainings);
    if (!bundle) throw new PaymentRuleError('Bundle pricing not found');
    return this.createPayment({
      kind: 'bundle',
      paymentType,
      trainings: trainings.map((name) => ({ name, cohortId: null })),
      amount: bundle.bundlePrice,
      installments: 1,
      description: `Bundle: ${trainings.join(' + ')}`,
    });
  }

  async updateSingle(input: {
    paymentIntentId: string;
    customerName: string;
    customerEmail: string;
    cohortId: string | null;
  }): Promise<PaymentIntentSummary> {
    const payment = await this.requireOpenPayment(input.paymentIntentId, 'single');
    const [training] = payment.trainings;
    const cohortId = await this.checkCohort(training.name, input.cohortId ?? null, 'Please select a cohort');
    return this.storeBuyer(payment, input.customerName, input.customerEmail, [{ name: training.name, cohortId }]);
  }

  async updateBundle(input: {
    paymentIntentId: string;
    customerName: string;
    customerEmail: string;
    trainings: BundleTrainingSelection[];
  }): Promise<PaymentIntentSummary> {
    const payment = await this.requireOpenPayment(input.paymentIntentId, 'bundle');
    const paid = payment.trainings.map((t) => t.name).sort();
    const chosen = input.trainings.map((t) => t.name).sort();
    if (paid.length !== chosen.length || paid.some((name, i) => name !== chosen[i])) {
      throw new PaymentRuleError(
        `This bundle is for ${payment.trainings.map((t) => t.name).join(', ')}; the trainings cannot change`,
      );
    }
    const selections: PaymentTraining[] = [];
    for (const training of payment.trainings) {
      const choice = input.trainings.find((t) => t.name === training.name);
      const cohortId = await this.checkCohort(
        training.name,
        choice?.cohortId ?? null,
        `Please select a cohort for ${training.name}`,
      );
      selections.push({ name: training.name, cohortId });
    }
    return this.storeBuyer(payment, input.customerName, input.customerEmail, selections);
  }

  /**
   * Reserves a seat in each chosen cohort that has a capacity, under the cohort row's lock, before the buyer pays:
   * the count and the hold are one step for concurrent buyers, so a cohort's last seat is held by one payment only.
   */
  async holdSeats(paymentId: string, trainings: PaymentTraining[]): Promise<void> {
    const cohortIds = trainings.flatMap((t) => (t.cohortId ? [t.cohortId] : []));
    await this.cohortList.changing(() =>
      this.tx.run(async () => {
        for (const cohortId of [...cohortIds].sort()) {
          const seats = await this.seats.lockAndCount(cohortId, paymentId);
          if (!seats || seats.capacity === null) continue;
          if (seats.taken >= seats.capacity) throw new CohortFullError(COHORT_FULL_MESSAGE);
          await this.seats.hold(paymentId, cohortId, new Date(Date.now() + SEAT_HOLD_MS));
        }
        await this.seats.releaseOtherHolds(paymentId, cohortIds);
      }),
    );
  }

  private async createPayment(input: {
    kind: Payment['kind'];
    paymentType: Payment['paymentType'];
    trainings: PaymentTraining[];
    amount: number;
    installments: number;
    description: string;
  }): Promise<PaymentIntentResponse> {
    const recordId = randomUUID();
    const intent = await this.provider.createIntent({
      amount: input.amount,
      currency: CURRENCY,
      description: input.description,
      metadata: {
        paymentRecordId: recordId,
        paymentType: input.paymentType,
        trainings: input.trainings.map((t) => t.name).join(', '),
      },
      saveCardForLater: input.installments > 1,
      idempotencyKey: `create-${recordId}`,
    });
    const payment = Object.assign(new Payment(), {
      id: recordId,
      provider: this.provider.name,
      providerPaymentId: intent.id,
      kind: input.kind,
      paymentType: input.paymentType,
      trainings: input.trainings,
      amount: intent.amount,
      currency: CURRENCY,
      installmentsTotal: input.installments,
    });
    await this.payments.create(payment);
    return {
      clientSecret: intent.clientSecret,
      paymentIntentId: intent.id,
      amount: intent.amount,
      testMode: this.provider.name === 'test',
    };
  }

  private async requireOpenPayment(paymentIntentId: string, kind: Payment['kind']): Promise<Payment> {
    const payment = await this.payments.findByProviderPaymentId(paymentIntentId);
    if (!payment) throw new PaymentNotFoundError(paymentIntentId);
    if (payment.kind !== kind) {
      throw new PaymentRuleError(
        kind === 'bundle'
          ? 'This payment is not a bundle: use update-payment-intent'
          : 'This payment is a bundle: use update-bundle-payment-intent',
      );
    }
    if (payment.status === 'succeeded') throw new PaymentConfirmedError();
    return payment;
  }

  /** A cohort must belong to its training, and a training that has cohorts needs one. */
  private async checkCohort(
    trainingName: TrainingName,
    cohortId: string | null,
    missingMessage: string,
  ): Promise<string | null> {
    const cohorts = await this.cohorts.list(trainingName);
    if (cohortId) {
      if (!cohorts.some((cohort) => cohort.id === cohortId)) {
        throw new PaymentRuleError(`The chosen cohort is not a cohort of ${trainingName}`);
      }
      return cohortId;
    }
    if (cohorts.length > 0) throw new PaymentRuleError(missingMessage);
    return null;
  }

  private async storeBuyer(
    payment: Payment,
    customerName: string,
    customerEmail: string,
    trainings: PaymentTraining[],
  ): Promise<PaymentIntentSummary> {
    const missing = validateCustomer({ name: customerName, email: customerEmail });
    if (missing) throw new PaymentRuleError(missing.message);
    const name = customerName.trim();
    const email = customerEmail.trim();
    if (!isValidEmail(email)) throw new PaymentRuleError('Please enter a valid email address');

    await this.holdSeats(payment.id, trainings);

    let customerId = payment.providerCustomerId;
    if (payment.installmentsTotal > 1 && !customerId) {
      // Saved cards must belong to a customer before later installments can be charged off-session.
      customerId = await this.provider.createCustomer({ name, email });
    }
    // Conditional on the payment not being confirmed yet, in the same statement: a confirmation racing this update
    // either enrolls with these details or makes this update answer 409, never a paid payment with other details.
    const stored = await this.payments.storeBuyerUnlessConfirmed(payment.id, {
      customerName: name,
      customerEmail: email,
      providerCustomerId: customerId,
      trainings,
    });
    if (!stored) throw new PaymentConfirmedError();
    const intent = await this.provider.updateIntent(payment.providerPaymentId, {
      receiptEmail: email,
      customerId,
      metadata: {
        customerName: name,
        customerEmail: email,
        cohorts: trainings.map((t) => `${t.name}=${t.cohortId ?? 'none'}`).join('; '),
      },
    });
    return { paymentIntentId: intent.id, amount: intent.amount, status: intent.status };
  }
}
