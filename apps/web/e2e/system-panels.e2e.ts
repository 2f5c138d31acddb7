import { CHECKLIST_PHASE_KEYS, type ChecklistStatus, type GmailSetupStatus } from '@app/contracts';
import { CHECKLIST_PHASE_TITLES, checklistItemLabel } from '@app/domain';
import { closeBrowser, e2e, newPage } from './support/browser';

afterAll(closeBrowser);

async function fromApi<T>(path: string): Promise<T> {
  const response = await fetch(`${e2e.apiUrl}${path}`);
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

describe('evaluation page: system status and mail panels', () => {
  it("renders the API's checklist: seven phases, their items and the overall completion", async () => {
    const checklist = await fromApi<ChecklistStatus>('/api/system/checklist-status');
    const { context, page } = await newPage();
    await page.goto('/evaluation');

    await expect(page.getByRole('heading', { name: 'System Implementation Status' }).isVisible()).resolves.toBe(true);
    const completion = await page.getByTestId('checklist-completion').textContent();
    expect(completion).toBe(`${checklist.overall_completion}% complete`);

    const phases = page.getByTestId('checklist-phase');
    await expect(phases.count()).resolves.toBe(7);
    for (const [index, key] of CHECKLIST_PHASE_KEYS.entries()) {
      const phase = phases.nth(index);
      const text = (await phase.textContent()) ?? '';
      expect(text).toContain(CHECKLIST_PHASE_TITLES[key]);
      for (const item of Object.keys(checklist[key].items)) expect(text).toContain(checklistItemLabel(item));
    }
    const panel = page.locator('section[aria-labelledby="system-status-title"]');
    for (const step of checklist.next_steps) await expect(panel.getByText(step, { exact: true }).isVisible()).resolves.toBe(true);
    await context.close();
  });

  it("renders the mail panel's setup state, with no Connect Gmail action when no Google client is configured", async () => {
    const gmail = await fromApi<GmailSetupStatus>('/api/gmail/setup-status');
    expect(gmail).toMatchObject({ configured: false, hasCredentials: false, userEmail: null });
    const { context, page } = await newPage();
    await page.goto('/evaluation');

    await expect(page.getByTestId('mail-status').textContent()).resolves.toBe('Setup Required');
    await expect(page.getByTestId('mail-user-email').textContent()).resolves.toBe('Not configured');
    await expect(page.getByTestId('mail-next-step').textContent()).resolves.toBe(gmail.nextStep);
    await expect(page.getByRole('link', { name: 'Connect Gmail' }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Create email drafts' }).count()).resolves.toBe(0);
    await context.close();
  });
});
