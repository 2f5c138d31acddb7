import { Inject, Injectable, Logger } from '@nestjs/common';
import { TransactionRunner } from '../database/transaction-runner';
import {
  PAYMENT_SUCCEEDED_STATUS,
  type FreeCheckoutResponse,
  type PaymentType,
  type ReconcilePaymentResponse,
  type TestModeConfirmResponse,
} from '@app/contracts';
import {
  addMonthsUtc,
  installmentsSettledAtCheckout,
  isFreeCheckout,
  remainingInstallments,
  splitCents,
  validateTestCard,
  type TestCardInput,
} from '@app/domain';
import { CohortListCache } from '../cohorts/cohort-list-cache';
import { CohortSeatsRepository } from '../cohorts/cohort-seats.repository';
import { CohortsRepository } from '../cohorts/cohorts.repository';
import type { OutboxMailInput } from '../mail/mail-registry';
import { chargesOf, CheckoutService } from './checkout.service';
import type { PaidEnrollment } from './paid-enrollments.port';
import { laterInstallmentCents, type Payment } from './payment.entity';
import {
  PaymentConfirmedError,
  PaymentNotFoundError,
  PaymentRuleError,
  TestCardInvalidError,
  TestModeOffError,
} from './payments.errors';
import { PaymentsRepository, type SucceededCharge } from './payments.repository';
import { PAYMENT_PROVIDER, type PaymentProvider, type ProviderIntent } from './providers/payment-provider';
import { TestModePaymentProvider } from './providers/test-mode-payment.provider';

/** Stripe's status of an authorised intent waiting for the server to capture (or cancel) it. */
export const AUTHORISED_STATUS = 'requires_capture';
export const AMOUNT_MISMATCH_MESSAGE = 'The amount authorised differs from the price: the payment was cancelled';
export const CANCELLED_MESSAGE = 'The payment was cancelled before it was charged';
export const FREE_CHECKOUT_NO_CARD_MESSAGE =
  'Your promotion code leaves nothing to pay: no card is needed. Use "Enroll for free" to complete the checkout.';

/**
 * From a paid intent to enrollments: Stripe's webhook, the success page's reconciliation and test mode's card form
 * all end in enrollPaid, which records the charge, enrolls once and writes the confirmation mail in one transaction.
 */
