import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { e2e } from './support/browser';

const web = new URL(e2e.webUrl);

/**
 * Sends a request's head and then only `sendBytes` of its body, and resolves with the status line of the answer and how
 * much of the body had been written by then. A server that reads the whole body before answering never answers.
 */
function postPartly(
  path: string,
  headers: Record<string, string>,
  sendBytes: number,
): Promise<{ status: number; sentBeforeAnswer: number }> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(web.port), web.hostname);
    let sent = 0;
    let answer = '';
    socket.on('error', reject);
    socket.on('connect', () => {
      const head = [
        `POST ${path} HTTP/1.1`,
        `Host: ${web.host}`,
        ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
      ];
      socket.write(`${head.join('\r\n')}\r\n\r\n`);
      const chunk = Buffer.alloc(16 * 1024, 'a');
      const pump = () => {
        while (sent < sendBytes) {
          sent += chunk.length;
          if (!socket.write(chunk)) return socket.once('drain', pump);
        }
      };
      pump();
    });
    socket.on('data', (data: Buffer) => {
      answer += data.toString('latin1');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(answer);
      if (status) {
        resolve({ status: Number(status[1]), sentBeforeAnswer: sent });
        socket.destroy();
      }
    });
  });
}

async function login(username: string, password: string): Promise<string> {
  const response = await fetch(`${e2e.webUrl}/admin`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password }),
    redirect: 'manual',
  });
  expect(response.status).toBe(302);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

describe('the web server refuses what it cannot use', () => {
  it('answers a 50 MB form POST 413 before reading its body', async () => {
    const fiftyMb = 50 * 1024 * 1024;
    const answer = await postPartly(
      '/evaluation',
      { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': String(fiftyMb) },
      256 * 1024,
    );
    expect(answer.status).toBe(413);
    // The answer came while at most a quarter of a megabyte of the 50 had been sent: nothing waited for (or kept) it.
    expect(answer.sentBeforeAnswer).toBeLessThanOrEqual(256 * 1024);
  });

  it('refuses a body of unknown length (chunked) to a page with 411, and small forms still work', async () => {
    const chunked = await postPartly(
      '/evaluation',
      { 'Content-Type': 'application/x-www-form-urlencoded', 'Transfer-Encoding': 'chunked' },
      0,
    );
    expect(chunked.status).toBe(411);
    const small = await fetch(`${e2e.webUrl}/evaluation`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'create-credential', name: '' }),
    });
    expect(small.status).toBe(400);
  });

  it('answers a JSON body (or any other type) to a form action 415, not 500', async () => {
    for (const [type, body] of [
      ['application/json', JSON.stringify({ intent: 'create-credential', name: 'x' })],
      ['text/plain', 'intent=create-credential'],
    ]) {
      const response = await fetch(`${e2e.webUrl}/evaluation`, {
        method: 'POST',
        headers: { 'content-type': type },
        body,
      });
      expect(response.status).toBe(415);
    }
  });

  it('ignores a redirectTo that is not a plain ASCII path on this site (no 500)', async () => {
    for (const target of ['/évaluation', '/admin/panel\u2028x', '/admin panel', '//evil.example']) {
      const response = await fetch(`${e2e.webUrl}/admin?redirectTo=${encodeURIComponent(target)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ username: e2e.adminUsername, password: e2e.adminPassword }),
        redirect: 'manual',
      });
      expect({ target, status: response.status }).toEqual({ target, status: 302 });
      expect(response.headers.get('location')).toBe('/admin/panel');
    }
  });

  it('answers an evaluator 403 (not 500) on the admin-only pages', async () => {
    const cookie = await login(e2e.evaluatorUsername, e2e.evaluatorPassword);
    const id = randomUUID();
    const pages = [
      '/admin/panel/audit',
      '/admin/panel/waitlist',
      `/admin/panel/enrollments/${id}`,
      `/admin/enrollments/${id}/mails`,
      '/admin/export?trainingName=Parts%20Therapy%20Practitioner&cohortId=' + id,
    ];
    const statuses = [];
    for (const page of pages) {
      const response = await fetch(`${e2e.webUrl}${page}`, { headers: { cookie }, redirect: 'manual' });
      statuses.push([page, response.status]);
    }
    expect(statuses).toEqual(pages.map((page) => [page, 403]));
    // The review queue stays theirs.
    expect((await fetch(`${e2e.webUrl}/admin/reviews`, { headers: { cookie }, redirect: 'manual' })).status).toBe(200);
  });
});
