import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { closeBrowser, e2e, newPage, query } from './support/browser';
import { storedObjectExists } from './support/storage';
import { SAMPLE_PNG, samplePdf } from '../../../tools/testing/sample-files';
import { applicantCookieHeader, newApplicant } from './support/evaluation-api';

afterAll(closeBrowser);

function uniqueName(prefix: string): string {
  return `${prefix} ${randomBytes(3).toString('hex')}`;
}

function credentialCard(page: Page, name: string) {
  return page.locator('[data-testid="credential"]', { hasText: name });
}

async function createCredential(page: Page, name: string): Promise<void> {
  await page.getByLabel('Credential Name').fill(name);
  await page.getByRole('button', { name: 'Create Credential' }).click();
  await credentialCard(page, name).waitFor();
}

/** Opens the credential's Uppy dialog and hands files to Uppy's own (hidden) file input. */
async function addFilesInDialog(
  page: Page,
  name: string,
  files: { name: string; mimeType: string; buffer: Buffer }[],
): Promise<void> {
  await credentialCard(page, name)
    .getByRole('button', { name: /Upload Documents/ })
    .click();
  await page.locator('.uppy-Dashboard--modal .uppy-Dashboard-inner').waitFor();
  await page.locator('.uppy-Dashboard-input').first().setInputFiles(files);
}

