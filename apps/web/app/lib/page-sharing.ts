import type { HeadersFunction } from 'react-router';

/**
 * Which pages the web server's page cache (server.mjs) may share between visitors who carry none of the app's cookies
 * (cookie-names.ts). Sharing is opt-in: a loader marks a page that is the same for every such visitor with
 * `Cache-Control: public` (SHARED_PAGE); a page holding anything made for this one view, such as a payment's client
 * secret, is `private, no-store` (PRIVATE_PAGE), and a page that says nothing is rendered for every view.
 */
export const SHARED_PAGE = { 'Cache-Control': 'public, max-age=0, must-revalidate' } as const;
export const PRIVATE_PAGE = { 'Cache-Control': 'private, no-store' } as const;

/**
 * A route's `handle` when its loader never reads the visitor (no cookie, no session, no toast): its page differs
 * between visitors only by the site header (root.tsx). The web server then shares its public render between visitors
 * with the app's cookies too, one render per kind of header (signed in to an account, staff logged in), made without
 * their cookies (server.mjs, visitor-view.server.ts). A route that reads anything of the visitor must not carry it.
 */
export const SHARED_WITH_EVERY_VISITOR = { pageSharing: 'every-visitor' } as const;

/** A route's `headers` export: the page carries its loader's Cache-Control (React Router drops loader headers else). */
export const cacheControlFromLoader: HeadersFunction = ({ loaderHeaders }) => {
  const headers = new Headers();
  const cacheControl = loaderHeaders.get('Cache-Control');
  if (cacheControl) headers.set('Cache-Control', cacheControl);
  return headers;
};
