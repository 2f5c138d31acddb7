import { CHECKLIST_ITEM_KEYS, CHECKLIST_PHASE_KEYS, type ChecklistStatus } from '@app/contracts';
import type { INestApplication } from '@nestjs/common';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { createApp } from '../src/app.factory';
import { loadConfig } from '../src/config/app-config';
import { startEmbeddedS3, type EmbeddedS3Handle } from '../src/storage/embedded-s3';
import { createTestDatabase, type TestDatabase } from '../../../tools/testing/test-database';
import { seedEvaluatedCredential } from './support/outreach-fixtures';
import { startTestApi, type TestApi, initTestApp } from './support/test-app';

function percentOfTrueItems(status: ChecklistStatus): number {
  const values = CHECKLIST_PHASE_KEYS.flatMap((phase) => Object.values(status[phase].items));
  return Math.round((values.filter(Boolean).length / values.length) * 100);
}

describe('checklist on a local-only install', () => {
  let api: TestApi;

  beforeAll(async () => {
    // These cases change what a probe sees and read the checklist at once; caching is covered below.
    api = await startTestApi({ CHECKLIST_CACHE_SECONDS: '0' });
  });
  afterAll(() => api.close());

  it('answers the evaluation page’s two panels in one call, each as its own route answers it', async () => {
    // One after another: each call probes every service (reader processes included), and three at once on a busy
    // machine can push a probe past its timeout.
    const panels = await api.http.get('/api/system/evaluation-panels').expect(200);
    const checklist = await api.http.get('/api/system/checklist-status').expect(200);
    const gmail = await api.http.get('/api/gmail/setup-status').expect(200);
    expect(panels.body).toEqual({ checklist: checklist.body, gmail: gmail.body });
    expect(panels.body.gmail).toMatchObject({ configured: false, hasCredentials: false, userEmail: null });
  });

  it('has the seven phases with every item, probed from the running system', async () => {
    const { body } = await api.http.get('/api/system/checklist-status').expect(200);
    const status = body as ChecklistStatus;
    for (const phase of CHECKLIST_PHASE_KEYS) {
      expect(Object.keys(status[phase].items)).toEqual([...CHECKLIST_ITEM_KEYS[phase]]);
    }
    expect(status.phase1_environment).toEqual({
      status: 'completed',
      items: { database_connected: true, migrations_current: true, storage_reachable: true, queue_reachable: true },
    });
    // The readers really load here (unpdf, mammoth, word-extractor, tesseract.js with its offline English data).
    expect(status.phase2_data_extraction.status).toBe('completed');
    expect(status.phase3_api_integration).toEqual({
      status: 'in_progress',
      items: { analyzer_available: true, openai_configured: false, openai_key_valid: false },
    });
    expect(status.phase4_contact_processing.status).toBe('pending');
    expect(status.phase5_sheets_integration.status).toBe('pending');
    expect(status.phase6_email_templates).toEqual({
      status: 'completed',
      items: { template_exists: true, template_renders: true },
    });
    expect(status.phase7_email_management).toEqual({
      status: 'pending',
      items: { gmail_credentials: false, gmail_connected: false },
    });
    expect(status.overall_completion).toBe(percentOfTrueItems(status));
    expect(status.overall_completion).toBe(60);
    expect(status.ready_for_production).toBe(true);
    expect(status.missing_components).toContain('Connected Gmail account');
    expect(status.next_steps).toContain('Set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, then press Connect Gmail');
  });

  it('counts evaluations and extracted contacts once they exist', async () => {
    await seedEvaluatedCredential(api.em(), { name: 'No contacts', contacts: [] });
    let status = (await api.http.get('/api/system/checklist-status').expect(200)).body as ChecklistStatus;
    expect(status.phase4_contact_processing).toEqual({
      status: 'in_progress',
      items: { evaluations_completed: true, contacts_extracted: false },
    });

    await seedEvaluatedCredential(api.em(), {
      name: 'With a contact',
      contacts: [{ name: 'Ann Lee', title: null, email: 'ann@example.org', organization: null }],
    });
    status = (await api.http.get('/api/system/checklist-status').expect(200)).body as ChecklistStatus;
    expect(status.phase4_contact_processing.status).toBe('completed');
    expect(status.overall_completion).toBe(70);
  });

  it('notices a template that no longer renders', async () => {
    await api.em().getConnection().execute(`update email_templates set subject = 'Hi {{firstName}}'`);
    const status = (await api.http.get('/api/system/checklist-status').expect(200)).body as ChecklistStatus;
    expect(status.phase6_email_templates.items).toEqual({ template_exists: true, template_renders: false });
    expect(status.ready_for_production).toBe(false);
    expect(status.next_steps).toContain(
      'Fix the email template: use only the supported {{placeholders}} and a non-empty subject and body',
    );
  });
});

