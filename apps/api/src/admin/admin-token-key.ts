import { createSecretKey, type KeyObject } from 'node:crypto';

/**
 * JWT_SECRET as the HS256 key that signs and verifies admin tokens, made once at startup. Given a string,
 * jsonwebtoken first tries to read it as a PEM public key (which throws) and then makes a secret key of it, on every
 * token: 4.4% of the API's time on the admin panel (issue 28's profile). The same bytes, so the same tokens verify;
 * a secret KeyObject is only accepted for the HS algorithms, and every verify names HS256 alone.
 */
export function adminTokenKey(jwtSecret: string): KeyObject {
  return createSecretKey(Buffer.from(jwtSecret, 'utf8'));
}
