import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { COMPRESS_FROM_BYTES } from '../src/app.factory';
import { Enrollment as EnrollmentEntity } from '../src/enrollments/enrollment.entity';
import { startTestApi, TestApi } from './support/test-app';

/**
 * Large JSON answers (the admin's enrollment list) go out compressed as the caller accepts, small ones as they are.
 * The requests go through node:http to the listening API, so the test sees the bytes as sent.
 */
describe('API compression', () => {
  let api: TestApi;
  let token: string;

  let origin: string;

  /** One GET with the bytes as sent (node:http, which decompresses nothing, unlike supertest and fetch). */
  const get = (path: string, acceptEncoding?: string) =>
    new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer; json(): unknown }>((resolve, reject) => {
      const headers: Record<string, string> = { authorization: `Bearer ${token}` };
      if (acceptEncoding) headers['accept-encoding'] = acceptEncoding;
      httpGet(`${origin}${path}`, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body,
            json: () => JSON.parse(body.toString('utf8')),
          });
        });
      }).on('error', reject);
    });

  beforeAll(async () => {
    api = await startTestApi({ ADMIN_USERNAME: 'suite-admin', ADMIN_PASSWORD: 'suite-password' });
    const login = await api.http
      .post('/api/admin/login')
      .send({ username: 'suite-admin', password: 'suite-password' })
      .expect(200);
    token = login.body.token;
    await api.app.listen(0, '127.0.0.1');
    origin = `http://127.0.0.1:${(api.app.getHttpServer().address() as AddressInfo).port}`;
    const em = api.em();
    for (let i = 0; i < 300; i++) {
      em.create(EnrollmentEntity, {
        studentName: `Student ${i}`,
        studentEmail: `student.${i}@example.com`,
        trainingName: 'Parts Therapy Practitioner',
        cohort: null,
        paymentType: 'full',
        paymentAmount: 199500,
        enrollmentStatus: 'active',
        notes: `Enrolled at the spring open day, row ${i}`,
        isManualEntry: true,
        paymentIntentId: null,
        createdAt: new Date(Date.UTC(2031, 0, 1, 0, i)),
      });
    }
    await em.flush();
  });

  afterAll(async () => {
    await api.close();
  });

  it('sends the enrollment list brotli-compressed to a caller that accepts it, the same JSON once decompressed', async () => {
    const plain = await get('/api/admin/enrollments');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.byteLength).toBeGreaterThan(COMPRESS_FROM_BYTES);
    expect((plain.json() as unknown[]).length).toBe(300);

    const br = await get('/api/admin/enrollments', 'gzip, deflate, br');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(br.body.byteLength).toBeLessThan(plain.body.byteLength / 5);
    expect(JSON.parse(brotliDecompressSync(br.body).toString('utf8'))).toEqual(plain.json());
  });

  it('sends gzip to a caller that accepts only gzip, and nothing compressed to one that asks for identity', async () => {
    const plain = await get('/api/admin/enrollments');
    const gzip = await get('/api/admin/enrollments', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.body).toString('utf8'))).toEqual(plain.json());

    const identity = await get('/api/admin/enrollments', 'identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.json()).toEqual(plain.json());
  });

  it('sends a small answer as it is, whatever the caller accepts', async () => {
    const health = await get('/api/health', 'gzip, deflate, br');
    expect(health.status).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.body.byteLength).toBeLessThan(COMPRESS_FROM_BYTES);
    expect(health.json()).toEqual(expect.objectContaining({ status: expect.any(String) }));
  });
});
