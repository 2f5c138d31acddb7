import type { EntityManager } from '@mikro-orm/postgresql';
import type { WebhookEventInput } from '@app/contracts';
import { randomUUID } from 'node:crypto';

/**
 * The one way to raise a webhook event: call it with the EntityManager of the transaction that makes the change, so
 * the event exists exactly when the change does. One statement writes the event (once per key: a replayed cause
 * adds nothing) and a pending delivery for each active endpoint that wants its type. Returns whether it was new.
 */
export class WebhookOutbox {
  static async enqueue(em: EntityManager, event: WebhookEventInput): Promise<boolean> {
    const messageId = `msg_${randomUUID().replace(/-/g, '')}`;
    const rows = await em.getConnection().execute<Array<{ id: string }>>(
      `with event as (
         insert into webhook_events (id, key, type, payload, created_at)
         values (?, ?, ?, jsonb_build_object('type', ?::text, 'timestamp', to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'data', ?::jsonb), now())
         on conflict (key) do nothing
         returning id, type),
       deliveries as (
         insert into webhook_deliveries (id, event_id, endpoint_id, status, attempts, next_attempt_at, created_at)
         select gen_random_uuid(), event.id, e.id, 'pending', 0, now(), now()
           from event join webhook_endpoints e on e.active and event.type = any(e.events))
       select id from event`,
      [messageId, event.key, event.type, event.type, JSON.stringify(event.data)],
      'all',
      em.getTransactionContext(),
    );
    return rows.length > 0;
  }

  /**
   * Erasure: the events (and their deliveries, pending or logged) about these credentials or applicant accounts, in
   * the erasure's transaction. Enrollment and payment events stay, as the enrollments themselves do.
   */
  static async forget(em: EntityManager, about: { credentialIds: string[]; applicantIds: string[] }): Promise<number> {
    if (about.credentialIds.length === 0 && about.applicantIds.length === 0) return 0;
    const rows = await em.getConnection().execute<Array<{ id: string }>>(
      `delete from webhook_events
        where payload->'data'->>'credentialId' = any(?::text[]) or payload->'data'->>'applicantId' = any(?::text[])
        returning id`,
      [`{${about.credentialIds.join(',')}}`, `{${about.applicantIds.join(',')}}`],
      'all',
      em.getTransactionContext(),
    );
    return rows.length;
  }
}
