import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { preparedRead } from '../database/prepared-read';
import { randomUUID } from 'node:crypto';
import { Applicant } from './applicant.entity';

/** A signed-in browser's session row (the token itself is never stored, only its SHA-256). */
export interface ApplicantSessionRow {
  applicantId: string;
  lastSeenAt: Date;
  expiresAt: Date;
}

/** The only place that writes applicants and their sessions (applicant_sessions). */
@Injectable()
export class ApplicantsRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * Creates the row for an id the web server chose, once; concurrent first requests both succeed. Committed on its own
   * connection at once, outside any transaction (an idempotent insert a rollback need not undo), so it takes no `em`.
   */
  async ensure(id: string): Promise<void> {
    await this.em
      .getConnection()
      .execute(`insert into applicants (id, email, created_at) values (?, null, ?) on conflict (id) do nothing`, [
        id,
        new Date(),
      ]);
  }

  findById(id: string, em: EntityManager = this.em): Promise<Applicant | null> {
    return em.findOne(Applicant, { id }, { disableIdentityMap: true });
  }

  findByEmail(email: string, em: EntityManager = this.em): Promise<Applicant | null> {
    return em.findOne(Applicant, { email }, { disableIdentityMap: true });
  }

  /**
   * The account of an address, created under a new id when there is none; two first sign-ins of one address at once
   * both get the one account (the unique email decides). Committed at once outside any transaction, like ensure.
   */
  async ensureAccount(email: string): Promise<Pick<Applicant, 'id' | 'email'>> {
    await this.em
      .getConnection()
      .execute(`insert into applicants (id, email, created_at) values (?, ?, ?) on conflict (email) do nothing`, [
        randomUUID(),
        email,
        new Date(),
      ]);
    const rows = await this.em
      .getConnection()
      .execute<{ id: string }[]>(`select id from applicants where email = ?`, [email]);
    return { id: rows[0].id, email };
  }

  async create(id: string, email: string | null, em: EntityManager = this.em): Promise<void> {
    await em.insert(Applicant, { id, email, createdAt: new Date() });
  }

  /**
   * The account of an email address (lower-cased by the caller), created if new; one statement, so two concurrent
   * callers naming the same new address end with one account. Committed at once outside any transaction, like ensure.
   */
  async ensureForEmail(email: string): Promise<string> {
    const rows = await this.em.getConnection().execute<Array<{ id: string }>>(
      `with created as (
         insert into applicants (id, email, created_at) values (gen_random_uuid(), ?, now())
         on conflict (email) do nothing returning id)
       select id from created union all select id from applicants where email = ? limit 1`,
      [email, email],
    );
    return rows[0].id;
  }

  async delete(em: EntityManager, ids: string[]): Promise<number> {
    if (ids.length === 0) return 0;
    return em.nativeDelete(Applicant, { id: { $in: ids } });
  }

  /** Anonymous applicants that own nothing, created before the cutoff (a browser that never came back). */
  async deleteEmptyAnonymous(before: Date, keep: string, em: EntityManager = this.em): Promise<number> {
    const rows = await em.getConnection().execute<{ id: string }[]>(
      `delete from applicants a where a.email is null and a.created_at < ? and a.id <> ?
         and not exists (select 1 from credentials c where c.owner_id = a.id) returning a.id`,
      [before, keep],
    );
    return rows.length;
  }

  /** A new session of a signed-in browser, in the sign-in's transaction. */
  async createSession(
    em: EntityManager,
    session: { tokenHash: string; applicantId: string; createdAt: Date; expiresAt: Date },
  ): Promise<void> {
    await em
      .getConnection()
      .execute(
        `insert into applicant_sessions (token_hash, applicant_id, created_at, last_seen_at, expires_at) values (?, ?, ?, ?, ?)`,
        [session.tokenHash, session.applicantId, session.createdAt, session.createdAt, session.expiresAt],
        'run',
        em.getTransactionContext(),
      );
  }

  /**
   * The session of a token hash, with whether its applicant is an account (has an email); for a token without a
   * session, only the latter. One indexed read per applicant request: the primary key of each table.
   */
  async findForToken(
    applicantId: string,
    tokenHash: string | null,
  ): Promise<{ email: string | null; session: ApplicantSessionRow | null }> {
    // Run on every applicant request: prepared (decision 017).
    const rows = await preparedRead<{
      email: string | null;
      applicant_id: string | null;
      last_seen_at: Date | null;
      expires_at: Date | null;
    }>(
      this.em,
      `select a.email, s.applicant_id, s.last_seen_at, s.expires_at
         from applicants a
         left join applicant_sessions s on s.token_hash = ? and s.applicant_id = a.id
        where a.id = ?`,
      [tokenHash ?? '', applicantId],
    );
    const row = rows[0];
    if (!row) return { email: null, session: null };
    const session =
      row.applicant_id && row.last_seen_at && row.expires_at
        ? { applicantId: row.applicant_id, lastSeenAt: new Date(row.last_seen_at), expiresAt: new Date(row.expires_at) }
        : null;
    return { email: row.email, session };
  }

  async touchSession(tokenHash: string, now: Date): Promise<void> {
    await this.em
      .getConnection()
      .execute(`update applicant_sessions set last_seen_at = ? where token_hash = ?`, [now, tokenHash], 'run');
  }

  /** Signing out: this session ends; how many went (0 when it had already ended). */
  async deleteSession(em: EntityManager, tokenHash: string, applicantId: string): Promise<number> {
    const rows = await em
      .getConnection()
      .execute<Array<{ token_hash: string }>>(
        `delete from applicant_sessions where token_hash = ? and applicant_id = ? returning token_hash`,
        [tokenHash, applicantId],
        'all',
        em.getTransactionContext(),
      );
    return rows.length;
  }

  /** "Sign out everywhere" and erasure: every session of these applicants ends, in the caller's transaction. */
  async deleteSessionsOf(em: EntityManager, applicantIds: string[]): Promise<number> {
    if (applicantIds.length === 0) return 0;
    const rows = await em
      .getConnection()
      .execute<Array<{ token_hash: string }>>(
        `delete from applicant_sessions where applicant_id = any(?::uuid[]) returning token_hash`,
        [`{${applicantIds.join(',')}}`],
        'all',
        em.getTransactionContext(),
      );
    return rows.length;
  }

  /** Sessions past their absolute expiry or idle since `idleCutoff` admit no one; the retention sweep drops them. */
  async deleteEndedSessions(now: Date, idleCutoff: Date, em: EntityManager = this.em): Promise<number> {
    const rows = await em
      .getConnection()
      .execute<Array<{ token_hash: string }>>(
        `delete from applicant_sessions where expires_at <= ? or last_seen_at <= ? returning token_hash`,
        [now, idleCutoff],
      );
    return rows.length;
  }
}
