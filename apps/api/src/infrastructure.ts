import { Logger } from '@nestjs/common';
import type { AppConfig } from './config/app-config';
import { assertDatabaseReachable } from './database/database-url';
import { startEmbeddedPostgres } from './database/embedded-postgres';
import { EMBEDDED_S3_BUCKET, embeddedS3Credentials, startEmbeddedS3 } from './storage/embedded-s3';
import type { StorageConnection } from './storage/storage-connection';

/** The services the API runs against, after the embedded defaults have been started where none is configured. */
export interface Infrastructure {
  databaseUrl: string;
  storage: StorageConnection;
  stop(): Promise<void>;
}

/** The S3-compatible store the environment names, or null when the embedded one is to be used. */
export function configuredStorage(config: AppConfig): StorageConnection | null {
  const { bucket, accessKeyId, secretAccessKey, endpoint, region, forcePathStyle, uploadUrlTtlSeconds } =
    config.storage;
  if (!bucket || !accessKeyId || !secretAccessKey) return null;
  return { endpoint, bucket, region, accessKeyId, secretAccessKey, forcePathStyle, uploadUrlTtlSeconds };
}

/**
 * The embedded store at an endpoint (the API starts it; a worker on the same machine reaches the API's one), signed
 * with the key pair kept in DATA_DIR.
 */
export function embeddedStorage(
  config: AppConfig,
  endpoint = `http://127.0.0.1:${config.storage.embeddedPort}`,
): StorageConnection {
  return {
    endpoint,
    bucket: EMBEDDED_S3_BUCKET,
    region: config.storage.region,
    ...embeddedS3Credentials(config.dataDir),
    forcePathStyle: true,
    uploadUrlTtlSeconds: config.storage.uploadUrlTtlSeconds,
  };
}

export async function startInfrastructure(config: AppConfig): Promise<Infrastructure> {
  const logger = new Logger('Infrastructure');
  const stops: Array<() => Promise<void>> = [];

  let databaseUrl = config.database.url;
  if (databaseUrl) {
    await assertDatabaseReachable(databaseUrl);
  } else {
    const embedded = await startEmbeddedPostgres(config.dataDir, config.database.embeddedPort);
    stops.push(embedded.stop);
    databaseUrl = embedded.url;
  }

  let storage = configuredStorage(config);
  if (!storage) {
    const embedded = await startEmbeddedS3(config.dataDir, config.storage.embeddedPort);
    stops.push(embedded.stop);
    logger.log(`Embedded S3-compatible storage on ${embedded.endpoint} (bucket ${EMBEDDED_S3_BUCKET})`);
    storage = embeddedStorage(config, embedded.endpoint);
  }

  return {
    databaseUrl,
    storage,
    async stop() {
      for (const stop of stops.reverse()) await stop().catch((error) => logger.warn(String(error)));
    },
  };
}
