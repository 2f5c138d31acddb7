import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** What the global setup started, shared with every browser test file. */
export interface E2eContext {
  webUrl: string;
  apiUrl: string;
  databaseUrl: string;
  wsEndpoint: string;
  adminUsername: string;
  adminPassword: string;
  dataDir: string;
  /** The account the local Google connects for Gmail. */
  googleAccountEmail: string;
  /** MailDev's REST API: the mails the API sent (GET /api/email). */
  mailApiUrl: string;
}

/** One file per test run (the global setup names it in the environment), so parallel runs never share one. */
export function contextFile(): string {
  const file = process.env.E2E_CONTEXT_FILE;
  if (!file) throw new Error('E2E_CONTEXT_FILE is not set: run browser tests through jest -c apps/web/jest.config.js');
  return file;
}

export function newContextFile(): string {
  process.env.E2E_CONTEXT_FILE = join(tmpdir(), `e2e-context-${process.pid}-${Date.now()}.json`);
  return process.env.E2E_CONTEXT_FILE;
}

export function readContext(): E2eContext {
  return JSON.parse(readFileSync(contextFile(), 'utf8')) as E2eContext;
}
