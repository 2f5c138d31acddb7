import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { SignInToken } from '../applicants/sign-in-token.entity';

/** A spent link: the address it signs in to, who asked for it and the hash of the browser binding it was given. */
export interface SpentSignInLink {
  email: string;
  requestedBy: string | null;
  browserBindingHash: string | null;
}

/** Counter rows are keyed by a hash, so the table never holds an address or an email. */
function counterKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** The only place that writes sign-in tokens and their mail counters (erasure by email deletes an address's tokens). */
@Injectable()
export class SignInRepository {
  constructor(private readonly em: EntityManager) {}

  /** Erasure by email: the address's tokens, in the erasure's transaction; how many went. */
  static async deleteForEmail(em: EntityManager, email: string): Promise<number> {
    const rows = await em.execute<{ id: string }[]>(`delete from sign_in_tokens where email = ? returning id`, [email]);
    return rows.length;
  }

  async create(
    em: EntityManager,
    token: Pick<SignInToken, 'tokenHash' | 'email' | 'requestedBy' | 'browserBindingHash' | 'expiresAt'>,
  ): Promise<SignInToken> {
    const created = Object.assign(new SignInToken(), token);
    await em.persistAndFlush(created);
    return created;
  }

  /**
   * Adds one to a mail counter and returns its new value, in one statement, so concurrent requests on any number of
   * API instances can neither read the same count nor lose an increment. The window starts at the key's first hit.
   */
  async hit(key: string, windowSeconds: number): Promise<number> {
    const rows = await this.em.getConnection().execute<Array<{ count: number }>>(
      `insert into sign_in_limit_counters as c (key, window_started_at, count) values (?, now(), 1)
       on conflict (key) do update set
         count = case when c.window_started_at > now() - make_interval(secs => ?) then c.count + 1 else 1 end,
         window_started_at = case when c.window_started_at > now() - make_interval(secs => ?) then c.window_started_at else now() end
       returning count`,
      [counterKey(key), windowSeconds, windowSeconds],
      'all',
    );
    return Number(rows[0].count);
  }

  /** The address of a valid (unused, unexpired) token, without spending it; null otherwise. */
  async findValidEmail(tokenHash: string, now: Date): Promise<string | null> {
    const rows = await this.em
      .getConnection()
      .execute<{ email: string }[]>(
        `select email from sign_in_tokens where token_hash = ? and used_at is null and expires_at > ?`,
        [tokenHash, now],
      );
    return rows[0]?.email ?? null;
  }

  /** Spends a valid token in one guarded UPDATE, so two clicks on one link can never both sign in. */
  async consume(em: EntityManager, tokenHash: string, now: Date): Promise<SpentSignInLink | null> {
    const rows = await em
      .getConnection()
      .execute<{ email: string; requested_by: string | null; browser_binding_hash: string | null }[]>(
        `update sign_in_tokens set used_at = ? where token_hash = ? and used_at is null and expires_at > ?
         returning email, requested_by, browser_binding_hash`,
        [now, tokenHash, now],
      );
    const row = rows[0];
    return row
      ? { email: row.email, requestedBy: row.requested_by, browserBindingHash: row.browser_binding_hash }
      : null;
  }

  /** Spent and expired tokens and ended counter windows are useless; they are pruned when new links are made. */
  async prune(now: Date, windowSeconds: number): Promise<void> {
    await this.em.fork().nativeDelete(SignInToken, { $or: [{ expiresAt: { $lt: now } }, { usedAt: { $ne: null } }] });
    await this.em
      .getConnection()
      .execute(
        `delete from sign_in_limit_counters where window_started_at < now() - make_interval(secs => ?)`,
        [windowSeconds * 2],
        'run',
      );
  }
}
