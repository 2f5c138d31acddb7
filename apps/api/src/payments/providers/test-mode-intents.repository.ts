import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { ProviderIntent, ProviderRefund } from './payment-provider';

interface IntentRow {
  id: string;
  client_secret: string;
  amount: number;
  currency: string;
  status: string;
  metadata: Record<string, string>;
  customer_id: string | null;
  payment_method_id: string | null;
  last_error_message: string | null;
}

const COLUMNS =
  'id, client_secret, amount, currency, status, metadata, customer_id, payment_method_id, last_error_message';

function toIntent(row: IntentRow): ProviderIntent {
  return {
    id: row.id,
    clientSecret: row.client_secret,
    amount: Number(row.amount),
    currency: row.currency,
    status: row.status,
    metadata: { ...row.metadata },
    customerId: row.customer_id,
    paymentMethodId: row.payment_method_id,
    lastErrorMessage: row.last_error_message,
  };
}

/** The only place that touches test_mode_intents: test mode's payment intents and off-session charges. */
@Injectable()
export class TestModeIntentsRepository {
  constructor(private readonly em: EntityManager) {}

  async insert(intent: ProviderIntent, idempotencyKey: string | null = null): Promise<ProviderIntent> {
    const rows = await this.em.getConnection().execute<IntentRow[]>(
      `insert into test_mode_intents (${COLUMNS}, idempotency_key, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?, now(), now())
       on conflict (idempotency_key) do nothing
       returning ${COLUMNS}`,
      [
        intent.id,
        intent.clientSecret,
        intent.amount,
        intent.currency,
        intent.status,
        JSON.stringify(intent.metadata),
        intent.customerId,
        intent.paymentMethodId,
        intent.lastErrorMessage,
        idempotencyKey,
      ],
      'all',
    );
    if (rows.length === 1) return toIntent(rows[0]);
    // Another call with the same idempotency key got there first: answer with its intent, as Stripe does.
    const existing = idempotencyKey ? await this.findByIdempotencyKey(idempotencyKey) : null;
    if (!existing) throw new Error(`Test-mode intent ${intent.id} could not be stored`);
    return existing;
  }

  async find(id: string): Promise<ProviderIntent | null> {
    const rows = await this.em
      .getConnection()
      .execute<IntentRow[]>(`select ${COLUMNS} from test_mode_intents where id = ?`, [id], 'all');
    return rows.length === 1 ? toIntent(rows[0]) : null;
  }

  async findByIdempotencyKey(key: string): Promise<ProviderIntent | null> {
    const rows = await this.em
      .getConnection()
      .execute<IntentRow[]>(`select ${COLUMNS} from test_mode_intents where idempotency_key = ?`, [key], 'all');
    return rows.length === 1 ? toIntent(rows[0]) : null;
  }

  /** Merges metadata and sets the customer and the amount when given; null when the intent does not exist. */
  async update(
    id: string,
    metadata: Record<string, string>,
    customerId: string | null,
    amount: number | null = null,
  ): Promise<ProviderIntent | null> {
    const rows = await this.em.getConnection().execute<IntentRow[]>(
      `update test_mode_intents set metadata = metadata || ?::jsonb, customer_id = coalesce(?, customer_id),
         amount = coalesce(?, amount), updated_at = now()
       where id = ? returning ${COLUMNS}`,
      [JSON.stringify(metadata), customerId, amount, id],
      'all',
    );
    return rows.length === 1 ? toIntent(rows[0]) : null;
  }

  /**
   * Records the outcome of a card attempt unless the intent already succeeded (one statement, so two racing
   * confirmations cannot undo a success); null when the intent had already succeeded or does not exist.
   */
  async recordAttempt(
    id: string,
    outcome: { status: string; paymentMethodId: string | null; lastErrorMessage: string | null },
  ): Promise<ProviderIntent | null> {
    const rows = await this.em.getConnection().execute<IntentRow[]>(
      `update test_mode_intents set status = ?, payment_method_id = coalesce(?, payment_method_id),
         last_error_message = ?, updated_at = now()
       where id = ? and status <> 'succeeded' returning ${COLUMNS}`,
      [outcome.status, outcome.paymentMethodId, outcome.lastErrorMessage, id],
      'all',
    );
    return rows.length === 1 ? toIntent(rows[0]) : null;
  }

