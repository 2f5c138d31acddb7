// The web app's HTTP server (npm start, the browser tests, docker): React Router's request handler behind security
// headers (helmet, with a per-response CSP nonce) and a cross-site check on every state-changing request, in
// WEB_CONCURRENCY processes (node:cluster) that share the port.
// Run from apps/web: node server.mjs (PORT, HOST, API_URL, WEB_URL, NODE_ENV, SESSION_COOKIE_SECURE, WEB_CONCURRENCY).
// node-fetch-server turns Node's request into a Fetch Request and streams the Response back; it is the Remix team's
// standalone adapter (React Router's dev server uses it too), not part of Remix v2.
import { createRequest, sendResponse } from '@remix-run/node-fetch-server';
import compression from 'compression';
import express from 'express';
import expressStaticGzip from 'express-static-gzip';
import helmet from 'helmet';
import cluster from 'node:cluster';
import { randomBytes, randomFillSync } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { constants as zlib } from 'node:zlib';
import { productionReactRouter, reactRouterBuild } from './react-router-build.mjs';

process.env.NODE_ENV ??= 'production';
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';
const apiUrl = (process.env.API_URL ?? 'http://127.0.0.1:3333').replace(/\/$/, '');
const publicHost = process.env.WEB_URL ? new URL(process.env.WEB_URL).host : null;
// HSTS only where the site is served over https: production, unless the cookie was explicitly made plain-http.
const https =
  process.env.NODE_ENV === 'production' && process.env.SESSION_COOKIE_SECURE?.trim().toLowerCase() !== 'false';

/** React Router's handler of the server build; loaded by serve(), in each process that serves. */
let handleDocument;
/** The server build's wholePage (entry.server.tsx): a page's bytes, for one write without reading its body back. */
let wholePage = null;
/** The server build's noncedPage and withNonce (render-memo.server.ts): a kept page, and its copy with another nonce. */
let noncedPage;
let withNonce;

/**
 * What the CSP must allow besides this origin: the store presigned uploads go to, and Stripe only when Stripe is
 * configured. Asked of the API (GET /api/system/web-policy) and refreshed every minute; until the first answer,
 * nothing extra is allowed.
 */
let policy = { uploadOrigin: null, stripe: false };
async function refreshPolicy() {
  try {
    const response = await fetch(`${apiUrl}/api/system/web-policy`, { signal: AbortSignal.timeout(5000) });
    if (response.ok) policy = await response.json();
  } catch {
    // The API is not up yet or briefly down: keep the last policy.
  }
}

const STRIPE_SCRIPT = 'https://js.stripe.com';
const STRIPE_FRAMES = ['https://js.stripe.com', 'https://hooks.stripe.com'];
const STRIPE_API = ['https://api.stripe.com', 'https://m.stripe.network', 'https://q.stripe.com'];

const nonce = (_request, response) => `'nonce-${response.locals.cspNonce}'`;
const helmetHeaders = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", nonce, (_q, _s) => (policy.stripe ? STRIPE_SCRIPT : "'self'")],
      scriptSrcAttr: ["'none'"],
      // React Hot Toast, Uppy's dashboard and Stripe Elements set inline styles.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', (_q, _s) => (policy.stripe ? 'https://*.stripe.com' : "'self'")],
      fontSrc: ["'self'", 'data:'],
      connectSrc: [
        "'self'",
        (_q, _s) => policy.uploadOrigin ?? "'self'",
        (_q, _s) => (policy.stripe ? STRIPE_API.join(' ') : "'self'"),
      ],
      frameSrc: [(_q, _s) => (policy.stripe ? STRIPE_FRAMES.join(' ') : "'none'")],
      workerSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  // Stripe's 3-D Secure opens its own windows; same-origin-allow-popups keeps them able to report back.
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
});

/**
 * A fresh CSP nonce for every response: 16 bytes of the operating system's random generator, drawn from a pool that is
 * refilled 256 nonces at a time (one randomFillSync call per 256 responses instead of one per response, issue 28's
 * profile). Every nonce is still unpredictable and used once.
 */
