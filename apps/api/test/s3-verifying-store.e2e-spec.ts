import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { embeddedS3Credentials, startEmbeddedS3, type EmbeddedS3Handle } from '../src/storage/embedded-s3';
import { StorageService } from '../src/storage/storage.service';
import { samplePdf } from '../../../tools/testing/sample-files';

/**
 * The store the tests and `npm start` use (s3rver behind the SigV4-verifying gateway) refuses what Amazon S3 refuses,
 * so a URL or request S3 would reject fails here too.
 */
describe('the verifying S3-compatible store', () => {
  let dataDir: string;
  let s3: EmbeddedS3Handle;
  let storage: StorageService;
  let pdf: Buffer;

  const client = (overrides: Partial<ConstructorParameters<typeof S3Client>[0]> = {}) =>
    new S3Client({
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: s3.credentials,
      ...overrides,
    });

  const put = (url: string, body: Buffer, headers: Record<string, string> = { 'content-type': 'application/pdf' }) =>
    fetch(url, { method: 'PUT', body: new Uint8Array(body), headers });

  async function errorCode(response: Response): Promise<string | undefined> {
    return /<Code>([^<]+)<\/Code>/.exec(await response.text())?.[1];
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 's3-verifying-'));
    s3 = await startEmbeddedS3(dataDir, 0);
    storage = new StorageService({
      endpoint: s3.endpoint,
      bucket: s3.bucket,
      region: 'us-east-1',
      ...s3.credentials,
      forcePathStyle: true,
      uploadUrlTtlSeconds: 900,
    });
    pdf = await samplePdf('Bachelor of Arts in Psychology');
  });

  afterAll(async () => {
    storage?.onModuleDestroy();
    await s3?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps a key pair per data folder, readable by its owner only', () => {
    const credentials = embeddedS3Credentials(dataDir);
    expect(credentials).toEqual(s3.credentials);
    expect(credentials.secretAccessKey.length).toBeGreaterThanOrEqual(32);
    expect(statSync(join(dataDir, 'embedded-s3-credentials.json')).mode & 0o077).toBe(0);
  });

  it('takes a real file PUT to a URL the API issues, and stores exactly its bytes', async () => {
    const url = await storage.createUploadUrl('uploads/real-file');
    const response = await put(url, pdf);
    expect(response.status).toBe(200);
    expect(await storage.read('uploads/real-file')).toEqual(pdf);
  });

  it('refuses the empty-body checksum a default-configured SDK signs into a presigned PUT (400 BadDigest)', async () => {
    const defaults = client();
    const url = await getSignedUrl(
      defaults,
      new PutObjectCommand({ Bucket: s3.bucket, Key: 'uploads/default-config' }),
      { expiresIn: 900 },
    );
    defaults.destroy();
    expect(new URL(url).searchParams.get('x-amz-checksum-crc32')).toBe('AAAAAA==');
    const response = await put(url, pdf);
    expect(response.status).toBe(400);
    expect(await errorCode(response)).toBe('BadDigest');
    expect(await storage.head('uploads/default-config')).toBeNull();
  });

  it('checks a signed checksum against the body: the right CRC32 is taken, a wrong one refused', async () => {
    const value = Buffer.alloc(4);
    value.writeUInt32BE(crc32(pdf) >>> 0);
    const signer = client({ requestChecksumCalculation: 'WHEN_REQUIRED' });
    const signed = (key: string, checksum: string) =>
      getSignedUrl(signer, new PutObjectCommand({ Bucket: s3.bucket, Key: key, ChecksumCRC32: checksum }), {
        expiresIn: 900,
      });

    expect((await put(await signed('uploads/right-crc', value.toString('base64')), pdf)).status).toBe(200);
    const wrong = await put(await signed('uploads/wrong-crc', 'AAAAAA=='), pdf);
    signer.destroy();
    expect(wrong.status).toBe(400);
    expect(await errorCode(wrong)).toBe('BadDigest');
    expect(await storage.head('uploads/wrong-crc')).toBeNull();
  });

  it.each([
    ['a changed signature', (url: URL) => url.searchParams.set('X-Amz-Signature', '0'.repeat(64))],
    ['another key than the one signed', (url: URL) => (url.pathname = url.pathname.replace('tampered', 'other'))],
    ['a longer expiry than the one signed', (url: URL) => url.searchParams.set('X-Amz-Expires', '3600')],
    [
      'a checksum parameter added after signing',
      (url: URL) => url.searchParams.set('x-amz-checksum-crc32', 'AAAAAA=='),
    ],
  ])('refuses a URL with %s (403 SignatureDoesNotMatch)', async (_label, tamper) => {
    const url = new URL(await storage.createUploadUrl('uploads/tampered'));
    tamper(url);
    const response = await put(url.toString(), pdf);
    expect(response.status).toBe(403);
    expect(await errorCode(response)).toBe('SignatureDoesNotMatch');
    expect(await storage.head('uploads/tampered')).toBeNull();
    expect(await storage.head('uploads/other')).toBeNull();
  });

  it('refuses an expired URL (403 AccessDenied), for PUT and GET alike', async () => {
    const signer = client({ requestChecksumCalculation: 'WHEN_REQUIRED' });
    const twoHoursAgo = new Date(Date.now() - 2 * 3600 * 1000);
    const putUrl = await getSignedUrl(signer, new PutObjectCommand({ Bucket: s3.bucket, Key: 'uploads/expired' }), {
      expiresIn: 3600,
      signingDate: twoHoursAgo,
    });
    const getUrl = await getSignedUrl(signer, new GetObjectCommand({ Bucket: s3.bucket, Key: 'uploads/real-file' }), {
      expiresIn: 3600,
      signingDate: twoHoursAgo,
    });
    signer.destroy();
    const response = await put(putUrl, pdf);
    expect(response.status).toBe(403);
    expect(await response.text()).toContain('Request has expired');
    expect(await storage.head('uploads/expired')).toBeNull();
    expect((await fetch(getUrl)).status).toBe(403);
  });

  it('serves a presigned GET, and refuses it when tampered', async () => {
    await storage.put('uploads/readable', pdf, 'application/pdf');
    const signer = client({ requestChecksumCalculation: 'WHEN_REQUIRED' });
    const url = await getSignedUrl(signer, new GetObjectCommand({ Bucket: s3.bucket, Key: 'uploads/readable' }), {
      expiresIn: 60,
    });
    signer.destroy();
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(pdf);
    const tampered = new URL(url);
    tampered.pathname = tampered.pathname.replace('readable', 'real-file');
    expect((await fetch(tampered)).status).toBe(403);
  });

  it('holds a PUT to its signed content type: another type is refused (403)', async () => {
    const signer = client({ requestChecksumCalculation: 'WHEN_REQUIRED' });
    const url = await getSignedUrl(
      signer,
      new PutObjectCommand({ Bucket: s3.bucket, Key: 'uploads/typed', ContentType: 'application/pdf' }),
      { expiresIn: 900, signableHeaders: new Set(['content-type']) },
    );
    signer.destroy();
    const html = await put(url, Buffer.from('<html></html>'), { 'content-type': 'text/html' });
    expect(html.status).toBe(403);
    expect(await errorCode(html)).toBe('SignatureDoesNotMatch');
    expect(await storage.head('uploads/typed')).toBeNull();
    expect((await put(url, pdf, { 'content-type': 'application/pdf' })).status).toBe(200);
  });

  it('refuses an unsigned x-amz header sent with a presigned URL (403)', async () => {
    const url = await storage.createUploadUrl('uploads/extra-header');
    const response = await put(url, pdf, { 'content-type': 'application/pdf', 'x-amz-acl': 'public-read' });
    expect(response.status).toBe(403);
    expect(await storage.head('uploads/extra-header')).toBeNull();
  });

  it('refuses anonymous reads, listings and writes (403 AccessDenied)', async () => {
    await storage.put('uploads/private', pdf, 'application/pdf');
    for (const response of [
      await fetch(`${s3.endpoint}/${s3.bucket}/uploads/private`),
      await fetch(`${s3.endpoint}/${s3.bucket}/`),
      await fetch(`${s3.endpoint}/`),
      await put(`${s3.endpoint}/${s3.bucket}/uploads/private`, Buffer.from('<html>replaced</html>'), {
        'content-type': 'text/html',
      }),
      await fetch(`${s3.endpoint}/${s3.bucket}/uploads/private`, { method: 'DELETE' }),
    ]) {
      expect(response.status).toBe(403);
      expect(await errorCode(response)).toBe('AccessDenied');
    }
    expect(await storage.read('uploads/private')).toEqual(pdf);
  });

  it('answers the CORS preflight the browser sends before a presigned PUT, to the URL with its query', async () => {
    const response = await fetch(await storage.createUploadUrl('uploads/x'), {
      method: 'OPTIONS',
      headers: {
        origin: 'http://127.0.0.1:3000',
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBeTruthy();
  });

  it('verifies the SDK header-signed requests: right keys work, a wrong secret or unknown key is refused', async () => {
    await storage.copy('uploads/real-file', 'documents/copied');
    expect(await storage.read('documents/copied')).toEqual(pdf);
    const listed = await client().send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: 'documents/' }));
    expect(listed.Contents?.map((object) => object.Key)).toEqual(['documents/copied']);

    const wrongSecret = client({
      credentials: { accessKeyId: s3.credentials.accessKeyId, secretAccessKey: 'not-the-secret' },
    });
    await expect(wrongSecret.send(new ListObjectsV2Command({ Bucket: s3.bucket }))).rejects.toMatchObject({
      name: 'SignatureDoesNotMatch',
      $metadata: { httpStatusCode: 403 },
    });
    wrongSecret.destroy();
    const unknownKey = client({
      credentials: { accessKeyId: 'AKIAUNKNOWN', secretAccessKey: s3.credentials.secretAccessKey },
    });
    await expect(unknownKey.send(new ListObjectsV2Command({ Bucket: s3.bucket }))).rejects.toMatchObject({
      name: 'InvalidAccessKeyId',
      $metadata: { httpStatusCode: 403 },
    });
    unknownKey.destroy();
  });

  it('refuses a header-signed PUT whose body is not the one its signed SHA-256 names (400)', async () => {
    // The SDK signs the hash of the body it was given; the middleware below swaps it after signing for as many
    // other bytes (the length is signed too).
    const sdk = client({ requestChecksumCalculation: 'WHEN_REQUIRED' });
    sdk.middlewareStack.add(
      (next) => async (args) => {
        const request = args.request as { body: unknown };
        request.body = Buffer.alloc(pdf.length, '<html>swapped</html>');
        return next(args);
      },
      { step: 'deserialize', priority: 'low' },
    );
    await expect(
      sdk.send(
        new PutObjectCommand({ Bucket: s3.bucket, Key: 'uploads/swapped', Body: pdf, ContentType: 'application/pdf' }),
      ),
    ).rejects.toMatchObject({ name: 'XAmzContentSHA256Mismatch', $metadata: { httpStatusCode: 400 } });
    sdk.destroy();
    expect(await storage.head('uploads/swapped')).toBeNull();
  });
});
