import type { AnalysisFailureKind } from '@app/contracts';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { isValidEmail } from '@app/domain';
import { randomUUID } from 'node:crypto';
import { Credential } from '../credentials/credential.entity';
import { CredentialsRepository, type CompletedCredential } from '../credentials/credentials.repository';
import type { OutboxMailInput } from '../mail/mail-registry';
import { OutboxRepository } from '../mail/outbox.repository';
import { AnalysisRecord } from './analysis-record.entity';
import { Evaluation } from './evaluation.entity';
import { WebhookOutbox } from '../webhooks/webhook-outbox';

export interface CredentialForAnalysis {
  id: string;
  status: Credential['status'];
  analysisStartedAt: Date | null;
  failureKind: Credential['failureKind'];
  documents: { id: string; fileName: string; documentType: string; objectKey: string; createdAt: Date }[];
}

export type EvaluationValues = Omit<Evaluation, 'id' | 'credential' | 'createdAt'>;

/**
 * The only place the analysis module queries, and the only writer of analysis_records and evaluations. A credential's
 * status belongs to the credentials repository: its guarded transitions are called from here.
 */
@Injectable()
export class AnalysisRepository {
  constructor(private readonly em: EntityManager) {}

  /** Erasure: the phase records and evaluations of these credentials, in the erasure's transaction. */
  static async deleteForCredentials(em: EntityManager, credentialIds: string[]): Promise<void> {
    if (credentialIds.length === 0) return;
    const marks = credentialIds.map(() => '?').join(', ');
    await em.execute(`delete from analysis_records where credential_id in (${marks})`, credentialIds, 'run');
    await em.execute(`delete from evaluations where credential_id in (${marks})`, credentialIds, 'run');
  }

  /** Erasure by email: removes one address from every evaluation's lead contacts; how many contacts went. */
  static async removeLeadContacts(em: EntityManager, email: string): Promise<number> {
    const rows = await em.execute<{ removed: number }[]>(
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
      failureKind: credential.failureKind,
      documents: credential.documents.getItems().map((d) => ({
        createdAt: d.createdAt,
        id: d.id,
        fileName: d.fileName,
        documentType: d.documentType,
        objectKey: d.objectKey,
      })),
    };
  }

  /**
   * The judged state (pending, or failed with this last attempt) + at least one document → analyzing, and a failed
   * attempt's phase records and evaluation removed, in the caller's transaction (`tx`); the start time returned is
   * the job's generation, null when the credential changed meanwhile.
   */
  async startAnalysis(
    tx: EntityManager,
    id: string,
    startedAt: Date,
    judged: { status: 'pending' | 'failed'; analysisStartedAt: Date | null },
  ): Promise<Date | null> {
    if (!(await CredentialsRepository.markAnalyzing(tx, id, startedAt, judged))) return null;
    // A failed attempt's phase results are not this attempt's (its documents may have changed): it starts afresh.
    if (judged.status === 'failed') {
      await tx.nativeDelete(AnalysisRecord, { credential: id });
      await tx.nativeDelete(Evaluation, { credential: id });
    }
    return startedAt;
  }

  /** Undoes startAnalysis when its job could not be queued: back to pending, so the user can start again. */
  cancelStart(id: string, startedAt: Date): Promise<boolean> {
    return CredentialsRepository.markPending(this.fork(), id, startedAt);
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
   * mail and webhook event are written in the caller's transaction (`tx`), keyed by the credential and this
   * generation, so a retried job mails once.
   */
  async markCompleted(tx: EntityManager, id: string, generation: Date): Promise<boolean> {
    const completed = await CredentialsRepository.markCompleted(tx, id, generation);
    if (!completed) return false;
    const mail = evaluationCompletedMail(completed, generation);
    if (mail) await OutboxRepository.enqueue(tx, mail);
    const [owner] = await tx.execute<Array<{ owner_id: string | null }>>(
      'select owner_id from credentials where id = ?',
      [id],
    );
    await WebhookOutbox.enqueue(tx, {
      type: 'evaluation.completed',
      key: `evaluation.completed:${id}:${generation.getTime()}`,
      data: {
        credentialId: id,
        applicantId: owner?.owner_id ?? null,
        totalCredits: Number(completed.total_credits ?? 0),
      },
    });
    return true;
  }

  markFailed(id: string, generation: Date, reason: string, kind: AnalysisFailureKind): Promise<boolean> {
    return CredentialsRepository.markFailed(this.fork(), id, generation, reason, kind);
  }

  /** Marks failed every credential analyzing since before the cutoff; returns their ids. */
  failStale(cutoff: Date, reason: string): Promise<string[]> {
    return CredentialsRepository.markStaleFailed(this.fork(), cutoff, reason);
  }

  /** Without Redis: this process (`runner`) runs the analysis; see InProcessAnalysisQueue. */
  claim(id: string, generation: Date, runner: string): Promise<boolean> {
    return CredentialsRepository.claimAnalysis(this.fork(), id, generation, runner);
  }

  /** Without Redis: the heartbeat of the analyses this process (`runner`) holds. */
  beat(ids: string[], runner: string): Promise<void> {
    return CredentialsRepository.beatAnalyses(this.fork(), ids, runner);
  }

  /** Without Redis: fails the analyses whose process stopped beating before the cutoff; their ids. */
  failOrphaned(cutoff: Date, reason: string): Promise<string[]> {
    return CredentialsRepository.markOrphanedFailed(this.fork(), cutoff, reason);
  }
}

/** Only an owner who signed in by email link has an address to tell; an anonymous applicant gets no mail. */
function evaluationCompletedMail(
  credential: CompletedCredential,
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
