import { createHash } from 'node:crypto';
import { serialize } from 'node:v8';
import { setBounded } from './bounded-map';

/**
 * A page's HTML is a function of its URL and the data its loaders returned, its CSP nonce aside: the components read
 * nothing else (the request, the clock and random values are read by loaders and actions only; a component that read
 * the clock would show a time up to the memo's lifetime old). So a page rendered
 * for one view serves the next view of the same URL whose loaders returned the same data, byte for byte, with that
 * view's nonce in place of the first one's. Every view still runs its loaders (the API checks the visitor and reads
 * their rows), so a change shows in the very next view: other data is another key. Only the React render and the
 * hydration data's encoding are saved, which are most of a page's cost in the web server (issue 28's profile).
 */
export interface RenderMemo {
  /** The page kept under this key with `nonce` in place of the nonce it was rendered with, or null. */
  take(key: string, nonce: string): Buffer<ArrayBuffer> | null;
  /** Keeps a page rendered with `nonce` under this key for the memo's lifetime. */
  keep(key: string, nonce: string, page: Buffer): void;
}

/**
 * The key of a page: its URL and a digest of its data, serialized by V8 (the structured clone format: Dates, Maps,
 * Sets, BigInts and nested objects are told apart, unlike JSON). The same bytes are the same data; the same data held
 * differently in memory (a sparse array) may give other bytes, which costs a render, never a wrong page. Null when the
 * data cannot be serialized (a promise of deferred data, a function): such a page is not kept.
 */
export function renderMemoKey(url: string, data: unknown): string | null {
  let bytes: Buffer;
  try {
    bytes = serialize(data);
  } catch {
    return null;
  }
  return `${url}\n${createHash('sha256').update(bytes).digest('base64url')}`;
}

/**
 * A page with its nonce at known places: a copy with another nonce of the same length is the page's bytes copied and
 * the nonce written over each place (no text decoding or searching per view). Nonces of another length are searched
 * and replaced.
 */
export interface NoncedPage {
  page: Buffer;
  nonce: string;
  places: number[];
}

export function noncedPage(page: Buffer, nonce: string): NoncedPage {
  const places: number[] = [];
  if (nonce) for (let at = page.indexOf(nonce); at !== -1; at = page.indexOf(nonce, at + nonce.length)) places.push(at);
  return { page, nonce, places };
}

export function withNonce({ page, nonce, places }: NoncedPage, fresh: string): Buffer<ArrayBuffer> {
  if (Buffer.byteLength(fresh) !== Buffer.byteLength(nonce))
    return Buffer.from(page.toString('utf8').replaceAll(nonce, fresh));
  const copy = Buffer.allocUnsafe(page.byteLength);
  page.copy(copy);
  for (const at of places) copy.write(fresh, at, 'utf8');
  return copy;
}

/**
 * Keeps at most `maxEntries` pages for `ttlMs` each (0: none), the oldest dropped first. Each process has its own.
 */
export function createRenderMemo(
  ttlMs: number,
  maxEntries: number,
  now: () => number = performance.now.bind(performance),
): RenderMemo {
  const pages = new Map<string, NoncedPage & { expires: number }>();
  return {
    take(key, nonce) {
      const kept = pages.get(key);
      if (!kept) return null;
      if (kept.expires <= now()) {
        pages.delete(key);
        return null;
      }
      return withNonce(kept, nonce);
    },
    keep(key, nonce, page) {
      if (ttlMs <= 0 || !nonce) return;
      setBounded(pages, key, { ...noncedPage(page, nonce), expires: now() + ttlMs }, maxEntries);
    },
  };
}
