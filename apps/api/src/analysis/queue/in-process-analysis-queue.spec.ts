import { UnrecoverableError } from 'bullmq';
import type { AnalysisJob } from './analysis-queue';
import { backoffDelay } from './analysis-queue';
import { InProcessAnalysisQueue } from './in-process-analysis-queue';

describe('InProcessAnalysisQueue', () => {
  const job = { credentialId: 'c1', generation: 1 };

  it('runs a job once even when it is enqueued twice', async () => {
    const seen: AnalysisJob[] = [];
    const queue = new InProcessAnalysisQueue({ process: async (j) => seen.push(j) }, 3, () => 0);
    await queue.enqueue(job);
    await queue.enqueue(job);
    await queue.idle();
    expect(seen).toEqual([{ data: job, attemptsMade: 0, opts: { attempts: 3 } }]);
  });

  it('retries a failing job up to the attempts, telling the runner how many failed before', async () => {
    const attempts: number[] = [];
    const queue = new InProcessAnalysisQueue(
      {
        process: async (j) => {
          attempts.push(j.attemptsMade);
          if (j.attemptsMade < 1) throw new Error('once');
        },
      },
      3,
      () => 0,
    );
    await queue.enqueue(job);
    await queue.idle();
    expect(attempts).toEqual([0, 1]);
  });

  it('gives up after the last attempt', async () => {
    const attempts: number[] = [];
    const failing = new InProcessAnalysisQueue(
      {
        process: async (j) => {
          attempts.push(j.attemptsMade);
          throw new Error('always');
        },
      },
      2,
      () => 0,
    );
    await failing.enqueue(job);
    await failing.idle();
    expect(attempts).toEqual([0, 1]);
  });

  it('does not retry a job failed as unrecoverable', async () => {
    const attempts: number[] = [];
    const queue = new InProcessAnalysisQueue(
      {
        process: async (j) => {
          attempts.push(j.attemptsMade);
          throw new UnrecoverableError('unreadable document');
        },
      },
      3,
      () => 0,
    );
    await queue.enqueue(job);
    await queue.idle();
    expect(attempts).toEqual([0]);
  });

  it('backs off exponentially like BullMQ', () => {
    expect([1, 2, 3].map((n) => backoffDelay(n, 1000))).toEqual([1000, 2000, 4000]);
  });
});
