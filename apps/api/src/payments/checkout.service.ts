import { Inject, Injectable } from '@nestjs/common';
import {
  CHECKOUT_CURRENCY,
  COHORT_FILLED_NOT_CHARGED_MESSAGE,
  PROMOTION_USED_UP_NOT_CHARGED_MESSAGE,
  type BundlePaymentType,
  type BundleTrainingSelection,
  type PaymentConfigResponse,
  type PaymentIntentResponse,
  type PaymentIntentSummary,
  type PaymentType,
  type TrainingName,
} from '@app/contracts';
import {
  bundleSizeOf,
  checkoutsReleasedByNewHold,
  customerFormMessage,
  decideCapture,
  hasSeatFor,
  installmentCount,
  isFreeCheckout,
  mayHoldSeats,
  parseCustomerForm,
  priceForPlan,
  seatHoldExpiry,
  promotionPurchaseKind,
  selectBundlePrice,
  validateBundleTrainings,
  type CohortSeatCount,
} from '@app/domain';
import { createHash, randomUUID } from 'node:crypto';
import { TransactionRunner } from '../database/transaction-runner';
import { CohortListCache } from '../cohorts/cohort-list-cache';
import { CohortSeatsRepository } from '../cohorts/cohort-seats.repository';
import { CohortsRepository } from '../cohorts/cohorts.repository';
import type { AppConfig } from '../config/app-config';
import { InjectConfig } from '../config/inject-config.decorator';
import type { OutboxMailInput } from '../mail/mail-registry';
import { OutboxRepository } from '../mail/outbox.repository';
import { PromotionsService } from '../promotions/promotions.service';
import { PromotionRefusedError } from '../promotions/promotions.errors';
import { TrainingsRepository } from '../trainings/trainings.repository';
import {
  laterInstallmentCents,
  Payment,
  planTotalCents,
  type CaptureDecisionName,
  type PaymentTraining,
} from './payment.entity';
import { CohortFullError, PaymentConfirmedError, PaymentNotFoundError, PaymentRuleError } from './payments.errors';
import { PaymentsRepository, type LockedForCapture } from './payments.repository';
import { PAYMENT_PROVIDER, paymentPageConfig, type PaymentProvider } from './providers/payment-provider';

/**
 * How long an authorised payment keeps its seats once the server decided to capture it: as long as Stripe keeps a
 * card authorisation (7 days), so a capture retried after a failure still finds the seat; enrolling ends the hold.
 */
export const CAPTURE_HOLD_MS = 7 * 24 * 60 * 60 * 1000;
export const PAYMENT_CANCELLED_MESSAGE =
  'This payment was cancelled and cannot be paid any more: please start the checkout again.';
export const NOT_FREE_MESSAGE = 'This checkout is not free: there is an amount to pay, so please pay it with a card.';
export const COHORT_FULL_MESSAGE =
  'This cohort is full: no seats are left. Choose another cohort or join its waitlist.';

/** Who holds seats: the buyer's name and email, and the client (its address, stored only as a hash) asking. */
export interface SeatHolder {
  name: string;
  email: string;
  /** The caller's address as the API saw it; null when no client is known (the test-mode card form's re-hold). */
  client: string | null;
}

function seatHoldClientKey(client: string): string {
  return createHash('sha256').update(`seat-hold\n${client}`).digest('hex');
}

/**
 * A payment whose buyer and cohorts may still change: not paid, and no capture decision taken (after 'capture' its
 * holds are what it enrolls into; after 'cancel' it cannot be paid any more).
 */
