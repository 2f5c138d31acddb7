import { LoadStrategy, LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { AnalysisRecord } from '../analysis/analysis-record.entity';
import { Evaluation } from '../analysis/evaluation.entity';
import { CredentialReview } from '../reviews/credential-review.entity';
import { CredentialDocument } from './credential-document.entity';
import { Credential } from './credential.entity';

export type NewDocument = Pick<CredentialDocument, 'fileName' | 'documentType' | 'fileSize' | 'fileType' | 'objectKey'>;

export type AddDocumentResult =
  | { outcome: 'added'; document: CredentialDocument }
  | { outcome: 'credential-not-found' }
  | { outcome: 'credential-analyzing' };

/** What the visitor's page shows, read in a fixed number of queries however many credentials exist. */
export interface OwnedCredentials {
  credentials: Credential[];
  evaluations: Map<string, Evaluation>;
  /** Analyzing credentials: every stored phase; completed ones: phases 1 and 2, which the evaluation's details come from. */
  analyses: Map<string, AnalysisRecord[]>;
  reviews: Map<string, CredentialReview>;
}

/** `owner` null means staff: no owner filter. */
function visibleTo(id: string, owner: string | null): { id: string; ownerId?: string } {
  return owner === null ? { id } : { id, ownerId: owner };
}

/** The only place that queries credentials and their documents. */
@Injectable()
export class CredentialsRepository {
  constructor(private readonly em: EntityManager) {}

  /** One applicant's credentials with documents, newest first, and their evaluations, phase records and reviews. */
  async listOwned(ownerId: string): Promise<OwnedCredentials> {
    const em = this.em.fork();
    const credentials = await em.find(
      Credential,
      { ownerId },
      { populate: ['documents'], orderBy: { createdAt: 'desc', id: 'asc' } },
    );
    const ids = (status: Credential['status']) => credentials.filter((c) => c.status === status).map((c) => c.id);
    const completed = ids('completed');
    const analyzing = ids('analyzing');
    const [evaluations, records, reviews] = await Promise.all([
      completed.length ? em.find(Evaluation, { credential: { $in: completed } }) : Promise.resolve([]),
      analyzing.length + completed.length
        ? em.find(
            AnalysisRecord,
            { $or: [{ credential: { $in: analyzing } }, { credential: { $in: completed }, phase: { $in: [1, 2] } }] },
            { orderBy: { phase: 'asc' } },
          )
        : Promise.resolve([]),
      completed.length ? em.find(CredentialReview, { credential: { $in: completed } }) : Promise.resolve([]),
    ]);
    const analyses = new Map<string, AnalysisRecord[]>();
    for (const record of records)
      analyses.set(record.credential.id, [...(analyses.get(record.credential.id) ?? []), record]);
    return {
      credentials,
      evaluations: new Map(evaluations.map((e) => [e.credential.id, e])),
      analyses,
      reviews: new Map(reviews.map((r) => [r.credential.id, r])),
    };
  }

  /** One credential with its documents loaded, or null (also when `owner` is given and does not own it). */
  findVisible(id: string, owner: string | null): Promise<Credential | null> {
    return this.em.findOne(Credential, visibleTo(id, owner), { populate: ['documents'] });
  }

  /** One credential with its documents loaded, or null. */
  findById(id: string): Promise<Credential | null> {
    return this.em.findOne(Credential, { id }, { populate: ['documents'] });
  }

  async create(name: string, ownerId: string): Promise<Credential> {
    const credential = Object.assign(new Credential(), { name, ownerId });
    await this.em.persistAndFlush(credential);
    await this.em.populate(credential, ['documents']);
    return credential;
  }

  /**
   * Adds a document under a row lock on the credential, so a document never slips in after an analysis has
   * started reading the credential's documents. A credential the owner does not own reads as not found.
   */
  addDocumentUnlessAnalyzing(
    credentialId: string,
    document: NewDocument,
    owner: string | null = null,
  ): Promise<AddDocumentResult> {
    return this.em.transactional(async (em) => {
      const credential = await em.findOne(Credential, visibleTo(credentialId, owner), {
        lockMode: LockMode.PESSIMISTIC_WRITE,
      });
      if (!credential) return { outcome: 'credential-not-found' };
      if (credential.status === 'analyzing') return { outcome: 'credential-analyzing' };
      const created = Object.assign(new CredentialDocument(), document, { credential });
      await em.persistAndFlush(created);
      return { outcome: 'added', document: created };
    });
  }

  /** Moves every credential of `from` to `to` (signing in merges anonymous records into the account). */
  async reassignOwner(from: string[], to: string, em: EntityManager): Promise<number> {
    if (from.length === 0) return 0;
    return em.nativeUpdate(Credential, { ownerId: { $in: from } }, { ownerId: to });
  }

  /**
   * Locks and deletes credentials (their documents, phase records, evaluation, review and drafts go by cascade) and
   * returns the keys of their stored objects. `analyzing` ones are left alone and reported.
   */
  async deleteWithObjects(
    where: { ids?: string[]; ownerIds?: string[] },
    em: EntityManager,
  ): Promise<{ deleted: string[]; analyzing: string[]; objectKeys: string[] }> {
    const filter = where.ids ? { id: { $in: where.ids } } : { ownerId: { $in: where.ownerIds ?? [] } };
    const credentials = await em.find(Credential, filter, {
      populate: ['documents'],
      strategy: LoadStrategy.SELECT_IN,
      lockMode: LockMode.PESSIMISTIC_WRITE,
    });
    const deletable = credentials.filter((c) => c.status !== 'analyzing');
    const objectKeys = deletable.flatMap((c) => c.documents.getItems().map((d) => d.objectKey));
    if (deletable.length > 0) await em.nativeDelete(Credential, { id: { $in: deletable.map((c) => c.id) } });
    return {
      deleted: deletable.map((c) => c.id),
      analyzing: credentials.filter((c) => c.status === 'analyzing').map((c) => c.id),
      objectKeys,
    };
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
