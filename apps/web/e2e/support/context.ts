import { readFileSync } from 'node:fs';
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
}

export const CONTEXT_FILE = join(__dirname, '../../../../tmp/e2e-context.json');

export function readContext(): E2eContext {
  return JSON.parse(readFileSync(CONTEXT_FILE, 'utf8')) as E2eContext;
}
