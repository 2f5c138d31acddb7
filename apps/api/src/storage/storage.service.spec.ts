import { StorageService } from './storage.service';
import type { StorageConnection } from './storage-connection';

function storage(overrides: Partial<StorageConnection>): StorageService {
  return new StorageService({
    endpoint: null,
    bucket: 'credential-docs',
    region: 'eu-west-1',
    accessKeyId: 'AKIAEXAMPLE',
    secretAccessKey: 'secret',
    forcePathStyle: false,
    uploadUrlTtlSeconds: 900,
    ...overrides,
  });
}

describe('StorageService.objectKeyFromUrl', () => {
  it('reads the key back from its own presigned URL on AWS (virtual-hosted style)', async () => {
    const service = storage({});
    const url = await service.createUploadUrl('uploads/3f1c2a9e-0000-4000-8000-000000000001');
    expect(new URL(url).hostname).toBe('credential-docs.s3.eu-west-1.amazonaws.com');
    expect(await service.objectKeyFromUrl(url)).toBe('uploads/3f1c2a9e-0000-4000-8000-000000000001');
    service.onModuleDestroy();
  });

  it('reads the key from a path-style URL on a custom endpoint (MinIO, R2, s3rver), with or without the query', async () => {
    const service = storage({ endpoint: 'http://127.0.0.1:9000', forcePathStyle: true });
    const url = await service.createUploadUrl('uploads/abc');
    expect(url.startsWith('http://127.0.0.1:9000/credential-docs/uploads/abc?')).toBe(true);
    expect(await service.objectKeyFromUrl(url)).toBe('uploads/abc');
    expect(await service.objectKeyFromUrl(url.split('?')[0])).toBe('uploads/abc');
    service.onModuleDestroy();
  });

  it.each([
    ['another host', 'http://127.0.0.1:9001/credential-docs/uploads/abc'],
    ['another bucket', 'http://127.0.0.1:9000/other-bucket/uploads/abc'],
    ['another scheme', 'https://127.0.0.1:9000/credential-docs/uploads/abc'],
    ['the bucket itself', 'http://127.0.0.1:9000/credential-docs/'],
    ['not a URL', 'uploads/abc'],
  ])('gives null for %s', async (_label, url) => {
    const service = storage({ endpoint: 'http://127.0.0.1:9000', forcePathStyle: true });
    expect(await service.objectKeyFromUrl(url)).toBeNull();
    service.onModuleDestroy();
  });
});

describe('StorageService.createUploadUrl', () => {
  it('signs no checksum into the URL: the body is not known when it is signed', async () => {
    const service = storage({ endpoint: 'http://127.0.0.1:9000', forcePathStyle: true });
    const url = new URL(await service.createUploadUrl('uploads/abc'));
    const names = [...url.searchParams.keys()].map((name) => name.toLowerCase());
    expect(
      names.filter((name) => name.startsWith('x-amz-checksum-') || name === 'x-amz-sdk-checksum-algorithm'),
    ).toEqual([]);
    // Still a SigV4 presigned PUT that works for the configured lifetime.
    expect(url.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    service.onModuleDestroy();
  });
});
