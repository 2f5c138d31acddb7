import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { syllabusPdf } from '../../api/test/fixtures/syllabus';
import { samplePdf } from '../../../tools/testing/sample-files';
import { closeBrowser, e2e, newPage, query } from './support/browser';
import { actAs, analyzedCredential, newApplicant } from './support/evaluation-api';
import { storedObjectExists } from './support/storage';

afterAll(closeBrowser);

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: Array<{ target: string[] }>;
}

/** Runs axe-core in the page against WCAG 2.1 A and AA; returns the serious and critical violations. */
async function seriousViolations(page: Page): Promise<Array<{ id: string; targets: string[] }>> {
  // Evaluated through the browser's debugging protocol: the page's Content-Security-Policy forbids inline scripts.
  await page.evaluate(AXE_SOURCE);
  const { violations, passes } = await page.evaluate(async () => {
    type AxeResult = { violations: AxeViolation[]; passes: unknown[] };
    const axe = (window as unknown as { axe: { run(context: Document, options: unknown): Promise<AxeResult> } }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return { violations: result.violations, passes: result.passes.length };
  });
  // The audit ran and checked something (color-contrast among its rules).
  expect(passes).toBeGreaterThan(0);
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ id: violation.id, targets: violation.nodes.map((node) => node.target.join(' ')) }));
}

function credentialCard(page: Page, name: string) {
  return page.locator('[data-testid="credential"]', { hasText: name });
}

async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector('button[type="submit"][disabled]') !== null);
}

