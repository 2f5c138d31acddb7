import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { STORAGE_CONNECTION, StorageConnection } from './storage-connection';

export interface StoredObjectInfo {
  size: number;
  contentType: string | null;
}

const URL_PROBE_KEY = 'url-probe';

/** The only place that talks to object storage. */
@Injectable()
export class StorageService implements OnModuleDestroy {
  private readonly client: S3Client;

  constructor(@Inject(STORAGE_CONNECTION) private readonly connection: StorageConnection) {
    this.client = new S3Client({
      region: connection.region,
      endpoint: connection.endpoint ?? undefined,
      forcePathStyle: connection.forcePathStyle,
      credentials: { accessKeyId: connection.accessKeyId, secretAccessKey: connection.secretAccessKey },
      // Since 3.729 the default ('WHEN_SUPPORTED') signs a CRC32 into every presigned PUT, computed over the empty
      // body present at signing time; S3, R2 and MinIO then refuse every real file with BadDigest.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  get bucket(): string {
    return this.connection.bucket;
  }

  /** How long a presigned upload URL works. */
  get uploadUrlTtlSeconds(): number {
    return this.connection.uploadUrlTtlSeconds;
  }

  /** A short-lived URL the browser can PUT one object to. */
  createUploadUrl(key: string): Promise<string> {
    return getSignedUrl(this.client, new PutObjectCommand({ Bucket: this.bucket, Key: key }), {
      expiresIn: this.connection.uploadUrlTtlSeconds,
    });
  }

  /**
   * A short-lived URL that downloads one object as an attachment with the type we checked at registration, whatever
   * the store recorded: a browser never renders an uploaded file inline on the store's origin.
   */
  createDownloadUrl(
    key: string,
    options: { fileName: string; contentType: string; expiresInSeconds: number },
  ): Promise<string> {
    const ascii = options.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
    return getSignedUrl(
      this.client,
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: key,
        ResponseContentDisposition: `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(options.fileName)}`,
        ResponseContentType: options.contentType,
      }),
      { expiresIn: options.expiresInSeconds },
    );
  }

  /**
   * The object key a URL of this store points at, or null when the URL is not on this store and bucket.
   * The reference is a URL presigned here (a local computation), so path-style, virtual-hosted and custom
   * endpoints are all read the same way they are written.
   */
  async objectKeyFromUrl(raw: string): Promise<string | null> {
    let candidate: URL;
    try {
      candidate = new URL(raw);
    } catch {
      return null;
    }
    const probe = new URL(await this.createUploadUrl(URL_PROBE_KEY));
    const prefix = probe.pathname.slice(0, probe.pathname.length - URL_PROBE_KEY.length);
    if (candidate.origin !== probe.origin || !candidate.pathname.startsWith(prefix)) return null;
    const encodedKey = candidate.pathname.slice(prefix.length);
    if (encodedKey === '') return null;
    try {
      return decodeURIComponent(encodedKey);
    } catch {
      return null;
    }
  }

  async head(key: string): Promise<StoredObjectInfo | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: head.ContentLength ?? 0, contentType: head.ContentType ?? null };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  /** The object's bytes, or only its first `length` bytes. */
  async read(key: string, length?: number): Promise<Buffer> {
    const object = await this.client.send(
      new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: length ? `bytes=0-${length - 1}` : undefined }),
    );
    const bytes = await object.Body?.transformToByteArray();
    return Buffer.from(bytes ?? []);
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType }),
    );
  }

  /** A server-side copy: the bytes never pass through the API. */
  async copy(fromKey: string, toKey: string): Promise<void> {
    await this.client.send(
      new CopyObjectCommand({
        Bucket: this.bucket,
        Key: toKey,
        // The copy source is a URL path: each key segment percent-encoded, the slashes kept.
        CopySource: `${this.bucket}/${fromKey.split('/').map(encodeURIComponent).join('/')}`,
      }),
    );
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async isReachable(): Promise<boolean> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }), {
        abortSignal: AbortSignal.timeout(3000),
      });
      return true;
    } catch {
      return false;
    }
  }

  onModuleDestroy(): void {
    this.client.destroy();
  }
}

function isNotFound(error: unknown): boolean {
  const candidate = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return candidate.name === 'NotFound' || candidate.name === 'NoSuchKey' || candidate.$metadata?.httpStatusCode === 404;
}
