import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;

export class TokenCipherError extends Error {
  override name = 'TokenCipherError';
}

function keyBytes(keyHex: string): Buffer {
  if (!/^[0-9a-fA-F]{64}$/.test(keyHex))
    throw new TokenCipherError('The token encryption key must be 64 hex characters');
  return Buffer.from(keyHex, 'hex');
}

/** AES-256-GCM with a fresh random IV: 'v1.<iv>.<auth tag>.<ciphertext>' in base64url. */
export function encryptToken(plain: string, keyHex: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyBytes(keyHex), iv);
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** Throws TokenCipherError when the text was not made with this key or was altered. */
export function decryptToken(sealed: string, keyHex: string): string {
  const [version, iv, tag, ciphertext] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || ciphertext === undefined)
    throw new TokenCipherError('Unknown token format');
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyBytes(keyHex), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new TokenCipherError('The stored token cannot be decrypted with GMAIL_TOKEN_ENCRYPTION_KEY');
  }
}
