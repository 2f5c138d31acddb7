import { createCookie, type Cookie, type CookieOptions } from 'react-router';
import { setBounded } from './bounded-map';

/** How many Cookie headers each cookie keeps the verified value of; the oldest goes first. */
const KEPT_HEADERS = 500;
/** Longer headers are verified on every request and never kept (a browser's own stay far below this). */
const KEPT_HEADER_CHARS = 4096;

/**
 * React Router's signed cookie (createCookie), whose parse() remembers what it read from a Cookie header: checking the
 * signature with Web Crypto is an asynchronous job on Node's thread pool for every cookie of every view, about a tenth
 * of a signed-in page view's web server time (issue 28's profile). What parse() returns depends on nothing but the
 * header and the secrets, so a header seen before gives the same answer without another check: an altered value or
 * signature is a different header, checked anew. Serializing is untouched. A new object is returned each time.
 */
export function createSignedCookie(name: string, options: CookieOptions): Cookie {
  const cookie = createCookie(name, options);
  const verified = new Map<string, unknown>();
  const copy = (value: unknown) => (typeof value === 'object' && value !== null ? structuredClone(value) : value);
  return {
    get name() {
      return cookie.name;
    },
    get isSigned() {
      return cookie.isSigned;
    },
    get expires() {
      return cookie.expires;
    },
    serialize: (value, serializeOptions) => cookie.serialize(value, serializeOptions),
    async parse(header, parseOptions) {
      if (!header || parseOptions || header.length > KEPT_HEADER_CHARS) return cookie.parse(header, parseOptions);
      if (verified.has(header)) return copy(verified.get(header));
      const value: unknown = await cookie.parse(header);
      setBounded(verified, header, value, KEPT_HEADERS);
      return copy(value);
    },
  };
}
