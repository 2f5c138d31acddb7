import { Algorithm, hash, verify } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';

export const MIN_ADMIN_PASSWORD_LENGTH = 8;
const USERNAME = /^[A-Za-z0-9._@-]{1,100}$/;

/**
 * argon2id with the library's defaults (19 MiB, 2 passes: OWASP's recommended minimum). @node-rs/argon2 ships
 * prebuilt binaries per platform and needs no install script; the `argon2` package's prebuilt binary crashed on load here.
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: Algorithm.Argon2id });
}

export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    // A malformed stored hash must read as a failed login, never as a server error.
    return false;
  }
}

/** 24 URL-safe characters (144 bits), readable enough to copy from a terminal. */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}

/** The rules for a new admin account; null when the pair is acceptable. */
export function adminAccountProblem(username: string, password: string): string | null {
  if (!USERNAME.test(username)) {
    return 'The admin username must be 1 to 100 letters, digits or . _ @ -';
  }
  if (password.length < MIN_ADMIN_PASSWORD_LENGTH) {
    return `The admin password must be at least ${MIN_ADMIN_PASSWORD_LENGTH} characters`;
  }
  return null;
}
