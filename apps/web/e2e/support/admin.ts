import type { Page } from 'playwright-core';
import { e2e } from './browser';

/** Logs in through the /admin form as the admin the global setup configured; works with and without JavaScript. */
export async function login(
  page: Page,
  credentials = { username: e2e.adminUsername, password: e2e.adminPassword },
): Promise<void> {
  await page.goto('/admin');
  await page.getByLabel('Username').fill(credentials.username);
  await page.getByLabel('Password').fill(credentials.password);
  await Promise.all([page.waitForURL('**/admin/panel'), page.getByRole('button', { name: 'Login' }).click()]);
}
