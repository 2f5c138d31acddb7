import type { ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createCookie } from 'react-router';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { SAMPLE_PNG, samplePdf } from '../../../tools/testing/sample-files';
import { stopChild } from '../../../tools/testing/stop-child';
import { login } from './support/admin';
import { closeBrowser, e2e, newPage, query } from './support/browser';
import { applicantCookieHeader, newApplicant } from './support/evaluation-api';
import { startWebServer } from './support/web-server';

afterAll(closeBrowser);

/** Records every Content-Security-Policy violation and script error of the page, from before its first script. */
async function watchViolations(page: Page): Promise<string[]> {
  const problems: string[] = [];
  await page.exposeFunction('__reportViolation', (text: string) => problems.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __reportViolation(text: string): void }).__reportViolation(
        `CSP ${event.violatedDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  page.on('console', (message) => {
    if (/Content.Security.Policy|Refused to/i.test(message.text())) problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return problems;
}

/** Whether React took over the page: React Router's client router is there only after its scripts ran under the CSP. */
async function hydrated(page: Page): Promise<boolean> {
  return page.evaluate(
    () => typeof (window as unknown as { __reactRouterDataRouter?: unknown }).__reactRouterDataRouter === 'object',
  );
}

describe('security headers and the Content-Security-Policy', () => {
  it('sends the headers on every page, with a fresh nonce that React Router scripts carry', async () => {
    const first = await fetch(`${e2e.webUrl}/paymentplan`);
    const second = await fetch(`${e2e.webUrl}/paymentplan`);
    const csp = first.headers.get('content-security-policy') ?? '';
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(second.headers.get('content-security-policy')).not.toContain(nonce);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toMatch(/script-src 'self' 'nonce-/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    // Test mode here: Stripe is not configured, so none of its domains is allowed.
    expect(csp).not.toContain('stripe.com');
    expect(first.headers.get('x-frame-options')).toBe('DENY');
    expect(first.headers.get('x-content-type-options')).toBe('nosniff');
    expect(first.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    // Plain http in the tests (SESSION_COOKIE_SECURE=false): no HSTS, which browsers ignore on http anyway.
    expect(first.headers.get('strict-transport-security')).toBeNull();
    const html = await first.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);

    const api = await fetch(`${e2e.apiUrl}/api/health`);
    expect(api.headers.get('x-content-type-options')).toBe('nosniff');
    expect(api.headers.get('x-frame-options')).toBe('DENY');
  });

  it('loads and hydrates every public page without a CSP violation', async () => {
    for (const path of ['/', '/paymentplan', '/payment-success', '/evaluation', '/admin']) {
      const { context, page } = await newPage();
      const problems = await watchViolations(page);
      const response = await page.goto(path);
      expect(response?.status()).toBeLessThan(500);
      await page.waitForLoadState('networkidle');
      expect(await hydrated(page)).toBe(true);
      expect({ path, problems }).toEqual({ path, problems: [] });
      await context.close();
    }
  });

  it("shows the API's Swagger UI under the API's own helmet CSP", async () => {
    const { context, page } = await newPage();
    const problems = await watchViolations(page);
    await page.goto(`${e2e.apiUrl}/api/docs`);
    await page.getByText('Training enrollment and credential evaluation API').first().waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('does report a violation when a script without the nonce is added (the watcher works)', async () => {
    const { context, page } = await newPage();
    const problems = await watchViolations(page);
    await page.goto('/paymentplan');
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.body.append(script);
    });
    // The violation event is dispatched asynchronously; a round trip to the page lets it arrive.
    for (let i = 0; i < 20 && problems.length === 0; i++) await page.waitForTimeout(50);
    expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
    expect(problems.some((problem) => problem.includes('script-src'))).toBe(true);
    await context.close();
  });

  it('uploads through Uppy to the object store the CSP allows, and works in the admin panel, without violations', async () => {
    const { context, page } = await newPage();
    const problems = await watchViolations(page);
    await page.goto('/evaluation');
    await page.waitForFunction(() => document.querySelector('button[type="submit"][disabled]') !== null);
    const name = `CSP check ${randomBytes(3).toString('hex')}`;
    await page.getByLabel('Credential Name').fill(name);
    await page.getByRole('button', { name: 'Create Credential' }).click();
    const card = page.locator('[data-testid="credential"]', { hasText: name });
    await card.waitFor();
    await card.getByRole('button', { name: /Upload Documents/ }).click();
    await page.locator('.uppy-Dashboard--modal .uppy-Dashboard-inner').waitFor();
    await page
      .locator('.uppy-Dashboard-input')
      .first()
      .setInputFiles([
        { name: 'Transcript.pdf', mimeType: 'application/pdf', buffer: await samplePdf() },
        { name: 'scan.png', mimeType: 'image/png', buffer: SAMPLE_PNG },
      ]);
    await page.locator('.uppy-StatusBar-actionBtn--upload').click();
    await page.getByText('2 file(s) uploaded successfully').waitFor();
    await card.getByTestId('document').nth(1).waitFor();

    await login(page);
    await page.waitForLoadState('networkidle');
    expect(await hydrated(page)).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('refuses a form posted from another site with 403 before React Router sees it', async () => {
    // A page of another origin (another port is another origin, and Sec-Fetch-Site says same-site or cross-site).
    const attacker: Server = createServer((_request, response) => {
      response.setHeader('content-type', 'text/html');
      response.end(
        `<form method="post" action="${e2e.webUrl}/admin"><input name="username" value="admin"><input name="password" value="guess-guess"><button>Go</button></form>`,
      );
    });
    await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
    try {
      const { context, page } = await newPage();
      await page.goto(`http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`);
      const [response] = await Promise.all([
        page.waitForResponse(`${e2e.webUrl}/admin`),
        page.getByRole('button', { name: 'Go' }).click(),
      ]);
      expect(response.status()).toBe(403);
      await context.close();
    } finally {
      attacker.close();
    }

    // Without Sec-Fetch-Site (older clients), a foreign Origin is enough; the site's own origin passes.
    const foreign = await fetch(`${e2e.webUrl}/admin`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'username=a&password=b',
      redirect: 'manual',
    });
    expect(foreign.status).toBe(403);
    const own = await fetch(`${e2e.webUrl}/admin`, {
      method: 'POST',
      headers: { origin: e2e.webUrl, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'username=a&password=b',
      redirect: 'manual',
    });
    expect(own.status).not.toBe(403);
    expect(own.status).toBeLessThan(500);
  });
});

describe('page views share one render per kind of site header (server.mjs page cache)', () => {
  let server: ChildProcess | null = null;
  let url = '';
  const cohortMonth = `20${90 + Math.floor(Math.random() * 9)}-${String(1 + Math.floor(Math.random() * 12)).padStart(2, '0')}`;

  beforeAll(async () => {
    // A second web server on the same API with a long page cache, so the test can see what is shared. The shared test
    // server runs with PAGE_CACHE_MS=0: other files change data and look at it again within a second.
    const started = await startWebServer({
      SESSION_SECRET: e2e.sessionSecret,
      PAGE_CACHE_MS: '60000',
      // The cache is each process's own: one process, so the second view meets the first one's render.
      WEB_CONCURRENCY: '1',
    });
    server = started.child;
    url = started.url;
    for (const deadline = Date.now() + 30_000; ;) {
      const ready = await fetch(`${url}/admin`, { redirect: 'manual' }).then(
        (response) => response.status < 500,
        () => false,
      );
      if (ready) break;
      if (Date.now() > deadline) throw new Error('the second web server did not start');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });

  afterAll(async () => {
    await stopChild(server, 'SIGTERM');
    await query('delete from cohorts where training_name = $1 and cohort_month = $2', [
      'Parts Therapy Practitioner',
      cohortMonth,
    ]);
  });

  const nonceOf = (response: Response) =>
    /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1] ?? '';

  it('gives each view its own nonce and shares the render between views whose cookies sign nobody in', async () => {
    const first = await fetch(`${url}/paymentplan`);
    const firstHtml = await first.text();
    await query(
      `insert into cohorts (id, training_name, cohort_month, created_at) values (gen_random_uuid(), $1, $2, now())`,
      ['Parts Therapy Practitioner', cohortMonth],
    );
    const second = await fetch(`${url}/paymentplan`);
    const secondHtml = await second.text();
    const [firstNonce, secondNonce] = [nonceOf(first), nonceOf(second)];
    expect(firstNonce).toBeTruthy();
    expect(secondNonce).not.toBe(firstNonce);
    // Every script of the shared page carries this response's nonce, none the first one's.
    const scripts = [...secondHtml.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${secondNonce}"`);
    expect(secondHtml).not.toContain(firstNonce);
    // The same render: the cohort added in between is not in it.
    expect(secondHtml.replaceAll(secondNonce, firstNonce)).toBe(firstHtml);
    expect(secondHtml).not.toContain(cohortMonth);
    // Another site's or a proxy's cookies are not the app's: that view shares the same render.
    const foreign = await fetch(`${url}/paymentplan`, { headers: { cookie: '_ga=GA1.1.42; consent' } });
    const foreignHtml = await foreign.text();
    expect(foreignHtml.replaceAll(nonceOf(foreign), firstNonce)).toBe(firstHtml);
    // The app's cookies that sign nobody in (one this server did not sign) show the same header: the same render.
    for (const cookie of ['__applicant=not-signed', '_ga=GA1.1.42; __admin_session=x']) {
      const view = await fetch(`${url}/paymentplan`, { headers: { cookie } });
      expect((await view.text()).replaceAll(nonceOf(view), firstNonce)).toBe(firstHtml);
    }
  });

  /** The Cookie header of a browser signed in to an account (the web server's signed cookie: an id and a session). */
  async function accountCookie(): Promise<string> {
    const cookie = createCookie('__applicant', { secrets: [e2e.sessionSecret], path: '/', httpOnly: true });
    return (await cookie.serialize({ id: randomUUID(), session: randomBytes(32).toString('base64url') })).split(';')[0];
  }

  it('shares the price list between signed-in visitors too, one render per kind of header, made without their cookies', async () => {
    const addCohort = (month: string) =>
      query(
        `insert into cohorts (id, training_name, cohort_month, created_at) values (gen_random_uuid(), $1, $2, now())`,
        ['Parts Therapy Practitioner', month],
      );
    const later = `2089-${String(1 + Math.floor(Math.random() * 12)).padStart(2, '0')}`;
    const [alice, bob] = [await accountCookie(), await accountCookie()];
    const first = await fetch(`${url}/`, { headers: { cookie: alice } });
    const firstHtml = await first.text();
    // A signed-in visitor's header: their account and signing out, not the anonymous view's.
    expect(firstHtml).toContain('My account');
    expect(first.headers.get('set-cookie')).toBeNull();
    await addCohort(later);
    try {
      // Another account's visitor shares that render (the cohort added since is not in it), with a nonce of their own.
      const second = await fetch(`${url}/`, { headers: { cookie: `_ga=GA1.1.7; ${bob}` } });
      const secondHtml = await second.text();
      expect(nonceOf(second)).not.toBe(nonceOf(first));
      expect(secondHtml.replaceAll(nonceOf(second), nonceOf(first))).toBe(firstHtml);
      // A visitor without an account sees another header: not that render.
      const anonymous = await (await fetch(`${url}/`)).text();
      expect(anonymous).not.toContain('My account');
    } finally {
      await query('delete from cohorts where training_name = $1 and cohort_month = $2', [
        'Parts Therapy Practitioner',
        later,
      ]);
    }
  });

  it("renders a page whose loader reads the visitor for each visitor with the app's cookies, again when their data change", async () => {
    // The evaluation page lists the visitor's own credentials: it does not declare SHARED_WITH_EVERY_VISITOR.
    const owner = newApplicant();
    const name = `Shared-render check ${randomUUID()}`;
    const created = await fetch(`${e2e.apiUrl}/api/credentials`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...owner.headers() },
      body: JSON.stringify({ name }),
    });
    expect(created.status).toBe(201);
    // An anonymous view first, so a shared render of the page exists to be (wrongly) taken.
    expect(await (await fetch(`${url}/evaluation`)).text()).not.toContain(name);
    const cookie = await applicantCookieHeader(owner);
    const own = await fetch(`${url}/evaluation`, { headers: { cookie } });
    const ownHtml = await own.text();
    expect(ownHtml).toContain(name);
    expect(own.headers.get('cache-control')).toBe('private, no-store');
    // Nor is their page kept for the next visitor.
    expect(await (await fetch(`${url}/evaluation`)).text()).not.toContain(name);
    // Their next view with the same data is the same page (the render memo, render-memo.server.ts) with its own nonce.
    const again = await fetch(`${url}/evaluation`, { headers: { cookie } });
    const againHtml = await again.text();
    expect(nonceOf(again)).not.toBe(nonceOf(own));
    expect(againHtml).not.toContain(nonceOf(own));
    expect(againHtml.replaceAll(nonceOf(again), nonceOf(own))).toBe(ownHtml);
    // A change shows in the very next view, long before the page cache's 60 s would end: other data, another page.
    const second = `Shared-render check, second ${randomUUID()}`;
    const createdAgain = await fetch(`${e2e.apiUrl}/api/credentials`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...owner.headers() },
      body: JSON.stringify({ name: second }),
    });
    expect(createdAgain.status).toBe(201);
    const changed = await (await fetch(`${url}/evaluation`, { headers: { cookie } })).text();
    expect([changed.includes(name), changed.includes(second)]).toEqual([true, true]);
    // Another applicant's view of the same URL is their own page, not this one's.
    const other = await (
      await fetch(`${url}/evaluation`, { headers: { cookie: await applicantCookieHeader(newApplicant()) } })
    ).text();
    expect([other.includes(name), other.includes(second)]).toEqual([false, false]);
  });

  it('never shares a checkout: each view of a checkout URL is rendered for its visitor, marked private, and makes no payment', async () => {
    const checkout = `${url}/paymentplan?training=Parts+Therapy+Practitioner&plan=full`;
    const views = await Promise.all([fetch(checkout), fetch(checkout)]);
    const intents = await Promise.all(
      views.map(async (view) => /name="paymentIntentId" value="([^"]+)"/.exec(await view.text())?.[1]),
    );
    // A view only reads (issue 27): the payment is made when the buyer submits, so no view carries one to share.
    expect(intents).toEqual([undefined, undefined]);
    for (const view of views) expect(view.headers.get('cache-control')).toBe('private, no-store');
    // The price list is the same for everyone: marked public, the only kind of page the cache keeps.
    expect((await fetch(`${url}/paymentplan`)).headers.get('cache-control')).toContain('public');
  });

  it('refuses a Host that is not a host name, so no other path can be rendered into the cache', async () => {
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const probe = request(
        `${url}/`,
        { headers: { host: 'x/payment-success?payment_intent=CALL-555#' }, agent: false },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      probe.on('error', reject);
      probe.end();
    });
    expect(status).toBe(400);
    const home = await (await fetch(`${url}/`)).text();
    expect(home).not.toContain('CALL-555');
  });
});