function refuseUnlessOpen(payment: Pick<Payment, 'status' | 'captureDecision'>): void {
  if (payment.status === 'succeeded' || payment.captureDecision === 'capture') throw new PaymentConfirmedError();
  if (payment.captureDecision === 'cancel') throw new PaymentRuleError(PAYMENT_CANCELLED_MESSAGE);
}

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
    private readonly promotions: PromotionsService,
  ) {}

  paymentConfig(): PaymentConfigResponse {
    return paymentPageConfig(this.provider, this.config.stripe.publishableKey);
  }

  async createSingle(trainingName: TrainingName, paymentType: PaymentType): Promise<PaymentIntentResponse> {
    const { installmentCents: amount, installments } = await this.singlePrice(trainingName, paymentType);
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
    const amount = await this.bundlePrice(trainings);
    return this.createPayment({
      kind: 'bundle',
      paymentType,
      trainings: trainings.map((name) => ({ name, cohortId: null })),
      amount,
      installments: 1,
      description: `Bundle: ${trainings.join(' + ')}`,
    });
  }

  async updateSingle(input: {
    paymentIntentId: string;
    customerName: string;
    customerEmail: string;
    cohortId: string | null;
    /** The caller's address (seat holds are limited per client). */
    client?: string | null;
    promotionCode?: string | null;
  }): Promise<PaymentIntentSummary> {
    const payment = await this.requireOpenPayment(input.paymentIntentId, 'single');
    const [training] = payment.trainings;
    const cohortId = await this.checkCohort(training.name, input.cohortId ?? null, 'Please select a cohort');
    return this.storeBuyer(
      payment,
      input.customerName,
      input.customerEmail,
      [{ name: training.name, cohortId }],
      input.client,
      input.promotionCode,
    );
  }

  async updateBundle(input: {
    paymentIntentId: string;
    customerName: string;
    customerEmail: string;
    trainings: BundleTrainingSelection[];
    /** The caller's address (seat holds are limited per client). */
    client?: string | null;
    promotionCode?: string | null;
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
    return this.storeBuyer(
      payment,
      input.customerName,
      input.customerEmail,
      selections,
      input.client,
      input.promotionCode,
    );
  }

  /**
   * Prices the purchase again from the price tables with the buyer's promotion code (or none), under the payment
   * row's lock and the code row's lock, and stores the charges on the payment in the same transaction: a refused
   * code throws before anything is written. The code's use is held for this payment as long as a seat hold; a payment
   * recorded failed gives it back (database trigger), a paid one keeps it. Nothing to do when no code is sent and
   * none was applied before.
   */
  private async applyPromotion(payment: Payment, email: string, promotionCode: string | null | undefined) {
    const code = promotionCode?.trim() || null;
    if (code === null && payment.promotionCode === null) return null;
    const { installmentCents, installments } = await this.listPrice(payment);
    return this.tx.run(async (em) => {
      const locked = await this.payments.lockForCaptureDecision(em, payment.id);
      if (!locked) throw new PaymentNotFoundError(payment.providerPaymentId);
      refuseUnlessOpen(locked);
      const priced = await this.promotions.priceCheckout(em, {
        code,
        paymentId: payment.id,
        email,
        trainings: payment.trainings.map((t) => t.name),
        kind: promotionPurchaseKind(payment.paymentType),
        installmentCents,
        installments,
        heldUntil: seatHoldExpiry(new Date()),
        now: new Date(),
      });
      const stored = await this.payments.storePriceUnlessConfirmed(em, payment.id, {
        amount: priced.schedule.firstCents,
        laterInstallmentAmount: installments > 1 ? priced.schedule.laterCents : null,
        promotionCode: priced.code,
        discountCents: priced.schedule.discountCents,
      });
      if (!stored) throw new PaymentConfirmedError();
      return priced;
    });
  }

  /** The purchase's undiscounted charge each month (or its one price), from the price tables. */
  private async listPrice(payment: Payment): Promise<{ installmentCents: number; installments: number }> {
    if (payment.kind === 'bundle') {
      return { installmentCents: await this.bundlePrice(payment.trainings.map((t) => t.name)), installments: 1 };
    }
    const [training] = payment.trainings;
    if (payment.paymentType.startsWith('bundle')) throw new PaymentRuleError(`No price is set for ${training.name}`);
    return this.singlePrice(training.name, payment.paymentType as PaymentType);
  }

  /** One training's charge each month of a plan (or its one price) and how many months, from the price table. */
  private async singlePrice(
    trainingName: TrainingName,
    paymentType: PaymentType,
  ): Promise<{ installmentCents: number; installments: number }> {
    const pricing = await this.trainings.findPricing(trainingName);
    if (!pricing) throw new PaymentRuleError(`No price is set for ${trainingName}`);
    return { installmentCents: priceForPlan(pricing, paymentType), installments: installmentCount(paymentType) };
  }

  /** A bundle's one price, from the bundle table. */
  private async bundlePrice(trainings: TrainingName[]): Promise<number> {
    const bundle = selectBundlePrice(await this.trainings.findAllBundles(), trainings);
    if (!bundle) throw new PaymentRuleError('Bundle pricing not found');
    return bundle.bundlePrice;
  }

  /**
   * Reserves a seat in each chosen cohort that has a capacity, under the cohort row's lock, before the buyer pays:
   * the count and the hold are one step for concurrent buyers, so a cohort's last seat is held by one payment only.
   * The payment row is locked first, as decideCapture does (payment row, then cohort rows): once a capture decision
   * is taken or the payment succeeded, its holds are what it enrolls into and no update may move or release them.
   * The rule of who may hold, for how long and how many is `libs/domain/src/seat-holds.ts`: only a buyer with a name
   * and a valid email, for minutes; a client's newest checkouts win (its earlier checkout of the same cohort, and
   * its oldest beyond the limit, are released first, under the client's lock, shared by every API instance).
   */
  async holdSeats(paymentId: string, trainings: PaymentTraining[], holder?: SeatHolder): Promise<void> {
    const cohortIds = trainings.flatMap((t) => (t.cohortId ? [t.cohortId] : []));
    await this.cohortList.changing(() =>
      this.tx.run(async (em) => {
        const locked = await this.payments.lockForCaptureDecision(em, paymentId);
        if (!locked) throw new PaymentNotFoundError(paymentId);
        refuseUnlessOpen(locked);
        const buyer = holder ?? { name: locked.customerName, email: locked.customerEmail, client: null };
        const clientKey = holder?.client ? seatHoldClientKey(holder.client) : null;
        if (clientKey && cohortIds.length > 0) {
          const earlier = await this.seats.lockClientHolds(em, clientKey, paymentId);
          await this.seats.releaseHoldsOf(em, checkoutsReleasedByNewHold({ cohortIds, earlier }));
        }
        for (const cohortId of [...cohortIds].sort()) {
          const seats = await this.seats.lockAndCount(em, cohortId, paymentId);
          if (!seats || seats.capacity === null) continue;
          if (!mayHoldSeats(buyer)) throw new PaymentRuleError('Please enter your name and a valid email address');
          if (!hasSeatFor({ capacity: seats.capacity, takenByOthers: seats.taken })) {
            throw new CohortFullError(COHORT_FULL_MESSAGE);
          }
          await this.seats.hold(em, paymentId, cohortId, seatHoldExpiry(new Date()), clientKey);
        }
        await this.seats.releaseOtherHolds(em, paymentId, cohortIds);
      }),
    );
  }

  /**
   * Before test mode charges a card (it charges at once, with no capture decision): the payment's promotion code must
   * still be its to use, counted under the payment's and the code's locks, since its held use may have lapsed while
   * the buyer waited; a refusal (400, the code's reason) charges nothing. A use still allowed is held again.
   */
  async keepPromotionForCharge(paymentId: string): Promise<void> {
    await this.tx.run(async (em) => {
      const locked = await this.payments.lockForCaptureDecision(em, paymentId);
      if (!locked || locked.status === 'succeeded') return;
      const refusal = await this.promotions.refusalAtCapture(em, paymentId);
      if (refusal) throw new PromotionRefusedError(refusal);
      await this.promotions.extendHold(em, paymentId, seatHoldExpiry(new Date()));
    });
  }

  /**
   * Decides, once, whether an authorised payment is captured. The payment row is locked first (for no key update:
   * the order the enrollment's transaction takes it in, so the two never deadlock), then each chosen cohort's row:
   * each cohort with a capacity must still have a seat for it, counting others' enrollments and live holds but not
   * this payment's own hold, which may have lapsed while the bank confirmed. Seats found: its holds are renewed for
   * as long as the authorisation lasts and 'capture' is recorded. A cohort full: 'cancel' is recorded, the payment
   * fails with the reason the buyer reads, its holds are released and the buyer's mail is written, all in one
   * transaction. A decision already taken (a replayed event, a racing reconciliation) is answered as it stands.
   */
  async decideCapture(payment: Payment): Promise<CaptureDecisionName> {
    return this.cohortList.changing(() =>
      this.tx.run(async (em): Promise<CaptureDecisionName> => {
        const locked = await this.payments.lockForCaptureDecision(em, payment.id);
        if (!locked) throw new PaymentNotFoundError(payment.providerPaymentId);
        if (locked.captureDecision) return locked.captureDecision;
        const counts: CohortSeatCount[] = [];
        for (const cohortId of cohortIdsOf(locked.trainings)) {
          const seats = await this.seats.lockAndCount(em, cohortId, payment.id);
          if (seats) counts.push({ cohortId, capacity: seats.capacity, takenByOthers: seats.taken });
        }
        const decision = decideCapture(counts);
        // The code's limits are counted again (under the code's lock): the checkout's use may have lapsed meanwhile.
        if (decision.action === 'capture' && (await this.promotions.refusalAtCapture(em, payment.id))) {
          await this.payments.recordCaptureDecision(em, payment.id, 'cancel', PROMOTION_USED_UP_NOT_CHARGED_MESSAGE);
          await this.seats.releaseOtherHolds(em, payment.id, []);
          return 'cancel';
        }
        if (decision.action === 'capture') {
          const until = new Date(Date.now() + CAPTURE_HOLD_MS);
          for (const seats of counts) {
            if (seats.capacity !== null) await this.seats.hold(em, payment.id, seats.cohortId, until);
          }
          await this.promotions.extendHold(em, payment.id, until);
          await this.payments.recordCaptureDecision(em, payment.id, 'capture', null);
          return 'capture';
        }
        await this.payments.recordCaptureDecision(em, payment.id, 'cancel', COHORT_FILLED_NOT_CHARGED_MESSAGE);
        await this.seats.releaseOtherHolds(em, payment.id, []);
        const mail = await this.cohortFilledMail(payment, locked, decision.fullCohortIds);
        if (mail) await OutboxRepository.enqueue(em, mail);
        return 'cancel';
      }),
    );
  }

  /**
   * A free checkout's decision (`isFreeCheckout`), taken once under the payment row's lock, then the cohort rows', as
   * decideCapture takes a card's: the row must still be free (another tab may have removed the code meanwhile) and
   * open, with a buyer; each chosen cohort with a capacity must still have a seat for it (held for as long as a
   * card's capture decision holds one), and the code's use is counted again under the code's lock. A refusal throws
   * and rolls everything back (the buyer may choose another cohort); else 'capture' is recorded, after which the
   * payment's price, buyer and cohorts no longer change. A decision already taken by another submit is left as it is.
   */
  async decideFree(paymentId: string): Promise<void> {
    await this.cohortList.changing(() =>
      this.tx.run(async (em) => {
        const locked = await this.payments.lockForCaptureDecision(em, paymentId);
        if (!locked) throw new PaymentNotFoundError(paymentId);
        if (locked.status === 'succeeded' || locked.captureDecision === 'capture') return;
        refuseUnlessOpen(locked);
        const charges = {
          firstCents: locked.amount,
          laterCents: locked.laterInstallmentAmount,
          installments: locked.installmentsTotal,
        };
        if (!isFreeCheckout(charges)) throw new PaymentRuleError(NOT_FREE_MESSAGE);
        if (!mayHoldSeats({ name: locked.customerName, email: locked.customerEmail })) {
          throw new PaymentRuleError('Please enter your name and a valid email address');
        }
        const until = new Date(Date.now() + CAPTURE_HOLD_MS);
        for (const cohortId of cohortIdsOf(locked.trainings)) {
          const seats = await this.seats.lockAndCount(em, cohortId, paymentId);
          if (!seats || seats.capacity === null) continue;
          if (!hasSeatFor({ capacity: seats.capacity, takenByOthers: seats.taken })) {
            throw new CohortFullError(COHORT_FULL_MESSAGE);
          }
          await this.seats.hold(em, paymentId, cohortId, until);
        }
        const refusal = await this.promotions.refusalAtCapture(em, paymentId);
        if (refusal) throw new PromotionRefusedError(refusal);
        await this.promotions.extendHold(em, paymentId, until);
        await this.payments.recordCaptureDecision(em, paymentId, 'capture', null);
      }),
    );
  }

  /** The buyer's one mail (keyed by the payment) saying the authorisation was released and which cohorts filled up. */
  private async cohortFilledMail(
    payment: Payment,
    buyer: LockedForCapture,
    fullCohortIds: string[],
  ): Promise<OutboxMailInput<'cohort-filled-not-charged'> | null> {
    if (!buyer.customerEmail) return null;
    const fullCohorts = [];
    for (const cohortId of fullCohortIds) {
      const cohort = await this.cohorts.findById(cohortId);
      const training = buyer.trainings.find((t) => t.cohortId === cohortId);
      fullCohorts.push({
        cohortId,
        trainingName: cohort?.trainingName ?? training?.name ?? '',
        cohortMonth: cohort?.cohortMonth ?? null,
      });
    }
    return {
      key: `cohort-filled-not-charged:${payment.id}`,
      to: buyer.customerEmail,
      template: 'cohort-filled-not-charged',
      paymentIntentId: payment.providerPaymentId,
      data: {
        buyerName: buyer.customerName ?? '',
        paymentIntentId: payment.providerPaymentId,
        amount: payment.amount,
        fullCohorts,
      },
    };
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
      currency: CHECKOUT_CURRENCY,
      description: input.description,
      metadata: {
        paymentRecordId: recordId,
        paymentType: input.paymentType,
        trainings: input.trainings.map((t) => t.name).join(', '),
      },
      saveCardForLater: input.installments > 1,
      // Every checkout is authorised first and captured once its seats are secured (decideCapture).
      manualCapture: true,
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
      currency: CHECKOUT_CURRENCY,
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
    refuseUnlessOpen(payment);
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
    client: string | null = null,
    promotionCode?: string | null,
  ): Promise<PaymentIntentSummary> {
    const buyer = parseCustomerForm({ name: customerName, email: customerEmail });
    if (!buyer.ok) throw new PaymentRuleError(customerFormMessage(buyer.fieldErrors) ?? 'Invalid buyer');
    const { name, email } = buyer.value;

    const priced = await this.applyPromotion(payment, email, promotionCode);
    if (priced) {
      payment.amount = priced.schedule.firstCents;
      payment.laterInstallmentAmount = payment.installmentsTotal > 1 ? priced.schedule.laterCents : null;
      payment.promotionCode = priced.code;
      payment.discountCents = priced.schedule.discountCents;
      // The intent is charged what the payment row now says, even if a later step of this update is refused. A free
      // checkout's intent keeps its old amount (Stripe refuses $0) and is never charged: an intent paid anyway
      // differs from the row, and the row's amount is what capture and enrollment check against.
      await this.provider.updateIntent(payment.providerPaymentId, {
        ...(isFreeCheckout(chargesOf(payment)) ? {} : { amount: payment.amount }),
        metadata: { promotionCode: priced.code ?? '' },
        receiptEmail: email,
        customerId: null,
      });
    }
    const free = isFreeCheckout(chargesOf(payment));

    await this.holdSeats(payment.id, trainings, { name, email, client });

    let customerId = payment.providerCustomerId;
    if (payment.installmentsTotal > 1 && !customerId && !free) {
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
    return {
      paymentIntentId: intent.id,
      // The server's price, not the intent's: a free checkout's intent keeps the amount it had.
      amount: payment.amount,
      status: intent.status,
      installments: payment.installmentsTotal,
      laterInstallmentAmount: payment.installmentsTotal > 1 ? laterInstallmentCents(payment) : null,
      promotion: payment.promotionCode
        ? {
            code: payment.promotionCode,
            discountCents: payment.discountCents,
            totalBeforeCents: planTotalCents(payment) + payment.discountCents,
            totalAfterCents: planTotalCents(payment),
          }
        : null,
      free,
    };
  }
}

/** A payment's charges as the free-checkout rule reads them. */
export function chargesOf(payment: Pick<Payment, 'amount' | 'laterInstallmentAmount' | 'installmentsTotal'>) {
  return {
    firstCents: payment.amount,
    laterCents: payment.laterInstallmentAmount,
    installments: payment.installmentsTotal,
  };
}

/** The payment's cohorts, each once and sorted: the order every seat change locks cohort rows in. */
function cohortIdsOf(trainings: PaymentTraining[]): string[] {
  return [...new Set(trainings.flatMap((t) => (t.cohortId ? [t.cohortId] : [])))].sort();
}
