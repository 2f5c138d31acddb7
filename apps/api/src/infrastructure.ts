import { Logger } from '@nestjs/common';
import type { AppConfig } from './config/app-config';
import { assertDatabaseReachable } from './database/database-url';
import { startEmbeddedPostgres } from './database/embedded-postgres';
import { EMBEDDED_S3_BUCKET, EMBEDDED_S3_CREDENTIALS, startEmbeddedS3 } from './storage/embedded-s3';
import type { StorageConnection } from './storage/storage-connection';

/** The services the API runs against, after the embedded defaults have been started where none is configured. */
export interface Infrastructure {
  databaseUrl: string;
  storage: StorageConnection;
  stop(): Promise<void>;
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

  let storage: StorageConnection;
  const { storage: s3 } = config;
  if (s3.bucket && s3.accessKeyId && s3.secretAccessKey) {
    storage = {
      endpoint: s3.endpoint,
      bucket: s3.bucket,
      region: s3.region,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      forcePathStyle: s3.forcePathStyle,
      uploadUrlTtlSeconds: s3.uploadUrlTtlSeconds,
    };
  } else {
    const embedded = await startEmbeddedS3(config.dataDir, s3.embeddedPort);
    stops.push(embedded.stop);
    logger.log(`Embedded S3-compatible storage on ${embedded.endpoint} (bucket ${EMBEDDED_S3_BUCKET})`);
    storage = {
      endpoint: embedded.endpoint,
      bucket: EMBEDDED_S3_BUCKET,
      region: s3.region,
      ...EMBEDDED_S3_CREDENTIALS,
      forcePathStyle: true,
      uploadUrlTtlSeconds: s3.uploadUrlTtlSeconds,
    };
  }

  return {
    databaseUrl,
    storage,
    async stop() {
      for (const stop of stops.reverse()) await stop().catch((error) => logger.warn(String(error)));
    },
  };
}
