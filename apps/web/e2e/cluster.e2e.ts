import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { stopChild } from '../../../tools/testing/stop-child';
import { e2e } from './support/browser';
import { startWebServer } from './support/web-server';

/** Whether a process is running (an exited one waiting for its parent to reap it does not count). */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

/** The running processes whose parent is `pid`, read from /proc. */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const [state, parent] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(parent) === pid && state !== 'Z') children.push(Number(entry));
    } catch {
      // It exited while the list was read.
    }
  }
  return children;
}

/** Polls `check` until it returns something truthy (30 s at most), and returns that. */
async function until<T>(what: string, check: () => T | Promise<T>): Promise<Exclude<T, false | null | undefined>> {
  for (const deadline = Date.now() + 30_000; ;) {
    const value = await check();
    if (value) return value as Exclude<T, false | null | undefined>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** One request on a connection of its own, so the primary may hand it to any worker. */
function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; location?: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { agent: false, headers }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, location: response.headers.location }));
    });
    request.on('error', reject);
    request.end();
  });
}

/** Whether the server answers a page yet. */
function answers(url: string): Promise<boolean> {
  return get(`${url}/paymentplan`).then(
    (response) => response.status === 200,
    () => false,
  );
}

describe('the web server on several cores (WEB_CONCURRENCY, node:cluster)', () => {
  let server: ChildProcess | null = null;

  afterEach(async () => {
    await stopChild(server, 'SIGKILL');
    server = null;
  });

  it('serves from its workers with one session secret, replaces a worker that dies, and leaves none behind on SIGTERM', async () => {
    // No SESSION_SECRET: the primary makes one for all its workers, so a login made by one is good on the other.
    const { child, url, output } = await startWebServer({ WEB_CONCURRENCY: '2', SESSION_SECRET: '' });
    server = child;
    const pid = child.pid!;
    await until('the cluster to answer', () => answers(url));
    const first = await until('two workers', () => childrenOf(pid).length === 2 && childrenOf(pid));
    expect(output()).toContain('(2 worker processes)');

    const login = await fetch(`${url}/admin`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
      body: new URLSearchParams({ username: e2e.adminUsername, password: e2e.adminPassword }),
      redirect: 'manual',
    });
    expect(login.status).toBe(302);
    const cookie = login.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    // Four connections of their own: the primary hands them to the workers in turn.
    for (let i = 0; i < 4; i++) expect((await get(`${url}/admin/panel`, { cookie })).status).toBe(200);

    process.kill(first[0]!, 'SIGKILL');
    const replaced = await until('a replacement worker', () => {
      const now = childrenOf(pid);
      return now.length === 2 && !now.includes(first[0]!) && now;
    });
    expect(output()).toContain(`Web worker ${first[0]} stopped (SIGKILL); starting another in 1 s.`);
    expect((await get(`${url}/paymentplan`)).status).toBe(200);

    await stopChild(child, 'SIGTERM');
    expect(child.exitCode).toBe(0);
    expect([...first, ...replaced].filter(running)).toEqual([]);
  });

  it('ends its workers when the primary is killed outright', async () => {
    const { child, url } = await startWebServer({ WEB_CONCURRENCY: '2', SESSION_SECRET: e2e.sessionSecret });
    server = child;
    await until('the cluster to answer', () => answers(url));
    const workers = await until('two workers', () => childrenOf(child.pid!).length === 2 && childrenOf(child.pid!));
    await stopChild(child, 'SIGKILL');
    await until('the workers to end', () => workers.filter(running).length === 0);
  });

  it('stops with exit code 1 when no worker can start (here: a setting production requires is missing)', async () => {
    const { child, output } = await startWebServer({
      WEB_CONCURRENCY: '2',
      SESSION_SECRET: e2e.sessionSecret,
      APPLICANT_TOKEN_SECRET: '',
    });
    server = child;
    await until('the primary to exit', () => child.exitCode !== null);
    expect(child.exitCode).toBe(1);
    expect(output()).toContain('APPLICANT_TOKEN_SECRET must be set');
    expect(output()).toContain('before the server was up; stopping.');
  });
});
