import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { AnalysisRepository } from '../src/analysis/analysis.repository';
import { ANALYSIS_INTERRUPTED_REASON, InProcessAnalysisQueue } from '../src/analysis/queue/in-process-analysis-queue';
import { createTestDatabase, type TestDatabase } from '../../../tools/testing/test-database';
import {
  certificatePng,
  countRecords,
  createCredentialWithDocuments,
  credentialState,
  SIX_PHASES_ONCE,
  syllabusPdf,
  waitForAnalysis,
} from './fixtures';
import { TEST_APPLICANT_TOKEN_SECRET } from './support/applicant';
import { spawnTestChild, storageEnv } from './support/child-process';
import { startTestApi, type TestApi } from './support/test-app';

const API_ENTRY = join(__dirname, 'support/api-process.cjs');
/** Short beats, so an instance gives up on a stopped one's analysis within seconds (three missed beats). */
const HEARTBEAT_SECONDS = '1';
const env = { ANALYSIS_HEARTBEAT_SECONDS: HEARTBEAT_SECONDS };

async function eventually<T>(what: string, check: () => Promise<T | undefined>, logs = () => '', timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}.\n${logs()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function runnerOf(api: TestApi, id: string) {
  const rows = await api
    .em()
    .getConnection()
    .execute<{ analysis_runner: string | null; heartbeat_ms: string | null }[]>(
      'select analysis_runner, (extract(epoch from analysis_heartbeat_at) * 1000)::bigint as heartbeat_ms from credentials where id = ?',
      [id],
    );
  const row = rows[0]!;
  return { runner: row.analysis_runner, heartbeatAt: row.heartbeat_ms === null ? null : Number(row.heartbeat_ms) };
}

/**
 * Without Redis each API instance runs the analyses it queued. Two instances share one database: one starting must
 * not fail what the other is analyzing, and an instance that is killed has its analyses failed by the one left.
 */
describe('two API instances without Redis, analyzing', () => {
  let database: TestDatabase;
  const apis: TestApi[] = [];
  let release = () => undefined as void;
  const children: { child: ChildProcess; exited: Promise<unknown>; dataDir: string }[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    release();
    for (const { child, exited, dataDir } of children) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    }
    for (const api of apis.reverse()) await api.close();
    await database?.drop();
  });

  it('a starting instance leaves the analysis another instance is running alone, and it completes', async () => {
    const a = await startTestApi(env, { databaseUrl: database.url });
    apis.push(a);
    // A holds its analysis after phase 1 until B has started and checked for stopped analyses a few times.
    const gate = new Promise<void>((resolve) => (release = resolve));
    const repository = a.app.get(AnalysisRepository);
    const storeRecord = repository.storeRecord.bind(repository);
    repository.storeRecord = async (credentialId, phase, results) => {
      const stored = await storeRecord(credentialId, phase, results);
      if (phase === 1) await gate;
      return stored;
    };

    const id = await createCredentialWithDocuments(a, 'Analyzed by A while B starts', [
      { fileName: 'syllabus.pdf', documentType: 'syllabus', fileType: 'application/pdf', bytes: await syllabusPdf() },
      {
        fileName: 'certificate.png',
        documentType: 'certificate',
        fileType: 'image/png',
        bytes: await certificatePng(),
      },
    ]);
    await a.http.post(`/api/credentials/${id}/analyze`).set(a.owner()).expect(202);
    await eventually('phase 1 to be stored', async () => ((await countRecords(a, id)).length > 0 ? true : undefined));
    expect((await runnerOf(a, id)).runner).toBe(a.app.get(InProcessAnalysisQueue).runnerId);

    const b = await startTestApi(env, { databaseUrl: database.url });
    apis.push(b);
    expect(b.app.get(InProcessAnalysisQueue).runnerId).not.toBe(a.app.get(InProcessAnalysisQueue).runnerId);
    expect((await credentialState(b, id)).status).toBe('analyzing');
    // Well past three beats: B has looked for stopped analyses several times, and A's heartbeat kept this one alive.
    await sleep(5_000);
    const held = await runnerOf(b, id);
    expect((await credentialState(b, id)).status).toBe('analyzing');
    expect(Date.now() - held.heartbeatAt!).toBeLessThan(2_500);

    release();
    const finished = await waitForAnalysis(a, id, 120_000);
    expect(finished).toMatchObject({ status: 'completed', failureReason: null });
    expect(await countRecords(a, id)).toEqual(SIX_PHASES_ONCE);
  }, 180_000);

  it('an instance killed mid-analysis has its analysis failed with a reason by the instance left running', async () => {
    const b = apis[1] ?? (await startTestApi(env, { databaseUrl: database.url }));
    if (!apis.includes(b)) apis.push(b);
    const { storage } = b;
    const dataDir = mkdtempSync(join(tmpdir(), 'api-process-'));
    // A is a real API process (sharing B's storage) that holds its analysis after phase 1 until it is killed.
    const { child, output, exited } = spawnTestChild(API_ENTRY, ['--hold-after-phase', '1'], {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      JWT_SECRET: 'test-secret',
      APPLICANT_TOKEN_SECRET: TEST_APPLICANT_TOKEN_SECRET,
      ANALYSIS_HEARTBEAT_SECONDS: HEARTBEAT_SECONDS,
      ...storageEnv(storage),
    });
    children.push({ child, exited, dataDir });
    const logs = () => `--- API process A ---\n${output()}`;
    const port = await eventually(
      'API process A to listen',
      async () => {
        if (child.exitCode !== null) throw new Error(`API process A exited:\n${output()}`);
        return /^ready (\d+)$/m.exec(output())?.[1];
      },
      logs,
    );
    const a = request(`http://127.0.0.1:${port}`);

    const id = await createCredentialWithDocuments(b, 'A killed mid-analysis', [
      { fileName: 'syllabus.pdf', documentType: 'syllabus', fileType: 'application/pdf', bytes: await syllabusPdf() },
    ]);
    await a.post(`/api/credentials/${id}/analyze`).set(b.owner()).expect(202);
    await eventually(
      'phase 1 to be stored',
      async () => ((await countRecords(b, id)).length > 0 ? true : undefined),
      logs,
    );
    const { runner } = await runnerOf(b, id);
    expect(runner).toEqual(expect.any(String));
    expect(runner).not.toBe(b.app.get(InProcessAnalysisQueue).runnerId);
    await sleep(3_500);
    expect((await credentialState(b, id)).status).toBe('analyzing');

    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    const killedAt = Date.now();
    const finished = await waitForAnalysis(b, id, 30_000);
    expect(finished).toMatchObject({ status: 'failed', failureReason: ANALYSIS_INTERRUPTED_REASON });
    // Not before A had missed its beats (its last beat was at most one second before the kill).
    expect(finished.updatedAt.getTime() - killedAt).toBeGreaterThan(1_000);

    // The interrupted analysis may be started again, documents unchanged, and this time it completes.
    const page = await b.http.get(`/api/credentials/${id}`).set(b.owner()).expect(200);
    expect(page.body).toMatchObject({ status: 'failed', failureKind: 'interrupted' });
    await b.http.post(`/api/credentials/${id}/analyze`).set(b.owner()).expect(202);
    expect(await waitForAnalysis(b, id, 60_000)).toMatchObject({ status: 'completed' });
  }, 240_000);
});
