import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserServer } from 'playwright-core';
import { startFakeGoogle, type FakeGoogle } from '../../../../tools/testing/fake-google';
import { freePort } from '../../../../tools/testing/free-port';
import { startMailCatcher, type MailCatcher } from '../../../../tools/testing/mail-catcher';
import { createTestDatabase, type TestDatabase } from '../../../../tools/testing/test-database';
import { newContextFile, type E2eContext } from './context';

const ROOT = join(__dirname, '../../../..');
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

interface Started {
  database: TestDatabase;
  google: FakeGoogle;
  mail: MailCatcher;
  processes: ChildProcess[];
  browser: BrowserServer;
}
declare global {
  var __E2E__: Started | undefined;
}

async function waitFor(url: string, child: ChildProcess, name: string, output: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${name} did not answer ${url} in time:\n${output()}`);
}

function start(
  name: string,
  args: string[],
  env: Record<string, string>,
  cwd = ROOT,
): { child: ChildProcess; output: () => string } {
  let log = '';
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
    if (process.env.E2E_VERBOSE) process.stdout.write(`[${name}] ${chunk}`);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { child, output: () => log };
}

/**
 * Starts the built API and web app against a fresh database, a local Google (OAuth consent, token, Gmail) for the
 * outreach journey, and one Chromium for every test file.
 */
export default async function globalSetup(): Promise<void> {
  const [database, google, mail] = await Promise.all([createTestDatabase(), startFakeGoogle(), startMailCatcher()]);
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-'));
  const [apiPort, webPort, s3Port] = await Promise.all([freePort(), freePort(), freePort()]);
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const webUrl = `http://127.0.0.1:${webPort}`;
  const adminUsername = 'e2e-admin';
  const adminPassword = 'e2e-password-123';
  const applicantTokenSecret = 'e2e-applicant-token-secret-0123456789abcdef';
  const sessionSecret = 'e2e-session-secret';
  const evaluatorUsername = 'e2e-evaluator';
  const evaluatorPassword = 'e2e-evaluator-password';

  const api = start('api', ['dist/apps/api/apps/api/src/main.js'], {
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    API_PORT: String(apiPort),
    EMBEDDED_S3_PORT: String(s3Port),
    DATA_DIR: dataDir,
    WEB_URL: webUrl,
    // Journeys compare the page with the API right after changing what the checklist probes.
    CHECKLIST_CACHE_SECONDS: '0',
    // Journeys add cohorts and enrollments by SQL and load the page at once, before the change's notice can arrive.
    COHORT_CACHE: 'false',
    JWT_SECRET: 'e2e-jwt-secret',
    APPLICANT_TOKEN_SECRET: applicantTokenSecret,
    ADMIN_USERNAME: adminUsername,
    ADMIN_PASSWORD: adminPassword,
    ADMIN_LOGIN_ATTEMPTS_PER_MINUTE: '100',
    // Every browser of every journey connects from 127.0.0.1: one client.
    SIGN_IN_LINKS_PER_CLIENT: '100',
    GOOGLE_CLIENT_ID: google.clientId,
    GOOGLE_CLIENT_SECRET: google.clientSecret,
    GOOGLE_API_ROOT_URL: google.rootUrl,
    GOOGLE_OAUTH_AUTH_URL: google.authUrl,
    GOOGLE_REDIRECT_URL: `${apiUrl}/api/gmail/callback`,
    GMAIL_TOKEN_ENCRYPTION_KEY: 'e2e0'.repeat(16),
    SMTP_URL: mail.smtpUrl,
    // Webhook journeys register a receiver on this machine (development setting; refused in production).
    WEBHOOK_ALLOW_LOOPBACK: 'true',
    WEBHOOK_POLL_MILLISECONDS: '200',
  });
  await waitFor(`${apiUrl}/api/health`, api.child, 'API', api.output);
  // The evaluator comes from the operator's command, as in production.
  const created = spawnSync(
    process.execPath,
    ['dist/apps/api/apps/api/src/admin-create.js', evaluatorUsername, evaluatorPassword, '--role', 'evaluator'],
    { cwd: ROOT, env: { ...process.env, DATABASE_URL: database.url, DATA_DIR: dataDir }, encoding: 'utf8' },
  );
  if (created.status !== 0) throw new Error(`admin:create --role evaluator failed: ${created.stderr}${created.stdout}`);

  // apps/web/server.mjs (React Router behind security headers) finds build/ relative to its working directory.
  const web = start(
    'web',
    [join(ROOT, 'apps/web/server.mjs')],
    {
      NODE_ENV: 'production',
      PORT: String(webPort),
      HOST: '127.0.0.1',
      API_URL: apiUrl,
      SESSION_SECRET: sessionSecret,
      APPLICANT_TOKEN_SECRET: applicantTokenSecret,
      SESSION_COOKIE_SECURE: 'false',
      // Test files change data and look at the page again at once; the page cache has its own test (security.e2e).
      PAGE_CACHE_MS: '0',
      // Two processes whatever the machine, as in production on a multi-core host: every journey runs on the cluster.
      WEB_CONCURRENCY: '2',
    },
    join(ROOT, 'apps/web'),
  );
  await waitFor(`${webUrl}/paymentplan`, web.child, 'web', web.output);

  const browser = await chromium.launchServer({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });

  globalThis.__E2E__ = { database, google, mail, processes: [api.child, web.child], browser };
  const context: E2eContext = {
    webUrl,
    apiUrl,
    databaseUrl: database.url,
    wsEndpoint: browser.wsEndpoint(),
    adminUsername,
    adminPassword,
    dataDir,
    googleAccountEmail: google.accountEmail,
    applicantTokenSecret,
    sessionSecret,
    evaluatorUsername,
    evaluatorPassword,
    mailApiUrl: mail.webUrl,
  };
  writeFileSync(newContextFile(), JSON.stringify(context));
}
