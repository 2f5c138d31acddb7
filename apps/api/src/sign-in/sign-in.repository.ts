import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { SignInToken } from '../applicants/sign-in-token.entity';

/** The only place that writes sign-in tokens (erasure by email deletes an address's tokens too). */
@Injectable()
export class SignInRepository {
  constructor(private readonly em: EntityManager) {}

  /** Erasure by email: the address's tokens, in the erasure's transaction; how many went. */
  static async deleteForEmail(em: EntityManager, email: string): Promise<number> {
    const rows = await em.execute<{ id: string }[]>(`delete from sign_in_tokens where email = ? returning id`, [email]);
    return rows.length;
  }

  async create(
    token: Pick<SignInToken, 'tokenHash' | 'email' | 'requestedBy' | 'expiresAt'>,
    em: EntityManager,
  ): Promise<SignInToken> {
    const created = Object.assign(new SignInToken(), token);
    await em.persistAndFlush(created);
    return created;
  }

  /** Links asked for this address since `since`, to cap how many mails one address can be sent. */
  countRecent(email: string, since: Date): Promise<number> {
    return this.em.fork().count(SignInToken, { email, createdAt: { $gte: since } });
  }

  /** Spends a valid token in one guarded UPDATE, so two clicks on one link can never both sign in. */
  async consume(
    tokenHash: string,
    now: Date,
    em: EntityManager,
  ): Promise<{ email: string; requestedBy: string | null } | null> {
    const rows = await em
      .getConnection()
      .execute<{ email: string; requested_by: string | null }[]>(
        `update sign_in_tokens set used_at = ? where token_hash = ? and used_at is null and expires_at > ? returning email, requested_by`,
        [now, tokenHash, now],
      );
    return rows[0] ? { email: rows[0].email, requestedBy: rows[0].requested_by } : null;
  }

  /** Spent and expired tokens are useless; they are pruned when new ones are made. */
  async prune(now: Date): Promise<void> {
    await this.em.fork().nativeDelete(SignInToken, { $or: [{ expiresAt: { $lt: now } }, { usedAt: { $ne: null } }] });
  }
}
