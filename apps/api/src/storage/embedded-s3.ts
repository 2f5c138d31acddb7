import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';

export const EMBEDDED_S3_BUCKET = 'uploads';
export const EMBEDDED_S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

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
  stop(): Promise<void>;
}

/**
 * A local S3-compatible server (s3rver) on loopback, for development and tests only: it does not verify
 * signatures, so it is never used in production (the config requires S3_BUCKET there).
 */
export async function startEmbeddedS3(dataDir: string, port: number): Promise<EmbeddedS3Handle> {
  // s3rver has no type declarations.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const S3rver = require('s3rver') as new (options: Record<string, unknown>) => {
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  };
  const directory = join(dataDir, 's3');
  mkdirSync(directory, { recursive: true });
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory,
    configureBuckets: [{ name: EMBEDDED_S3_BUCKET, configs: [CORS] }],
  });
  const address = await server.run();
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    port: address.port,
    stop: () => server.close(),
  };
}
