import 'reflect-metadata';
import { INestApplicationContext, Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AnalysisWorkerModule } from './analysis/analysis-worker.module';
import { SanitizingLogger } from './common/log-sanitizer';
import { guardProcess } from './common/process-guards';
import { AppConfig, ConfigError, loadConfig } from './config/app-config';
import { assertDatabaseReachable } from './database/database-url';
import { embeddedPostgresUrl } from './database/embedded-postgres';
import { configuredStorage, embeddedStorage } from './infrastructure';
import type { StorageConnection } from './storage/storage-connection';

/**
 * The analysis worker as its own process (`npm run worker`): it takes jobs from the BullMQ queue in Redis.
 * Run the API with ANALYSIS_RUN_WORKER=false to leave all analysis to such workers (any number of them).
 */
export async function createAnalysisWorker(
  config: AppConfig,
  databaseUrl: string,
  storage: StorageConnection,
  options: { logger?: false } = {},
): Promise<INestApplicationContext> {
  const { redisUrl } = config;
  if (!redisUrl) {
    throw new ConfigError(
      'REDIS_URL is required for a separate worker; without Redis the API runs analyses in-process',
    );
  }
  const context = await NestFactory.createApplicationContext(
    AnalysisWorkerModule.forRoot({ ...config, redisUrl }, databaseUrl, storage),
    {
      // Job logs name credentials by id; the sanitiser masks any email or name that reaches a message anyway.
      logger: options.logger === false ? false : new SanitizingLogger(),
    },
  );
  context.enableShutdownHooks();
  await context.init();
  return context;
}

/** The worker uses the API's services: the configured ones, or the embedded ones the API started on this machine. */
function resolveConnections(config: AppConfig): { databaseUrl: string; storage: StorageConnection } {
  return {
    databaseUrl: config.database.url ?? embeddedPostgresUrl(config.database.embeddedPort),
    storage: configuredStorage(config) ?? embeddedStorage(config),
  };
}

/** `npm run worker`: configuration from the environment, then a worker until the process is stopped. */
export async function main(): Promise<void> {
  guardProcess('Worker process');
  const config = loadConfig();
  const { databaseUrl, storage } = resolveConnections(config);
  await assertDatabaseReachable(databaseUrl);
  await createAnalysisWorker(config, databaseUrl, storage);
  new Logger('Worker').log(
    `Analysis worker waiting for jobs on ${config.redisUrl} (prefix ${config.analysis.queuePrefix})`,
  );
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
    process.exit(1);
  });
}
