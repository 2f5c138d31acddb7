import { OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { UnrecoverableError, type Job } from 'bullmq';
import { Injectable, Logger, type Provider } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config';
import { InjectConfig } from '../../config/inject-config.decorator';
import { AnalysisRepository } from '../analysis.repository';
import { documentProblem } from '../extraction/document-problem';
import { AnalysisPipeline, PhaseFailedError, type PipelineOutcome } from '../pipeline/analysis-pipeline.service';
import {
  ANALYSIS_QUEUE_NAME,
  analysisTimeoutReason,
  analysisJobId,
  type AnalysisJob,
  type AnalysisJobData,
} from './analysis-queue';

/** Failure reasons are shown on the page; long stack-like messages are cut. */
const MAX_REASON_LENGTH = 500;

/** The run went past the analysis deadline (a document reader or a remote call that never answers). */
class AnalysisDeadlineExceeded extends Error {
  override name = 'AnalysisDeadlineExceeded';
}

/**
 * Runs one analysis job. BullMQ calls it on Redis; the in-process queue calls the same method without Redis.
 * A failed attempt is rethrown so the queue retries it; after the last attempt the credential is marked failed.
 * A run never outlasts ANALYSIS_TIMEOUT_MINUTES from the start of the analysis: a hung reader would otherwise
 * hold the job (and, without Redis, every job queued after it) forever.
 */
@Injectable()
export class AnalysisProcessor extends WorkerHost {
  protected readonly logger = new Logger(AnalysisProcessor.name);

  constructor(
    private readonly pipeline: AnalysisPipeline,
    private readonly repository: AnalysisRepository,
    @InjectConfig() private readonly config: AppConfig,
  ) {
    super();
  }

  async process(job: AnalysisJob): Promise<PipelineOutcome> {
    const { credentialId, generation } = job.data;
    const minutes = this.config.analysis.timeoutMinutes;
    const remainingMs = generation + minutes * 60_000 - Date.now();
    if (remainingMs <= 0) {
      await this.repository.markFailed(
        credentialId,
        new Date(generation),
        analysisTimeoutReason(minutes),
        'interrupted',
      );
      return 'skipped';
    }
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new AnalysisDeadlineExceeded(analysisTimeoutReason(minutes))), remainingMs);
    });
    const run = this.pipeline.run(credentialId, generation);
    // A run abandoned at the deadline may still fail later; that is already accounted for.
    run.catch(() => undefined);
    try {
      return await Promise.race([run, deadline]);
    } catch (error) {
      const attempts = job.opts.attempts ?? 1;
      // No document of the credential could be read: they read the same way next time, so no retry.
      const unreadable = error instanceof PhaseFailedError && documentProblem(error.cause) !== null;
      const isLastAttempt = job.attemptsMade + 1 >= attempts || error instanceof AnalysisDeadlineExceeded || unreadable;
      const message = error instanceof Error ? error.message : String(error);
      const cause =
        error instanceof PhaseFailedError && error.cause instanceof Error && !unreadable
          ? ` (${error.cause.stack ?? error.cause.message})`
          : '';
      // The reason of unreadable documents names them: the log says only that none could be read.
      const logged = unreadable ? 'no document of it could be read' : message;
      this.logger.warn(
        `Analysis of ${credentialId} failed (attempt ${job.attemptsMade + 1} of ${attempts}): ${logged}${cause}`,
      );
      if (isLastAttempt) {
        // Unreadable documents read the same way until they change; anything else (a timeout, an outage) may run again.
        await this.repository.markFailed(
          credentialId,
          new Date(generation),
          message.slice(0, MAX_REASON_LENGTH),
          unreadable ? 'documents' : 'interrupted',
        );
        // Tells BullMQ (and the in-process queue) not to try again.
        if (unreadable) throw new UnrecoverableError('no document of the credential could be read');
      }
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  protected async failStalled({ credentialId, generation }: AnalysisJobData): Promise<void> {
    this.logger.warn(`Analysis of ${credentialId} stopped twice with its worker; failing it`);
    await this.repository.markFailed(credentialId, new Date(generation), ANALYSIS_WORKER_DIED_REASON, 'interrupted');
  }
}

/** Shown when the process running an analysis died twice while running it. */
export const ANALYSIS_WORKER_DIED_REASON =
  'The analysis stopped twice while it was running and was not tried again. Please try again or contact support.';

/**
 * The processor as a BullMQ worker, with worker options from the configuration (a decorator's options are fixed
 * when the class is declared, so the class is declared here). Two jobs side by side; a job holds its lock for
 * ANALYSIS_LOCK_SECONDS, renewed while it runs, and workers look for stalled jobs (lock gone, worker dead) at the
 * same interval and put them back in the queue.
 */
export function bullAnalysisProcessor(config: AppConfig): Provider {
  const lockMs = config.analysis.lockSeconds * 1000;

  // maxStalledCount 1: a job whose worker died once is run again; the second time it is failed, not retried for ever.
  @Processor(ANALYSIS_QUEUE_NAME, { concurrency: 2, lockDuration: lockMs, stalledInterval: lockMs, maxStalledCount: 1 })
  class BullAnalysisProcessor extends AnalysisProcessor {
    /** A job failed by BullMQ itself (its workers died twice) never reached process(): its credential is failed here. */
    @OnWorkerEvent('failed')
    async onFailed(job: Job<AnalysisJobData> | undefined, error: Error): Promise<void> {
      if (!job || !/stalled more than allowable limit/.test(error.message)) return;
      await this.failStalled(job.data).catch((failure: unknown) =>
        this.logger.error(
          `Could not mark ${analysisJobId(job.data)} failed after its worker died twice: ${String(failure)}`,
        ),
      );
    }
  }

  return { provide: AnalysisProcessor, useClass: BullAnalysisProcessor };
}
