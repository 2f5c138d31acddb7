import { LoadStrategy, LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { AnalysisFailureKind } from '@app/contracts';
import { CredentialDocument } from './credential-document.entity';
import { Credential } from './credential.entity';

export type NewDocument = Pick<CredentialDocument, 'fileName' | 'documentType' | 'fileSize' | 'fileType' | 'objectKey'>;

export type AddDocumentResult =
  | { outcome: 'added'; document: CredentialDocument }
  | { outcome: 'credential-not-found' }
  | { outcome: 'credential-analyzing' };

/** A credential whose analysis completed: what the applicant's "evaluation ready" mail needs. */
export interface CompletedCredential {
  id: string;
  name: string;
  /** The owner's address, null for an anonymous applicant. */
  email: string | null;
  total_credits: number | null;
}

/** `owner` null means staff: no owner filter. */
function visibleTo(id: string, owner: string | null): { id: string; ownerId?: string } {
  return owner === null ? { id } : { id, ownerId: owner };
}

/**
 * The only place that writes credentials and their documents. The analysis moves a credential's status through the
 * static transitions below, on its own EntityManager (a transaction's when it has one): each is a single guarded
 * UPDATE, so two requests, two workers or the timeout sweeper can never move a credential twice.
 */
@Injectable()
export class CredentialsRepository {
  constructor(private readonly em: EntityManager) {}

  /** pending + at least one document → analyzing, starting generation `startedAt`; false when refused. */
  static async markAnalyzing(
    em: EntityManager,
    id: string,
    startedAt: Date,
    judged: { status: 'pending' | 'failed'; analysisStartedAt: Date | null },
  ): Promise<boolean> {
    // Only from the state the start rule judged (same status, same last attempt, read to the millisecond as a Date
    // holds it): a racing start finds it changed. A new attempt has no runner or heartbeat yet: an interrupted one's
    // old heartbeat would have the orphan sweep fail the restart before its runner claims it.
    const rows = await em.execute<{ id: string }[]>(
      `update credentials set status = 'analyzing', analysis_started_at = ?, failure_reason = null, failure_kind = null,
         analysis_runner = null, analysis_heartbeat_at = null, updated_at = ?
       where id = ? and status = ? and date_trunc('milliseconds', analysis_started_at) is not distinct from ?
         and exists (select 1 from credential_documents d where d.credential_id = credentials.id)
       returning id`,
      [startedAt, startedAt, id, judged.status, judged.analysisStartedAt],
    );
    return rows.length > 0;
  }

  /** analyzing (this generation) → back to pending, when its job could not be queued. */
  static async markPending(em: EntityManager, id: string, startedAt: Date): Promise<boolean> {
    const rows = await em.execute<{ id: string }[]>(
      `update credentials set status = 'pending', analysis_started_at = null, updated_at = ?
       where id = ? and status = 'analyzing' and analysis_started_at = ? returning id`,
      [new Date(), id, startedAt],
    );
    return rows.length > 0;
  }

  /** analyzing (this generation) → completed; the credential with its owner's address, null when refused. */
  static async markCompleted(em: EntityManager, id: string, generation: Date): Promise<CompletedCredential | null> {
    const rows = await em.execute<CompletedCredential[]>(
      `update credentials c set status = 'completed', failure_reason = null, updated_at = ?
       where c.id = ? and c.status = 'analyzing' and c.analysis_started_at = ?
       returning c.id, c.name, (select a.email from applicants a where a.id = c.owner_id) as email,
         (select e.total_credits from evaluations e where e.credential_id = c.id) as total_credits`,
      [new Date(), id, generation],
    );
    return rows[0] ?? null;
  }

  /** analyzing (this generation) → failed with a reason; false when refused. */
  static async markFailed(
    em: EntityManager,
    id: string,
    generation: Date,
    reason: string,
    kind: AnalysisFailureKind,
  ): Promise<boolean> {
    const rows = await em.execute<{ id: string }[]>(
      `update credentials set status = ?, failure_reason = ?, failure_kind = ?, updated_at = ?
       where id = ? and status = 'analyzing' and analysis_started_at = ? returning id`,
      ['failed', reason, kind, new Date(), id, generation],
    );
    return rows.length > 0;
  }

  /** Every credential analyzing since before the cutoff → failed; their ids. */
  static async markStaleFailed(em: EntityManager, cutoff: Date, reason: string): Promise<string[]> {
    const rows = await em.execute<{ id: string }[]>(
      `update credentials set status = 'failed', failure_reason = ?, failure_kind = 'interrupted', updated_at = ?
       where status = 'analyzing' and analysis_started_at < ? returning id`,
      [reason, new Date(), cutoff],
    );
    return rows.map((r) => r.id);
  }

  /** Without Redis: records `runner` (an API process) as running this analysis, with a fresh heartbeat. */
  static async claimAnalysis(em: EntityManager, id: string, generation: Date, runner: string): Promise<boolean> {
    const rows = await em.execute<{ id: string }[]>(
      `update credentials set analysis_runner = ?, analysis_heartbeat_at = ?
       where id = ? and status = 'analyzing' and analysis_started_at = ? returning id`,
      [runner, new Date(), id, generation],
    );
    return rows.length > 0;
  }

  /** Refreshes the heartbeat of the analyses `runner` still runs among these credentials. */
  static async beatAnalyses(em: EntityManager, ids: string[], runner: string): Promise<void> {
    if (ids.length === 0) return;
    const marks = ids.map(() => '?').join(', ');
    await em.execute(
      `update credentials set analysis_heartbeat_at = ?
       where id in (${marks}) and status = 'analyzing' and analysis_runner = ?`,
      [new Date(), ...ids, runner],
      'run',
    );
  }

  /**
   * Every credential analyzing whose runner's last heartbeat (its start, when it has none yet) is before the cutoff
   * → failed; their ids.
   */
  static async markOrphanedFailed(em: EntityManager, cutoff: Date, reason: string): Promise<string[]> {
    const rows = await em.execute<{ id: string }[]>(
      `update credentials set status = 'failed', failure_reason = ?, failure_kind = 'interrupted', updated_at = ?
       where status = 'analyzing' and coalesce(analysis_heartbeat_at, analysis_started_at) < ? returning id`,
      [reason, new Date(), cutoff],
    );
    return rows.map((r) => r.id);
  }

  /** One credential with its documents loaded, or null (also when `owner` is given and does not own it). */
  findVisible(id: string, owner: string | null): Promise<Credential | null> {
    return this.em.findOne(Credential, visibleTo(id, owner), { populate: ['documents'] });
  }

  /** One credential with its documents loaded, or null. */
  findById(id: string): Promise<Credential | null> {
    return this.em.findOne(Credential, { id }, { populate: ['documents'] });
  }

  async create(em: EntityManager, name: string, ownerId: string): Promise<Credential> {
    const credential = Object.assign(new Credential(), { name, ownerId });
    await em.persistAndFlush(credential);
    await em.populate(credential, ['documents']);
    return credential;
  }

  /**
   * Adds a document under a row lock on the credential, so a document never slips in after an analysis has
   * started reading the credential's documents (in the caller's transaction, its `em`). A credential the owner does
   * not own reads as not found.
   */
  async addDocumentUnlessAnalyzing(
    em: EntityManager,
    credentialId: string,
    document: NewDocument,
    owner: string | null = null,
  ): Promise<AddDocumentResult> {
    const credential = await em.findOne(Credential, visibleTo(credentialId, owner), {
      lockMode: LockMode.PESSIMISTIC_WRITE,
    });
    if (!credential) return { outcome: 'credential-not-found' };
    if (credential.status === 'analyzing') return { outcome: 'credential-analyzing' };
    const created = Object.assign(new CredentialDocument(), document, { credential });
    await em.persistAndFlush(created);
    return { outcome: 'added', document: created };
  }

  /** Moves every credential of `from` to `to` (signing in merges anonymous records into the account). */
  async reassignOwner(em: EntityManager, from: string[], to: string): Promise<number> {
    if (from.length === 0) return 0;
    return em.nativeUpdate(Credential, { ownerId: { $in: from } }, { ownerId: to });
  }

  /**
   * Locks the credentials for erasure until the transaction ends: the ones that may go (with the keys of their stored
   * objects), and the `analyzing` ones, which are left alone and reported.
   */
  async lockForErasure(
    em: EntityManager,
    where: { ids?: string[]; ownerIds?: string[] },
  ): Promise<{ deleted: string[]; analyzing: string[]; objectKeys: string[] }> {
    const filter = where.ids ? { id: { $in: where.ids } } : { ownerId: { $in: where.ownerIds ?? [] } };
    const credentials = await em.find(Credential, filter, {
      populate: ['documents'],
      strategy: LoadStrategy.SELECT_IN,
      lockMode: LockMode.PESSIMISTIC_WRITE,
    });
    const deletable = credentials.filter((c) => c.status !== 'analyzing');
    return {
      deleted: deletable.map((c) => c.id),
      analyzing: credentials.filter((c) => c.status === 'analyzing').map((c) => c.id),
      objectKeys: deletable.flatMap((c) => c.documents.getItems().map((d) => d.objectKey)),
    };
  }

  /** Erasure, last step: the credentials and their documents (the other features' rows went first). */
  static async deleteWithDocuments(em: EntityManager, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    const marks = ids.map(() => '?').join(', ');
    await em.execute(`delete from credential_documents where credential_id in (${marks})`, ids, 'run');
    await em.execute(`delete from credentials where id in (${marks})`, ids, 'run');
  }

  /** Credentials never analyzed and created before the cutoff (abandoned before analysis). */
  async findAbandoned(before: Date, limit: number): Promise<string[]> {
    const rows = await this.em
      .fork()
      .find(
        Credential,
        { status: 'pending', createdAt: { $lt: before } },
        { fields: ['id'], limit, orderBy: { createdAt: 'asc' } },
      );
    return rows.map((row) => row.id);
  }
}
