import { Client } from 'pg';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { readContext, type E2eContext } from './context';

export const e2e: E2eContext = readContext();

let browser: Browser | undefined;

/** The shared Chromium, connected once per test file. */
export async function sharedBrowser(): Promise<Browser> {
  browser ??= await chromium.connect(e2e.wsEndpoint);
  return browser;
}

/** A fresh browser context (own cookies) with a page; pass javaScriptEnabled: false to test without JS. */
export async function newPage(
  options: { javaScriptEnabled?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await (
    await sharedBrowser()
  ).newContext({
    baseURL: e2e.webUrl,
    acceptDownloads: true,
    javaScriptEnabled: options.javaScriptEnabled ?? true,
  });
  const page = await context.newPage();
  return { context, page };
}

export async function closeBrowser(): Promise<void> {
  await browser?.close();
  browser = undefined;
}

/** Runs one query against the database the API under test uses. */
export async function query<T extends Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: e2e.databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}
