import type { BrowserContext } from 'playwright-core';
import { login } from './support/admin';
import { closeBrowser, e2e, newPage } from './support/browser';

afterAll(closeBrowser);

/** The API token inside the admin session cookie (signed by the web server, not encrypted). */
function tokenInSession(value: string): string {
  const signed = decodeURIComponent(value);
  const data = JSON.parse(Buffer.from(signed.slice(0, signed.lastIndexOf('.')), 'base64').toString('utf8')) as {
    adminToken?: string;
  };
  if (!data.adminToken) throw new Error('No token in the session cookie');
  return data.adminToken;
}

async function sessionCookie(context: BrowserContext) {
  const cookie = (await context.cookies()).find((c) => c.name === '__admin_session');
  if (!cookie) throw new Error('No session cookie');
  return cookie;
}

describe('logout ends the session everywhere', () => {
  it.each([
    ['an admin', '/admin/panel', () => ({ username: e2e.adminUsername, password: e2e.adminPassword })],
    [
      'an admin on the review queue',
      '/admin/reviews',
      () => ({ username: e2e.adminUsername, password: e2e.adminPassword }),
    ],
    ['an evaluator', '/admin/reviews', () => ({ username: e2e.evaluatorUsername, password: e2e.evaluatorPassword })],
  ])('%s logging out from %s: the replayed cookie and the bearer token answer 401', async (_who, path, credentials) => {
    const { context, page } = await newPage({ javaScriptEnabled: false });
    await page.goto('/admin');
    await page.getByLabel('Username').fill(credentials().username);
    await page.getByLabel('Password').fill(credentials().password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/admin/'));
    await page.goto(path);
    expect(new URL(page.url()).pathname).toBe(path);
    const cookie = await sessionCookie(context);
    const token = tokenInSession(cookie.value);
    const bearer = { authorization: `Bearer ${token}` };
    expect((await fetch(`${e2e.apiUrl}/api/admin/reviews`, { headers: bearer })).status).toBe(200);

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/admin');

    // The bearer token is revoked, not only the cookie cleared.
    expect((await fetch(`${e2e.apiUrl}/api/admin/reviews`, { headers: bearer })).status).toBe(401);
    // The cookie, replayed in another browser, opens nothing: the page sends it to the login.
    const replay = await newPage({ javaScriptEnabled: false });
    await replay.context.addCookies([cookie]);
    await replay.page.goto(path);
    expect(new URL(replay.page.url()).pathname).toBe('/admin');
    await replay.page.getByRole('button', { name: 'Login' }).waitFor();
    await replay.context.close();
    await context.close();
  });
});

describe('the site header on the admin pages', () => {
  it('offers a logged-in admin the panel and Log out there, and keeps the applicant header elsewhere and for visitors', async () => {
    const { context, page } = await newPage();
    const nav = page.getByRole('navigation', { name: 'Account' });
    await page.goto('/admin');
    await nav.getByRole('link', { name: 'Sign in' }).waitFor();

    await login(page);
    for (const path of ['/admin/panel', '/admin/reports']) {
      await page.goto(path);
      await nav.getByRole('link', { name: 'Admin Panel' }).waitFor();
      await nav.getByRole('button', { name: 'Log out' }).waitFor();
      expect(await nav.getByRole('link', { name: 'Sign in' }).count()).toBe(0);
    }
    // Off the admin pages the header is the applicant's, also after a client-side navigation.
    await page.getByRole('link', { name: 'Psychology Training Institute' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await nav.getByRole('link', { name: 'Sign in' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Admin Panel' }).count()).toBe(0);

    // The header's Log out ends the session like the panel's.
    await page.goto('/admin/panel/integrations');
    await nav.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === '/admin');
    await nav.getByRole('link', { name: 'Sign in' }).waitFor();
    await page.goto('/admin/panel');
    expect(new URL(page.url()).pathname).toBe('/admin');
    await context.close();
  });
});

describe('the admin session cookie', () => {
  it('is sent again when a page took the login toast, and not on the views after it (issue 28)', async () => {
    const form = new URLSearchParams({ username: e2e.adminUsername, password: e2e.adminPassword });
    const login = await fetch(`${e2e.webUrl}/admin?index`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    expect(login.status).toBe(302);
    const withToast = login.headers.getSetCookie()[0].split(';')[0];
    const first = await fetch(`${e2e.webUrl}/admin/panel`, { redirect: 'manual', headers: { cookie: withToast } });
    expect(first.status).toBe(200);
    expect(await first.text()).toContain('Login successful');
    const cleared = first.headers.getSetCookie();
    expect(cleared).toHaveLength(1);
    const session = cleared[0].split(';')[0];
    expect(session).not.toBe(withToast);
    const later = await fetch(`${e2e.webUrl}/admin/panel`, { redirect: 'manual', headers: { cookie: session } });
    expect(later.status).toBe(200);
    expect(await later.text()).not.toContain('Login successful');
    expect(later.headers.getSetCookie()).toEqual([]);
  });
});
