import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { WebhookDeliveryStatus, WebhookDeliveryView, WebhookEndpointView, WebhookEventType } from '@app/contracts';

interface EndpointRow {
  id: string;
  url: string;
  description: string;
  events: WebhookEventType[];
  active: boolean;
  disabled_reason: string | null;
  failing_since: Date | null;
  created_at: Date;
}

interface DeliveryRow {
  id: string;
  event_id: string;
  type: WebhookEventType;
  status: WebhookDeliveryStatus;
  attempts: number;
  response_code: number | null;
  last_error: string | null;
  created_at: Date;
  delivered_at: Date | null;
  next_attempt_at: Date;
}

/** A delivery a worker leased: what to send where, signed with whose secret. */
export interface ClaimedDelivery {
  id: string;
  attempts: number;
  messageId: string;
  payload: string;
  /** When the event happened: the signature's timestamp is the send time, the payload's this. */
  endpointId: string;
  url: string;
  secret: string;
  endpointActive: boolean;
}

const iso = (value: Date | null): string | null => (value ? new Date(value).toISOString() : null);

function toEndpoint(row: EndpointRow): WebhookEndpointView {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    active: row.active,
    disabledReason: row.disabled_reason,
    createdAt: new Date(row.created_at).toISOString(),
    failingSince: iso(row.failing_since),
  };
}

function toDelivery(row: DeliveryRow): WebhookDeliveryView {
  return {
    id: row.id,
    messageId: row.event_id,
    eventType: row.type,
    status: row.status,
    attempts: row.attempts,
    responseCode: row.response_code,
    lastError: row.last_error,
    createdAt: new Date(row.created_at).toISOString(),
    deliveredAt: iso(row.delivered_at),
    nextAttemptAt: row.status === 'pending' ? iso(row.next_attempt_at) : null,
  };
}

const ENDPOINT_COLUMNS = 'id, url, description, events, active, disabled_reason, failing_since, created_at';

/** The only writer of webhook_endpoints and webhook_deliveries (webhook_events: WebhookOutbox.enqueue). */
@Injectable()
export class WebhooksRepository {
  constructor(private readonly em: EntityManager) {}

  async insertEndpoint(
    em: EntityManager,
    endpoint: {
      id: string;
      url: string;
      description: string;
      events: WebhookEventType[];
      secret: string;
      createdBy: string;
    },
  ): Promise<WebhookEndpointView> {
    const [row] = await em.execute<EndpointRow[]>(
      `insert into webhook_endpoints (id, url, description, events, secret, active, created_by, created_at, updated_at)
       values (?, ?, ?, ?::text[], ?, true, ?, now(), now()) returning ${ENDPOINT_COLUMNS}`,
      [
        endpoint.id,
        endpoint.url,
        endpoint.description,
        `{${endpoint.events.join(',')}}`,
        endpoint.secret,
        endpoint.createdBy,
      ],
    );
    return toEndpoint(row);
  }

  async listEndpoints(): Promise<WebhookEndpointView[]> {
    const rows = await this.em.execute<EndpointRow[]>(
      `select ${ENDPOINT_COLUMNS} from webhook_endpoints order by created_at desc, id`,
    );
    return rows.map(toEndpoint);
  }

  async findEndpoint(id: string): Promise<WebhookEndpointView | null> {
    const [row] = await this.em.execute<EndpointRow[]>(
      `select ${ENDPOINT_COLUMNS} from webhook_endpoints where id = ?`,
      [id],
    );
    return row ? toEndpoint(row) : null;
  }

  /** Turning an endpoint on clears a disabling and its run of failures. */
  async setActive(em: EntityManager, id: string, active: boolean): Promise<WebhookEndpointView | null> {
    const [row] = await em.execute<EndpointRow[]>(
      `update webhook_endpoints set active = ?, updated_at = now(),
         disabled_reason = case when ? then null else disabled_reason end,
         failing_since = case when ? then null else failing_since end
       where id = ? returning ${ENDPOINT_COLUMNS}`,
      [active, active, active, id],
    );
    return row ? toEndpoint(row) : null;
  }

  async deliveries(
    endpointId: string,
    limit: number,
    offset: number,
  ): Promise<{ rows: WebhookDeliveryView[]; total: number }> {
    const [{ count }] = await this.em.execute<Array<{ count: string }>>(
      'select count(*) as count from webhook_deliveries where endpoint_id = ?',
      [endpointId],
    );
    const rows = await this.em.execute<DeliveryRow[]>(
      `select d.id, d.event_id, ev.type, d.status, d.attempts, d.response_code, d.last_error, d.created_at,
              d.delivered_at, d.next_attempt_at
         from webhook_deliveries d join webhook_events ev on ev.id = d.event_id
        where d.endpoint_id = ? order by d.created_at desc, d.id limit ? offset ?`,
      [endpointId, limit, offset],
    );
    return { rows: rows.map(toDelivery), total: Number(count) };
  }

