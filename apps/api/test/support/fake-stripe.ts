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
  last_payment_error: { message: string; code: string; type: string } | null;
  created: number;
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
  /** What the browser's confirmPayment does at Stripe: the intent succeeds with a card. */
  succeed(id: string, paymentMethod?: string): FakeIntent;
  /** Off-session charges with this payment method are declined. */
  declineOffSession(paymentMethod: string): void;
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
  const declined = new Set<string>();
  const refunds: FakeRefund[] = [];
  const chargeOf = (intentId: string) => `ch_${intentId.slice(3)}`;
  const refundedOn = (intentId: string) =>
    refunds.filter((r) => r.payment_intent === intentId).reduce((sum, r) => sum + r.amount, 0);
  const customers = new Set<string>();
  const setupIntents = new Map<string, FakeSetupIntent>();

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
        last_payment_error: null,
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
        intent.status = 'succeeded';
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
      if (request.method === 'GET') return send(response, 200, intent);
      if (request.method === 'POST') {
        if (form.amount !== undefined) intent.amount = Number(form.amount);
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
    succeed(intentId, paymentMethod = id('pm')) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`No fake intent ${intentId}`);
      intent.status = 'succeeded';
      intent.payment_method = paymentMethod;
      return intent;
    },
    declineOffSession(paymentMethod) {
      declined.add(paymentMethod);
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
