import { Inject, Injectable, Logger } from '@nestjs/common';
import { TransactionRunner } from '../database/transaction-runner';
import type { AnalysisRecord, Evaluation as EvaluationDto } from '@app/contracts';
import { analysisStart, evaluationDetails, type CombinedAnalysis, type IndividualAnalysis } from '@app/domain';
import type { Viewer } from '../applicants/viewer';
import type { AppConfig } from '../config/app-config';
import { ownerFilter } from '../applicants/viewer';
import { CredentialNotFoundError } from '../credentials/credentials.errors';
import { CredentialsRepository } from '../credentials/credentials.repository';
import { InjectConfig } from '../config/inject-config.decorator';
import { AnalysisNotStartableError, AnalysisQueueUnavailableError, NoEvaluationYetError } from './analysis.errors';
import { AnalysisRepository } from './analysis.repository';
import type { AnalysisStartedResponseDto } from './dto/analysis-response.dto';
import type { Evaluation } from './evaluation.entity';
import { ANALYSIS_QUEUE, analysisTimeoutReason, type AnalysisQueue } from './queue/analysis-queue';

/** What the answer shows of an evaluation: the entity, or a plain row of the same fields. */
export type EvaluationFields = Omit<Evaluation, 'credential'>;

export function toEvaluationDto(evaluation: EvaluationFields, credentialId: string): EvaluationDto {
  return {
    id: evaluation.id,
    credentialId,
    totalCredits: evaluation.totalCredits,
    matchedCourses: evaluation.matchedCourses,
    rigorScore: evaluation.rigorScore,
    rigorExplanation: evaluation.rigorExplanation,
    minimumRequirementsMet: evaluation.minimumRequirementsMet,
    contactHours: evaluation.contactHours,
    topicRelevance: evaluation.topicRelevance,
    learningObjectives: evaluation.learningObjectives,
    assessmentMethods: evaluation.assessmentMethods,
    instructionHours: evaluation.instructionHours,
    curriculumStructure: evaluation.curriculumStructure,
    credentialSourceClarity: evaluation.credentialSourceClarity,
    completionEvidence: evaluation.completionEvidence,
    certificateDetails: evaluation.certificateDetails,
    leadContacts: evaluation.leadContacts.flatMap((c) => (c.email ? [{ ...c, email: c.email }] : [])),
    courseEquivalencies: evaluation.courseEquivalencies,
    documentNotices: evaluation.documentNotices ?? [],
    createdAt: evaluation.createdAt.toISOString(),
  };
}

/**
 * The evaluation with its course rows and the line behind each figure, which are read from the stored phase records
 * (phases 1 and 2); the applicant's page and the staff view pass the records they loaded.
 */
export function evaluationWithDetails(
  evaluation: EvaluationFields,
  credentialId: string,
  phaseRecords: ReadonlyArray<{ phase: number; results: unknown }>,
): EvaluationDto {
  const records = new Map(phaseRecords.map((r) => [r.phase, r.results]));
  const individual = records.get(1) as IndividualAnalysis | undefined;
  const details = individual
    ? evaluationDetails(individual.documents, records.get(2) as CombinedAnalysis | undefined)
    : { transcripts: [], evidence: {}, missing: {} };
  return { ...toEvaluationDto(evaluation, credentialId), ...details };
}

@Injectable()
export class AnalysisService {
  private readonly logger = new Logger(AnalysisService.name);

  constructor(
    private readonly repository: AnalysisRepository,
    @Inject(ANALYSIS_QUEUE) private readonly queue: AnalysisQueue,
    @InjectConfig() private readonly config: AppConfig,
    private readonly credentials: CredentialsRepository,
    private readonly tx: TransactionRunner,
  ) {}

  /** Another applicant's credential reads as missing, so ids leak nothing. */
  private async requireVisible(credentialId: string, viewer: Viewer): Promise<void> {
    if (!(await this.credentials.findVisible(credentialId, ownerFilter(viewer)))) throw new CredentialNotFoundError();
  }

  /**
   * → analyzing and one job when libs/domain's `analysisStart` allows it (the rule the page offers the button by);
   * anything else is refused (409 with the rule's message) and nothing changes.
   */
  async start(credentialId: string, viewer: Viewer): Promise<AnalysisStartedResponseDto> {
    await this.requireVisible(credentialId, viewer);
    const credential = await this.repository.findForAnalysis(credentialId);
    if (!credential) throw new CredentialNotFoundError();
    const verdict = analysisStart({
      status: credential.status,
      failureKind: credential.failureKind,
      analysisStartedAt: credential.analysisStartedAt?.toISOString() ?? null,
      documents: credential.documents.map((document) => ({ createdAt: document.createdAt.toISOString() })),
    });
    if (!verdict.ok) throw new AnalysisNotStartableError(verdict.message);
    const judged = {
      status: credential.status as 'pending' | 'failed',
      analysisStartedAt: credential.analysisStartedAt,
    };
    const startedAt = await this.tx.run((em) => this.repository.startAnalysis(em, credentialId, new Date(), judged));
    // Another start (or an upload) changed it between the judgement and the update: what the rule says of it now.
    if (!startedAt) throw new AnalysisNotStartableError('The credential changed meanwhile; reload the page');
    try {
      await this.queue.enqueue({ credentialId, generation: startedAt.getTime() });
    } catch (error) {
      // No job exists for this start: without this the credential would sit in 'analyzing' until the timeout
      // sweep failed it, and a failed credential cannot be analyzed again.
      this.logger.error(
        `Could not queue the analysis of ${credentialId}: ${error instanceof Error ? error.message : String(error)}`,
      );
      await this.repository.cancelStart(credentialId, startedAt);
      throw new AnalysisQueueUnavailableError();
    }
    return { credentialId, status: 'analyzing', analysisStartedAt: startedAt.toISOString() };
  }

  async listRecords(credentialId: string, viewer: Viewer): Promise<AnalysisRecord[]> {
    await this.requireVisible(credentialId, viewer);
    return this.repository.listRecords(credentialId);
  }

  async getEvaluation(credentialId: string, viewer: Viewer): Promise<EvaluationDto> {
    await this.requireVisible(credentialId, viewer);
    const credential = await this.repository.findForAnalysis(credentialId);
    if (!credential) throw new CredentialNotFoundError();
    const evaluation = credential.status === 'completed' ? await this.repository.findEvaluation(credentialId) : null;
    if (!evaluation) throw new NoEvaluationYetError(credential.status);
    return evaluationWithDetails(evaluation, credentialId, await this.repository.listRecords(credentialId));
  }

  /** Credentials analyzing longer than the configured timeout are marked failed (a lost job or a dead worker). */
  async failStaleAnalyses(now: Date = new Date()): Promise<string[]> {
    const minutes = this.config.analysis.timeoutMinutes;
    const cutoff = new Date(now.getTime() - minutes * 60_000);
    const failed = await this.repository.failStale(cutoff, analysisTimeoutReason(minutes));
    if (failed.length > 0) this.logger.warn(`Marked ${failed.length} stuck analysis(es) failed: ${failed.join(', ')}`);
    return failed;
  }
}
