import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { ReviewQueueItem, ReviewQueueQuery } from '@app/contracts';
import { AnalysisRecord } from '../analysis/analysis-record.entity';
import { Evaluation } from '../analysis/evaluation.entity';
import { Credential } from '../credentials/credential.entity';
import { CredentialReview } from './credential-review.entity';

const QUEUE_LIMIT = 200;

interface QueueRow {
  id: string;
  name: string;
  completed_at: Date;
  total_credits: number | null;
  decision: 'verified' | 'rejected' | null;
  awarded_credits: number | null;
  decided_at: Date | null;
  email: string | null;
  document_count: string;
}

/** The only place that writes credential reviews; also reads the queue. */
@Injectable()
export class ReviewsRepository {
  constructor(private readonly em: EntityManager) {}

  /** Erasure: the reviews of these credentials, in the erasure's transaction. */
  static async deleteForCredentials(em: EntityManager, credentialIds: string[]): Promise<void> {
    if (credentialIds.length === 0) return;
    await em.execute(
      `delete from credential_reviews where credential_id in (${credentialIds.map(() => '?').join(', ')})`,
      credentialIds,
      'run',
    );
  }

  /** Completed credentials by review state; awaiting ones oldest first (first come, first served), decided newest first. */
  async queue(query: ReviewQueueQuery): Promise<ReviewQueueItem[]> {
    const status = query.status ?? 'awaiting';
    const params: unknown[] = [];
    let where = `c.status = 'completed'`;
    if (status === 'awaiting') where += ' and r.id is null';
    else {
      where += ' and r.decision = ?';
      params.push(status);
    }
    const search = query.search?.trim();
    if (search) {
      const pattern = `%${search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
      where += ` and (c.name ilike ? or a.email ilike ? or c.id::text = ?)`;
      params.push(pattern, pattern, search.toLowerCase());
    }
    const order = status === 'awaiting' ? 'c.updated_at asc' : 'r.decided_at desc';
    const rows = await this.em.getConnection().execute<QueueRow[]>(
      `select c.id, c.name, c.updated_at as completed_at, e.total_credits, r.decision, r.awarded_credits, r.decided_at, a.email,
              (select count(*) from credential_documents d where d.credential_id = c.id) as document_count
         from credentials c
         join applicants a on a.id = c.owner_id
         left join evaluations e on e.credential_id = c.id
         left join credential_reviews r on r.credential_id = c.id
        where ${where}
        order by ${order}, c.id
        limit ${QUEUE_LIMIT}`,
      params,
    );
    return rows.map((row) => ({
      credentialId: row.id,
      credentialName: row.name,
      status: row.decision ?? 'awaiting',
      recommendedCredits: row.total_credits,
      awardedCredits: row.awarded_credits,
      documentCount: Number(row.document_count),
      applicantEmail: row.email,
      completedAt: new Date(row.completed_at).toISOString(),
      decidedAt: row.decided_at ? new Date(row.decided_at).toISOString() : null,
    }));
  }

  findByCredential(credentialId: string): Promise<CredentialReview | null> {
    return this.em.fork().findOne(CredentialReview, { credential: credentialId });
  }

  /** Phases 1 and 2, which the evaluation's course rows and evidence are read from. */
  async findPhaseRecords(credentialId: string): Promise<Array<{ phase: number; results: unknown }>> {
    const records = await this.em
      .fork()
      .find(AnalysisRecord, { credential: credentialId, phase: { $in: [1, 2] } }, { orderBy: { phase: 'asc' } });
    return records.map((r) => ({ phase: r.phase, results: r.results }));
  }

  findEvaluation(credentialId: string): Promise<Evaluation | null> {
    return this.em.fork().findOne(Evaluation, { credential: credentialId });
  }

  /**
   * Locks the credential and records the decision, unless it is not completed or already decided, in the caller's
   * transaction (its `em`), where the service then writes the outcome's webhook event and mail.
   */
  async decide(
    em: EntityManager,
    credentialId: string,
    decide: (
      credential: Credential,
      evaluation: Evaluation,
    ) => Omit<CredentialReview, 'id' | 'credential' | 'decidedAt'>,
  ): Promise<
    | { outcome: 'decided'; review: CredentialReview; credential: Credential }
    | { outcome: 'not-found' | 'not-completed' | 'already-decided' }
  > {
    const credential = await em.findOne(Credential, { id: credentialId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!credential) return { outcome: 'not-found' as const };
    const evaluation = await em.findOne(Evaluation, { credential: credentialId });
    if (credential.status !== 'completed' || !evaluation) return { outcome: 'not-completed' as const };
    if ((await em.count(CredentialReview, { credential: credentialId })) > 0)
      return { outcome: 'already-decided' as const };
    const review = Object.assign(new CredentialReview(), decide(credential, evaluation), {
      credential,
      decidedAt: new Date(),
    });
    await em.persistAndFlush(review);
    return { outcome: 'decided' as const, review, credential };
  }
}
