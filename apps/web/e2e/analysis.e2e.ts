import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { certificatePng } from '../../api/test/fixtures/certificate';
import { SYLLABUS_AND_CERTIFICATE_EVALUATION } from '../../api/test/fixtures/expected';
import { flyerPdf, syllabusPdf } from '../../api/test/fixtures/syllabus';
import { closeBrowser, newPage, query } from './support/browser';
import { newApplicant, uploadDocument } from './support/evaluation-api';

afterAll(closeBrowser);

function credentialCard(page: Page, name: string) {
  return page.locator('[data-testid="credential"]', { hasText: name });
}

/** A credential created on /evaluation in a new browser (hydrated), with its card and its owner's API access. */
async function createCredentialInBrowser(prefix: string) {
  const { context, page } = await newPage();
  await page.goto('/evaluation');
  // Hydrated: the create button is disabled by script while the name is empty.
  await page.waitForFunction(() => document.querySelector('button[type="submit"][disabled]') !== null);
  const name = `${prefix} ${randomBytes(3).toString('hex')}`;
  await page.getByLabel('Credential Name').fill(name);
  await page.getByRole('button', { name: 'Create Credential' }).click();
  const card = credentialCard(page, name);
  await card.waitFor();
  const [{ id: credentialId, owner_id: ownerId }] = await query<{ id: string; owner_id: string }>(
    'select id, owner_id from credentials where name = $1',
    [name],
  );
  return { context, page, name, card, credentialId, owner: newApplicant(ownerId) };
}

describe('credential analysis in the browser', () => {
  it('uploads a syllabus and a certificate, analyzes them with the progress shown, and shows the results', async () => {
    const [syllabus, certificate] = await Promise.all([syllabusPdf(), certificatePng()]);
    const { context, page, name, card, credentialId, owner } =
      await createCredentialInBrowser('Psychosomatic training');
    // The Uppy dialog has its own journey (evaluation.e2e.ts); here the files take the same API path it uses:
    // a presigned URL, one PUT to storage, then registration.
    await uploadDocument(owner, credentialId, 'psychosomatic-syllabus.pdf', 'application/pdf', syllabus);
    await uploadDocument(owner, credentialId, 'completion-certificate.png', 'image/png', certificate);
    await page.reload();
    await page.waitForFunction(() => document.querySelector('button[type="submit"][disabled]') !== null);

    await card.getByRole('button', { name: 'Analyze with AI' }).click();
    await page.getByText('Your credentials are being analyzed. This may take a few minutes.').waitFor();
    // The page polls while analyzing: the six-phase progress bar shows, then gives way to the results.
    const results = page.locator('[data-testid="analysis-result"]', { hasText: name });
    await Promise.race([
      card.getByRole('progressbar').waitFor({ timeout: 60_000 }),
      results.waitFor({ timeout: 60_000 }),
    ]);
    await results.waitFor({ timeout: 60_000 });
    expect(await card.getByRole('progressbar').count()).toBe(0);
    await page.getByRole('heading', { name: 'Analysis Results' }).waitFor();

    const expected = SYLLABUS_AND_CERTIFICATE_EVALUATION;
    expect(await results.getByTestId('total-credits').innerText()).toBe(`${expected.totalCredits} quarter credits`);
    expect(await results.getByTestId('rigor-score').innerText()).toBe(`${expected.rigorScore}/10`);
    expect(await results.getByTestId('minimum-requirements').innerText()).toBe('Met');
    expect(await results.getByTestId('criterion-instructionHours').innerText()).toContain('Instruction hours: met');
    const text = await results.innerText();
    for (const course of expected.matchedCourses) expect(text).toContain(course);
    expect(text).toContain(expected.certificateDetails.recipientName);
    expect(text).toContain(expected.certificateDetails.completionDate);
    expect(text).toContain('samuel.ortiz@mindbody-institute.org');
    expect(await results.getByTestId('course-equivalencies').locator('li').count()).toBe(2);

    const [row] = await query<{ status: string }>('select status from credentials where name = $1', [name]);
    expect(row.status).toBe('completed');
    await context.close();
  });

  it('evaluates the readable document of a credential and lists the damaged one, with its reason, above the results', async () => {
    const [syllabus, flyer] = await Promise.all([syllabusPdf(), flyerPdf()]);
    const { context, page, name, card, credentialId, owner } = await createCredentialInBrowser('One damaged document');
    await uploadDocument(owner, credentialId, 'psychosomatic-syllabus.pdf', 'application/pdf', syllabus);
    // A PDF cut off after 200 bytes: it passes the upload's signature check, but no reader can open it.
    await uploadDocument(owner, credentialId, 'course-outline.pdf', 'application/pdf', flyer.subarray(0, 200));
    await page.reload();
    await page.waitForFunction(() => document.querySelector('button[type="submit"][disabled]') !== null);

    await card.getByRole('button', { name: 'Analyze with AI' }).click();
    const results = page.locator('[data-testid="analysis-result"]', { hasText: name });
    await results.waitFor({ timeout: 90_000 });

    // A labelled region a screen reader can jump to, named with its credential (one region per credential), naming
    // the document and why, before the figures.
    const notices = results.getByRole('region', { name: `A document could not be read in ${name}`, exact: true });
    await notices.waitFor();
    expect(await notices.innerText()).toContain(
      'This evaluation is based on the readable documents only (1 of 2 documents): 1 document could not be read.',
    );
    expect(await notices.getByRole('listitem').allInnerTexts()).toEqual([
      'Could not read course-outline.pdf: This PDF could not be read; the file is damaged or incomplete.',
    ]);
    // The syllabus alone was evaluated: its 36 hours are 3.6 quarter credits.
    expect(await results.getByTestId('total-credits').innerText()).toBe('3.6 quarter credits');
    const [row] = await query<{ status: string }>('select status from credentials where id = $1', [credentialId]);
    expect(row.status).toBe('completed');
    await context.close();
  });
});
