import { Logger, OnApplicationShutdown } from '@nestjs/common';
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

/**
 * The queue without Redis: jobs run one after another in this process, with the same attempts and backoff
 * as on BullMQ, and a job id that is already waiting or running is not added again. Jobs do not survive a
 * restart; the timeout sweeper marks such credentials failed.
 */
export class InProcessAnalysisQueue implements AnalysisQueue, OnApplicationShutdown {
  readonly mode = 'in-process' as const;
  private readonly logger = new Logger(InProcessAnalysisQueue.name);
  private readonly known = new Set<string>();
  private chain: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly runner: JobRunner,
    private readonly attempts: number = ANALYSIS_JOB_ATTEMPTS,
    private readonly delay: (attemptsMade: number) => number = backoffDelay,
  ) {}

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
      }
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    await this.chain;
  }
}
