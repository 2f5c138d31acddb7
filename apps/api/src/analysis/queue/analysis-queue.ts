/** What one analysis job carries: the credential and the start it belongs to (its analysisStartedAt, in ms). */
export interface AnalysisJobData {
  credentialId: string;
  generation: number;
}

/** The part of a BullMQ job the processor reads; the in-process queue builds the same shape. */
export interface AnalysisJob {
  data: AnalysisJobData;
  /** Attempts that already failed before this one. */
  attemptsMade: number;
  opts: { attempts?: number };
}

/** Where POST /analyze puts work: BullMQ on Redis, or the in-process queue when no Redis is configured. */
export interface AnalysisQueue {
  readonly mode: 'redis' | 'in-process';
  enqueue(job: AnalysisJobData): Promise<void>;
}

export const ANALYSIS_QUEUE = Symbol('ANALYSIS_QUEUE');
export const ANALYSIS_QUEUE_NAME = 'credential-analysis';
export const ANALYSIS_JOB_ATTEMPTS = 3;
export const ANALYSIS_BACKOFF_MS = 1000;

/** One id per start of an analysis: enqueuing the same start twice is a no-op (BullMQ ignores a known jobId). */
export function analysisJobId(job: AnalysisJobData): string {
  return `${job.credentialId}_${job.generation}`;
}

/** Exponential backoff as BullMQ computes it: delay · 2^(attempt − 1). */
export function backoffDelay(attemptsMade: number, delay: number = ANALYSIS_BACKOFF_MS): number {
  return delay * 2 ** Math.max(0, attemptsMade - 1);
}

/** The failure reason of an analysis that ran past ANALYSIS_TIMEOUT_MINUTES (the sweeper and the job deadline). */
export function analysisTimeoutReason(minutes: number): string {
  return `The analysis did not finish within ${minutes} minutes. Please try again or contact support.`;
}
