import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportJWK, generateKeyPair } from 'jose';
import { loadConfig } from '../config/app-config';
import { issuerDid, KEY_FILE, SigningKeys } from './signing-keys';

const PRODUCTION = {
  NODE_ENV: 'production',
  STRIPE_SECRET_KEY: 'sk_live_x',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
  S3_BUCKET: 'b',
  S3_ACCESS_KEY_ID: 'k',
  S3_SECRET_ACCESS_KEY: 's',
  JWT_SECRET: 'j',
  DATABASE_URL: 'postgres://db/app',
  SMTP_URL: 'smtp://mail',
  APPLICANT_TOKEN_SECRET: 'a-production-applicant-token-secret-0123456789',
  WEB_URL: 'https://training.example',
};

describe('SigningKeys', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'keys-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses production without CREDENTIAL_SIGNING_KEY', () => {
    expect(() => loadConfig(PRODUCTION)).toThrow(/CREDENTIAL_SIGNING_KEY/);
  });

  it('takes the production key from the environment and publishes the retired ones too', async () => {
    const current = await exportJWK((await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true })).privateKey);
    const old = await exportJWK((await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true })).publicKey);
    const keys = await SigningKeys.load(
      loadConfig({
        ...PRODUCTION,
        CREDENTIAL_SIGNING_KEY: JSON.stringify(current),
        CREDENTIAL_RETIRED_KEYS: JSON.stringify([old]),
      }),
    );
    expect(keys.did).toBe('did:web:training.example');
    const published = keys.publishedKeys();
    expect(published.map((k) => k.jwk.x)).toEqual([old.x, current.x]);
    expect(keys.signer().kid).toBe(published[1].kid);
    expect(published.every((k) => k.jwk.d === undefined)).toBe(true);
  });

  it('writes a key to DATA_DIR in development, reads it back, and keeps old keys on rotation', async () => {
    const config = loadConfig({ DATA_DIR: dir });
    const first = await SigningKeys.load(config);
    expect(statSync(join(dir, KEY_FILE)).mode & 0o777).toBe(0o600);
    const again = await SigningKeys.load(config);
    expect(again.signer().kid).toBe(first.signer().kid);
    const rotated = await again.rotate();
    const reloaded = await SigningKeys.load(config);
    expect(reloaded.signer().kid).toBe(rotated);
    expect(reloaded.publishedKeys().map((k) => k.kid)).toEqual([first.signer().kid, rotated]);
  });

  it('names the issuer by did:web, a port percent-encoded', () => {
    expect(issuerDid('http://127.0.0.1:3000')).toBe('did:web:127.0.0.1%3A3000');
    expect(issuerDid('https://example.org/academy/')).toBe('did:web:example.org:academy');
  });
});
