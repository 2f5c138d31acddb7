import { Logger } from '@nestjs/common';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { S3Credentials } from './sigv4-verifier';
import { startVerifyingS3Gateway } from './verifying-s3-gateway';

export const EMBEDDED_S3_BUCKET = 'uploads';
const CREDENTIALS_FILE = 'embedded-s3-credentials.json';

/** The browser PUTs straight to the presigned URL, so the bucket must answer CORS preflights. */
const CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

export interface EmbeddedS3Handle {
  endpoint: string;
  port: number;
  bucket: string;
  credentials: S3Credentials;
  stop(): Promise<void>;
}

/**
 * The embedded store's key pair: made once per data folder and kept there (owner-only), so the API and a worker
 * sharing DATA_DIR sign with the same keys and nobody else can read, list or write the bucket.
 */
export function embeddedS3Credentials(dataDir: string): S3Credentials {
  const file = join(dataDir, CREDENTIALS_FILE);
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(
      file,
      JSON.stringify({
        accessKeyId: `LOCAL${randomBytes(8).toString('hex').toUpperCase()}`,
        secretAccessKey: randomBytes(30).toString('base64url'),
      }),
      { flag: 'wx', mode: 0o600 },
    );
  } catch (error) {
    // Already made (by an earlier start, or the API and a worker starting together): use that one.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<S3Credentials>;
  if (typeof stored.accessKeyId !== 'string' || typeof stored.secretAccessKey !== 'string') {
    throw new Error(`${file} does not hold an access key pair; delete it to make a new one`);
  }
  return { accessKeyId: stored.accessKeyId, secretAccessKey: stored.secretAccessKey };
}

/**
 * A local S3-compatible store for development and tests: s3rver keeps the objects and listens on a loopback port
 * of its own, and a SigV4-verifying gateway in front of it (on `port`) refuses what S3 refuses: anonymous requests,
 * bad or expired signatures, unsigned x-amz headers and checksums that do not match the body. Never used in
 * production (the config requires S3_BUCKET there).
 */
export async function startEmbeddedS3(
  dataDir: string,
  port: number,
  options: { credentials?: S3Credentials; bucket?: string; directory?: string } = {},
): Promise<EmbeddedS3Handle> {
  // s3rver has no type declarations.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const S3rver = require('s3rver') as new (options: Record<string, unknown>) => {
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  };
  const bucket = options.bucket ?? EMBEDDED_S3_BUCKET;
  const credentials = options.credentials ?? embeddedS3Credentials(dataDir);
  const directory = options.directory ?? join(dataDir, 's3');
  mkdirSync(directory, { recursive: true });
  const store = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [CORS] }],
  });
  const storeAddress = await store.run();
  const logger = new Logger('EmbeddedS3');
  try {
    const gateway = await startVerifyingS3Gateway({
      upstream: `http://127.0.0.1:${storeAddress.port}`,
      credentials: [credentials],
      port,
      onRefusal: (method, refusal) =>
        logger.warn(`Refused ${method}: ${refusal.status} ${refusal.code} (${refusal.message})`),
    });
    return {
      endpoint: gateway.endpoint,
      port: gateway.port,
      bucket,
      credentials,
      async stop() {
        await gateway.stop();
        await store.close();
      },
    };
  } catch (error) {
    await store.close();
    throw error;
  }
}
