import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import type { Queue } from 'bullmq';
import {
  ANALYSIS_BACKOFF_MS,
  ANALYSIS_JOB_ATTEMPTS,
  ANALYSIS_QUEUE_NAME,
  analysisJobId,
  type AnalysisJobData,
  type AnalysisQueue,
} from './analysis-queue';

const DAY_SECONDS = 24 * 60 * 60;

/** The production path: jobs in Redis, retried with exponential backoff, picked up by any worker process. */
@Injectable()
export class BullMqAnalysisQueue implements AnalysisQueue {
  readonly mode = 'redis' as const;

  constructor(@InjectQueue(ANALYSIS_QUEUE_NAME) private readonly queue: Queue<AnalysisJobData>) {}

  async enqueue(job: AnalysisJobData): Promise<void> {
    // While Redis is unreachable ioredis would hold the command and retry for minutes; the request should answer
    // 503 at once instead (AnalysisService turns this error into it and undoes the start).
    const client = await this.queue.backend.client;
    if (client.status !== 'ready') throw new Error(`Redis connection is ${client.status}`);
    await this.queue.add('analyze', job, {
      jobId: analysisJobId(job),
      attempts: ANALYSIS_JOB_ATTEMPTS,
      backoff: { type: 'exponential', delay: ANALYSIS_BACKOFF_MS },
      // Kept a while so a duplicate enqueue of the same start still finds the id and is ignored.
      removeOnComplete: { age: DAY_SECONDS },
      removeOnFail: { age: 7 * DAY_SECONDS },
    });
  }
}
