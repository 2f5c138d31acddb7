import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { AnalysisRepository } from '../analysis.repository';
import { AnalysisPipeline, type PipelineOutcome } from '../pipeline/analysis-pipeline.service';
import { ANALYSIS_QUEUE_NAME, type AnalysisJob } from './analysis-queue';

/** Failure reasons are shown on the page; long stack-like messages are cut. */
const MAX_REASON_LENGTH = 500;

/**
 * Runs one analysis job. BullMQ calls it on Redis; the in-process queue calls the same method without Redis.
 * A failed attempt is rethrown so the queue retries it; after the last attempt the credential is marked failed.
 */
@Processor(ANALYSIS_QUEUE_NAME, { concurrency: 2 })
export class AnalysisProcessor extends WorkerHost {
  private readonly logger = new Logger(AnalysisProcessor.name);

  constructor(
    private readonly pipeline: AnalysisPipeline,
    private readonly repository: AnalysisRepository,
  ) {
    super();
  }

  async process(job: AnalysisJob): Promise<PipelineOutcome> {
    const { credentialId, generation } = job.data;
    try {
      return await this.pipeline.run(credentialId, generation);
    } catch (error) {
      const attempts = job.opts.attempts ?? 1;
      const isLastAttempt = job.attemptsMade + 1 >= attempts;
      const message = error instanceof Error ? error.message : String(error);
      this.logger.warn(`Analysis of ${credentialId} failed (attempt ${job.attemptsMade + 1} of ${attempts}): ${message}`);
      if (isLastAttempt) {
        await this.repository.markFailed(credentialId, new Date(generation), message.slice(0, MAX_REASON_LENGTH));
      }
      throw error;
    }
  }
}
