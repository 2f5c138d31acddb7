/** A path of plain ASCII characters a URL may carry as they are (RFC 3986's path, query and fragment characters). */
const PLAIN_PATH = /^\/[A-Za-z0-9\-._~!$&'()*+,;=:@%/?#]*$/;

/**
 * A same-site path to return to after login, from a query or form value; anything else (absolute URLs,
 * protocol-relative '//host' or '/\host', other schemes, spaces, control or non-ASCII characters, which a Location
 * header cannot carry) gives the fallback.
 */
export function safeRedirectPath(value: unknown, fallback: string): string {
  if (typeof value !== 'string' || !PLAIN_PATH.test(value)) return fallback;
  if (value.startsWith('//')) return fallback;
  return value;
}
