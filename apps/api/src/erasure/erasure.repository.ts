import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { ObjectDeletion } from './object-deletion.entity';

/** The only place that writes pending object deletions and the rows erasure by email clears outside credentials. */
@Injectable()
export class ErasureRepository {
  constructor(private readonly em: EntityManager) {}

  async scheduleObjects(keys: string[], em: EntityManager): Promise<void> {
    if (keys.length === 0) return;
    const now = new Date();
    for (const objectKey of keys) {
      await em.getConnection().execute(
        `insert into object_deletions (object_key, attempts, next_attempt_at, last_error, created_at) values (?, 0, ?, null, ?)
         on conflict (object_key) do nothing`,
        [objectKey, now, now],
      );
    }
    // The issued-upload record names the same key; the credential is gone, so nothing may register it again.
    await em
      .getConnection()
      .execute(`delete from issued_uploads where object_key in (${keys.map(() => '?').join(', ')})`, keys);
  }

  async due(now: Date, limit: number): Promise<ObjectDeletion[]> {
    return this.em
      .fork()
      .find(ObjectDeletion, { nextAttemptAt: { $lte: now } }, { limit, orderBy: { nextAttemptAt: 'asc' } });
  }

  async done(objectKey: string): Promise<void> {
    await this.em.fork().nativeDelete(ObjectDeletion, { objectKey });
  }

  async retryLater(objectKey: string, attempts: number, nextAttemptAt: Date, error: string): Promise<void> {
    await this.em
      .fork()
      .nativeUpdate(ObjectDeletion, { objectKey }, { attempts, nextAttemptAt, lastError: error.slice(0, 500) });
  }

  /** Removes one address from every evaluation's lead contacts; returns how many contacts went. */
  async removeLeadContacts(email: string, em: EntityManager): Promise<number> {
    const rows = await em.getConnection().execute<{ removed: number }[]>(
      `with matched as (
         select e.id,
                coalesce(jsonb_agg(c) filter (where lower(coalesce(c->>'email', '')) <> ?), '[]'::jsonb) as kept,
                count(*) filter (where lower(coalesce(c->>'email', '')) = ?) as removed
           from evaluations e, jsonb_array_elements(e.lead_contacts) c
          group by e.id
         having count(*) filter (where lower(coalesce(c->>'email', '')) = ?) > 0
       ), updated as (
         update evaluations e set lead_contacts = m.kept from matched m where e.id = m.id returning m.removed
       )
       select coalesce(sum(removed), 0)::int as removed from updated`,
      [email, email, email],
    );
    return Number(rows[0]?.removed ?? 0);
  }

  async deleteEmailDrafts(email: string, em: EntityManager): Promise<number> {
    const rows = await em
      .getConnection()
      .execute<{ id: string }[]>(`delete from email_drafts where lower(contact_email) = ? returning id`, [email]);
    return rows.length;
  }

  async deleteSignInTokens(email: string, em: EntityManager): Promise<number> {
    const rows = await em
      .getConnection()
      .execute<{ id: string }[]>(`delete from sign_in_tokens where email = ? returning id`, [email]);
    return rows.length;
  }
}
