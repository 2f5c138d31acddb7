import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A PaymentIntent as this server stores and returns it (the fields the product reads and sets). */
export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  description: string | null;
  metadata: Record<string, string>;
  customer: string | null;
  payment_method: string | null;
  receipt_email: string | null;
  setup_future_usage: string | null;
  off_session: boolean;
  /** 'automatic' charges on confirmation; 'manual' stops at requires_capture until POST …/capture. */
  capture_method: 'automatic' | 'automatic_async' | 'manual';
  /** Cents authorised and not captured yet (requires_capture only). */
  amount_capturable: number;
  amount_received: number;
  canceled_at: number | null;
  cancellation_reason: string | null;
  last_payment_error: { message: string; code: string; type: string } | null;
  /** The id of the charge of the last confirmation (authorised or captured); a Charge object when expanded. */
  latest_charge: string | null;
  created: number;
}

/** The card a payment method stands for (`payment_method_details.card` of its charges). */
export interface FakeCard {
  brand: string;
  last4: string;
}

/** An event this server would send to webhooks: the object as it was when the event happened. */
export interface FakeEvent {
  id: string;
  type: string;
  object: FakeIntent;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  charge: string;
  status: 'succeeded';
  metadata: Record<string, string>;
  created: number;
}

/** A SetupIntent as this server stores and returns it. */
export interface FakeSetupIntent {
  id: string;
  object: 'setup_intent';
  client_secret: string;
  status: string;
  customer: string | null;
  payment_method: string | null;
  usage: string;
  metadata: Record<string, string>;
  created: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  form: Record<string, string>;
  idempotencyKey: string | null;
}

export interface FakeStripe {
  /** e.g. http://127.0.0.1:PORT, for STRIPE_API_URL. */
  url: string;
  requests: RecordedRequest[];
  intents: Map<string, FakeIntent>;
  /**
   * A shortcut for tests of what follows a charge: the intent is succeeded with a card, whatever its capture method
   * (as if confirmed and, for manual capture, captured). confirm() is what the browser's confirmPayment does.
   */
  succeed(id: string, paymentMethod?: string): FakeIntent;
  /**
   * The next POST to `path` fails with a 500 and does nothing; as at Stripe, the answer is kept under its idempotency
   * key and replayed to every retry with that key.
   */
  failNext(path: string): void;
  /**
   * What the browser's confirmPayment does at Stripe (after any 3-D Secure step): an automatic-capture intent succeeds;
   * a manual-capture one is authorised, requires_capture with amount_capturable, and payment_intent.amount_capturable_updated
   * is recorded. Refused, as at Stripe, for an intent already succeeded, cancelled or authorised.
   */
  confirm(id: string, paymentMethod?: string): FakeIntent;
  /** The events this server would have sent, oldest first (copies of the intent at that moment). */
  events: FakeEvent[];
  /** Off-session charges with this payment method are declined. */
  declineOffSession(paymentMethod: string): void;
  /** The card behind a payment method (a Visa ending in 4242 unless set). */
  setCard(paymentMethod: string, card: FakeCard): void;
  refunds: FakeRefund[];
  /** The Charge object Stripe sends in a charge.refunded event for this intent's charge (amount_refunded, no refund list). */
  refundedCharge(intentId: string): Record<string, unknown>;
  setupIntents: Map<string, FakeSetupIntent>;
  /** What the browser's confirmSetup does at Stripe: the card is saved to the SetupIntent's customer. */
  confirmSetup(id: string, paymentMethod: string): FakeSetupIntent;
  close(): Promise<void>;
}

/** Stripe sends form-encoded bodies with bracketed keys; one level (metadata[x], customer[y]) is all the product uses. */
function parseForm(body: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(body)) out[key] = value;
  return out;
}

function nested(form: Record<string, string>, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) {
    const match = /^([^[]+)\[([^\]]+)\]$/.exec(key);
    if (match && match[1] === prefix) out[match[2]] = value;
  }
  return out;
}

function id(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
  response.end(JSON.stringify(body));
}

