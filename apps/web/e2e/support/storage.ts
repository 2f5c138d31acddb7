import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { e2e } from './browser';

/**
 * Whether the API's embedded store holds the object an upload URL points at. The store refuses unsigned requests,
 * so this signs with the key pair the API made in its data folder (apps/api/src/storage/embedded-s3.ts).
 */
export async function storedObjectExists(uploadURL: string): Promise<boolean> {
  const credentials = JSON.parse(readFileSync(join(e2e.dataDir, 'embedded-s3-credentials.json'), 'utf8')) as {
    accessKeyId: string;
    secretAccessKey: string;
  };
  const url = new URL(uploadURL);
  const [, bucket, ...key] = url.pathname.split('/');
  const client = new S3Client({ region: 'us-east-1', endpoint: url.origin, forcePathStyle: true, credentials });
  try {
    await client.send(new HeadObjectCommand({ Bucket: bucket, Key: decodeURIComponent(key.join('/')) }));
    return true;
  } catch (error) {
    if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return false;
    throw error;
  } finally {
    client.destroy();
  }
}
