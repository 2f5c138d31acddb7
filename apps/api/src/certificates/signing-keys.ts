import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JWK, type KeyLike } from 'jose';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from '../config/app-config';

/** A published public key: its DID URL is its `kid` in the JWKS, in the DID document and in every JWS header. */
export interface PublishedKey {
  kid: string;
  /** The RFC 7638 thumbprint: the kid's fragment, the same whatever issuer id (WEB_URL) the kid was made under. */
  thumbprint: string;
  jwk: JWK & { kid: string };
}

export const KEY_FILE = 'credential-keys.json';

/** `did:web` of the site the credentials point at (WEB_URL); a port is percent-encoded, as did:web says. */
export function issuerDid(webUrl: string): string {
  const url = new URL(webUrl);
  const path = url.pathname.replace(/\/+$/, '');
  return `did:web:${encodeURIComponent(url.host)}${path ? path.split('/').map(encodeURIComponent).join(':') : ''}`;
}

function publicPart(jwk: JWK): JWK {
  return { kty: jwk.kty, crv: jwk.crv, x: jwk.x };
}

function parseJwk(raw: unknown, what: string): JWK {
  const jwk = raw as JWK;
  if (!jwk || typeof jwk !== 'object' || jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519' || typeof jwk.x !== 'string') {
    throw new Error(`${what} is not an Ed25519 JWK (kty OKP, crv Ed25519)`);
  }
  return jwk;
}

/**
 * The issuer's Ed25519 keys: one signs, all are published. In production the signing key comes from
 * CREDENTIAL_SIGNING_KEY (and older public keys from CREDENTIAL_RETIRED_KEYS); elsewhere from DATA_DIR, where the
 * first start writes one. Rotation adds a key and keeps the older ones published, so what they signed still verifies.
 */
export class SigningKeys {
  private constructor(
    readonly did: string,
    private signingKey: KeyLike | Uint8Array,
    private signingKid: string,
    private readonly published: PublishedKey[],
    private readonly keyFile: string | null,
    private readonly fileKeys: JWK[],
  ) {}

  static async load(config: AppConfig): Promise<SigningKeys> {
    const did = issuerDid(config.webUrl);
    if (config.issuing.signingKey) {
      const signing = parseJwk(JSON.parse(config.issuing.signingKey), 'CREDENTIAL_SIGNING_KEY');
      if (typeof signing.d !== 'string') throw new Error('CREDENTIAL_SIGNING_KEY must be a private key (with "d")');
      const retired = config.issuing.retiredKeys ? (JSON.parse(config.issuing.retiredKeys) as unknown[]) : [];
      if (!Array.isArray(retired)) throw new Error('CREDENTIAL_RETIRED_KEYS must be a JSON array of public JWKs');
      return SigningKeys.from(
        did,
        signing,
        retired.map((key, i) => parseJwk(key, `CREDENTIAL_RETIRED_KEYS[${i}]`)),
        null,
        [],
      );
    }
    if (config.isProduction) throw new Error('NODE_ENV=production needs CREDENTIAL_SIGNING_KEY');
    const keyFile = join(config.dataDir, KEY_FILE);
    let keys: JWK[];
    if (existsSync(keyFile)) {
      const stored = JSON.parse(readFileSync(keyFile, 'utf8')) as { keys?: unknown[] };
      keys = (stored.keys ?? []).map((key, i) => parseJwk(key, `${keyFile} key ${i}`));
    } else {
      keys = [await SigningKeys.generate()];
      SigningKeys.write(keyFile, keys);
    }
    if (keys.length === 0) throw new Error(`${keyFile} holds no key`);
    const active = keys[keys.length - 1];
    return SigningKeys.from(did, active, keys.slice(0, -1).map(publicPart), keyFile, keys);
  }

  private static async from(
    did: string,
    signing: JWK,
    retired: JWK[],
    keyFile: string | null,
    fileKeys: JWK[],
  ): Promise<SigningKeys> {
    const published: PublishedKey[] = [];
    for (const jwk of [...retired, signing]) published.push(await SigningKeys.publish(did, jwk));
    const signingKid = published[published.length - 1].kid;
    const key = await importJWK(signing, 'EdDSA');
    return new SigningKeys(did, key, signingKid, published, keyFile, fileKeys);
  }

  private static async publish(did: string, jwk: JWK): Promise<PublishedKey> {
    const thumbprint = await calculateJwkThumbprint(publicPart(jwk));
    const kid = `${did}#${thumbprint}`;
    return { kid, thumbprint, jwk: { ...publicPart(jwk), kid, alg: 'EdDSA', use: 'sig' } };
  }

  static async generate(): Promise<JWK> {
    const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
    return exportJWK(privateKey);
  }

  private static write(keyFile: string, keys: JWK[]): void {
    mkdirSync(join(keyFile, '..'), { recursive: true });
    writeFileSync(keyFile, JSON.stringify({ keys }, null, 2), { mode: 0o600 });
    chmodSync(keyFile, 0o600);
  }

  /** The key that signs now and its kid. */
  signer(): { key: KeyLike | Uint8Array; kid: string } {
    return { key: this.signingKey, kid: this.signingKid };
  }

  /**
   * Our key a JWS header's kid names, by its thumbprint (the fragment after `#`), whatever issuer id came before it:
   * a credential signed while WEB_URL was another host names `did:web:<that host>#<thumbprint>`.
   */
  keyFor(kid: string | null | undefined): PublishedKey | null {
    const thumbprint = kid?.split('#')[1];
    return (thumbprint && this.published.find((key) => key.thumbprint === thumbprint)) || null;
  }

  /** Every public key, oldest first (the JWKS and the DID document). */
  publishedKeys(): PublishedKey[] {
    return [...this.published];
  }

  /**
   * Development and tests: a new key signs from now on; the older ones stay published (and in DATA_DIR). In
   * production, set CREDENTIAL_SIGNING_KEY to the new key and add the old public key to CREDENTIAL_RETIRED_KEYS.
   */
  async rotate(): Promise<string> {
    if (!this.keyFile)
      throw new Error('Rotate a production key through CREDENTIAL_SIGNING_KEY and CREDENTIAL_RETIRED_KEYS');
    const next = await SigningKeys.generate();
    this.fileKeys.push(next);
    SigningKeys.write(this.keyFile, this.fileKeys);
    const published = await SigningKeys.publish(this.did, next);
    this.published.push(published);
    this.signingKey = await importJWK(next, 'EdDSA');
    this.signingKid = published.kid;
    return published.kid;
  }
}