  /** Cancels an intent unless it succeeded or was cancelled already; null then (or when it does not exist). */
  async cancel(id: string): Promise<ProviderIntent | null> {
    const rows = await this.em.getConnection().execute<IntentRow[]>(
      `update test_mode_intents set status = 'canceled', updated_at = now()
       where id = ? and status not in ('succeeded', 'canceled') returning ${COLUMNS}`,
      [id],
      'all',
    );
    return rows.length === 1 ? toIntent(rows[0]) : null;
  }

  /**
   * A refund, in one statement conditional on what is left unrefunded, so two racing refunds can never exceed the
   * charge; null when it would.
   */
  async addRefund(
    intentId: string,
    refundId: string,
    amount: number,
    idempotencyKey: string,
  ): Promise<ProviderRefund | null> {
    const rows = await this.em.getConnection().execute<Array<{ refunds: ProviderRefund[] }>>(
      `update test_mode_intents set refunded_amount = refunded_amount + ?,
         refunds = refunds || jsonb_build_array(jsonb_build_object('id', ?::text, 'paymentIntentId', id, 'amount', ?::int,
           'status', 'succeeded', 'idempotencyKey', ?::text)),
         updated_at = now()
       where id = ? and status = 'succeeded' and refunded_amount + ? <= amount
       returning refunds`,
      [amount, refundId, amount, idempotencyKey, intentId, amount],
      'all',
    );
    if (rows.length !== 1) return null;
    const refund = rows[0].refunds.find((candidate) => candidate.id === refundId);
    return refund
      ? { id: refund.id, paymentIntentId: refund.paymentIntentId, amount: Number(refund.amount), status: refund.status }
      : null;
  }

  /**
   * First-charge intents of payments that succeeded here but whose payment was never recorded as paid (a confirmation
   * cut off between the charge and the enrollment), last changed before `before`, oldest first. Off-session
   * installment charges are not payments' first intents, and a payment recorded as paid is enrolled (both are one
   * transaction), so nothing an admin deleted since is brought back.
   */
  async findSucceededNotEnrolled(before: Date, limit: number): Promise<string[]> {
    const rows = await this.em.execute<Array<{ id: string }>>(
      `select t.id from test_mode_intents t join payments p on p.provider_payment_id = t.id
       where t.status = 'succeeded' and p.status <> 'succeeded' and t.updated_at < ?
       order by t.updated_at limit ?`,
      [before, limit],
    );
    return rows.map((row) => row.id);
  }

  async findRefund(idempotencyKey: string): Promise<ProviderRefund | null> {
    const rows = await this.em
      .getConnection()
      .execute<Array<{ refund: ProviderRefund }>>(
        `select r as refund from test_mode_intents, jsonb_array_elements(refunds) r where r->>'idempotencyKey' = ?`,
        [idempotencyKey],
        'all',
      );
    if (rows.length === 0) return null;
    const { refund } = rows[0];
    return {
      id: refund.id,
      paymentIntentId: refund.paymentIntentId,
      amount: Number(refund.amount),
      status: refund.status,
    };
  }

  async listRefunds(intentId: string): Promise<ProviderRefund[]> {
    const rows = await this.em
      .getConnection()
      .execute<Array<{ refund: ProviderRefund }>>(
        'select r as refund from test_mode_intents, jsonb_array_elements(refunds) r where id = ?',
        [intentId],
        'all',
      );
    return rows.map(({ refund }) => ({
      id: refund.id,
      paymentIntentId: refund.paymentIntentId,
      amount: Number(refund.amount),
      status: refund.status,
    }));
  }
}
