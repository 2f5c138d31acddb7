import { Injectable, Logger } from '@nestjs/common';
import Stripe from 'stripe';
import type { AppConfig } from '../config/app-config';
import { InjectConfig } from '../config/inject-config.decorator';
import { PaymentConfirmationService } from './payment-confirmation.service';
import { PaymentRefundsService } from './payment-refunds.service';
import { WebhookRefusedError } from './payments.errors';
import { toProviderIntent } from './providers/stripe-payment.provider';

type StripeEvent = ReturnType<typeof Stripe.webhooks.constructEvent>;

/** Stripe's events, accepted only with a valid signature; anything else changes nothing. */
@Injectable()
export class PaymentsWebhookService {
  private readonly logger = new Logger(PaymentsWebhookService.name);

  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly confirmation: PaymentConfirmationService,
    private readonly refunds: PaymentRefundsService,
  ) {}

  async handle(rawBody: Buffer | undefined, signature: string | undefined): Promise<{ received: true }> {
    const secret = this.config.stripe.webhookSecret;
    if (!secret) throw new WebhookRefusedError('not-configured');
    if (!rawBody || !signature) throw new WebhookRefusedError('no-signature');
    let event: StripeEvent;
    try {
      event = Stripe.webhooks.constructEvent(rawBody, signature, secret);
    } catch {
      throw new WebhookRefusedError('bad-signature');
    }
    switch (event.type) {
      case 'payment_intent.succeeded':
        await this.confirmation.enrollPaid(toProviderIntent(event.data.object));
        break;
      case 'payment_intent.amount_capturable_updated':
        // The card is authorised: capture once the seats are secured, or cancel without a charge (as it is now).
        await this.confirmation.settleAuthorisedEvent(toProviderIntent(event.data.object));
        break;
      case 'payment_intent.canceled':
        await this.confirmation.recordCanceled(toProviderIntent(event.data.object));
        break;
      case 'payment_intent.payment_failed':
        await this.confirmation.recordFailed(toProviderIntent(event.data.object));
        break;
      case 'charge.refunded': {
        const charge = event.data.object;
        const intent = charge.payment_intent;
        await this.refunds.recordRefundedCharge(typeof intent === 'string' ? intent : (intent?.id ?? null));
        break;
      }
      default:
        this.logger.debug(`Ignoring Stripe event ${event.type}`);
    }
    return { received: true };
  }
}
