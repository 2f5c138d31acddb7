import { randomBytes } from 'node:crypto';
import { syllabusPdf } from '../../api/test/fixtures/syllabus';
import { closeBrowser, e2e, newPage, query } from './support/browser';
import { actAs, newApplicant, uploadDocument } from './support/evaluation-api';

afterAll(closeBrowser);

describe('starting a failed analysis again', () => {
  it('offers "Analyze with AI" for a failed credential exactly when the API accepts it', async () => {
    const owner = newApplicant();
    const name = `Interrupted ${randomBytes(3).toString('hex')}`;
    const created = await fetch(`${e2e.apiUrl}/api/credentials`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...owner.headers() },
      body: JSON.stringify({ name }),
    });
    const { id } = (await created.json()) as { id: string };
    await uploadDocument(owner, id, 'syllabus.pdf', 'application/pdf', await syllabusPdf());
    const { context, page } = await newPage({ javaScriptEnabled: false });
    await actAs(context, owner);
    const card = page.locator('[data-testid="credential"]', { hasText: name });
    const button = card.getByRole('button', { name: 'Analyze with AI' });

    // Its documents could not be read, and none was added since: no button, and the API refuses (409).
    await query(
      `update credentials set status = 'failed', failure_kind = 'documents', analysis_started_at = now() + interval '1 minute',
         failure_reason = 'Individual Document Analysis failed: syllabus.pdf has no readable text' where id = $1`,
      [id],
    );
    await page.goto('/evaluation');
    await card.getByText('has no readable text').waitFor();
    expect(await button.count()).toBe(0);
    const refused = await fetch(`${e2e.apiUrl}/api/credentials/${id}/analyze`, {
      method: 'POST',
      headers: owner.headers(),
    });
    expect(refused.status).toBe(409);

    // Cut off by a restart: the button is offered and pressing it starts the analysis again.
    await query(
      `update credentials set failure_kind = 'interrupted',
         failure_reason = 'The analysis was interrupted when the server restarted and was not tried again. Please start it again.'
       where id = $1`,
      [id],
    );
    await page.goto('/evaluation');
    await button.click();
    await page.waitForLoadState();
    const [row] = await query<{ status: string }>('select status from credentials where id = $1', [id]);
    expect(['analyzing', 'completed']).toContain(row.status);
    await context.close();
  });
});
