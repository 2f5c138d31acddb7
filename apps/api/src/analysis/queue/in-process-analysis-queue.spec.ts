import { UnrecoverableError } from 'bullmq';
import type { AnalysisJob } from './analysis-queue';
import { backoffDelay } from './analysis-queue';
import { ANALYSIS_INTERRUPTED_REASON, InProcessAnalysisQueue, type AnalysisLeases } from './in-process-analysis-queue';

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

  describe('leases (without Redis, several instances on one database)', () => {
    function recordingLeases() {
      const calls: string[] = [];
      const cutoffs: Date[] = [];
      const leases: AnalysisLeases = {
        claim: async (id, generation, runner) => calls.push(`claim ${id} ${generation.getTime()} ${runner}`),
        beat: async (ids, runner) => void calls.push(`beat ${ids.join(',')} ${runner}`),
        failOrphaned: async (cutoff, reason) => {
          cutoffs.push(cutoff);
          calls.push(`failOrphaned ${reason === ANALYSIS_INTERRUPTED_REASON}`);
          return [];
        },
      };
      return { leases, calls, cutoffs };
    }

    it('claims a job for this process before holding it, and beats for the jobs it holds until they finish', async () => {
      const { leases, calls } = recordingLeases();
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const queue = new InProcessAnalysisQueue({ process: () => held }, 1, () => 0, leases, 1_000);
      await queue.enqueue(job);
      await queue.enqueue({ credentialId: 'c2', generation: 2 });
      await queue.beat();
      release();
      await queue.idle();
      await queue.beat();
      const me = queue.runnerId;
      expect(calls).toEqual([
        `claim c1 1 ${me}`,
        `claim c2 2 ${me}`,
        `beat c1,c2 ${me}`,
        'failOrphaned true',
        `beat  ${me}`,
        'failOrphaned true',
      ]);
    });

    it('gives every queue its own runner id', () => {
      const runner = { process: async () => undefined };
      expect(new InProcessAnalysisQueue(runner).runnerId).not.toBe(new InProcessAnalysisQueue(runner).runnerId);
    });

    it('at start fails only analyses whose heartbeat missed three beats, then keeps checking on every beat', async () => {
      jest.useFakeTimers({ now: new Date('2026-11-24T12:00:00.000Z') });
      try {
        const { leases, calls, cutoffs } = recordingLeases();
        const queue = new InProcessAnalysisQueue({ process: async () => undefined }, 1, () => 0, leases, 2_000);
        await queue.onApplicationBootstrap();
        expect(cutoffs.map((c) => c.toISOString())).toEqual(['2026-11-24T11:59:54.000Z']);
        await jest.advanceTimersByTimeAsync(4_000);
        expect(calls.filter((c) => c.startsWith('failOrphaned'))).toHaveLength(3);
        await queue.onApplicationShutdown();
        await jest.advanceTimersByTimeAsync(10_000);
        expect(calls.filter((c) => c.startsWith('failOrphaned'))).toHaveLength(3);
      } finally {
        jest.useRealTimers();
      }
    });

    it('keeps beating when the database is briefly away', async () => {
      const { leases } = recordingLeases();
      const failing = { ...leases, beat: async () => Promise.reject(new Error('connection refused')) };
      const queue = new InProcessAnalysisQueue({ process: async () => undefined }, 1, () => 0, failing, 1_000);
      await expect(queue.beat()).resolves.toBeUndefined();
    });
  });
});
