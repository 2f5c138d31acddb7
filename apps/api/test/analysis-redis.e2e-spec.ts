import { getQueueToken } from '@nestjs/bullmq';
import type { INestApplicationContext } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import {
  ANALYSIS_QUEUE,
  ANALYSIS_QUEUE_NAME,
  analysisJobId,
  type AnalysisQueue,
} from '../src/analysis/queue/analysis-queue';
import { CatalogRepository } from '../src/catalog/catalog.repository';
import { createAnalysisWorker } from '../src/worker';
import {
  certificateDocument,
  countRecords,
  createCredentialWithDocuments,
  credentialState,
  SIX_PHASES_ONCE,
  SYLLABUS_AND_CERTIFICATE_EVALUATION,
  syllabusDocument,
  waitForAnalysis,
  type FixtureDocument,
} from './fixtures';
import { startTestApi, TestApi } from './support/test-app';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * The production path: BullMQ on real Redis, the API started with ANALYSIS_RUN_WORKER=false, and the jobs
 * worked by the separate worker (the same application context `npm run worker` starts). A unique key prefix
 * keeps parallel or earlier runs apart.
 */
describe('credential analysis on BullMQ and Redis, with a separate worker', () => {
  let api: TestApi;
  let worker: INestApplicationContext | null = null;
  let queue: Queue;
  let syllabus: FixtureDocument;
  let certificate: FixtureDocument;

  const startWorker = async () => {
    worker ??= await createAnalysisWorker(api.config, String(api.orm.config.get('clientUrl')), api.storage, {
      logger: false,
    });
    return worker;
  };

  beforeAll(async () => {
    api = await startTestApi({
      REDIS_URL,
      ANALYSIS_QUEUE_PREFIX: `test-analysis-${randomUUID()}`,
      ANALYSIS_RUN_WORKER: 'false',
    });
    queue = api.app.get<Queue>(getQueueToken(ANALYSIS_QUEUE_NAME));
    syllabus = await syllabusDocument();
    certificate = await certificateDocument();
  });

  afterAll(async () => {
    await worker?.close();
    await queue?.obliterate({ force: true });
    await api?.close();
  });

  afterEach(() => jest.restoreAllMocks());

  it('reports the queue in Redis mode', async () => {
    expect(api.app.get<AnalysisQueue>(ANALYSIS_QUEUE).mode).toBe('redis');
    const health = await api.http.get('/api/health').expect(200);
    expect(health.body).toMatchObject({ queue: 'up', queueMode: 'redis' });
  });

  it('keeps the job waiting in Redis while no worker runs, then the worker completes it with the expected evaluation', async () => {
    const id = await createCredentialWithDocuments(api, 'On Redis', [syllabus, certificate]);
    await api.http.post(`/api/credentials/${id}/analyze`).set(api.owner()).expect(202);
    const { analysisStartedAt } = await credentialState(api, id);
    const jobId = analysisJobId({ credentialId: id, generation: analysisStartedAt!.getTime() });
    expect(await queue.getJobState(jobId)).toBe('waiting');

    await startWorker();
    const finished = await waitForAnalysis(api, id);
    expect(finished).toMatchObject({ status: 'completed', failureReason: null });
    expect(await countRecords(api, id)).toEqual(SIX_PHASES_ONCE);
    const evaluation = await api.http.get(`/api/credentials/${id}/evaluation`).set(api.owner()).expect(200);
    expect(evaluation.body).toMatchObject(SYLLABUS_AND_CERTIFICATE_EVALUATION);
  });

  it('ignores a duplicate enqueue of the same start: one job, one set of records', async () => {
    await startWorker();
    const id = await createCredentialWithDocuments(api, 'Duplicate', [syllabus]);
    await api.http.post(`/api/credentials/${id}/analyze`).set(api.owner()).expect(202);
    const { analysisStartedAt } = await credentialState(api, id);
    const data = { credentialId: id, generation: analysisStartedAt!.getTime() };
    await api.app.get<AnalysisQueue>(ANALYSIS_QUEUE).enqueue(data);
    await api.app.get<AnalysisQueue>(ANALYSIS_QUEUE).enqueue(data);
    expect((await waitForAnalysis(api, id)).status).toBe('completed');
    const jobs = await queue.getJobs(['completed', 'active', 'waiting', 'delayed', 'failed']);
    expect(jobs.filter((job) => job.data.credentialId === id)).toHaveLength(1);
    expect(await countRecords(api, id)).toEqual(SIX_PHASES_ONCE);
  });

  it('retries with backoff when a phase throws once, and stores every phase once', async () => {
    const context = await startWorker();
    const catalog = context.get(CatalogRepository, { strict: false });
    const spy = jest.spyOn(catalog, 'listCourses').mockImplementationOnce(async () => {
      throw new Error('connection reset');
    });
    const id = await createCredentialWithDocuments(api, 'Retried', [syllabus]);
    await api.http.post(`/api/credentials/${id}/analyze`).set(api.owner()).expect(202);
    expect((await waitForAnalysis(api, id)).status).toBe('completed');
    expect(spy).toHaveBeenCalledTimes(2);
    const { analysisStartedAt } = await credentialState(api, id);
    const job = await queue.getJob(analysisJobId({ credentialId: id, generation: analysisStartedAt!.getTime() }));
    // The failed attempt and the one that succeeded.
    expect(job?.attemptsMade).toBe(2);
    expect(await countRecords(api, id)).toEqual(SIX_PHASES_ONCE);
  });

  it('marks the credential failed with the reason once the last attempt has failed', async () => {
    const context = await startWorker();
    jest
      .spyOn(context.get(CatalogRepository, { strict: false }), 'listCourses')
      .mockRejectedValue(new Error('catalog unavailable'));
    const id = await createCredentialWithDocuments(api, 'Failing on Redis', [syllabus]);
    await api.http.post(`/api/credentials/${id}/analyze`).set(api.owner()).expect(202);
    const failed = await waitForAnalysis(api, id);
    expect(failed).toMatchObject({
      status: 'failed',
      failureReason: 'Combined Document Analysis failed: an unexpected error stopped it; please try again',
    });
    const { analysisStartedAt } = failed;
    const job = await queue.getJob(analysisJobId({ credentialId: id, generation: analysisStartedAt!.getTime() }));
    expect(await job?.getState()).toBe('failed');
    expect(job?.attemptsMade).toBe(3);
  });
});
