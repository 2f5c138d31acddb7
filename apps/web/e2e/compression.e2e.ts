import { statSync } from 'node:fs';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { stopChild } from '../../../tools/testing/stop-child';
import { closeBrowser, e2e, newPage } from './support/browser';
import { startWebServer } from './support/web-server';

afterAll(closeBrowser);

const ASSETS = join(__dirname, '../build/client/assets');
const IMMUTABLE = 'public, max-age=31536000, immutable';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes as sent: node:http decompresses nothing (fetch and browsers would). */
  body: Buffer;
}

function get(path: string, acceptEncoding?: string, origin = e2e.webUrl): Promise<Answer> {
  return new Promise((resolve, reject) => {
    httpGet(`${origin}${path}`, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

function decoded(answer: Answer): Buffer {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.body);
  if (encoding === 'gzip') return gunzipSync(answer.body);
  if (encoding === undefined) return answer.body;
  throw new Error(`unexpected Content-Encoding ${encoding}`);
}

/** The nonce of the response's Content-Security-Policy, and every script tag of its (decompressed) page. */
function noncesOf(answer: Answer): { nonce: string | undefined; tags: string[] } {
  const nonce = /'nonce-([^']+)'/.exec(String(answer.headers['content-security-policy']))?.[1];
  const tags = [
    ...decoded(answer)
      .toString('utf8')
      .matchAll(/<script\b[^>]*>/g),
  ].map((match) => match[0]);
  return { nonce, tags };
}

/** The scripts a page loads: its module scripts and modulepreload links, all under /assets. */
function scriptsOf(html: string): string[] {
  const paths = [...html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  // React Router imports the entry and route modules from an inline module script.
  const imported = [...html.matchAll(/import\s*(?:[^"']*from\s*)?["'](\/assets\/[^"']+\.js)["']/g)].map((m) => m[1]);
  return [...new Set([...paths, ...imported])];
}

describe('compression of pages and assets', () => {
  it('sends the page brotli- or gzip-compressed as accepted, with Vary and a CSP nonce that matches its scripts', async () => {
    const plain = await get('/');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();

    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const answer = await get('/', accept);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(String(answer.headers.vary)).toMatch(/accept-encoding/i);
      expect(answer.body.byteLength).toBeLessThan(plain.body.byteLength / 2);
      expect(decoded(answer).toString('utf8')).toMatch(/^<!DOCTYPE html>/i);
      const { nonce, tags } = noncesOf(answer);
      expect(nonce).toBeTruthy();
      expect(tags.length).toBeGreaterThan(0);
      for (const tag of tags) expect(tag).toContain(`nonce="${nonce}"`);
    }
  });

  it("compresses a shared render (page cache) with each response's own nonce", async () => {
    // The suite's server runs with the page cache off; this one keeps a render for a minute, in one process.
    const server = await startWebServer({
      SESSION_SECRET: e2e.sessionSecret,
      PAGE_CACHE_MS: '60000',
      WEB_CONCURRENCY: '1',
    });
    try {
      for (const deadline = Date.now() + 30_000; ;) {
        const ready = await get('/paymentplan', undefined, server.url).then(
          (answer) => answer.status === 200,
          () => false,
        );
        if (ready) break;
        if (Date.now() > deadline) throw new Error(`the second web server did not start:\n${server.output()}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const views = [await get('/paymentplan', 'br', server.url), await get('/paymentplan', 'br', server.url)];
      const nonces = new Set<string | undefined>();
      for (const view of views) {
        expect(view.headers['content-encoding']).toBe('br');
        expect(String(view.headers.vary)).toMatch(/accept-encoding/i);
        const { nonce, tags } = noncesOf(view);
        expect(nonce).toBeTruthy();
        expect(tags.length).toBeGreaterThan(0);
        for (const tag of tags) expect(tag).toContain(`nonce="${nonce}"`);
        nonces.add(nonce);
      }
      expect(nonces.size).toBe(2);
    } finally {
      await stopChild(server.child, 'SIGTERM');
    }
  });

  it("serves the page's scripts precompressed from the build, immutable, and as they are to a client without compression", async () => {
    const html = decoded(await get('/', 'br')).toString('utf8');
    const scripts = scriptsOf(html);
    expect(scripts.length).toBeGreaterThan(3);
    let plainBytes = 0;
    let brotliBytes = 0;
    for (const path of scripts) {
      const plain = await get(path);
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['cache-control']).toBe(IMMUTABLE);
      plainBytes += plain.body.byteLength;

      const file = join(ASSETS, path.slice('/assets/'.length));
      for (const [accept, encoding, suffix] of [
        ['gzip, deflate, br', 'br', '.br'],
        ['gzip', 'gzip', '.gz'],
      ] as const) {
        const answer = await get(path, accept);
        // Vite's compression plugin skips files under 1 KB: those go out as they are.
        if (plain.body.byteLength < 1024) {
          expect(answer.headers['content-encoding']).toBeUndefined();
          if (encoding === 'br') brotliBytes += answer.body.byteLength;
          continue;
        }
        expect({ path, encoding: answer.headers['content-encoding'] }).toEqual({ path, encoding });
        expect(answer.headers['cache-control']).toBe(IMMUTABLE);
        expect(String(answer.headers.vary)).toMatch(/accept-encoding/i);
        expect(answer.headers['content-type']).toMatch(/^text\/javascript/);
        // The build's own copy (file.js.br / file.js.gz), not one compressed for this request.
        expect(answer.body.byteLength).toBe(statSync(file + suffix).size);
        expect(decoded(answer).equals(plain.body)).toBe(true);
        if (encoding === 'br') brotliBytes += answer.body.byteLength;
      }
    }
    expect(brotliBytes).toBeLessThan(plainBytes / 2);
    console.log(`JavaScript of / on the wire: ${brotliBytes} bytes brotli, ${plainBytes} bytes uncompressed`);
  });

  it('loads the page in Chromium with compressed scripts, hydrates it and navigates on the client', async () => {
    const { context, page } = await newPage();
    const encodings = new Map<string, string | undefined>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js'))
        encodings.set(url.pathname, response.headers()['content-encoding']);
    });
    await page.goto('/');
    await page.waitForFunction(
      () => typeof (window as unknown as { __reactRouterDataRouter?: unknown }).__reactRouterDataRouter === 'object',
    );
    expect([...encodings.values()].filter((encoding) => encoding === 'br').length).toBeGreaterThan(3);

    // A client-side navigation loads the next page's data (single fetch, through the compression middleware) and
    // keeps this document: the marker set on it survives.
    await page.evaluate(() => {
      const w = window as unknown as {
        __sameDocument: boolean;
        __reactRouterDataRouter: { navigate(to: string): void };
      };
      w.__sameDocument = true;
      w.__reactRouterDataRouter.navigate('/evaluation');
    });
    await page.waitForURL('**/evaluation');
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    expect(await page.locator('h1').count()).toBeGreaterThan(0);
    await context.close();
  });
});
