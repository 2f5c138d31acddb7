import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import type { INestApplication } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import TestAgent from 'supertest/lib/agent';
import { createApp } from '../../src/app.factory';
import { AppConfig, loadConfig } from '../../src/config/app-config';
import { startEmbeddedS3 } from '../../src/storage/embedded-s3';
import type { StorageConnection } from '../../src/storage/storage-connection';
import { createTestDatabase } from '../../../../tools/testing/test-database';
import { LEGACY_APPLICANT_ID } from '@app/contracts';
import { TEST_APPLICANT_TOKEN_SECRET, testApplicant } from './applicant';
import { OpenApiContract } from './openapi-contract';

export interface TestApi {
  app: INestApplication;
  http: TestAgent;
  orm: MikroORM;
  config: AppConfig;
  storage: StorageConnection;
  /** Every route the HTTP server registered (method and path as declared, HEAD included), in order. */
  routes: Array<{ method: string; path: string }>;
  /** A fresh EntityManager fork for assertions on what is in the database. */
  em(): MikroORM['em'];
  /** Headers of the legacy applicant, who owns the credentials the fixtures create. */
  owner(): Record<string, string>;
  close(): Promise<void>;
}

const HTTP_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options']);

/** The app's own OpenAPI document (`/api/docs-json`) as a check of answers. */
export async function appContract(app: INestApplication): Promise<OpenApiContract> {
  return new OpenApiContract((await request(app.getHttpServer()).get('/api/docs-json').expect(200)).body as object);
}

/**
 * A supertest agent whose every request gets an assertion that fails the test when the answer breaks the published
 * contract (`OpenApiContract.check`).
 */
export function contractChecked(agent: TestAgent, contract: OpenApiContract): TestAgent {
  return new Proxy(agent, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof property !== 'string' || !HTTP_METHODS.has(property) || typeof value !== 'function') return value;
      return (url: string, ...rest: unknown[]) =>
        (value as (url: string, ...rest: unknown[]) => request.Test)
          .call(target, url, ...rest)
          .expect((response) => contract.check(property, url, response));
    },
  });
}

/**
 * Initialises an app from createApp and waits until Fastify is ready to serve it (routes registered), which
 * supertest needs on app.getHttpServer(); returns the routes it registered.
 */
export async function initTestApp(app: INestApplication): Promise<Array<{ method: string; path: string }>> {
  const routes: Array<{ method: string; path: string }> = [];
  const fastify = (app as NestFastifyApplication).getHttpAdapter().getInstance();
  fastify.addHook('onRoute', (route) => {
    for (const method of ([] as string[]).concat(route.method)) routes.push({ method, path: route.url });
  });
  await app.init();
  await fastify.ready();
  return routes;
}

/**
 * The whole API against a database of its own on the real PostgreSQL server and a real S3-compatible server
 * (s3rver behind the SigV4-verifying gateway, so it refuses what S3 refuses),
 * with extra environment (e.g. STRIPE_API_URL, REDIS_URL) for the suite.
 */
export async function startTestApi(
  env: Record<string, string> = {},
  options: { databaseUrl?: string } = {},
): Promise<TestApi> {
  // With databaseUrl the app joins a database the caller owns (a second instance, or the same API after a restart).
  const database = options.databaseUrl
    ? { url: options.databaseUrl, drop: async () => undefined }
    : await createTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'api-test-'));
  const s3 = await startEmbeddedS3(dataDir, 0);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret',
    APPLICANT_TOKEN_SECRET: TEST_APPLICANT_TOKEN_SECRET,
    // Test files add cohorts, enrollments and holds by SQL and read the list at once, before the change's notice
    // can arrive; the cohort cache has its own test (cohort-cache.e2e-spec.ts), which turns it on.
    COHORT_CACHE: 'false',
    ...env,
  });
  const storage: StorageConnection = {
    endpoint: s3.endpoint,
    bucket: s3.bucket,
    region: 'us-east-1',
    ...s3.credentials,
    forcePathStyle: true,
    uploadUrlTtlSeconds: 900,
  };
  const app = await createApp(config, { databaseUrl: database.url, storage }, { logger: false });
  const routes = await initTestApp(app);
  const orm = app.get<MikroORM>(MikroORM);
  return {
    app,
    http: contractChecked(request(app.getHttpServer()), await appContract(app)),
    orm,
    config,
    storage,
    routes,
    em: () => orm.em.fork(),
    owner: () => testApplicant(app, LEGACY_APPLICANT_ID).headers(),
    async close() {
      await app.close();
      await s3.stop();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
