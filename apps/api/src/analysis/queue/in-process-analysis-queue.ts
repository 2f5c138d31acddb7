import { Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { orphanedAnalysisCutoff } from '@app/domain';
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

/** The credential columns that say which process runs an analysis (AnalysisRepository.claim, beat, failOrphaned). */
export interface AnalysisLeases {
  claim(credentialId: string, generation: Date, runner: string): Promise<unknown>;
  beat(credentialIds: string[], runner: string): Promise<void>;
  failOrphaned(cutoff: Date, reason: string): Promise<string[]>;
}

/** How often a process refreshes the heartbeat of the analyses it holds and looks for orphaned ones. */
export const ANALYSIS_HEARTBEAT_MS = 10_000;

/** Shown for an analysis whose process stopped (crash or restart) while it ran without Redis. */
export const ANALYSIS_INTERRUPTED_REASON =
  'The analysis was interrupted when the server restarted and was not tried again. Please start it again.';

/**
 * The queue without Redis: jobs run one after another in this process, with the same attempts and backoff
 * as on BullMQ, and a job id that is already waiting or running is not added again. Jobs do not survive a
 * restart. Several API instances may share the database, so each records itself (a random id) as the runner of the
 * analyses it queued and refreshes their heartbeat while it holds them; an analysis whose runner missed three beats
 * (ANALYSIS_MISSED_BEATS) lost its process and is failed, at start and on every beat.
 */
export class InProcessAnalysisQueue implements AnalysisQueue, OnApplicationBootstrap, OnApplicationShutdown {
  readonly mode = 'in-process' as const;
  private readonly logger = new Logger(InProcessAnalysisQueue.name);
  /** Waiting or running jobs by job id. */
  private readonly known = new Map<string, AnalysisJobData>();
  private chain: Promise<void> = Promise.resolve();
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;
  private beating: Promise<void> = Promise.resolve();
  /** This process, as the runner recorded on the analyses it holds. */
  readonly runnerId = randomUUID();

  constructor(
    private readonly runner: JobRunner,
    private readonly attempts: number = ANALYSIS_JOB_ATTEMPTS,
    private readonly delay: (attemptsMade: number) => number = backoffDelay,
    private readonly leases?: AnalysisLeases,
    private readonly heartbeatMs: number = ANALYSIS_HEARTBEAT_MS,
  ) {}

  /**
   * Jobs live in their process only, so an analysis whose process stopped (crashed or restarted) is failed with a
   * reason rather than left analyzing until the timeout: at start, and then on every beat.
   */
  async onApplicationBootstrap(): Promise<void> {
    await this.failOrphaned();
    if (!this.leases || this.timer) return;
    this.timer = setInterval(() => {
      this.beating = this.beating.then(() => this.beat());
    }, this.heartbeatMs);
    this.timer.unref();
  }

  /** Refreshes the heartbeat of this process's analyses, then fails those whose process stopped beating. */
  async beat(): Promise<void> {
    try {
      const held = [...new Set([...this.known.values()].map((job) => job.credentialId))];
      await this.leases?.beat(held, this.runnerId);
      await this.failOrphaned();
    } catch (error) {
      // The database may be briefly away; the next beat tries again well before anyone gives up on these analyses.
      this.logger.warn(`Analysis heartbeat failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private async failOrphaned(): Promise<void> {
    const cutoff = orphanedAnalysisCutoff(new Date(), this.heartbeatMs);
    const failed = (await this.leases?.failOrphaned(cutoff, ANALYSIS_INTERRUPTED_REASON)) ?? [];
    if (failed.length > 0)
      this.logger.warn(`Failed ${failed.length} analysis(es) whose process stopped: ${failed.join(', ')}`);
  }

  async enqueue(data: AnalysisJobData): Promise<void> {
    const id = analysisJobId(data);
    if (this.known.has(id) || this.stopped) return;
    // Claimed before it is held, so no other instance takes this process for gone while the job waits its turn.
    await this.leases?.claim(data.credentialId, new Date(data.generation), this.runnerId);
    if (this.known.has(id) || this.stopped) return;
    this.known.set(id, data);
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
    clearInterval(this.timer);
    await this.beating;
  }
}
