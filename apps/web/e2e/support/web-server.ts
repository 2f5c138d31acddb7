import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from '../../../../tools/testing/free-port';
import { e2e } from './browser';

export interface WebServer {
  child: ChildProcess;
  url: string;
  /** What the server has logged so far (stdout and stderr). */
  output(): string;
}

/**
 * A web server (server.mjs) of a test's own, on a free port and the suite's API, in production mode with the page cache
 * off unless `env` says otherwise. The caller stops it (tools/testing/stop-child) and waits for it to answer.
 */
export async function startWebServer(env: Record<string, string>): Promise<WebServer> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['server.mjs'], {
    cwd: join(__dirname, '..', '..'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      API_URL: e2e.apiUrl,
      APPLICANT_TOKEN_SECRET: e2e.applicantTokenSecret,
      SESSION_COOKIE_SECURE: 'false',
      PAGE_CACHE_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, url: `http://127.0.0.1:${port}`, output: () => output };
}
