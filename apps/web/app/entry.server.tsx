import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { PassThrough } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type AppLoadContext, type EntryContext } from 'react-router';
import { NonceContext } from './lib/nonce';

/** The cookies the app reads, for server.mjs's page cache (see cookie-names.ts). */
export { APP_COOKIES } from './lib/cookie-names';

declare module 'react-router' {
  interface AppLoadContext {
    /** Made per request by server.mjs; see NonceContext. */
    cspNonce?: string;
  }
}

const ABORT_DELAY = 5_000;

/**
 * React Router's default Node entry, plus the CSP nonce: the web server (server.mjs) sends a Content-Security-Policy
 * that allows only scripts carrying this response's nonce, so every inline script React Router writes (hydration
 * context, streamed data, scroll restoration) must carry it.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce ?? '';
  // Crawlers and SPA mode get the whole document at once; browsers get it streamed from the shell.
  const waitForAll = isbot(request.headers.get('user-agent') ?? '') || routerContext.isSpaMode;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Called after the render below has started (abort is defined by then).
    const timer = setTimeout(() => abort(), ABORT_DELAY);
    const ready = () => {
      shellRendered = true;
      const body = new PassThrough();
      responseHeaders.set('Content-Type', 'text/html');
      resolve(
        new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }),
      );
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        ...(waitForAll ? {} : { onShellReady: ready }),
        // The abort timer ends with the render: left running, every page view kept its render alive for 5 s and then
        // aborted a finished stream.
        onAllReady() {
          if (waitForAll) ready();
          clearTimeout(timer);
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors of the first render reject and are logged by React Router; only log those of the streamed rest.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
