import type { INestApplicationContext } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { createAnalysisWorker } from '../src/worker';
import {
  countRecords,
  createCredentialWithDocuments,
  credentialState,
  SIX_PHASES_ONCE,
  syllabusDocument,
  waitForAnalysis,
  type FixtureDocument,
} from './fixtures';
import { type OwnRedis, startOwnRedis } from './support/own-redis';
import { startTestApi, type TestApi } from './support/test-app';

/**
 * Redis (a redis-server of this suite's own, never the shared one) stops while analyses are queued and comes back:
 * every analysis ends completed or failed with no phase recorded twice, a start asked for during the outage answers
 * 503 and leaves its credential pending, and the API recovers without a restart.
 */
describe('reliability: Redis outage with analyses queued', () => {
  let redis: OwnRedis;
  let api: TestApi;
  let syllabus: FixtureDocument;
  let worker: INestApplicationContext | null = null;

  beforeAll(async () => {
    redis = await startOwnRedis();
    // No worker in the API: the jobs are certainly still waiting in Redis when it stops; a worker starts after.
    api = await startTestApi({
      REDIS_URL: redis.url,
      ANALYSIS_QUEUE_PREFIX: `fault-${randomUUID()}`,
      ANALYSIS_LOCK_SECONDS: '2',
      ANALYSIS_RUN_WORKER: 'false',
    });
    syllabus = await syllabusDocument();
  }, 120_000);

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await redis?.close();
  });

  it('ends every queued analysis completed or failed, once, and answers 503 while Redis is down', async () => {
    const queued: string[] = [];
    for (let i = 0; i < 5; i++) {
      const id = await createCredentialWithDocuments(api, `Queued ${i}`, [syllabus]);
      await api.http.post(`/api/credentials/${id}/analyze`).set(api.owner()).expect(202);
      queued.push(id);
    }
    await redis.stop();

    const duringOutage = await createCredentialWithDocuments(api, 'Asked during the outage', [syllabus]);
    const refused = await api.http.post(`/api/credentials/${duringOutage}/analyze`).set(api.owner());
    expect(refused.status).toBe(503);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await credentialState(api, duringOutage)).status).toBe('pending');
    const health = await api.http.get('/api/health');
    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({ queue: 'down' });
    expect(Number(health.headers['retry-after'])).toBeGreaterThan(0);

    await redis.start();
    worker = await createAnalysisWorker(api.config, String(api.orm.config.get('clientUrl')), api.storage, {
      logger: false,
    });
    const outcomes: string[] = [];
    for (const id of queued) {
      const finished = await waitForAnalysis(api, id, 120_000);
      outcomes.push(finished.status);
      expect(['completed', 'failed']).toContain(finished.status);
      const records = await countRecords(api, id);
      expect(records.every((record) => record.count === 1)).toBe(true);
      if (finished.status === 'completed') expect(records).toEqual(SIX_PHASES_ONCE);
    }

    // Recovered without a restart: once the API's queue connection is back (ioredis reconnects with a backoff, after
    // the health check's own connection), the start refused during the outage runs to the end. A 503 meanwhile
    // changes nothing, so asking again is what a user would do.
    const reconnectBy = Date.now() + 60_000;
    let restart = await api.http.post(`/api/credentials/${duringOutage}/analyze`).set(api.owner());
    while (restart.status === 503 && Date.now() < reconnectBy) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      restart = await api.http.post(`/api/credentials/${duringOutage}/analyze`).set(api.owner());
    }
    expect(restart.status).toBe(202);
    expect((await waitForAnalysis(api, duringOutage, 120_000)).status).toBe('completed');
    expect(await countRecords(api, duringOutage)).toEqual(SIX_PHASES_ONCE);
    console.log(
      `Redis outage: ${queued.length} queued analyses ended ${outcomes.filter((s) => s === 'completed').length} completed, ` +
        `${outcomes.filter((s) => s === 'failed').length} failed, 0 duplicated phase records; the start asked during the outage answered 503`,
    );
  }, 300_000);
});
