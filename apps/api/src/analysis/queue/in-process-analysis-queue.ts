import { Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import {
  ANALYSIS_JOB_ATTEMPTS,
  analysisJobId,
  backoffDelay,
  type AnalysisJob,
  type AnalysisJobData,
  type AnalysisQueue,
} from './analysis-queue';

/** Runs a job; the AnalysisProcessor in the API, a stub in unit tests. */
export interface JobRunner {
  process(job: AnalysisJob): Promise<unknown>;
}

/** Fails the analyses a previous run of this process left unfinished (AnalysisRepository.failStale). */
export type FailInterrupted = (startedBefore: Date, reason: string) => Promise<string[]>;

/** Shown for an analysis whose process stopped (crash or restart) while it ran without Redis. */
export const ANALYSIS_INTERRUPTED_REASON =
  'The analysis was interrupted when the server restarted and was not tried again. Please start it again.';

/**
 * The queue without Redis: jobs run one after another in this process, with the same attempts and backoff
 * as on BullMQ, and a job id that is already waiting or running is not added again. Jobs do not survive a
 * restart; the timeout sweeper marks such credentials failed.
 */
export class InProcessAnalysisQueue implements AnalysisQueue, OnApplicationBootstrap, OnApplicationShutdown {
  readonly mode = 'in-process' as const;
  private readonly logger = new Logger(InProcessAnalysisQueue.name);
  private readonly known = new Set<string>();
  private chain: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly runner: JobRunner,
    private readonly attempts: number = ANALYSIS_JOB_ATTEMPTS,
    private readonly delay: (attemptsMade: number) => number = backoffDelay,
    private readonly failInterrupted?: FailInterrupted,
  ) {}

  /**
   * Jobs live in this process only, so a credential still analyzing when it starts lost its job when the last one
   * stopped (crashed or restarted); it is failed with a reason at once rather than left analyzing until the timeout.
   */
  async onApplicationBootstrap(): Promise<void> {
    const failed = (await this.failInterrupted?.(new Date(), ANALYSIS_INTERRUPTED_REASON)) ?? [];
    if (failed.length > 0)
      this.logger.warn(`Failed ${failed.length} analysis(es) interrupted by the last stop: ${failed.join(', ')}`);
  }

  async enqueue(data: AnalysisJobData): Promise<void> {
    const id = analysisJobId(data);
    if (this.known.has(id) || this.stopped) return;
    this.known.add(id);
    this.chain = this.chain.then(() => this.runWithRetries(data)).finally(() => this.known.delete(id));
  }

  /** Resolves when every job enqueued so far has finished (tests and shutdown). */
  idle(): Promise<void> {
    return this.chain;
  }

  private async runWithRetries(data: AnalysisJobData): Promise<void> {
    for (let attemptsMade = 0; attemptsMade < this.attempts && !this.stopped; attemptsMade++) {
      if (attemptsMade > 0) await new Promise((resolve) => setTimeout(resolve, this.delay(attemptsMade)));
      try {
        await this.runner.process({ data, attemptsMade, opts: { attempts: this.attempts } });
        return;
      } catch (error) {
        this.logger.debug(`Job ${analysisJobId(data)} attempt ${attemptsMade + 1} failed: ${String(error)}`);
        // As on BullMQ: the runner says trying again cannot help.
        if (error instanceof UnrecoverableError) return;
      }
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    await this.chain;
  }
}
