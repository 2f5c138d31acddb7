/**
 * A same-site path to return to after login, from a query or form value; anything else (absolute URLs,
 * protocol-relative '//host' or '/\host', other schemes, control characters) gives the fallback.
 */
export function safeRedirectPath(value: unknown, fallback: string): string {
  if (typeof value !== 'string' || !value.startsWith('/')) return fallback;
  if (value.startsWith('//') || value.startsWith('/\\')) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return fallback;
  return value;
}
