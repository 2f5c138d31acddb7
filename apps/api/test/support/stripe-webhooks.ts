import Stripe from 'stripe';
import { TRAINING_PRICES } from '../../src/database/seeders/pricing.seeder';
import type { FakeStripe } from './fake-stripe';
import type { TestApi } from './test-app';

/** The seeded price row of a training; throws when the seeder has no such training. */
export function priceOf(trainingName: string) {
  const price = TRAINING_PRICES.find((p) => p.trainingName === trainingName);
  if (!price) throw new Error(trainingName);
  return price;
}

/** The Stripe settings of a test API that talks to the local Stripe server; `name` keeps each spec's keys apart. */
export function stripeEnv(name: string, stripe: FakeStripe, webhookSecret: string): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: `sk_test_${name}`,
    STRIPE_PUBLISHABLE_KEY: `pk_test_${name}`,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_URL: stripe.url,
  };
}

export interface SignedEvent {
  payload: string;
  signature: string;
}

/** A Stripe event around `object`, signed as Stripe signs webhooks. */
export function signedStripeEvent(secret: string, type: string, object: unknown, eventId: string): SignedEvent {
  const payload = JSON.stringify({
    id: eventId,
    object: 'event',
    type,
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: null,
    data: { object },
  });
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}

/** Delivers a signed event to the API's webhook endpoint, as Stripe does. */
export function postStripeWebhook(api: TestApi, event: SignedEvent) {
  return api.http
    .post('/api/payments/webhook')
    .set('content-type', 'application/json')
    .set('stripe-signature', event.signature)
    .send(event.payload);
}