function stripeError(response: ServerResponse, status: number, error: Record<string, unknown>): void {
  send(response, status, { error });
}

/**
 * A small local server that speaks the Stripe PaymentIntents and Customers endpoints the product uses, so the real
 * `stripe` SDK can run against it (host, port, protocol). Idempotency keys behave as at Stripe: a repeated key
 * returns the first answer.
 */
export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: RecordedRequest[] = [];
  const intents = new Map<string, FakeIntent>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const failing = new Set<string>();
  const declined = new Set<string>();
  const refunds: FakeRefund[] = [];
  const chargeOf = (intentId: string) => `ch_${intentId.slice(3)}`;
  const refundedOn = (intentId: string) =>
    refunds.filter((r) => r.payment_intent === intentId).reduce((sum, r) => sum + r.amount, 0);
  const customers = new Set<string>();
  const setupIntents = new Map<string, FakeSetupIntent>();
  const events: FakeEvent[] = [];
  const record = (type: string, intent: FakeIntent) =>
    events.push({ id: id('evt'), type, object: structuredClone(intent) });
  const cards = new Map<string, FakeCard>();
  /** The Charge object of the intent's latest charge, as `expand[]=latest_charge` returns it. */
  const chargeObject = (intent: FakeIntent) => {
    const card = (intent.payment_method && cards.get(intent.payment_method)) || { brand: 'visa', last4: '4242' };
    return {
      id: intent.latest_charge,
      object: 'charge',
      amount: intent.amount,
      amount_captured: intent.amount_received,
      captured: intent.status === 'succeeded',
      currency: intent.currency,
      payment_intent: intent.id,
      payment_method: intent.payment_method,
      status: 'succeeded',
      payment_method_details: {
        type: 'card',
        card: { brand: card.brand, last4: card.last4, exp_month: 12, exp_year: 2034, funding: 'credit', country: 'US' },
      },
    };
  };
  /** The paths of `expand[]=…` in a GET's query or a POST's body. */
  const expansions = (params: Record<string, string>) =>
    Object.entries(params)
      .filter(([key]) => /^expand\[\d*\]$/.test(key))
      .map(([, value]) => value);
  /** Stripe refuses to expand what it cannot: the one expansion this server knows is `latest_charge`. */
  const refuseUnknownExpansion = (params: Record<string, string>, response: ServerResponse): boolean => {
    const unknown = expansions(params).find((path) => path !== 'latest_charge');
    if (!unknown) return false;
    stripeError(response, 400, {
      type: 'invalid_request_error',
      message: `This property cannot be expanded (${unknown}).`,
    });
    return true;
  };
  /** An intent as Stripe answers it: `latest_charge` is the charge's id unless it was expanded. */
  const answer = (intent: FakeIntent, params: Record<string, string>) =>
    expansions(params).includes('latest_charge') && intent.latest_charge
      ? { ...intent, latest_charge: chargeObject(intent) }
      : intent;
  /** A confirmation with a good card: charged at once, or only authorised for a manual-capture intent. */
  const authorise = (intent: FakeIntent) => {
    intent.latest_charge = chargeOf(intent.id);
    if (intent.capture_method === 'manual') {
      intent.status = 'requires_capture';
      intent.amount_capturable = intent.amount;
      record('payment_intent.amount_capturable_updated', intent);
    } else {
      intent.status = 'succeeded';
      intent.amount_received = intent.amount;
      record('payment_intent.succeeded', intent);
    }
  };

  const handle = (request: IncomingMessage, response: ServerResponse, raw: string): void => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const form = parseForm(raw);
    const idempotencyKey = (request.headers['idempotency-key'] as string | undefined) ?? null;
    requests.push({ method: request.method ?? 'GET', path: url.pathname, form, idempotencyKey });

    if (!/^Bearer sk_test_/.test(request.headers.authorization ?? '')) {
      return stripeError(response, 401, { type: 'invalid_request_error', message: 'Invalid API Key provided' });
    }
    if (idempotencyKey && request.method === 'POST') {
      const earlier = idempotent.get(`${url.pathname}:${idempotencyKey}`);
      if (earlier) return send(response, earlier.status, earlier.body);
    }
    const reply = (status: number, body: unknown) => {
      if (idempotencyKey && request.method === 'POST')
        idempotent.set(`${url.pathname}:${idempotencyKey}`, { status, body });
      send(response, status, body);
    };
    if (request.method === 'POST' && failing.delete(url.pathname)) {
      return reply(500, { error: { type: 'api_error', message: 'An unknown error occurred' } });
    }

    if (request.method === 'POST' && url.pathname === '/v1/customers') {
      const customerId = id('cus');
      customers.add(customerId);
      return reply(200, { id: customerId, object: 'customer', name: form.name ?? null, email: form.email ?? null });
    }
    if (request.method === 'POST' && url.pathname === '/v1/setup_intents') {
      if (form.customer && !customers.has(form.customer)) {
        return reply(400, {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            param: 'customer',
            message: `No such customer: '${form.customer}'`,
          },
        });
      }
      if (form.usage && !['on_session', 'off_session'].includes(form.usage)) {
        return reply(400, {
          error: {
            type: 'invalid_request_error',
            param: 'usage',
            message: `Invalid usage: must be one of on_session or off_session`,
          },
        });
      }
      const setupId = id('seti');
      const setup: FakeSetupIntent = {
        id: setupId,
        object: 'setup_intent',
        client_secret: `${setupId}_secret_${randomBytes(8).toString('hex')}`,
        status: 'requires_payment_method',
        customer: form.customer ?? null,
        payment_method: null,
        usage: form.usage ?? 'off_session',
        metadata: nested(form, 'metadata'),
        created: Math.floor(Date.now() / 1000),
      };
      setupIntents.set(setupId, setup);
      return reply(200, setup);
    }
    const setupMatch = /^\/v1\/setup_intents\/([^/]+)$/.exec(url.pathname);
    if (setupMatch && request.method === 'GET') {
      const setup = setupIntents.get(setupMatch[1]);
      if (!setup) {
        return stripeError(response, 404, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: `No such setupintent: '${setupMatch[1]}'`,
        });
      }
      return send(response, 200, setup);
    }
    if (request.method === 'POST' && url.pathname === '/v1/payment_intents') {
      const amount = Number(form.amount);
      if (!Number.isInteger(amount) || amount < 50) {
        return reply(400, { error: { type: 'invalid_request_error', message: 'Amount must be at least 50 cents' } });
      }
      const captureMethod = form.capture_method ?? 'automatic';
      if (!['automatic', 'automatic_async', 'manual'].includes(captureMethod)) {
        return reply(400, {
          error: {
            type: 'invalid_request_error',
            code: 'parameter_invalid_string',
            param: 'capture_method',
            message: `Invalid capture_method: must be one of automatic, automatic_async, or manual`,
          },
        });
      }
      const intentId = id('pi');
      const intent: FakeIntent = {
        id: intentId,
        object: 'payment_intent',
        amount,
        currency: form.currency ?? 'usd',
        status: 'requires_payment_method',
        client_secret: `${intentId}_secret_${randomBytes(8).toString('hex')}`,
        description: form.description ?? null,
        metadata: nested(form, 'metadata'),
        customer: form.customer ?? null,
        payment_method: form.payment_method ?? null,
        receipt_email: form.receipt_email ?? null,
        setup_future_usage: form.setup_future_usage ?? null,
        off_session: form.off_session === 'true',
        capture_method: captureMethod as FakeIntent['capture_method'],
        amount_capturable: 0,
        amount_received: 0,
        canceled_at: null,
        cancellation_reason: null,
        last_payment_error: null,
        latest_charge: null,
        created: Math.floor(Date.now() / 1000),
      };
      if (form.confirm === 'true') {
        if (intent.payment_method && declined.has(intent.payment_method)) {
          intent.last_payment_error = { message: 'Your card was declined.', code: 'card_declined', type: 'card_error' };
          intents.set(intentId, intent);
          return reply(402, {
            error: {
              type: 'card_error',
              code: 'card_declined',
              message: 'Your card was declined.',
              payment_intent: intent,
            },
          });
        }
        authorise(intent);
      }
      intents.set(intentId, intent);
      return reply(200, intent);
    }
    if (request.method === 'GET' && url.pathname === '/v1/refunds') {
      const intentId = url.searchParams.get('payment_intent');
      const data = refunds.filter((r) => !intentId || r.payment_intent === intentId).reverse();
      return send(response, 200, { object: 'list', data, has_more: false, url: '/v1/refunds' });
    }
    if (request.method === 'POST' && url.pathname === '/v1/refunds') {
      // Stripe's refusals: an unknown or unpaid intent, a non-positive amount, more than is left on the charge.
      const intent = form.payment_intent ? intents.get(form.payment_intent) : undefined;
      if (!intent) {
        return reply(400, {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: `No such payment_intent: '${form.payment_intent ?? ''}'`,
          },
        });
      }
      if (intent.status !== 'succeeded') {
        return reply(400, {
          error: {
            type: 'invalid_request_error',
            code: 'charge_not_refundable',
            message: `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
          },
        });
      }
      const left = intent.amount - refundedOn(intent.id);
      const amount = form.amount === undefined ? left : Number(form.amount);
      if (left <= 0) {
        return reply(400, {
          error: {
            type: 'invalid_request_error',
            code: 'charge_already_refunded',
            message: `Charge ${chargeOf(intent.id)} has already been refunded.`,
          },
        });
      }
      if (!Number.isInteger(amount) || amount <= 0) {
        return reply(400, {
          error: {
            type: 'invalid_request_error',
            code: 'parameter_invalid_integer',
            message: 'Invalid positive integer',
            param: 'amount',
          },
        });
      }
      if (amount > left) {
        return reply(400, {
          error: {
            type: 'invalid_request_error',
            code: 'amount_too_large',
            message: `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
            param: 'amount',
          },
        });
      }
      const refund: FakeRefund = {
        id: id('re'),
        object: 'refund',
        amount,
        currency: intent.currency,
        payment_intent: intent.id,
        charge: chargeOf(intent.id),
        status: 'succeeded',
        metadata: nested(form, 'metadata'),
        created: Math.floor(Date.now() / 1000),
      };
      refunds.push(refund);
      return reply(200, refund);
    }
    const action = /^\/v1\/payment_intents\/([^/]+)\/(capture|cancel)$/.exec(url.pathname);
    if (action && request.method === 'POST') {
      const intent = intents.get(action[1]);
      if (!intent) {
        return reply(404, {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: `No such payment_intent: '${action[1]}'`,
          },
        });
      }
      if (action[2] === 'capture') {
        // Stripe captures only an authorised intent, and at most what was authorised.
        if (intent.status !== 'requires_capture') {
          return reply(400, {
            error: {
              type: 'invalid_request_error',
              code: 'payment_intent_unexpected_state',
              message: `This PaymentIntent could not be captured because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`,
              payment_intent: { ...intent },
            },
          });
        }
        const amount = form.amount_to_capture === undefined ? intent.amount_capturable : Number(form.amount_to_capture);
        if (!Number.isInteger(amount) || amount <= 0 || amount > intent.amount_capturable) {
          return reply(400, {
            error: {
              type: 'invalid_request_error',
              code: 'amount_too_large',
              param: 'amount_to_capture',
              message: 'The amount to capture must be a positive integer no greater than the amount capturable.',
            },
          });
        }
        if (refuseUnknownExpansion(form, response)) return;
        intent.status = 'succeeded';
        intent.amount_received = amount;
        intent.amount_capturable = 0;
        record('payment_intent.succeeded', intent);
        return reply(200, answer(intent, form));
      }
      const cancellable = [
        'requires_payment_method',
        'requires_capture',
        'requires_confirmation',
        'requires_action',
        'processing',
      ];
      if (!cancellable.includes(intent.status)) {
        return reply(400, {
          error: {
            type: 'invalid_request_error',
            code: 'payment_intent_unexpected_state',
            message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${cancellable.join(', ')}.`,
            payment_intent: { ...intent },
          },
        });
      }
      const reason = form.cancellation_reason ?? null;
      if (reason !== null && !['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned'].includes(reason)) {
        return reply(400, {
          error: {
            type: 'invalid_request_error',
            code: 'parameter_invalid_string',
            param: 'cancellation_reason',
            message:
              'Invalid cancellation_reason: must be one of duplicate, fraudulent, requested_by_customer, or abandoned',
          },
        });
      }
      intent.status = 'canceled';
      intent.amount_capturable = 0;
      intent.canceled_at = Math.floor(Date.now() / 1000);
      intent.cancellation_reason = reason;
      record('payment_intent.canceled', intent);
      return reply(200, intent);
    }
    const match = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
    if (match) {
      const intent = intents.get(match[1]);
      if (!intent) {
        return stripeError(response, 404, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: `No such payment_intent: '${match[1]}'`,
        });
      }
      if (request.method === 'GET') {
        const query = Object.fromEntries(url.searchParams);
        if (refuseUnknownExpansion(query, response)) return;
        return send(response, 200, answer(intent, query));
      }
      if (request.method === 'POST') {
        if (intent.status === 'canceled') {
          return reply(400, {
            error: {
              type: 'invalid_request_error',
              code: 'payment_intent_unexpected_state',
              message: `This PaymentIntent's status is canceled, so it cannot be updated.`,
            },
          });
        }
        if (form.amount !== undefined) {
          const amount = Number(form.amount);
          // As at creation: Stripe refuses a charge under its minimum (50 cents in USD), $0 included.
          if (!Number.isInteger(amount) || amount < 50) {
            return reply(400, {
              error: {
                type: 'invalid_request_error',
                code: 'amount_too_small',
                param: 'amount',
                message: 'Amount must be at least $0.50 usd',
              },
            });
          }
          intent.amount = amount;
        }
        Object.assign(intent.metadata, nested(form, 'metadata'));
        if (form.receipt_email !== undefined) intent.receipt_email = form.receipt_email;
        if (form.customer !== undefined) intent.customer = form.customer;
        return reply(200, intent);
      }
    }
    stripeError(response, 404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${request.method}: ${url.pathname})`,
    });
  };

  const server: Server = createServer((request, response) => {
    let raw = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (raw += chunk));
    request.on('end', () => handle(request, response, raw));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    intents,
    failNext(path) {
      failing.add(path);
    },
    succeed(intentId, paymentMethod = id('pm')) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`No fake intent ${intentId}`);
      intent.status = 'succeeded';
      intent.payment_method = paymentMethod;
      intent.latest_charge = chargeOf(intentId);
      intent.amount_received = intent.amount;
      intent.amount_capturable = 0;
      return intent;
    },
    confirm(intentId, paymentMethod = id('pm')) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`No fake intent ${intentId}`);
      if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(intent.status)) {
        throw new Error(`You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`);
      }
      intent.payment_method = paymentMethod;
      authorise(intent);
      return intent;
    },
    events,
    declineOffSession(paymentMethod) {
      declined.add(paymentMethod);
    },
    setCard(paymentMethod, card) {
      cards.set(paymentMethod, card);
    },
    refunds,
    refundedCharge(intentId) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`No fake intent ${intentId}`);
      return {
        id: chargeOf(intentId),
        object: 'charge',
        amount: intent.amount,
        amount_refunded: refundedOn(intentId),
        currency: intent.currency,
        payment_intent: intentId,
        refunded: refundedOn(intentId) >= intent.amount,
        status: 'succeeded',
        // No refund list: since API version 2022-11-15 a Charge has one only when expanded, in events too.
      };
    },
    setupIntents,
    confirmSetup(setupId, paymentMethod) {
      const setup = setupIntents.get(setupId);
      if (!setup) throw new Error(`No fake SetupIntent ${setupId}`);
      setup.status = 'succeeded';
      setup.payment_method = paymentMethod;
      return setup;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