/** A local OpenAI that knows one key; records the keys it was asked about. */
async function startFakeOpenAi(goodKey: string): Promise<{ url: string; keysSeen: string[]; close(): Promise<void> }> {
  const keysSeen: string[] = [];
  const server: HttpServer = createHttpServer((req, res) => {
    const key = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    keysSeen.push(key);
    if (req.url?.startsWith('/v1/models') && key === goodKey) {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(
        JSON.stringify({
          object: 'list',
          data: [{ id: 'gpt-4o-mini', object: 'model', created: 0, owned_by: 'openai' }],
        }),
      );
    }
    res.writeHead(401, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}/v1`,
    keysSeen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('checklist probes reused between page views', () => {
  const renders = async (api: TestApi): Promise<boolean> =>
    ((await api.http.get('/api/system/checklist-status').expect(200)).body as ChecklistStatus).phase6_email_templates
      .items.template_renders;

  it('answers from the last probe within CHECKLIST_CACHE_SECONDS', async () => {
    const api = await startTestApi({ CHECKLIST_CACHE_SECONDS: '3600' });
    try {
      expect(await renders(api)).toBe(true);
      await api.em().getConnection().execute(`update email_templates set subject = 'Hi {{firstName}}'`);
      expect(await renders(api)).toBe(true);
    } finally {
      await api.close();
    }
  });

  it('replaces an older result by a background probe, so a change shows up', async () => {
    const api = await startTestApi({ CHECKLIST_CACHE_SECONDS: '1' });
    try {
      expect(await renders(api)).toBe(true);
      await api.em().getConnection().execute(`update email_templates set subject = 'Hi {{firstName}}'`);
      let seen = true;
      for (let i = 0; i < 100 && seen; i++) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        seen = await renders(api);
      }
      expect(seen).toBe(false);
    } finally {
      await api.close();
    }
  });
});

describe('checklist with an OpenAI key', () => {
  let openai: Awaited<ReturnType<typeof startFakeOpenAi>>;

  beforeAll(async () => {
    openai = await startFakeOpenAi('sk-good');
  });
  afterAll(() => openai.close());

  it.each([
    ['sk-good', true],
    ['sk-revoked', false],
  ])('checks the key %s against the models endpoint', async (key, valid) => {
    const api = await startTestApi({ OPENAI_API_KEY: key, OPENAI_BASE_URL: openai.url, CHECKLIST_CACHE_SECONDS: '0' });
    try {
      const status = (await api.http.get('/api/system/checklist-status').expect(200)).body as ChecklistStatus;
      expect(status.phase3_api_integration.items).toEqual({
        analyzer_available: true,
        openai_configured: true,
        openai_key_valid: valid,
      });
      expect(openai.keysSeen).toContain(key);
      if (!valid)
        expect(status.next_steps).toContain(
          'Check OPENAI_API_KEY (and OPENAI_BASE_URL): OpenAI refused it or could not be reached',
        );
    } finally {
      await api.close();
    }
  });
});

/** A TCP relay to the local Redis that the test can take away (its port then refuses) and bring back. */
async function startRedisRelay(): Promise<{ url: string; stop(): Promise<void>; start(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = connect(6379, '127.0.0.1');
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => undefined);
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server?.address() as { port: number }).port;
        resolve();
      });
    });
  await listen();
  return {
    url: `redis://127.0.0.1:${port}`,
    start: listen,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server?.close(() => resolve());
      }),
  };
}

describe('checklist when services go away and come back', () => {
  let database: TestDatabase;
  let dataDir: string;
  let s3: EmbeddedS3Handle;
  let relay: Awaited<ReturnType<typeof startRedisRelay>>;
  let app: INestApplication;

  const checklist = async (): Promise<ChecklistStatus> =>
    (await request(app.getHttpServer()).get('/api/system/checklist-status').expect(200)).body as ChecklistStatus;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'checklist-test-'));
    s3 = await startEmbeddedS3(dataDir, 0);
    relay = await startRedisRelay();
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      JWT_SECRET: 'test-secret',
      CHECKLIST_CACHE_SECONDS: '0',
      REDIS_URL: relay.url,
      ANALYSIS_QUEUE_PREFIX: `checklist-${Date.now()}`,
      // No analyses run here; without a worker there is no blocking Redis call to wait for on close.
      ANALYSIS_RUN_WORKER: 'false',
    });
    app = await createApp(
      config,
      {
        databaseUrl: database.url,
        storage: {
          endpoint: s3.endpoint,
          bucket: s3.bucket,
          region: 'us-east-1',
          ...s3.credentials,
          forcePathStyle: true,
          uploadUrlTtlSeconds: 900,
        },
      },
      { logger: false },
    );
    await initTestApp(app);
  });

  afterAll(async () => {
    await app.close();
    await relay.stop();
    await s3.stop();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('shows storage unreachable while the S3 server is stopped, and reachable again after it restarts', async () => {
    expect((await checklist()).phase1_environment.items.storage_reachable).toBe(true);

    await s3.stop();
    const down = await checklist();
    expect(down.phase1_environment).toMatchObject({
      status: 'in_progress',
      items: { storage_reachable: false, database_connected: true },
    });
    expect(down.ready_for_production).toBe(false);
    expect(down.missing_components).toContain('Object storage');
    expect(down.next_steps).toContain('Start the S3-compatible storage or fix S3_ENDPOINT, S3_BUCKET and its keys');

    s3 = await startEmbeddedS3(dataDir, s3.port);
    const up = await checklist();
    expect(up.phase1_environment.items.storage_reachable).toBe(true);
    expect(up.ready_for_production).toBe(true);
  });

  it('shows the queue unreachable while its Redis port is closed, and reachable again after', async () => {
    expect((await checklist()).phase1_environment.items.queue_reachable).toBe(true);

    await relay.stop();
    const down = await checklist();
    expect(down.phase1_environment.items.queue_reachable).toBe(false);
    expect(down.missing_components).toContain('Redis queue');
    expect(down.next_steps).toContain('Start Redis at REDIS_URL, or unset REDIS_URL to run analyses inside the API');

    await relay.start();
    expect((await checklist()).phase1_environment.items.queue_reachable).toBe(true);
  });

  it('keeps /api/health in step with the checklist', async () => {
    const health = await request(app.getHttpServer()).get('/api/health').expect(200);
    expect(health.body).toMatchObject({ status: 'ok', queueMode: 'redis', queue: 'up', storage: 'up' });
  });
});
