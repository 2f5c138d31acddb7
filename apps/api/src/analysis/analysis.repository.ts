import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { isValidEmail } from '@app/domain';
import { randomUUID } from 'node:crypto';
import { Credential } from '../credentials/credential.entity';
import type { OutboxMailInput } from '../mail/mail-templates.types';
import { OutboxRepository } from '../mail/outbox.repository';
import { AnalysisRecord } from './analysis-record.entity';
import { Evaluation } from './evaluation.entity';

export interface CredentialForAnalysis {
  id: string;
  status: Credential['status'];
  analysisStartedAt: Date | null;
  documents: { id: string; fileName: string; documentType: string; objectKey: string }[];
}

export type EvaluationValues = Omit<Evaluation, 'id' | 'credential' | 'createdAt'>;

/**
 * The only place the analysis module queries. Status changes are single guarded UPDATEs so two requests,
 * two workers or the timeout sweeper can never move a credential twice.
 */
@Injectable()
export class AnalysisRepository {
  constructor(private readonly em: EntityManager) {}

  private fork(): EntityManager {
    return this.em.fork();
  }

  async findForAnalysis(id: string): Promise<CredentialForAnalysis | null> {
    const credential = await this.fork().findOne(Credential, { id }, { populate: ['documents'] });
    if (!credential) return null;
    return {
      id: credential.id,
      status: credential.status,
      analysisStartedAt: credential.analysisStartedAt,
      documents: credential.documents.getItems().map((d) => ({
        id: d.id,
        fileName: d.fileName,
        documentType: d.documentType,
        objectKey: d.objectKey,
      })),
    };
  }

  /** pending + at least one document → analyzing; the start time returned is the job's generation, null when refused. */
  async startAnalysis(id: string, startedAt: Date): Promise<Date | null> {
    const rows = await this.fork()
      .getConnection()
      .execute<{ id: string }[]>(
        `update credentials set status = 'analyzing', analysis_started_at = ?, failure_reason = null, updated_at = ?
       where id = ? and status = 'pending' and exists (select 1 from credential_documents d where d.credential_id = credentials.id)
       returning id`,
        [startedAt, startedAt, id],
      );
    return rows.length > 0 ? startedAt : null;
  }

  /** Undoes startAnalysis when its job could not be queued: back to pending, so the user can start again. */
  async cancelStart(id: string, startedAt: Date): Promise<boolean> {
    const rows = await this.fork()
      .getConnection()
      .execute<{ id: string }[]>(
        `update credentials set status = 'pending', analysis_started_at = null, updated_at = ?
       where id = ? and status = 'analyzing' and analysis_started_at = ? returning id`,
        [new Date(), id, startedAt],
      );
    return rows.length > 0;
  }

  async listRecords(credentialId: string): Promise<{ phase: number; results: unknown }[]> {
    const records = await this.fork().find(AnalysisRecord, { credential: credentialId }, { orderBy: { phase: 'asc' } });
    return records.map((r) => ({ phase: r.phase, results: r.results }));
  }

  /** Inserts the phase record unless one exists (the unique key decides), and returns the stored results. */
  async storeRecord(credentialId: string, phase: number, results: unknown): Promise<unknown> {
    const em = this.fork();
    await em.getConnection().execute(
      `insert into analysis_records (id, credential_id, phase, results, created_at) values (gen_random_uuid(), ?, ?, ?::jsonb, ?)
       on conflict (credential_id, phase) do nothing`,
      [credentialId, phase, JSON.stringify(results), new Date()],
    );
    const stored = await em.findOneOrFail(AnalysisRecord, { credential: credentialId, phase });
    return stored.results;
  }

  async upsertEvaluation(credentialId: string, values: EvaluationValues): Promise<void> {
    const em = this.fork();
    await em.upsert(
      Evaluation,
      { ...values, id: randomUUID(), credential: em.getReference(Credential, credentialId), createdAt: new Date() },
      { onConflictFields: ['credential'], onConflictAction: 'merge', onConflictExcludeFields: ['id', 'createdAt'] },
    );
  }

  async findEvaluation(credentialId: string): Promise<Evaluation | null> {
    return this.fork().findOne(Evaluation, { credential: credentialId });
  }

  /**
   * Only the analysis that is still running with this generation may finish. The applicant's evaluation-completed
   * mail is written in the same transaction, keyed by the credential and this generation, so a retried job mails once.
   */
  async markCompleted(id: string, generation: Date): Promise<boolean> {
    return this.fork().transactional(async (tx) => {
      const rows = await tx
        .getConnection()
        .execute<Array<{ id: string; name: string; email: string | null; total_credits: number | null }>>(
          `update credentials c set status = 'completed', failure_reason = null, updated_at = ?
         where c.id = ? and c.status = 'analyzing' and c.analysis_started_at = ?
         returning c.id, c.name, (select a.email from applicants a where a.id = c.owner_id) as email,
           (select e.total_credits from evaluations e where e.credential_id = c.id) as total_credits`,
          [new Date(), id, generation],
          'all',
          tx.getTransactionContext(),
        );
      if (rows.length === 0) return false;
      const mail = evaluationCompletedMail(rows[0], generation);
      if (mail) await OutboxRepository.enqueue(tx, mail);
      return true;
    });
  }

  async markFailed(id: string, generation: Date, reason: string): Promise<boolean> {
    return this.finish(id, generation, 'failed', reason);
  }

  private async finish(
    id: string,
    generation: Date,
    status: 'completed' | 'failed',
    reason: string | null,
  ): Promise<boolean> {
    const rows = await this.fork()
      .getConnection()
      .execute<{ id: string }[]>(
        `update credentials set status = ?, failure_reason = ?, updated_at = ?
       where id = ? and status = 'analyzing' and analysis_started_at = ? returning id`,
        [status, reason, new Date(), id, generation],
      );
    return rows.length > 0;
  }

  /** Marks failed every credential analyzing since before the cutoff; returns their ids. */
  async failStale(cutoff: Date, reason: string): Promise<string[]> {
    const rows = await this.fork()
      .getConnection()
      .execute<{ id: string }[]>(
        `update credentials set status = 'failed', failure_reason = ?, updated_at = ?
       where status = 'analyzing' and analysis_started_at < ? returning id`,
        [reason, new Date(), cutoff],
      );
    return rows.map((r) => r.id);
  }
}

/** Only an owner who signed in by email link has an address to tell; an anonymous applicant gets no mail. */
function evaluationCompletedMail(
  credential: { id: string; name: string; email: string | null; total_credits: number | null },
  generation: Date,
): OutboxMailInput<'evaluation-completed'> | null {
  if (!credential.email || !isValidEmail(credential.email)) return null;
  return {
    key: `evaluation-completed:${credential.id}:${generation.getTime()}`,
    to: credential.email,
    template: 'evaluation-completed',
    data: {
      credentialId: credential.id,
      credentialName: credential.name,
      recommendedCredits: credential.total_credits,
    },
  };
}
