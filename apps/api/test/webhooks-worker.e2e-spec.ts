import type { CreatedWebhookEndpoint } from '@app/contracts';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { WebhookDispatcher } from '../src/webhooks/webhook-dispatcher.service';
import { WebhookOutbox } from '../src/webhooks/webhook-outbox';
import { spawnTestChild, storageEnv, type TestChild } from './support/child-process';
import { startTestApi, type TestApi } from './support/test-app';
import { Receiver } from './support/webhook-receiver';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const WORKER_ENTRY = join(__dirname, 'support/analysis-worker-process.cjs');
const ADMIN = { username: 'worker-hooks-admin', password: 'worker-hooks-admin-password' };

/**
 * "The webhook worker runs in `npm run worker` too": a real worker process (worker.ts main()) delivers the due
 * webhooks while the API process's own poll is slowed right down; then both deliver at once, and N events make N
 * deliveries, none twice.
 */
describe('webhook deliveries from the worker process beside an API process', () => {
  let api: TestApi;
  let worker: TestChild | undefined;
  const receiver = new Receiver();

  beforeAll(async () => {
    await receiver.start();
    api = await startTestApi({
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      WEBHOOK_ALLOW_LOOPBACK: 'true',
      // The API's background poll waits a minute: in the first test only the worker process can deliver.
      WEBHOOK_POLL_MILLISECONDS: '60000',
      REDIS_URL,
      ANALYSIS_QUEUE_PREFIX: `test-webhooks-worker-${randomUUID()}`,
      ANALYSIS_RUN_WORKER: 'false',
    });
    const token = (await api.http.post('/api/admin/login').send(ADMIN).expect(200)).body.token as string;
    const created = await api.http
      .post('/api/admin/webhook-endpoints')
      .set({ Authorization: `Bearer ${token}` })
      .send({ url: receiver.url, events: ['payment.succeeded'] })
      .expect(201);
    receiver.secret = (created.body as CreatedWebhookEndpoint).secret;

    worker = spawnTestChild(WORKER_ENTRY, [], {
      NODE_ENV: 'test',
      DATA_DIR: api.config.dataDir,
      DATABASE_URL: String(api.orm.config.get('clientUrl')),
      REDIS_URL,
      ANALYSIS_QUEUE_PREFIX: api.config.analysis.queuePrefix,
      WEBHOOK_ALLOW_LOOPBACK: 'true',
      WEBHOOK_POLL_MILLISECONDS: '100',
      ...storageEnv(api.storage),
    });
    await until('the worker to start', async () => /^ready$/m.test(worker?.output() ?? ''));
  });

  afterAll(async () => {
    if (worker && worker.child.exitCode === null && worker.child.signalCode === null) worker.child.kill('SIGTERM');
    await worker?.exited;
    await api?.close();
    await receiver.stop();
  });

  async function until(what: string, check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (worker && (worker.child.exitCode !== null || worker.child.signalCode !== null)) {
        throw new Error(`The worker exited while waiting for ${what}:\n${worker.output()}`);
      }
      if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}:\n${worker?.output() ?? ''}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** N payment.succeeded events raised as a confirmed payment raises them: in a transaction, one key each. */
  async function raise(count: number, batch: string): Promise<string[]> {
    const keys = Array.from({ length: count }, (_, i) => `payment.succeeded:${batch}-${i}`);
    await api.em().transactional(async (em) => {
      for (const key of keys) {
        await WebhookOutbox.enqueue(em, {
          type: 'payment.succeeded',
          key,
          data: {
            paymentId: key,
            paymentIntentId: `pi_${key}`,
            amount: 100,
            currency: 'usd',
            paymentType: 'full',
            trainings: [],
            installmentsTotal: 1,
            enrollmentIds: [],
          },
        });
      }
    });
    return keys;
  }

  async function deliveryCounts(): Promise<{ delivered: number; other: number; maxAttempts: number }> {
    const [row] = await api
      .em()
      .getConnection()
      .execute<Array<{ delivered: number; other: number; max_attempts: number }>>(
        `select count(*) filter (where status = 'delivered')::int as delivered,
                count(*) filter (where status <> 'delivered')::int as other,
                coalesce(max(attempts), 0)::int as max_attempts
           from webhook_deliveries`,
      );
    return { delivered: row.delivered, other: row.other, maxAttempts: row.max_attempts };
  }

  it('the worker process delivers the events on its own', async () => {
    const keys = await raise(20, 'worker-only');
    await until('20 deliveries', async () => receiver.received.length >= 20);
    // The worker records a delivery after the receiver answered it: wait for the last records to commit too.
    await until('20 deliveries recorded', async () => (await deliveryCounts()).other === 0);
    expect(receiver.rejected).toBe(0);
    expect(receiver.received.map((event) => event.data.paymentId).sort()).toEqual([...keys].sort());
    expect(await deliveryCounts()).toEqual({ delivered: 20, other: 0, maxAttempts: 1 });
  });

  it('an API process and the worker process delivering at once: N events, N deliveries, none twice', async () => {
    const keys = await raise(150, 'both');
    const dispatcher = api.app.get(WebhookDispatcher);
    // The API process's dispatcher runs as fast as it can while the worker's poll runs every 100 ms.
    await until('every delivery to be made', async () => {
      await dispatcher.dispatchDue();
      return (await deliveryCounts()).other === 0;
    });
    const both = receiver.received.filter((event) => String(event.data.paymentId).includes('both-'));
    expect(both).toHaveLength(150);
    expect(new Set(both.map((event) => event.id)).size).toBe(150);
    expect(both.map((event) => event.data.paymentId).sort()).toEqual([...keys].sort());
    expect(receiver.received).toHaveLength(170);
    expect(await deliveryCounts()).toEqual({ delivered: 170, other: 0, maxAttempts: 1 });
  });
});
