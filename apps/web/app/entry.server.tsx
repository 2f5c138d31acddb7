import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type AppLoadContext, type EntryContext } from 'react-router';
import type { RootLoaderData } from './lib/site-header-data';
import { NonceContext } from './lib/nonce';

/** The cookies the app reads, and the header a visitor with them sees, for server.mjs's page cache. */
export { APP_COOKIES } from './lib/cookie-names';
export { siteHeaderOfCookie } from './lib/visitor-view.server';

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
            responseHeaders.set('Content-Type', 'text/html');
            responseHeaders.set('Content-Length', String(page.byteLength));
            const response = new Response(page, { headers: responseHeaders, status: responseStatusCode });
            wholePages.set(response, page);
            resolve(response);
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