const NONCE_BYTES = 16;
const noncePool = Buffer.alloc(NONCE_BYTES * 256);
let noncePoolOffset = noncePool.length;
function freshNonce() {
  if (noncePoolOffset === noncePool.length) {
    randomFillSync(noncePool);
    noncePoolOffset = 0;
  }
  const value = noncePool.toString('base64', noncePoolOffset, noncePoolOffset + NONCE_BYTES);
  noncePoolOffset += NONCE_BYTES;
  return value;
}

/**
 * The security headers, computed by helmet once per CSP policy (policy changes at most once a minute) instead of
 * for every response: helmet runs on a stand-in response whose nonce is a marker, and each real response gets those
 * headers with its own nonce in place of the marker (issue 28: per-request work in server.mjs).
 */
const NONCE_MARKER = 'NONCE-MARKER-0000000000';
let precomputed = { policy: null, headers: [] };
function securityHeaderList() {
  if (precomputed.policy === policy) return precomputed.headers;
  const headers = new Map();
  const standIn = {
    locals: { cspNonce: NONCE_MARKER },
    setHeader: (name, value) => headers.set(name, value),
    removeHeader: (name) => headers.delete(name),
    getHeader: (name) => headers.get(name),
  };
  let failure = null;
  helmetHeaders({ headers: {}, method: 'GET', url: '/' }, standIn, (error) => (failure = error ?? null));
  if (failure) throw failure;
  const list = [...headers].map(([name, value]) => [name, value, String(value).includes(NONCE_MARKER)]);
  precomputed = { policy, headers: list };
  return list;
}
function securityHeaders(_request, response, next) {
  const nonce = response.locals.cspNonce;
  for (const [name, value, carriesNonce] of securityHeaderList())
    response.setHeader(name, carriesNonce ? value.replaceAll(NONCE_MARKER, nonce) : value);
  next();
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Loopback peers: a reverse proxy on this machine, whose forwarded headers are believed (as Express's trust proxy). */
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
/** A host name, IPv4 or [IPv6] address with an optional port: nothing that could carry a path, query or fragment. */
const HOST = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The scheme and host the browser used, or null when the host is not a host: the Host header, or a loopback proxy's
 * X-Forwarded-Proto / X-Forwarded-Host (a visitor's own forwarded headers reaching this server directly are ignored).
 * React Router's check of a form post compares the Origin header with this, scheme included, and the page cache keys
 * on it: a host that is not a host (`x/payment-success?…#`) would change the path React Router sees, so such a
 * request is refused (400) before it renders.
 */
function browserOrigin(request) {
  const proxied = LOOPBACK.has(request.socket.remoteAddress ?? '');
  const first = (name) => (proxied ? request.get(name)?.split(',')[0]?.trim() : undefined) || undefined;
  const host = first('x-forwarded-host') ?? request.get('host') ?? '';
  const proto = first('x-forwarded-proto')?.toLowerCase();
  const protocol = proto === 'https' || proto === 'http' ? `${proto}:` : request.socket.encrypted ? 'https:' : 'http:';
  return HOST.test(host) ? { protocol, host } : null;
}

/** The Fetch Request React Router handles, at the browser's origin (see browserOrigin). */
function fetchRequest(request, response) {
  const { protocol, host } = response.locals.origin;
  return createRequest(request, response, { protocol, host });
}

/** The host of an Origin header, or null for "null" (sandboxed or file pages) and anything unparsable. */
function hostOf(origin) {
  try {
    return origin === 'null' ? null : new URL(origin).host;
  } catch {
    return null;
  }
}

/**
 * A state-changing request from another site is refused with 403 before React Router sees it (React Router's own
 * check would answer 400). Sec-Fetch-Site is sent by every current browser; Origin is the fallback for the others.
 */
function refuseCrossSite(request, response, next) {
  if (SAFE_METHODS.has(request.method)) return next();
  const site = request.get('sec-fetch-site');
  const origin = request.get('origin');
  let crossSite = site !== undefined && site !== 'same-origin' && site !== 'none';
  if (!crossSite && origin !== undefined) {
    const originHost = hostOf(origin);
    // The host the browser used (browserOrigin: a loopback proxy's X-Forwarded-Host, else Host), this connection's
    // Host, and the public WEB_URL's.
    const ownHosts = [response.locals.origin.host, request.get('host'), publicHost];
    crossSite = originHost === null || !ownHosts.includes(originHost);
  }
  if (!crossSite) return next();
  response.status(403).type('text/plain').send('Forbidden: this form was sent from another site.');
}

/**
 * The largest request body the app takes (WEB_BODY_LIMIT_BYTES, default 64 KiB): its forms send kilobytes and
 * documents go from the browser straight to storage, so anything bigger is refused (413) before a byte of it is read.
 */
const MAX_BODY_BYTES = Number(process.env.WEB_BODY_LIMIT_BYTES ?? 64 * 1024);
/** What a page's action reads (request.formData()); only resource routes (/resources/…) also take JSON. */
const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data']);
const RESOURCE_TYPES = new Set([...FORM_TYPES, 'application/json']);

/**
 * A request body the app cannot use is refused before it is read, so no request can make a worker hold more than
 * MAX_BODY_BYTES of it: a declared length above the limit is 413; a body of unknown length (chunked) is 411, since
 * browsers always declare the length of a form; a page's form action that is sent anything but a form (JSON, plain
 * text) is 415 rather than an error in request.formData(). The connection is closed, so the rest is never read.
 */
/** How long, and how much of an unread body, a refused request's connection is drained before it is destroyed. */
const LINGER_MS = 2000;
const LINGER_BYTES = 1024 * 1024;

/**
 * A lingering close, as web servers do for a refused upload: the answer is sent, the sending side is closed (FIN), and
 * what the client still sends is read and dropped for a moment before the socket is destroyed. Destroying it at once
 * with the body unread makes the kernel answer with a reset, which can make the client drop the 413 unread.
 */
function lingerOnClose(socket) {
  socket.destroySoon = () => {
    socket.end();
    let dropped = 0;
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.on('data', (chunk) => {
      dropped += chunk.length;
      if (dropped > LINGER_BYTES) socket.destroy();
    });
    socket.on('close', () => clearTimeout(timer));
    socket.resume();
  };
}

function refuseUnusableBodies(request, response, next) {
  if (SAFE_METHODS.has(request.method)) return next();
  const refuse = (status, text) => {
    response.set('Connection', 'close');
    lingerOnClose(request.socket);
    response.status(status).type('text/plain').send(text);
  };
  if (request.get('transfer-encoding') !== undefined)
    return refuse(411, 'Length Required: send the length of the form (Content-Length).');
  const length = Number(request.get('content-length') ?? 0);
  if (!Number.isFinite(length) || length > MAX_BODY_BYTES)
    return refuse(413, `Payload Too Large: a form may send at most ${MAX_BODY_BYTES} bytes.`);
  const type = (request.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  const resource = request.path.startsWith('/resources/');
  // A resource route may be posted nothing at all (asking for an upload URL).
  if (resource && length === 0 && type === '') return next();
  if (!(resource ? RESOURCE_TYPES : FORM_TYPES).has(type))
    return refuse(415, 'Unsupported Media Type: send the form as a form.');
  next();
}

/**
 * A page (HTML) is sent in one write with its length: React and React Router hand it over in many small chunks, and
 * writing each as its own HTTP chunk cost a tenth of the server's time (issue 18's profile). The entry renders a page
 * whole (entry.server.tsx) and hands its bytes over (wholePage), so the page is not read back through a web stream,
 * and it goes out with one `end()` rather than a write and an end (issue 28's profile). Other answers (resources,
 * single-fetch data) are streamed by node-fetch-server.
 */
async function send(response, answer) {
  if (!answer.body || !answer.headers.get('content-type')?.startsWith('text/html'))
    return sendResponse(response, answer);
  const page = wholePage?.(answer) ?? Buffer.from(await answer.arrayBuffer());
  for (const [name, value] of answer.headers) if (name !== 'set-cookie') response.setHeader(name, value);
  const cookies = answer.headers.getSetCookie();
  if (cookies.length > 0) response.setHeader('set-cookie', cookies);
  response.setHeader('content-length', String(page.byteLength));
  response.statusCode = answer.status;
  if (answer.statusText) response.statusMessage = answer.statusText;
  response.end(page);
}

/**
 * Page views share one render a second. A GET carrying none of the app's own cookies (APP_COOKIES, from the server
 * build: the admin session, the applicant identity, the sign-in binding) carries nothing of a visitor (no session, no
 * applicant, no toast), so every such view of the same URL renders the same page, whatever other cookies it has (a
 * proxy's, an analytics script's): those are removed before the render, so it sees none. A visitor with the app's
 * cookies shares a render too on a page whose routes declare SHARED_WITH_EVERY_VISITOR (app/lib/page-sharing.ts: their
 * loaders never read the visitor): such a page differs between visitors only by the site header, so it is rendered
 * once per kind of header (signed in to an account or not, staff logged in or not; the build's siteHeaderOfCookie reads it
 * from the signed cookies) without the visitor's cookies, and the root loader is handed that header.
 * One render is kept for PAGE_CACHE_MS (default 1000; 0 turns it off) and concurrent views wait for the render already
 * under way. Only a 200 HTML answer marked public that sets no cookie is kept. Each response still gets its own CSP
 * nonce: the kept page's nonce is replaced by the response's (the page holds nothing a visitor wrote, so no injected
 * script can ride along). A spike of visitors from a campaign costs one render per page, kind of header and second
 * instead of one per view (issues 18 and 28).
 */
const PAGE_CACHE_MS = Number(process.env.PAGE_CACHE_MS ?? 1000);
const PAGE_CACHE_MAX_ENTRIES = 200;
/** View key and URL → { expires, status, headers, body (the build's noncedPage) } or the promise of the render under way. */
const pageCache = new Map();

/** The names of the cookies the app reads (the build's APP_COOKIES); null: unknown, so any cookie counts as one. */
let appCookies = null;
/** The build's siteHeaderOfCookie: the site header a visitor with this Cookie header sees. */
let siteHeaderOfCookie = null;
/** Whether every route a path matches declares SHARED_WITH_EVERY_VISITOR (set by serve() from the build). */
let sharedWithEveryVisitor = () => false;

function carriesAppCookie(header) {
  if (!header) return false;
  if (!appCookies) return true;
  return header.split(';').some((pair) => {
    const equals = pair.indexOf('=');
    return appCookies.has((equals === -1 ? pair : pair.slice(0, equals)).trim());
  });
}

/** What a visitor without the app's cookies sees: the header of nobody signed in. */
const ANONYMOUS_VIEW = { key: 'account=0 staff=0', siteHeader: null };

/**
 * The shared render this view may take: its key (the kind of site header) and the header to render it for, or null
 * when the view must be rendered for this visitor alone.
 */
async function sharedView(request) {
  if (PAGE_CACHE_MS <= 0 || request.method !== 'GET' || request.headers.authorization) return null;
  const cookie = request.headers.cookie;
  if (!carriesAppCookie(cookie)) return ANONYMOUS_VIEW;
  if (!siteHeaderOfCookie || !sharedWithEveryVisitor(request.path)) return null;
  const siteHeader = await siteHeaderOfCookie(cookie).catch(() => null);
  if (!siteHeader) return null;
  const key = `account=${siteHeader.accountSignedIn ? 1 : 0} staff=${siteHeader.adminSignedIn ? 1 : 0}`;
  return { key, siteHeader };
}

/**
 * For the server build's route manifest: whether every route a path matches, the root aside, carries
 * SHARED_WITH_EVERY_VISITOR in its handle; React Router's own matching, answered once per path (at most 1,000 kept).
 */
function everyVisitorRoutes(manifest, matchRoutes) {
  const children = new Map();
  for (const route of Object.values(manifest))
    children.set(route.parentId, [...(children.get(route.parentId) ?? []), route]);
  const tree = (parentId) =>
    (children.get(parentId) ?? []).map((route) => {
      const below = tree(route.id);
      const { id, path, index, caseSensitive } = route;
      return {
        id,
        path,
        index,
        caseSensitive,
        handle: route.module?.handle,
        ...(below.length ? { children: below } : {}),
      };
    });
  const routes = tree(undefined);
  const known = new Map();
  return (pathname) => {
    let every = known.get(pathname);
    if (every === undefined) {
      const matches = matchRoutes(routes, pathname) ?? [];
      every =
        matches.length > 1 &&
        matches.every((match) => match.route.id === 'root' || match.route.handle?.pageSharing === 'every-visitor');
      if (known.size >= 1000) known.clear();
      known.set(pathname, every);
    }
    return every;
  };
}

/** The render for this URL, from the cache or from React Router; null when the answer is not a page to share. */
async function sharedPage(key, render) {
  const kept = pageCache.get(key);
  if (kept && (kept instanceof Promise || kept.expires > Date.now())) return kept;
  const rendering = render().then(
    (page) => {
      if (page) pageCache.set(key, { ...page, expires: Date.now() + PAGE_CACHE_MS });
      else pageCache.delete(key);
      return page;
    },
    (error) => {
      pageCache.delete(key);
      throw error;
    },
  );
  // Query strings are the visitor's to vary: the cache never holds more than a bounded number of URLs.
  if (pageCache.size >= PAGE_CACHE_MAX_ENTRIES) {
    for (const [url, entry] of pageCache) if (!(entry instanceof Promise)) pageCache.delete(url);
  }
  pageCache.set(key, rendering);
  return rendering;
}

async function renderShareable(request, response, siteHeader) {
  // A shared render must not depend on this visitor: it sees no cookie at all, only the kind of header it is made for.
  delete request.headers.cookie;
  const answer = await handleDocument(fetchRequest(request, response), {
    cspNonce: response.locals.cspNonce,
    ...(siteHeader ? { siteHeader } : {}),
  });
  const html = answer.headers.get('content-type')?.startsWith('text/html');
  // Opt-in (app/lib/page-sharing.ts): only a page its loader marked public, e.g. never a checkout with its payment.
  const shared = /\bpublic\b/i.test(answer.headers.get('cache-control') ?? '');
  if (answer.status !== 200 || !html || !shared || answer.headers.has('set-cookie')) return { answer };
  const headers = [...answer.headers].filter(([name]) => name !== 'content-length');
  const bytes = wholePage?.(answer) ?? Buffer.from(await answer.arrayBuffer());
  return { page: { status: answer.status, headers, body: noncedPage(bytes, response.locals.cspNonce) } };
}

const app = express();
app.disable('x-powered-by');
app.set('trust proxy', 'loopback');
app.use((_request, response, next) => {
  response.locals.cspNonce = freshNonce();
  next();
});
app.use(securityHeaders);
app.use((request, response, next) => {
  response.locals.origin = browserOrigin(request);
  if (response.locals.origin) return next();
  response.status(400).type('text/plain').send('Bad Request: the Host header is not a host name.');
});
// Pages, single-fetch data and the other answers of 1 KB or more go out compressed (brotli or gzip, as the client
// accepts; Vary: Accept-Encoding) by Express's own compression middleware. Each write is flushed at once, so a
// streamed answer still arrives as it is written; a page is one write (see send()), its nonce untouched.
app.use(
  compression({
    threshold: 1024,
    flush: zlib.Z_SYNC_FLUSH,
    brotli: { flush: zlib.BROTLI_OPERATION_FLUSH },
  }),
);
// Vite fingerprints everything under /assets, so those can be cached for good. The build writes a brotli (.br) and a
// gzip (.gz) copy beside each script and stylesheet (vite.config.ts): express-static-gzip sends the one the client
// accepts, brotli first, with Content-Encoding and Vary: Accept-Encoding, and the plain file to the others.
app.use(
  '/assets',
  expressStaticGzip('build/client/assets', {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    index: false,
    serveStatic: { immutable: true, maxAge: '1y', index: false },
  }),
);
// The other public files (logo, …) are known at start: only their paths reach express.static, so a page request does
// not cost a failed stat of build/client/<page> (and its error object) on every view (issue 18's profile).
const publicFiles = new Set(
  readdirSync('build/client', { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => `/${relative('build/client', join(entry.parentPath, entry.name)).split(sep).join('/')}`)
    .filter((path) => !path.startsWith('/assets/')),
);
const servePublic = express.static('build/client', { maxAge: '1h', index: false });
app.use((request, response, next) => (publicFiles.has(request.path) ? servePublic(request, response, next) : next()));
// A cross-site request is refused first (403 whatever it carries), then a body this app cannot use.
app.use(refuseCrossSite);
app.use(refuseUnusableBodies);
app.use(async (request, response, next) => {
  try {
    // The API's per-client login limits key on X-Forwarded-For: hand it the address this server saw (Express's
    // request.ip trusts only loopback proxies), never a value the browser wrote itself.
    request.headers['x-forwarded-for'] = request.ip ?? request.socket.remoteAddress ?? '';
    const view = await sharedView(request);
    if (view) {
      let own = null;
      const { protocol, host } = response.locals.origin;
      const page = await sharedPage(`${view.key} ${protocol}//${host}${request.originalUrl}`, async () => {
        const { page, answer } = await renderShareable(request, response, view.siteHeader);
        own = answer ?? null;
        return page ?? null;
      });
      if (own) return await send(response, own);
      if (page) {
        const body = withNonce(page.body, response.locals.cspNonce);
        for (const [name, value] of page.headers) response.setHeader(name, value);
        response.setHeader('content-length', String(body.byteLength));
        return response.status(page.status).end(body);
      }
    }
    const answer = await handleDocument(fetchRequest(request, response), { cspNonce: response.locals.cspNonce });
    await send(response, answer);
  } catch (error) {
    next(error);
  }
});

/** One serving process (the only one, or a cluster worker): loads the build, asks the API for the policy, listens. */
async function serve() {
  // React Router's production build in production (react-router-build.mjs), before anything imports React Router.
  if (process.env.NODE_ENV === 'production') {
    if (!productionReactRouter())
      console.warn(
        `Node ${process.versions.node} cannot choose React Router's production build (Node 22.15 or newer can).`,
      );
    else if (reactRouterBuild() !== 'production') {
      console.error('React Router resolves to its development build although NODE_ENV is production.');
      process.exit(1);
    }
  }
  const { createRequestHandler, matchRoutes } = await import('react-router');
  const build = await import(pathToFileURL(resolve('build/server/index.mjs')).href);
  handleDocument = createRequestHandler(build, process.env.NODE_ENV);
  wholePage = typeof build.entry.module.wholePage === 'function' ? build.entry.module.wholePage : null;
  ({ noncedPage, withNonce } = build.entry.module);
  const cookieNames = build.entry.module.APP_COOKIES;
  appCookies = Array.isArray(cookieNames) ? new Set(cookieNames) : null;
  if (typeof build.entry.module.siteHeaderOfCookie === 'function') {
    siteHeaderOfCookie = build.entry.module.siteHeaderOfCookie;
    sharedWithEveryVisitor = everyVisitorRoutes(build.routes, matchRoutes);
  }
  await refreshPolicy();
  setInterval(refreshPolicy, 60_000).unref();

  const server = app.listen(port, host, () => {
    // In a cluster the primary says it once for all workers.
    if (cluster.isPrimary)
      console.log(`Web app listening on http://${host}:${port} (React Router's ${reactRouterBuild()} build)`);
  });
  const stop = () => server.close(() => process.exit(0));
  process.once('SIGTERM', stop);
  if (cluster.isPrimary) process.once('SIGINT', stop);
  // A worker stops when its primary says so (SIGTERM): Ctrl+C in a terminal sends SIGINT to every process of the
  // group at once, and the primary forwards it. Were the primary killed outright, Node ends its workers (their IPC
  // channel closes), so none is left behind.
  else process.on('SIGINT', () => undefined);
}

/**
 * WEB_CONCURRENCY: how many processes serve the port. Unset: one per core the process may use in production (one
 * render occupies a core for its whole duration, issue 18), one elsewhere. 1 runs the plain server, no cluster.
 */
function webConcurrency() {
  const raw = process.env.WEB_CONCURRENCY?.trim();
  if (!raw) return process.env.NODE_ENV === 'production' ? availableParallelism() : 1;
  const count = Number(raw);
  if (!Number.isInteger(count) || count < 1) {
    console.error(`WEB_CONCURRENCY must be a whole number of processes, 1 or more (got "${raw}").`);
    process.exit(1);
  }
  return count;
}

const RESTART_MIN_MS = 1000;
const RESTART_MAX_MS = 30_000;
/** A worker that ran this long before dying starts the next restart's wait from RESTART_MIN_MS again. */
const HEALTHY_AFTER_MS = 60_000;
/** How long a graceful stop may take before the workers left are killed. */
const STOP_GRACE_MS = 10_000;

/**
 * The cluster's primary: it serves nothing and loads no build. It forks `count` workers that share the port (Node
 * hands each new connection to the next worker), starts another when one dies unexpectedly (after 1 s, doubling with
 * each quick failure up to 30 s), and on SIGTERM or SIGINT asks every worker to close gracefully (SIGTERM) and exits
 * once they have. The CSP policy and the page cache are each worker's own. If no worker has come up yet when one
 * dies, the others would fail the same way (no build, a missing setting): the primary stops them and exits with 1.
 */
function runPrimary(count) {
  // Every worker must sign and verify the admin session and applicant cookies with the same secret: without one set,
  // the workers share a secret made for this start (each would otherwise make its own and refuse the others' cookies).
  if (!process.env.SESSION_SECRET?.trim()) {
    process.env.SESSION_SECRET = randomBytes(32).toString('hex');
    if (process.env.NODE_ENV === 'production')
      console.warn('SESSION_SECRET is unset: admin sessions are signed with a per-start secret and end on restart.');
  }
  const live = new Set();
  const restarts = new Set();
  let up = false;
  let stopping = false;
  let backoffMs = RESTART_MIN_MS;

  const fork = () => {
    const worker = cluster.fork();
    const startedAt = Date.now();
    live.add(worker);
    worker.once('listening', () => {
      if (up) return;
      up = true;
      console.log(`Web app listening on http://${host}:${port} (${count} worker processes)`);
    });
    worker.once('exit', (code, signal) => {
      live.delete(worker);
      if (stopping) {
        if (live.size === 0) process.exit(process.exitCode ?? 0);
        return;
      }
      const how = signal ?? `exit code ${code}`;
      if (!up) {
        console.error(`Web worker ${worker.process.pid} stopped (${how}) before the server was up; stopping.`);
        stop(code || 1);
        return;
      }
      if (Date.now() - startedAt >= HEALTHY_AFTER_MS) backoffMs = RESTART_MIN_MS;
      const wait = backoffMs;
      backoffMs = Math.min(backoffMs * 2, RESTART_MAX_MS);
      console.error(`Web worker ${worker.process.pid} stopped (${how}); starting another in ${wait / 1000} s.`);
      const timer = setTimeout(() => {
        restarts.delete(timer);
        fork();
      }, wait);
      restarts.add(timer);
    });
  };

  function stop(code = 0) {
    if (stopping) return;
    stopping = true;
    process.exitCode = code;
    for (const timer of restarts) clearTimeout(timer);
    if (live.size === 0) process.exit(code);
    for (const worker of live) worker.process.kill('SIGTERM');
    setTimeout(() => {
      for (const worker of live) worker.process.kill('SIGKILL');
      process.exit(code);
    }, STOP_GRACE_MS).unref();
  }
  process.on('SIGTERM', () => stop(0));
  process.on('SIGINT', () => stop(0));

  for (let i = 0; i < count; i++) fork();
}

const processes = cluster.isPrimary ? webConcurrency() : 1;
if (processes > 1) runPrimary(processes);
else await serve();
