import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { ANALYSIS_WORKER_DIED_REASON } from '../src/analysis/queue/analysis.processor';
import { ANALYSIS_QUEUE_NAME, analysisJobId } from '../src/analysis/queue/analysis-queue';
import {
  certificateDocument,
  countRecords,
  createCredentialWithDocuments,
  credentialState,
  SIX_PHASES_ONCE,
  SYLLABUS_AND_CERTIFICATE_EVALUATION,
  syllabusDocument,
  waitForAnalysis,
} from './fixtures';
import { spawnTestChild, storageEnv, type TestChild } from './support/child-process';
import { startTestApi, TestApi } from './support/test-app';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const WORKER_ENTRY = join(__dirname, 'support/analysis-worker-process.cjs');
/** Short locks so the dead worker's job is seen as stalled within seconds instead of the default 30. */
const LOCK_SECONDS = '3';

/** Polls until check() returns a value, failing with what the workers printed when it takes too long. */
async function eventually<T>(
  what: string,
  check: () => Promise<T | undefined>,
  logs: () => string,
  timeoutMs = 90_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}. Worker output:\n${logs()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * "A worker crash leaves the job to be retried": a real worker process (the one `npm run worker` starts) is
 * SIGKILLed in the middle of a job, after phase 1 is stored, and a second worker process finishes the job from
 * where the first stopped, with every phase stored once.
 */
describe('analysis worker killed mid-job', () => {
  let api: TestApi;
  let queue: Queue;
  const workers: TestChild[] = [];
  const logs = () => workers.map((w, i) => `--- worker ${i + 1} ---\n${w.output()}`).join('\n');

  /** A worker in a child process with the API's database, storage, Redis and queue prefix. */
  const startWorker = async (args: string[] = []): Promise<TestChild> => {
    const { storage, config } = api;
    const worker = spawnTestChild(WORKER_ENTRY, args, {
      NODE_ENV: 'test',
      DATA_DIR: config.dataDir,
      DATABASE_URL: String(api.orm.config.get('clientUrl')),
      REDIS_URL,
      ANALYSIS_QUEUE_PREFIX: config.analysis.queuePrefix,
      ANALYSIS_LOCK_SECONDS: LOCK_SECONDS,
      ...storageEnv(storage),
    });
    const { child, output } = worker;
    workers.push(worker);
    await eventually(
      'the worker to start',
      async () => {
        if (child.exitCode !== null || child.signalCode !== null)
          throw new Error(`worker exited before it was ready:\n${output()}`);
        return /^ready$/m.test(output()) ? true : undefined;
      },
      logs,
    );
    return worker;
  };

  beforeAll(async () => {
    api = await startTestApi({
      REDIS_URL,
      ANALYSIS_QUEUE_PREFIX: `test-analysis-crash-${randomUUID()}`,
      ANALYSIS_RUN_WORKER: 'false',
      ANALYSIS_LOCK_SECONDS: LOCK_SECONDS,
    });
    queue = api.app.get<Queue>(getQueueToken(ANALYSIS_QUEUE_NAME));
  });

  afterAll(async () => {
    for (const { child, exited } of workers) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    }
    await queue?.obliterate({ force: true });
    await api?.close();
  });

  it('retries the job on another worker, which continues after the stored phases and stores each phase once', async () => {
    const id = await createCredentialWithDocuments(api, 'Crashed worker', [
      await syllabusDocument(),
      await certificateDocument(),
    ]);
    await api.http.post(`/api/credentials/${id}/analyze`).set(api.owner()).expect(202);
    const { analysisStartedAt } = await credentialState(api, id);
    const jobId = analysisJobId({ credentialId: id, generation: analysisStartedAt!.getTime() });

    // The first worker stores phase 1 and then holds the job (and renews its lock) until it is killed.
    const first = await startWorker(['--hold-after-phase', '1']);
    const stored = await eventually(
      'phase 1 to be stored',
      async () => {
        const { body } = await api.http.get(`/api/credentials/${id}/analyses`).set(api.owner()).expect(200);
        return (body as { phase: number }[]).length > 0 ? body : undefined;
      },
      logs,
    );
    expect(stored).toEqual([expect.objectContaining({ phase: 1 })]);
    expect((await credentialState(api, id)).status).toBe('analyzing');
    expect(await queue.getJobState(jobId)).toBe('active');
    const phaseOneRow = await phaseOneRecordId(api, id);

    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');
    expect((await credentialState(api, id)).status).toBe('analyzing');

    // Once the dead worker's lock has expired, the second worker finds the stalled job and runs it again.
    await startWorker();
    const finished = await waitForAnalysis(api, id, 120_000).catch((error: Error) => {
      throw new Error(`${error.message}\n${logs()}`);
    });
    expect(finished).toMatchObject({ status: 'completed', failureReason: null });
    expect(await countRecords(api, id)).toEqual(SIX_PHASES_ONCE);
    // Phase 1 was not computed again: the record stored before the crash is the one kept.
    expect(await phaseOneRecordId(api, id)).toBe(phaseOneRow);
    const evaluations = await api
      .em()
      .getConnection()
      .execute<{ count: string }[]>('select count(*) as count from evaluations where credential_id = ?', [id]);
    expect(Number(evaluations[0]?.count)).toBe(1);
    const evaluation = await api.http.get(`/api/credentials/${id}/evaluation`).set(api.owner()).expect(200);
    expect(evaluation.body).toMatchObject(SYLLABUS_AND_CERTIFICATE_EVALUATION);
    expect(await queue.getJobState(jobId)).toBe('completed');
  }, 240_000);

  it('fails the analysis with a reason, instead of retrying it again, when its worker dies a second time', async () => {
    // Only this test's workers take the job.
    for (const { child, exited } of workers) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    }
    const id = await createCredentialWithDocuments(api, 'Worker killed twice', [await syllabusDocument()]);
    await api.http.post(`/api/credentials/${id}/analyze`).set(api.owner()).expect(202);
    const { analysisStartedAt } = await credentialState(api, id);
    const jobId = analysisJobId({ credentialId: id, generation: analysisStartedAt!.getTime() });
    const phases = async (count: number) => {
      const { body } = await api.http.get(`/api/credentials/${id}/analyses`).set(api.owner()).expect(200);
      return (body as unknown[]).length >= count ? true : undefined;
    };

    // The first worker dies after phase 1, the second (which took the stalled job) after phase 2.
    const first = await startWorker(['--hold-after-phase', '1']);
    await eventually('phase 1 to be stored', () => phases(1), logs);
    first.child.kill('SIGKILL');
    await first.exited;
    const second = await startWorker(['--hold-after-phase', '2']);
    await eventually('phase 2 to be stored', () => phases(2), logs);
    second.child.kill('SIGKILL');
    await second.exited;

    // A third worker finds the job stalled a second time: BullMQ fails it and the credential is failed with it.
    await startWorker();
    const finished = await waitForAnalysis(api, id, 120_000).catch((error: Error) => {
      throw new Error(`${error.message}\n${logs()}`);
    });
    expect(finished).toMatchObject({ status: 'failed', failureReason: ANALYSIS_WORKER_DIED_REASON });
    expect(await queue.getJobState(jobId)).toBe('failed');
  }, 240_000);
});

async function phaseOneRecordId(api: TestApi, credentialId: string): Promise<string | undefined> {
  const rows = await api
    .em()
    .getConnection()
    .execute<{ id: string }[]>('select id from analysis_records where credential_id = ? and phase = 1', [credentialId]);
  return rows[0]?.id;
}