describe('applicant records in the browser', () => {
  it('keeps two applicants using the page at once apart: neither sees, analyzes, downloads or deletes the other’s credential', async () => {
    const alice = await newPage();
    const bob = await newPage();
    const name = `Alice MSc ${randomBytes(3).toString('hex')}`;
    await alice.page.goto('/evaluation');
    // No identity before the first use: a page view sets no applicant cookie.
    expect((await alice.context.cookies()).some((cookie) => cookie.name === '__applicant')).toBe(false);
    await hydrated(alice.page);
    await alice.page.getByLabel('Credential Name').fill(name);
    await alice.page.getByRole('button', { name: 'Create Credential' }).click();
    await credentialCard(alice.page, name).waitFor();
    const cookie = (await alice.context.cookies()).find((c) => c.name === '__applicant');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

    const [row] = await query<{ id: string; owner_id: string }>(
      'select id, owner_id from credentials where name = $1',
      [name],
    );
    const owner = newApplicant(row.owner_id);
    const presign = await fetch(`${e2e.apiUrl}/api/objects/upload`, { method: 'POST', headers: owner.headers() });
    const { uploadURL } = (await presign.json()) as { uploadURL: string };
    const pdf = await samplePdf('Alice transcript');
    await fetch(uploadURL, {
      method: 'PUT',
      body: new Uint8Array(pdf),
      headers: { 'content-type': 'application/pdf' },
    });
    const registered = await fetch(`${e2e.apiUrl}/api/documents/upload-complete`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', ...owner.headers() },
      body: JSON.stringify({
        uploadURL,
        credentialId: row.id,
        fileName: 'alice.pdf',
        fileSize: pdf.length,
        fileType: 'application/pdf',
      }),
    });
    const { id: documentId } = (await registered.json()) as { id: string };

    // Alice downloads her own document through the page's link.
    await alice.page.reload();
    const [download] = await Promise.all([
      alice.page.waitForEvent('download'),
      credentialCard(alice.page, name).getByRole('link', { name: 'Download alice.pdf' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('alice.pdf');

    // Bob's page does not show it, and every way in answers as if it did not exist.
    await bob.page.goto('/evaluation');
    await hydrated(bob.page);
    const bobsOwn = `Bob BA ${randomBytes(3).toString('hex')}`;
    await bob.page.getByLabel('Credential Name').fill(bobsOwn);
    await bob.page.getByRole('button', { name: 'Create Credential' }).click();
    await credentialCard(bob.page, bobsOwn).waitFor();
    expect(await bob.page.locator('main').innerText()).not.toContain(name);
    const stolen = await bob.page.goto(`/resources/credentials/${row.id}/documents/${documentId}`);
    expect(stolen?.status()).toBe(404);
    for (const intent of ['analyze', 'delete-credential']) {
      const answer = await bob.page.request.post('/evaluation', { form: { intent, credentialId: row.id } });
      expect(answer.status()).toBe(404);
    }
    expect(await query('select 1 from credentials where id = $1 and status = $2', [row.id, 'pending'])).toHaveLength(1);
    expect(await query('select 1 from credential_documents where credential_id = $1', [row.id])).toHaveLength(1);

    // Alice deletes it from the page: rows and the stored file go.
    const [{ object_key: objectKey }] = await query<{ object_key: string }>(
      'select object_key from credential_documents where credential_id = $1',
      [row.id],
    );
    const upload = new URL(uploadURL);
    const documentUrl = `${upload.origin}/${upload.pathname.split('/')[1]}/${objectKey}`;
    expect(await storedObjectExists(documentUrl)).toBe(true);
    await alice.page.reload();
    await hydrated(alice.page);
    const card = credentialCard(alice.page, name);
    await card.getByText('Delete this credential').click();
    await card.getByRole('button', { name: `Delete ${name} for good` }).click();
    await alice.page.getByText('Credential deleted with its documents and results').waitFor();
    await credentialCard(alice.page, name).waitFor({ state: 'detached' });
    expect(await query('select 1 from credentials where id = $1', [row.id])).toHaveLength(0);
    expect(await storedObjectExists(documentUrl)).toBe(false);
    await alice.context.close();
    await bob.context.close();
  });

  it('an evaluator verifies adjusted credits from the admin panel and the applicant sees phase 3 done with them', async () => {
    const applicant = newApplicant();
    const name = `Verified syllabus ${randomBytes(3).toString('hex')}`;
    const credentialId = await analyzedCredential(applicant, name, [
      { fileName: 'syllabus.pdf', fileType: 'application/pdf', bytes: await syllabusPdf() },
    ]);

    const { context, page } = await newPage();
    await page.goto('/admin');
    await page.getByLabel('Username').fill(e2e.evaluatorUsername);
    await page.getByLabel('Password').fill(e2e.evaluatorPassword);
    await Promise.all([page.waitForURL('**/admin/reviews'), page.getByRole('button', { name: 'Login' }).click()]);
    // The enrollment panel is not the evaluator's: it sends them back to the queue.
    await page.goto('/admin/panel');
    expect(new URL(page.url()).pathname).toBe('/admin/reviews');

    await page.getByLabel('Search').fill(name);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('link', { name }).click();
    await page.waitForURL(`**/admin/reviews/${credentialId}`);
    // The evaluation comes with the lines its figures were read from.
    await page.getByText('Evidence: where each figure was read').click();
    expect(await page.getByTestId('review-evidence').innerText()).toContain('syllabus.pdf, page 1');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'syllabus.pdf' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('syllabus.pdf');

    await page.getByLabel(/Credits to award/).fill('4.5');
    await page.getByLabel('Note for the applicant (optional)').fill('Contact hours confirmed');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByTestId('review-decision').getByText('Verified: 4.5 quarter credits').waitFor();
    await context.close();

    const visitor = await newPage();
    await actAs(visitor.context, applicant);
    await visitor.page.goto('/evaluation');
    const phase3 = visitor.page.getByTestId('evaluation-phase-3');
    expect(await phase3.getAttribute('data-state')).toBe('done');
    expect(await visitor.page.getByTestId('evaluation-phase-3-description').innerText()).toBe(
      'Credit awarded: 4.5 quarter credits',
    );
    const outcome = visitor.page
      .locator('[data-testid="analysis-result"]', { hasText: name })
      .getByTestId('review-outcome');
    expect(await outcome.innerText()).toContain('Credit verified: 4.5 quarter credits awarded.');
    expect(await outcome.innerText()).toContain('Contact hours confirmed');
    await visitor.context.close();
  });

  it('passes an axe audit (WCAG 2.1 AA) with no serious violation, empty and with results', async () => {
    const empty = await newPage();
    await empty.page.goto('/evaluation');
    await hydrated(empty.page);
    expect(await seriousViolations(empty.page)).toEqual([]);
    await empty.context.close();

    const applicant = newApplicant();
    await analyzedCredential(applicant, `Audited ${randomBytes(3).toString('hex')}`, [
      { fileName: 'syllabus.pdf', fileType: 'application/pdf', bytes: await syllabusPdf() },
    ]);
    const full = await newPage();
    await actAs(full.context, applicant);
    await full.page.goto('/evaluation');
    await hydrated(full.page);
    await full.page.getByRole('heading', { name: 'Analysis Results' }).waitFor();
    expect(await seriousViolations(full.page)).toEqual([]);
    await full.context.close();
  });

  it('mails a sign-in link from the page, and refuses a link that is not valid (without JavaScript)', async () => {
    const { context, page } = await newPage({ javaScriptEnabled: false });
    await page.goto('/evaluation');
    const panel = page.getByTestId('keep-evaluation');
    await panel.getByLabel('Email address').fill('ivy@example.org');
    await panel.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await page.getByTestId('keep-evaluation-message').getByText('We sent a sign-in link to ivy@example.org').waitFor();
    expect(await query('select 1 from sign_in_tokens where email = $1', ['ivy@example.org'])).toHaveLength(1);
    expect(
      await query(`select 1 from outbox where recipient = $1 and template = 'sign-in-link'`, ['ivy@example.org']),
    ).toHaveLength(1);

    await page.goto('/sign-in?token=not-a-real-token');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').getByText('This sign-in link is invalid, expired or already used').waitFor();
    await context.close();
  });
});
