import { createSecretKey, type KeyObject } from 'node:crypto';

/**
 * A shared secret (JWT_SECRET for admin tokens, APPLICANT_TOKEN_SECRET for applicant tokens) as the HS256 key that
 * signs and verifies them, made once at startup. Given a string, jsonwebtoken first tries to read it as a PEM key
 * (which throws) and then makes a secret key of it, on every token: 4.4% of the API's time on the admin panel and 2.1%
 * on the evaluation page (issue 28's profiles). The same bytes, so the same tokens verify; a secret KeyObject is only
 * accepted for the HS algorithms, and every verify names HS256 alone.
 */
export function hs256Key(secret: string): KeyObject {
  return createSecretKey(Buffer.from(secret, 'utf8'));
}
