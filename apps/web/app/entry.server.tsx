import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type AppLoadContext, type EntryContext } from 'react-router';
import type { RootLoaderData } from './lib/site-header-data';
import { NonceContext } from './lib/nonce';
import { createRenderMemo, renderMemoKey } from './lib/render-memo.server';

/** For server.mjs's page cache: the cookies the app reads, the header a visitor with them sees, kept pages' nonces. */
export { APP_COOKIES } from './lib/cookie-names';
export { siteHeaderOfCookie } from './lib/visitor-view.server';
export { noncedPage, withNonce } from './lib/render-memo.server';

declare module 'react-router' {
  interface AppLoadContext {
    /** Made per request by server.mjs; see NonceContext. */
    cspNonce?: string;
    /**
     * Set by server.mjs for a render it shares between visitors who see the same site header (visitor-view.server.ts):
     * the render is made without their cookies, and the root loader answers this.
     */
    siteHeader?: RootLoaderData;
  }
}

const ABORT_DELAY = 5_000;

/**
 * The whole page of each document response, so the web server (server.mjs) sends it in one write with its length
 * without reading the Response's body back through a web stream (issue 28's profile). The Response carries the same
 * bytes as its body for anyone else.
 */
const wholePages = new WeakMap<Response, Buffer>();
export function wholePage(response: Response): Buffer | undefined {
  return wholePages.get(response);
}

/**
 * Pages kept for the next view of the same URL with the same data (render-memo.server.ts), as long as the web
 * server's page cache keeps a shared render (PAGE_CACHE_MS, default 1 s; 0: every view renders).
 */
const MEMO_MS = Number(process.env.PAGE_CACHE_MS ?? 1000);
const memo = createRenderMemo(MEMO_MS, 200);

/** A page's memo key: a successful GET without errors, keyed by its URL and its routes' data; null: not kept. */
function memoKeyOf(request: Request, status: number, { staticHandlerContext: handled }: EntryContext): string | null {
  if (MEMO_MS <= 0 || request.method !== 'GET' || status !== 200 || handled.errors) return null;
  return renderMemoKey(request.url, handled.loaderData);
}

function pageResponse(page: Buffer<ArrayBuffer>, headers: Headers, status: number): Response {
  headers.set('Content-Type', 'text/html');
  headers.set('Content-Length', String(page.byteLength));
  const response = new Response(page, { headers, status });
  wholePages.set(response, page);
  return response;
}

/**
 * React Router's default Node entry, plus the CSP nonce: the web server (server.mjs) sends a Content-Security-Policy
 * that allows only scripts carrying this response's nonce, so every inline script React Router writes (hydration
 * context, streamed data, scroll restoration) must carry it. A page is rendered whole (React's onAllReady) and
 * answered in one piece: no page streams deferred data, so nothing arrives later, and one write of a known length
 * costs less than a stream of React's small chunks (issues 18 and 28).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce ?? '';
  const memoKey = memoKeyOf(request, responseStatusCode, routerContext);
  const kept = memoKey && memo.take(memoKey, nonce);
  if (kept) return Promise.resolve(pageResponse(kept, responseHeaders, responseStatusCode));
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Called after the render below has started (abort is defined by then).
    const timer = setTimeout(() => abort(), ABORT_DELAY);
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
        },
        // The abort timer ends with the render: left running, every page view kept its render alive for 5 s.
        onAllReady() {
          clearTimeout(timer);
          const chunks: Buffer[] = [];
          const sink = new Writable({
            write(chunk: Buffer | string, _encoding, done) {
              chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
              done();
            },
          });
          sink.on('finish', () => {
            const page = Buffer.concat(chunks);
            if (memoKey && responseStatusCode === 200) memo.keep(memoKey, nonce, page);
            resolve(pageResponse(page, responseHeaders, responseStatusCode));
          });
          sink.on('error', reject);
          pipe(sink);
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors of the first render reject and are logged by React Router; only log those of the rest.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
