import { CHECKLIST_PHASE_KEYS, type ChecklistStatus, type Evaluation, type GmailSetupStatus } from '@app/contracts';
import { CHECKLIST_PHASE_TITLES, checklistItemLabel } from '@app/domain';
import { randomBytes } from 'node:crypto';
import { syllabusPdf } from '../../api/test/fixtures/syllabus';
import { closeBrowser, e2e, newPage, query } from './support/browser';
import { analyzedCredential, newApplicant } from './support/evaluation-api';

afterAll(closeBrowser);

async function fromApi<T>(path: string, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(`${e2e.apiUrl}${path}`, { headers });
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
    for (const step of checklist.next_steps)
      await expect(panel.getByText(step, { exact: true }).isVisible()).resolves.toBe(true);
    await context.close();
  });

  it("renders the mail panel's setup state, offering Connect Gmail once a Google client is configured", async () => {
    const gmail = await fromApi<GmailSetupStatus>('/api/gmail/setup-status');
    expect(gmail).toMatchObject({
      configured: false,
      hasCredentials: true,
      userEmail: null,
      nextStep: 'Press Connect Gmail',
    });
    const { context, page } = await newPage();
    await page.goto('/evaluation');

    await expect(page.getByTestId('mail-status').textContent()).resolves.toBe('Setup Required');
    await expect(page.getByTestId('mail-user-email').textContent()).resolves.toBe('Not configured');
    await expect(page.getByTestId('mail-next-step').textContent()).resolves.toBe(gmail.nextStep);
    await expect(page.getByRole('link', { name: 'Connect Gmail' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Disconnect' }).count()).resolves.toBe(0);
    await context.close();
  });

  it('connects Gmail through the admin login and Google consent, drafts for an admin only, then disconnects', async () => {
    const { context, page } = await newPage();
    await page.goto('/evaluation');
    await Promise.all([
      page.waitForURL((url) => url.pathname === '/admin' && url.searchParams.has('redirectTo')),
      page.getByRole('link', { name: 'Connect Gmail' }).click(),
    ]);
    await page.getByText('Log in as an admin to connect Gmail').waitFor();
    // Without JavaScript the form posts to its action attribute, which keeps where to return to (React Router writes
    // the query encoded: redirectTo=%2Fresources%2Fgmail-connect).
    const action = (await page.locator('form[method="post"]').getAttribute('action')) ?? '';
    expect(new URL(action, e2e.webUrl).searchParams.get('redirectTo')).toBe('/resources/gmail-connect');
    await page.getByLabel('Username').fill(e2e.adminUsername);
    await page.getByLabel('Password').fill(e2e.adminPassword);
    // Login, then the API's consent redirect, Google's approval and the API's callback, back to the evaluation page.
    await Promise.all([
      page.waitForURL((url) => url.pathname === '/evaluation' && url.searchParams.get('gmail') === 'connected'),
      page.getByRole('button', { name: 'Login' }).click(),
    ]);
    await page.getByText('Gmail connected').first().waitFor();
    await expect(page.getByTestId('mail-status').textContent()).resolves.toBe('Configured');
    await expect(page.getByTestId('mail-user-email').textContent()).resolves.toBe(e2e.googleAccountEmail);
    const [account] = await query<{ email: string }>('select email from gmail_accounts');
    expect(account.email).toBe(e2e.googleAccountEmail);

    const name = `Outreach syllabus ${randomBytes(3).toString('hex')}`;
    const owner = newApplicant();
    const credentialId = await analyzedCredential(owner, name, [
      { fileName: 'syllabus.pdf', fileType: 'application/pdf', bytes: await syllabusPdf() },
    ]);
    const evaluation = await fromApi<Evaluation>(`/api/credentials/${credentialId}/evaluation`, owner.headers());
    const emails = evaluation.leadContacts
      .flatMap((contact) => (contact.email ? [contact.email.toLowerCase()] : []))
      .sort();
    expect(emails.length).toBeGreaterThan(0);

    // A visitor sees the connected account, but not Disconnect, and never another applicant's credential.
    const visitor = await newPage();
    await visitor.page.goto('/evaluation');
    await expect(visitor.page.getByTestId('mail-status').textContent()).resolves.toBe('Configured');
    await expect(visitor.page.getByRole('button', { name: 'Disconnect' }).count()).resolves.toBe(0);
    await expect(visitor.page.locator('[data-testid="analysis-result"]', { hasText: name }).count()).resolves.toBe(0);
    await visitor.context.close();

    // Outreach stays with the admins: the drafts are made from the credential's review page.
    await page.goto(`/admin/reviews/${credentialId}`);
    await page.getByRole('button', { name: /Create email drafts/ }).click();
    await page.getByText(`${emails.length} created, 0 already drafted`).first().waitFor();
    const drafts = await query<{ contact_email: string }>(
      'select contact_email from email_drafts where credential_id = $1 order by contact_email',
      [credentialId],
    );
    expect(drafts.map((draft) => draft.contact_email)).toEqual(emails);

    await page.goto('/evaluation');
    await page.waitForFunction(() => document.querySelector('button[type="submit"][disabled]') !== null);
    await page.getByRole('button', { name: 'Disconnect' }).click();
    await page.getByText('Gmail disconnected').waitFor();
    await expect(page.getByTestId('mail-status').textContent()).resolves.toBe('Setup Required');
    await expect(query('select 1 from gmail_accounts')).resolves.toHaveLength(0);
    await context.close();
  });
});
