import { randomUUID } from 'node:crypto';
import { CompactSign, compactVerify, createLocalJWKSet, importJWK, type JWK } from 'jose';
import type { PublishedKeySet, VerificationResult } from '@app/contracts';
import { presentedJws } from '../src/certificates/credential-jose';
import { SigningKeys } from '../src/certificates/signing-keys';
import { createTestDatabase, type TestDatabase } from '../../../tools/testing/test-database';
import { startTestApi, type TestApi } from './support/test-app';

const TRAINING = 'Parts Therapy Practitioner';
const OLD_URL = 'https://old-site.example.test';
const NEW_URL = 'https://new-site.example.test';

/**
 * The issuer id is did:web of WEB_URL. Our own credentials signed before WEB_URL changed keep verifying after it: the
 * key is found by the thumbprint in the kid, and the issuer id each was signed under is recorded with it.
 */
describe('credentials issued under an earlier WEB_URL', () => {
  let database: TestDatabase;
  let key: JWK;
  let api: TestApi | null = null;
  let token: string;
  const auth = () => ({ Authorization: `Bearer ${token}` });

  async function start(webUrl: string): Promise<TestApi> {
    await api?.close();
    api = await startTestApi(
      {
        ADMIN_USERNAME: 'boss',
        ADMIN_PASSWORD: 'boss-password',
        WEB_URL: webUrl,
        CREDENTIAL_SIGNING_KEY: JSON.stringify(key),
      },
      { databaseUrl: database.url },
    );
    token = (await api.http.post('/api/admin/login').send({ username: 'boss', password: 'boss-password' }).expect(200))
      .body.token;
    return api;
  }

  async function certify(on: TestApi, name: string): Promise<string> {
    await on.http
      .put(`/api/admin/training-settings/${encodeURIComponent(TRAINING)}`)
      .set(auth())
      .send({ contactHours: 12 })
      .expect(200);
    const enrollmentId = randomUUID();
    await on
      .em()
      .getConnection()
      .execute(
        `insert into enrollments (id, student_name, student_email, training_name, payment_type, payment_amount,
           enrollment_status, is_manual_entry, created_at)
         values (?, ?, ?, ?, 'full', 100000, 'active', true, now())`,
        [enrollmentId, name, `${randomUUID().slice(0, 8)}@example.com`, TRAINING],
      );
    const done = (
      await on.http
        .post('/api/admin/completions')
        .set(auth())
        .send({ enrollmentIds: [enrollmentId], completedOn: '2026-03-01' })
        .expect(200)
    ).body as { certificateIds: string[] };
    return done.certificateIds[0];
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    key = await SigningKeys.generate();
  });

  afterAll(async () => {
    await api?.close();
    await database?.drop();
  });

  it('verifies, downloads and revokes what was signed under the old WEB_URL, and third parties still find the key', async () => {
    let on = await start(OLD_URL);
    const kept = await certify(on, 'Olga Old');
    const revokedLater = await certify(on, 'Rita Revoked');
    const json = (await on.http.get(`/api/certificates/${kept}/credential`).set(auth()).expect(200)).body as object;
    const oldKid = ((await on.http.get('/api/issuer/jwks').expect(200)).body as PublishedKeySet).keys[0].kid;
    expect(oldKid).toMatch(/^did:web:old-site\.example\.test#/);

    on = await start(NEW_URL);
    expect((await on.http.get('/api/issuer/did').expect(200)).body.id).toBe('did:web:new-site.example.test');
    const checked = (await on.http.get(`/api/verify/${kept}`).expect(200)).body as VerificationResult;
    expect(checked).toMatchObject({ genuine: true, revoked: false, keyId: oldKid, problem: null });
    expect(checked.facts).toMatchObject({ recipientName: 'Olga Old', issuerId: 'did:web:old-site.example.test' });
    // Presented (the upload path reads our PDFs' credential.json the same way).
    expect((await on.http.post('/api/verify').send({ credential: json }).expect(200)).body).toMatchObject({
      genuine: true,
      revoked: false,
      id: kept,
    });
    await on.http.get(`/api/certificates/${kept}/pdf`).set(auth()).expect(200);

    // Revoked now: the old credential points at the status list under the old URL, which is this same list.
    await on.http
      .post(`/api/admin/certificates/${revokedLater}/revoke`)
      .set(auth())
      .send({ reason: 'Issued in error' })
      .expect(200);
    expect((await on.http.get(`/api/verify/${revokedLater}`).expect(200)).body).toMatchObject({
      genuine: true,
      revoked: true,
    });

    // The JWKS lists each key under the new kid and under the old one: a third party matching kids still verifies.
    const jwks = (await on.http.get('/api/issuer/jwks').expect(200)).body as PublishedKeySet;
    expect(jwks.keys.map((k) => k.kid)).toEqual(
      expect.arrayContaining([oldKid, expect.stringMatching(/^did:web:new-site\.example\.test#/)]),
    );
    const jws = presentedJws(json) ?? '';
    await expect(compactVerify(jws, createLocalJWKSet(jwks as never))).resolves.toBeTruthy();

    // New credentials name the new issuer and verify as well.
    const fresh = await certify(on, 'Nina New');
    expect((await on.http.get(`/api/verify/${fresh}`).expect(200)).body).toMatchObject({
      genuine: true,
      facts: { issuerId: 'did:web:new-site.example.test' },
    });
  });

  it('refuses an issuer id we never signed that credential under, even with our key', async () => {
    const on = api ?? (await start(NEW_URL));
    const id = await certify(on, 'Eve Elsewhere');
    const json = (await on.http.get(`/api/certificates/${id}/credential`).set(auth()).expect(200)).body as object;
    const [header, payload] = (presentedJws(json) ?? '').split('.');
    const credential = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const kid = (JSON.parse(Buffer.from(header, 'base64url').toString()) as { kid: string }).kid;
    const foreign = 'did:web:someone-else.example.test';
    const resigned = await new CompactSign(
      new TextEncoder().encode(JSON.stringify({ ...credential, issuer: { ...credential.issuer, id: foreign } })),
    )
      .setProtectedHeader({ alg: 'EdDSA', kid: `${foreign}#${kid.split('#')[1]}`, typ: 'vc+jwt', cty: 'vc' })
      .sign(await importJWK(key, 'EdDSA'));
    expect((await on.http.post('/api/verify').send({ credential: resigned }).expect(200)).body).toMatchObject({
      genuine: false,
      problem: 'Signed, but not by this issuer',
    });
  });
});