@Injectable()
export class PaymentConfirmationService {
  private readonly logger = new Logger(PaymentConfirmationService.name);

  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly payments: PaymentsRepository,
    private readonly cohorts: CohortsRepository,
    private readonly checkout: CheckoutService,
    private readonly cohortList: CohortListCache,
    private readonly seats: CohortSeatsRepository,
    private readonly tx: TransactionRunner,
  ) {}

  /** Test mode's card form. A success takes the same enrollment path as Stripe's payment_intent.succeeded. */
  async confirmTestMode(paymentIntentId: string, card: TestCardInput): Promise<TestModeConfirmResponse> {
    if (!(this.provider instanceof TestModePaymentProvider)) {
      throw new TestModeOffError();
    }
    const cardErrors = validateTestCard(card, new Date());
    if (cardErrors) throw new TestCardInvalidError(cardErrors);
    const payment = await this.payments.findByProviderPaymentId(paymentIntentId);
    if (!payment) throw new PaymentNotFoundError(paymentIntentId);
    if (!payment.customerName || !payment.customerEmail) {
      throw new PaymentRuleError('Please fill in your name and email');
    }
    if (isFreeCheckout(chargesOf(payment))) throw new PaymentRuleError(FREE_CHECKOUT_NO_CARD_MESSAGE);
    // The hold may have lapsed while the buyer waited; a cohort filled meanwhile refuses before the card is charged.
    if (payment.status !== 'succeeded') {
      try {
        await this.checkout.holdSeats(payment.id, payment.trainings);
      } catch (error) {
        // A racing confirmation (a second click) succeeded between the read above and the seat lock: the provider
        // answers with that first success below, as it does for a click that comes after it.
        const now =
          error instanceof PaymentConfirmedError && (await this.payments.findByProviderPaymentId(paymentIntentId));
        if (!now || now.status !== 'succeeded') throw error;
      }
    }
    // The code's use may have lapsed too: refused before the card is charged when others used it up meanwhile.
    await this.checkout.keepPromotionForCharge(payment.id);
    await this.payments.saveCardLast4(paymentIntentId, card.cardNumber.replace(/\D/g, '').slice(-4));
    const result = await this.provider.confirmWithCard(paymentIntentId, card.cardNumber);
    if (!result) throw new PaymentNotFoundError(paymentIntentId);
    if (!result.ok) {
      await this.payments.recordFailed(paymentIntentId, result.message);
      return { paymentIntentId, status: result.intent.status, message: result.message };
    }
    await this.enrollPaid(result.intent);
    return { paymentIntentId, status: result.intent.status, message: null };
  }

  /** The success page's fallback for a late or lost webhook: ask the provider, enroll if it succeeded. */
  async reconcile(paymentIntentId: string): Promise<ReconcilePaymentResponse> {
    const payment = await this.payments.findByProviderPaymentId(paymentIntentId);
    if (!payment) throw new PaymentNotFoundError(paymentIntentId);
    // A free checkout decided (or completed) is answered from our row, and finished if it was cut off: its intent at
    // the provider is never paid.
    if (
      payment.paidWith === 'promotion' ||
      (payment.captureDecision === 'capture' && isFreeCheckout(chargesOf(payment)))
    ) {
      const completed = await this.completeFree(paymentIntentId);
      return { status: completed.status, enrollmentIds: completed.enrollmentIds, notChargedMessage: null };
    }
    const retrieved = await this.provider.retrieveIntent(paymentIntentId);
    if (!retrieved) throw new PaymentNotFoundError(paymentIntentId);
    // An authorised intent the webhook has not settled yet: this page may be the first to see it.
    const intent = await this.settleAuthorised(retrieved);
    if (intent.status !== PAYMENT_SUCCEEDED_STATUS) {
      const settled = await this.payments.findByProviderPaymentId(paymentIntentId);
      const notChargedMessage =
        settled?.captureDecision === 'cancel' && settled.status !== 'succeeded' ? settled.failureMessage : null;
      return { status: intent.status, enrollmentIds: [], notChargedMessage };
    }
    return { status: intent.status, enrollmentIds: await this.enrollPaid(intent), notChargedMessage: null };
  }

  /**
   * payment_intent.amount_capturable_updated. The event's intent is as it was when the event was made, and Stripe
   * retries events for days: a late retry may come after the intent was cancelled (or captured). So the intent is read
   * from the provider, as reconcile does, and settled only as it stands now.
   */
  async settleAuthorisedEvent(eventIntent: ProviderIntent): Promise<void> {
    if (eventIntent.status !== AUTHORISED_STATUS) return;
    const current = await this.provider.retrieveIntent(eventIntent.id);
    if (!current) {
      this.logger.warn(`Leaving authorised payment intent ${eventIntent.id} alone: the provider does not know it`);
      return;
    }
    if (current.status !== AUTHORISED_STATUS) {
      this.logger.log(
        `Payment intent ${current.id} is ${current.status} now, no longer waiting for a capture decision`,
      );
      return;
    }
    await this.settleAuthorised(current);
  }

  /**
   * An authorised intent ('requires_capture', from payment_intent.amount_capturable_updated or the success page):
   * captured once every chosen cohort still has a seat for it, then enrolled by the same path as
   * payment_intent.succeeded; cancelled, with nothing charged, when a cohort filled up meanwhile (CheckoutService
   * decides once, under the cohort rows' lock). Captures and cancels carry idempotency keys of the payment, so racing
   * or replayed callers send the same request. Answers the intent as it stands afterwards; any other intent as given.
   */
  async settleAuthorised(intent: ProviderIntent): Promise<ProviderIntent> {
    if (intent.status !== AUTHORISED_STATUS) return intent;
    const payment = await this.payments.findByProviderPaymentId(intent.id);
    if (!payment) {
      this.logger.warn(`Leaving authorised payment intent ${intent.id} alone: it was not created by this API`);
      return intent;
    }
    if (intent.amount !== payment.amount || intent.currency !== payment.currency) {
      this.logger.error(
        `Payment intent ${intent.id} was authorised for ${intent.amount} ${intent.currency}, expected ${payment.amount} ${payment.currency}; cancelling it`,
      );
      await this.payments.recordFailed(intent.id, AMOUNT_MISMATCH_MESSAGE);
      return this.provider.cancelIntent(intent.id, `cancel-${payment.id}`);
    }
    if (
      payment.status === 'failed' &&
      payment.captureDecision === null &&
      payment.failureMessage === CANCELLED_MESSAGE
    ) {
      // Its cancellation was recorded (payment_intent.canceled, holds released): an older view of the intent.
      this.logger.warn(`Not deciding a capture for payment ${payment.id}: its intent ${intent.id} was cancelled`);
      return intent;
    }
    const decision = await this.checkout.decideCapture(payment);
    if (decision === 'cancel') {
      this.logger.log(`Payment ${payment.id}: a chosen cohort filled up before the capture; cancelling ${intent.id}`);
      return this.provider.cancelIntent(intent.id, `cancel-${payment.id}`);
    }
    const captured = await this.provider.captureIntent(intent.id, `capture-${payment.id}`);
    // Enrolled now rather than only on payment_intent.succeeded, so the page that captured shows the enrollment.
    if (captured.status === PAYMENT_SUCCEEDED_STATUS) await this.enrollPaid(captured);
    return captured;
  }

  /**
   * payment_intent.canceled: the payment can no longer be charged (this API cancelled it, or its authorisation
   * lapsed). Recorded as failed unless it succeeded, and its seat holds are released.
   */
  async recordCanceled(intent: ProviderIntent): Promise<void> {
    const paymentId = await this.payments.recordCanceled(intent.id, CANCELLED_MESSAGE);
    if (paymentId) {
      await this.cohortList.changing(() => this.tx.run((em) => this.seats.releaseOtherHolds(em, paymentId, [])));
    }
  }

  /**
   * The one path from a succeeded intent to enrollments (webhook, reconciliation and test mode all come here).
   * Our payment row, not the intent's metadata, says what was bought; an intent whose amount differs from what
   * the server priced is refused, so nothing changed outside this API can buy a training for less.
   */
  async enrollPaid(intent: ProviderIntent): Promise<string[]> {
    if (intent.status !== PAYMENT_SUCCEEDED_STATUS) return [];
    const payment = await this.payments.findByProviderPaymentId(intent.id);
    if (!payment) {
      this.logger.warn(`Ignoring succeeded payment intent ${intent.id}: it was not created by this API`);
      return [];
    }
    if (intent.amount !== payment.amount || intent.currency !== payment.currency) {
      this.logger.error(
        `Payment intent ${intent.id} succeeded with ${intent.amount} ${intent.currency}, expected ${payment.amount} ${payment.currency}; not enrolling`,
      );
      return [];
    }
    await this.storeCard(payment, intent);
    return this.enroll(
      payment,
      { providerPaymentId: intent.id, paymentMethodId: intent.paymentMethodId, customerId: intent.customerId },
      intent.metadata,
    );
  }

  /**
   * Completes a checkout that a promotion code made free (`isFreeCheckout`): no card, no charge at the provider. The
   * decision is taken once under the payment row's lock (CheckoutService.decideFree: the row must still be free, the
   * seats are counted and held again and the code's use counted again under its lock; a refusal changes nothing),
   * then the $0 payment is recorded paid with the code and enrolled, mailed, receipted and announced by the one
   * enrollment path, whose keys make a second submit (another tab, a double click) answer the first one's
   * enrollments. The provider's intent, which is never to be charged, is cancelled afterwards.
   */
  async completeFree(paymentIntentId: string): Promise<FreeCheckoutResponse> {
    const found = await this.payments.findByProviderPaymentId(paymentIntentId);
    if (!found) throw new PaymentNotFoundError(paymentIntentId);
    if (found.status !== 'succeeded') await this.checkout.decideFree(found.id);
    // Read again: the decided row's price and buyer, which can no longer change.
    const payment = (await this.payments.findByProviderPaymentId(paymentIntentId)) ?? found;
    if (payment.paidWith !== 'promotion' && payment.status === 'succeeded') throw new PaymentConfirmedError();
    const enrollmentIds = await this.enroll(payment, {
      providerPaymentId: paymentIntentId,
      paymentMethodId: null,
      customerId: null,
      paidWith: 'promotion',
      installmentsSettled: installmentsSettledAtCheckout(chargesOf(payment)),
    });
    if (found.status !== 'succeeded') await this.cancelUncharged(payment);
    return { paymentIntentId, status: PAYMENT_SUCCEEDED_STATUS, enrollmentIds };
  }

  /** A free checkout's provider intent: cancelled so that it can never be paid; a failure only leaves it unused. */
  private async cancelUncharged(payment: Payment): Promise<void> {
    try {
      await this.provider.cancelIntent(payment.providerPaymentId, `cancel-${payment.id}`);
    } catch (error) {
      this.logger.warn(
        `Free checkout ${payment.id}: its unused intent was not cancelled: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  /**
   * Records a payment's first charge (or a free checkout) and enrolls, once: the enrollments (a bundle's price split
   * over its trainings), the confirmation mail, the receipt and the webhook events in one transaction.
   */
  private async enroll(
    payment: Payment,
    charge: Omit<SucceededCharge, 'nextInstallmentAt'>,
    metadata: Record<string, string> = {},
  ): Promise<string[]> {
    const studentName = payment.customerName ?? metadata.customerName ?? 'Unknown buyer';
    const studentEmail = payment.customerEmail ?? metadata.customerEmail ?? '';
    // Paid without our checkout's details step (the browser confirmed the intent directly): enroll, and say so.
    const missingBuyer = studentEmail
      ? null
      : `Paid without buyer details; see payment ${charge.providerPaymentId} in Stripe for the name and email`;
    const shares = splitCents(payment.amount, payment.trainings.length);
    const isBundle = payment.kind === 'bundle';
    const enrollments: PaidEnrollment[] = payment.trainings.map((training, i) => ({
      studentName,
      studentEmail,
      trainingName: training.name,
      cohortId: training.cohortId,
      paymentType: isBundle ? 'full' : (payment.paymentType as PaymentType),
      paymentAmount: shares[i],
      notes:
        [
          isBundle
            ? `Bundle of ${payment.trainings.length}: ${payment.trainings.map((t) => t.name).join(' + ')}`
            : null,
          missingBuyer,
        ]
          .filter(Boolean)
          .join('\n') || null,
    }));
    const chargedAt = new Date();
    const settled = charge.installmentsSettled ?? 1;
    const laterCharges = payment.installmentsTotal > settled;
    const confirmation = studentEmail
      ? await this.confirmationMail(payment, studentName, studentEmail, chargedAt, laterCharges)
      : null;
    // The seats move from the payment's holds to its enrollments: the buyer's next page shows the list as it is now.
    return this.cohortList.changing(() =>
      this.tx.run((tx) =>
        this.payments.recordSucceededAndEnroll(
          tx,
          payment,
          { ...charge, nextInstallmentAt: laterCharges ? addMonthsUtc(chargedAt, 1) : null },
          enrollments,
          confirmation,
        ),
      ),
    );
  }

  /**
   * A live payment's card (the last 4 digits, as test mode's card form stores them), from the intent's latest charge,
   * stored before the receipt is issued, which copies it. An intent read without its charge (an event's) is read
   * again with it. Not knowing the card never stops an enrollment: the receipt then says "not stored".
   */
  private async storeCard(payment: Payment, intent: ProviderIntent): Promise<void> {
    if (payment.status === 'succeeded' || this.provider.name === 'test') return;
    try {
      const card = intent.card ?? (await this.provider.retrieveIntent(intent.id))?.card ?? null;
      if (card) await this.payments.saveCardLast4(intent.id, card.last4);
    } catch (error) {
      this.logger.warn(
        `Card of payment ${payment.id} not read: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  /** One confirmation a payment (not a training), keyed by it, so replays and races of its events mail once. */
  private async confirmationMail(
    payment: Payment,
    buyerName: string,
    to: string,
    chargedAt: Date,
    laterCharges: boolean,
  ): Promise<OutboxMailInput<'purchase-confirmation'>> {
    const trainings = [];
    for (const training of payment.trainings) {
      const cohort = training.cohortId ? await this.cohorts.findById(training.cohortId) : null;
      trainings.push({ name: training.name, cohortMonth: cohort?.cohortMonth ?? null });
    }
    return {
      key: `purchase-confirmation:${payment.id}`,
      to,
      template: 'purchase-confirmation',
      paymentIntentId: payment.providerPaymentId,
      data: {
        buyerName,
        paymentIntentId: payment.providerPaymentId,
        amountPaid: payment.amount,
        trainings,
        plan: laterCharges
          ? {
              installmentsTotal: payment.installmentsTotal,
              remaining: remainingInstallments(
                chargedAt,
                payment.installmentsTotal,
                1,
                laterInstallmentCents(payment),
              ).map((i) => ({
                number: i.number,
                dueAt: i.dueAt.toISOString(),
                amount: i.amount,
              })),
            }
          : null,
      },
    };
  }

  async recordFailed(intent: ProviderIntent): Promise<void> {
    await this.payments.recordFailed(intent.id, intent.lastErrorMessage ?? 'Payment failed');
  }
}
