import { CompactSign, compactVerify, decodeProtectedHeader, errors, importJWK } from 'jose';
import { gunzipSync, gzipSync } from 'node:zlib';
import { statusListBit, statusListBits, VC_CONTEXT, STATUS_LIST_LENGTH } from '@app/domain';
import type { SigningKeys } from './signing-keys';

/** The JSON download: a VC 2.0 EnvelopedVerifiableCredential around the VC-JOSE JWS. */
export interface EnvelopedCredential {
  '@context': string;
  id: string;
  type: 'EnvelopedVerifiableCredential';
}

const ENVELOPE_PREFIX = 'data:application/vc+jwt,';

export async function signCredential(
  keys: SigningKeys,
  credential: Record<string, unknown>,
): Promise<{ jws: string; kid: string }> {
  const { key, kid } = keys.signer();
  const jws = await new CompactSign(new TextEncoder().encode(JSON.stringify(credential)))
    .setProtectedHeader({ alg: 'EdDSA', kid, typ: 'vc+jwt', cty: 'vc' })
    .sign(key);
  return { jws, kid };
}

export function envelope(jws: string): EnvelopedCredential {
  return { '@context': VC_CONTEXT, id: `${ENVELOPE_PREFIX}${jws}`, type: 'EnvelopedVerifiableCredential' };
}

/** The JWS of what someone presents: the envelope, its JSON text, or the bare compact JWS; null if none. */
export function presentedJws(input: unknown): string | null {
  let value = input;
  if (typeof value === 'string') {
    const text = value.trim();
    if (/^[\w-]+\.[\w-]+\.[\w-]+$/.test(text)) return text;
    try {
      value = JSON.parse(text);
    } catch {
      return null;
    }
  }
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const id = (value as Record<string, unknown>).id;
    if (typeof id === 'string' && id.startsWith(ENVELOPE_PREFIX)) {
      const jws = id.slice(ENVELOPE_PREFIX.length);
      return /^[\w-]+\.[\w-]+\.[\w-]+$/.test(jws) ? jws : null;
    }
  }
  return null;
}

export type VerifiedJws =
  | { ok: true; credential: Record<string, unknown>; kid: string; issuerId: string }
  | { ok: false; problem: string; kid: string | null };

export const NOT_THIS_ISSUER = 'Signed, but not by this issuer';

/**
 * Checks a JWS against our keys, found by the thumbprint in its kid (so what we signed under an earlier WEB_URL, whose
 * kid names the earlier did:web, still finds its key), and that the credential's issuer is the DID its kid names. A
 * changed byte anywhere fails the signature. Whether that issuer id is one of ours is the verifier's question.
 */
export async function verifyJws(keys: SigningKeys, jws: string): Promise<VerifiedJws> {
  let kid: string | null;
  try {
    kid = decodeProtectedHeader(jws).kid ?? null;
  } catch {
    return { ok: false, problem: 'Not a signed credential (unreadable JWS header)', kid: null };
  }
  const key = keys.keyFor(kid);
  if (!kid || !key) return { ok: false, problem: 'Signed with a key this issuer does not publish', kid };
  try {
    const { payload } = await compactVerify(jws, await importJWK(key.jwk, 'EdDSA'), { algorithms: ['EdDSA'] });
    const credential = JSON.parse(new TextDecoder().decode(payload)) as Record<string, unknown>;
    const issuerId = (credential.issuer as { id?: unknown } | undefined)?.id;
    if (typeof issuerId !== 'string' || kid !== `${issuerId}#${key.thumbprint}`) {
      return { ok: false, problem: NOT_THIS_ISSUER, kid };
    }
    return { ok: true, credential, kid, issuerId };
  } catch (error) {
    if (error instanceof errors.JWSSignatureVerificationFailed) {
      return { ok: false, problem: 'Tampered: the signature does not match the content', kid };
    }
    return { ok: false, problem: 'Not a valid signed credential', kid };
  }
}

/** The status list's `encodedList`: GZIP of the bits, base64url, multibase prefix `u`. */
export function encodeStatusList(revokedIndexes: readonly number[]): string {
  return `u${gzipSync(statusListBits(revokedIndexes)).toString('base64url')}`;
}

export function decodeStatusList(encoded: string): Uint8Array {
  if (!encoded.startsWith('u')) throw new Error('encodedList must be multibase base64url (u…)');
  return new Uint8Array(gunzipSync(Buffer.from(encoded.slice(1), 'base64url')));
}

export function isSetInList(encoded: string, index: number): boolean {
  return statusListBit(decodeStatusList(encoded), index);
}

export function statusListCredential(input: {
  did: string;
  listUrl: string;
  revokedIndexes: readonly number[];
  now: Date;
}) {
  return {
    '@context': [VC_CONTEXT],
    id: input.listUrl,
    type: ['VerifiableCredential', 'BitstringStatusListCredential'],
    issuer: { id: input.did },
    validFrom: input.now.toISOString(),
    credentialSubject: {
      id: `${input.listUrl}#list`,
      type: 'BitstringStatusList',
      statusPurpose: 'revocation',
      encodedList: encodeStatusList(input.revokedIndexes),
    },
  };
}

export { STATUS_LIST_LENGTH };