  async findDelivery(id: string): Promise<WebhookDeliveryView | null> {
    const [row] = await this.em.execute<DeliveryRow[]>(
      `select d.id, d.event_id, ev.type, d.status, d.attempts, d.response_code, d.last_error, d.created_at,
              d.delivered_at, d.next_attempt_at
         from webhook_deliveries d join webhook_events ev on ev.id = d.event_id where d.id = ?`,
      [id],
    );
    return row ? toDelivery(row) : null;
  }

  /** Queues a delivery again with fresh attempts; its event, so its webhook-id, stays the same. */
  async resend(em: EntityManager, id: string): Promise<boolean> {
    const rows = await em.execute<Array<{ id: string }>>(
      `update webhook_deliveries set status = 'pending', attempts = 0, next_attempt_at = now(), lease_until = null
        where id = ? and status <> 'sending' returning id`,
      [id],
    );
    return rows.length === 1;
  }

  /**
   * Leases up to `limit` deliveries that are due, or whose worker's lease ran out (it died mid-delivery). Rows another
   * worker is claiming are skipped, never taken twice at once.
   */
  async claimDue(limit: number, leaseSeconds: number): Promise<ClaimedDelivery[]> {
    const rows = await this.em.getConnection().execute<
      Array<{
        id: string;
        attempts: number;
        event_id: string;
        payload: unknown;
        endpoint_id: string;
        url: string;
        secret: string;
        active: boolean;
      }>
    >(
      `with claimed as (
         update webhook_deliveries set status = 'sending', attempts = attempts + 1, last_attempt_at = now(),
                lease_until = now() + make_interval(secs => ?)
          where id in (select id from webhook_deliveries
                        where (status = 'pending' and next_attempt_at <= now()) or (status = 'sending' and lease_until < now())
                        order by next_attempt_at limit ? for update skip locked)
          returning id, attempts, event_id, endpoint_id)
       select c.id, c.attempts, c.event_id, ev.payload, c.endpoint_id, e.url, e.secret, e.active
         from claimed c join webhook_events ev on ev.id = c.event_id join webhook_endpoints e on e.id = c.endpoint_id`,
      [leaseSeconds, limit],
      'all',
    );
    return rows.map((row) => ({
      id: row.id,
      attempts: row.attempts,
      messageId: row.event_id,
      payload: typeof row.payload === 'string' ? row.payload : JSON.stringify(row.payload),
      endpointId: row.endpoint_id,
      url: row.url,
      secret: row.secret,
      endpointActive: row.active,
    }));
  }

  /** Only the attempt that holds the lease records its outcome (a worker whose lease ran out records nothing). */
  async markDelivered(id: string, attempts: number, responseCode: number): Promise<void> {
    await this.em.getConnection().execute(
      `with delivered as (
         update webhook_deliveries set status = 'delivered', delivered_at = now(), response_code = ?, last_error = null,
                lease_until = null
          where id = ? and status = 'sending' and attempts = ? returning endpoint_id)
       update webhook_endpoints set failing_since = null where id in (select endpoint_id from delivered)`,
      [responseCode, id, attempts],
      'run',
    );
  }

  /**
   * A failed attempt: retried after `retryInSeconds`, or failed for good when null. The endpoint's run of failures
   * starts now if it had none. Returns the endpoint's failing-since time.
   */
  async markFailed(
    id: string,
    attempts: number,
    failure: { responseCode: number | null; error: string; retryInSeconds: number | null },
  ): Promise<{ endpointId: string; failingSince: Date } | null> {
    const [row] = await this.em.getConnection().execute<Array<{ id: string; failing_since: Date }>>(
      `with failed as (
         update webhook_deliveries set
           status = case when ?::int is null then 'failed' else 'pending' end,
           next_attempt_at = case when ?::int is null then next_attempt_at else now() + make_interval(secs => ?::int) end,
           response_code = ?, last_error = ?, lease_until = null
          where id = ? and status = 'sending' and attempts = ? returning endpoint_id)
       update webhook_endpoints set failing_since = coalesce(failing_since, now())
        where id in (select endpoint_id from failed) returning id, failing_since`,
      [
        failure.retryInSeconds,
        failure.retryInSeconds,
        failure.retryInSeconds,
        failure.responseCode,
        failure.error.slice(0, 500),
        id,
        attempts,
      ],
      'all',
    );
    return row ? { endpointId: row.id, failingSince: new Date(row.failing_since) } : null;
  }

  /** Turns off an endpoint that is still failing; true only for the one call that turned it off. */
  async disableFailing(endpointId: string, reason: string): Promise<{ url: string } | null> {
    const [row] = await this.em.getConnection().execute<Array<{ url: string }>>(
      `update webhook_endpoints set active = false, disabled_reason = ?, updated_at = now()
        where id = ? and active and failing_since is not null returning url`,
      [reason, endpointId],
      'all',
    );
    return row ?? null;
  }
}