describe('credential evaluation page', () => {
  it('shows the title, the three-phase indicator, the info cards and the two status panels', async () => {
    const { context, page } = await newPage();
    await page.goto('/evaluation');
    expect(await page.title()).toBe('Transcript and Certificate Evaluation');
    await page.getByRole('heading', { level: 1, name: 'Transcript and Certificate Evaluation' }).waitFor();
    await page.getByRole('img', { name: 'Logo' }).waitFor();
    await page.getByRole('heading', { name: 'Evaluation Process' }).waitFor();
    for (const [title, description] of [
      ['Document Upload', 'Credential upload and initial review'],
      ['Academic Rigor Assessment', '7-factor evaluation criteria'],
      ['Credit Verification', 'Credit awarded in 2-3 days'],
    ]) {
      await page.getByText(title, { exact: true }).first().waitFor();
      await page.getByText(description, { exact: true }).waitFor();
    }
    expect(await page.locator('[data-testid^="evaluation-phase-"][aria-current="step"]').count()).toBe(1);
    await page.getByRole('heading', { name: 'Upload Credentials' }).waitFor();
    await page.getByRole('heading', { name: 'How We Analyze Your Credentials' }).waitFor();
    await page.getByRole('heading', { name: 'Document Requirements' }).waitFor();
    const text = await page.locator('main').innerText();
    expect(text).toContain('1 quarter credit = 10 contact hours');
    expect(text).toContain('70% minimum topic overlap');
    expect(text).toContain('English or certified translations');
    expect(text).toContain('PDF, DOC, DOCX, JPG and PNG');
    await page.getByRole('heading', { name: 'System Implementation Status' }).waitFor();
    await page.getByRole('heading', { name: 'Email Draft Integration' }).waitFor();
    await context.close();
  });

  it('creates a credential, uploads a PDF and a PNG through the Uppy dialog and offers the analysis', async () => {
    const { context, page } = await newPage();
    await page.goto('/evaluation');
    const create = page.getByRole('button', { name: 'Create Credential' });
    await page.waitForFunction(() => document.querySelector('button[type="submit"][disabled]') !== null);
    expect(await create.isDisabled()).toBe(true);
    await page.getByLabel('Credential Name').fill('   ');
    expect(await create.isDisabled()).toBe(true);

    const name = uniqueName('BA Psychology');
    await page.getByLabel('Credential Name').fill(`  ${name}  `);
    expect(await create.isEnabled()).toBe(true);
    await create.click();
    await page.getByText('Credential created successfully').waitFor();
    const card = credentialCard(page, name);
    await card.waitFor();
    expect(await card.getByTestId('credential-status').innerText()).toBe('Pending');
    expect(await page.getByLabel('Credential Name').inputValue()).toBe('');
    expect(await card.getByRole('button', { name: 'Analyze with AI' }).count()).toBe(0);

    const pdf = await samplePdf();
    await addFilesInDialog(page, name, [
      { name: 'Official_Transcript.pdf', mimeType: 'application/pdf', buffer: pdf },
      { name: 'certificate-scan.png', mimeType: 'image/png', buffer: SAMPLE_PNG },
    ]);
    await page.getByText('PDF, DOC, DOCX, JPG and PNG', { exact: false }).first().waitFor();
    await page.locator('.uppy-StatusBar-actionBtn--upload').click();
    await page.getByText('2 file(s) uploaded successfully').waitFor();

    const documents = card.getByTestId('document');
    await documents.nth(1).waitFor();
    expect(await documents.count()).toBe(2);
    const transcript = card.getByTestId('document').filter({ hasText: 'Official_Transcript.pdf' });
    expect(await transcript.getByTestId('document-type').innerText()).toBe('Transcript');
    const certificate = card.getByTestId('document').filter({ hasText: 'certificate-scan.png' });
    expect(await certificate.getByTestId('document-type').innerText()).toBe('Certificate');
    expect(await certificate.innerText()).toContain(`${SAMPLE_PNG.length} B`);
    await card.getByRole('button', { name: 'Analyze with AI' }).waitFor();

    const rows = await query<{ file_name: string; file_type: string; file_size: number; document_type: string }>(
      `select d.file_name, d.file_type, d.file_size, d.document_type
         from credential_documents d join credentials c on c.id = d.credential_id
        where c.name = $1 order by d.file_name`,
      [name],
    );
    expect(rows).toEqual([
      {
        file_name: 'Official_Transcript.pdf',
        file_type: 'application/pdf',
        file_size: pdf.length,
        document_type: 'transcript',
      },
      {
        file_name: 'certificate-scan.png',
        file_type: 'image/png',
        file_size: SAMPLE_PNG.length,
        document_type: 'certificate',
      },
    ]);
    await context.close();
  });

  it('refuses a sixth file and an oversize file in the dialog with Uppy messages', async () => {
    const { context, page } = await newPage();
    await page.goto('/evaluation');
    const name = uniqueName('Limits');
    await createCredential(page, name);

    const scan = (index: number) => ({ name: `scan-${index}.png`, mimeType: 'image/png', buffer: SAMPLE_PNG });
    // Uppy checks a selection as a whole: six at once are refused together, five are taken.
    await addFilesInDialog(page, name, [1, 2, 3, 4, 5, 6].map(scan));
    await page.getByText('You can only upload 5 files').first().waitFor();
    expect(await page.locator('.uppy-Dashboard-Item').count()).toBe(0);
    await page.locator('.uppy-Dashboard-input').first().setInputFiles([1, 2, 3, 4, 5].map(scan));
    await page.locator('.uppy-Dashboard-Item').nth(4).waitFor();
    expect(await page.locator('.uppy-Dashboard-Item').count()).toBe(5);

    await page.reload();
    const oversize = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(10485760, 0x20)]);
    await addFilesInDialog(page, name, [{ name: 'huge-syllabus.pdf', mimeType: 'application/pdf', buffer: oversize }]);
    await page.getByText('huge-syllabus.pdf exceeds maximum allowed size of 10 MB').first().waitFor();
    expect(await page.locator('.uppy-Dashboard-Item').count()).toBe(0);
    expect(await credentialCard(page, name).getByTestId('document').count()).toBe(0);
    await context.close();
  });

  it('reports a file the server refuses by its content, and does not list it', async () => {
    const { context, page } = await newPage();
    await page.goto('/evaluation');
    const name = uniqueName('Disguised');
    await createCredential(page, name);
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(4096, 0x90)]);
    await addFilesInDialog(page, name, [{ name: 'transcript.pdf', mimeType: 'application/pdf', buffer: exe }]);
    await page.locator('.uppy-StatusBar-actionBtn--upload').click();
    await page.getByText('Only PDF, DOC, DOCX, JPG and PNG files are accepted', { exact: false }).waitFor();
    await page.keyboard.press('Escape');
    await page.reload();
    expect(await credentialCard(page, name).getByTestId('document').count()).toBe(0);
    expect(
      await query(
        'select 1 from credential_documents d join credentials c on c.id = d.credential_id where c.name = $1',
        [name],
      ),
    ).toHaveLength(0);
    await context.close();
  });

  it('passes an incomplete registration through to the API, which refuses it and removes the uploaded file', async () => {
    const applicant = newApplicant();
    const cookie = await applicantCookieHeader(applicant);
    expect((await fetch(`${e2e.webUrl}/resources/upload-url`, { method: 'POST' })).status).toBe(401);
    const presign = await fetch(`${e2e.webUrl}/resources/upload-url`, { method: 'POST', headers: { cookie } });
    expect(presign.status).toBe(200);
    const { uploadURL } = (await presign.json()) as { uploadURL: string };
    expect(
      (
        await fetch(uploadURL, {
          method: 'PUT',
          body: new Uint8Array(SAMPLE_PNG),
          headers: { 'content-type': 'image/png' },
        })
      ).ok,
    ).toBe(true);
    await query('insert into applicants (id, email, created_at) values ($1, null, now())', [applicant.id]);
    const [credential] = await query<{ id: string }>(
      `insert into credentials (id, name, owner_id, status, created_at, updated_at)
      values (gen_random_uuid(), $1, $2, 'pending', now(), now()) returning id`,
      [uniqueName('Incomplete'), applicant.id],
    );

    const refused = await fetch(`${e2e.webUrl}/resources/upload-complete`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ uploadURL, credentialId: credential.id, fileName: 'scan.png', fileType: 'image/png' }),
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toContain('fileSize');
    expect(await query('select 1 from credential_documents where credential_id = $1', [credential.id])).toHaveLength(0);
    // The embedded store refuses unsigned reads; asked with its keys, the object the browser uploaded is gone.
    const url = new URL(uploadURL);
    expect((await fetch(`${url.origin}${url.pathname}`)).status).toBe(403);
    expect(await storedObjectExists(uploadURL)).toBe(false);
  });

  it('creates a credential without JavaScript and says that uploading needs it', async () => {
    const { context, page } = await newPage({ javaScriptEnabled: false });
    await page.goto('/evaluation');
    await page.getByRole('button', { name: 'Create Credential' }).click();
    await page.getByText('Name is required').waitFor();

    const name = uniqueName('No script');
    await page.getByLabel('Credential Name').fill(name);
    await page.getByRole('button', { name: 'Create Credential' }).click();
    const card = credentialCard(page, name);
    await card.waitFor();
    expect(await card.innerText()).toContain('Uploading documents needs JavaScript');
    expect(await query('select 1 from credentials where name = $1', [name])).toHaveLength(1);
    await context.close();
  });
});
