import { randomBytes } from 'node:crypto';
import { layoutPdf, scannedPdf } from '../../api/test/corpus/layout';
import { SEMESTER_TRANSCRIPT } from '../../api/test/corpus/transcripts';
import { closeBrowser, newPage, query } from './support/browser';
import { newApplicant, uploadDocument } from './support/evaluation-api';

afterAll(closeBrowser);

/**
 * The "done when": a transcript, as a text PDF and as a scan, uploaded and analyzed shows its courses, the
 * credit system, the quarter credits, the course equivalencies and the registrar, each with the line it came from.
 */
describe('a transcript in the browser', () => {
  it.each([
    ['a text PDF', 'northbridge-transcript.pdf', layoutPdf, { width: 1280, height: 900 }],
    ['a scanned PDF, on a phone', 'northbridge-scan.pdf', scannedPdf, { width: 390, height: 844 }],
  ])(
    '%s: courses, credit system, quarter credits, equivalencies and the registrar, each with its why',
    async (_label, fileName, make, viewport) => {
      const { context, page } = await newPage();
      await page.setViewportSize(viewport);
      await page.goto('/evaluation');
      await page.waitForFunction(() => document.querySelector('button[type="submit"][disabled]') !== null);
      const name = `Northbridge transcript ${randomBytes(3).toString('hex')}`;
      await page.getByLabel('Credential Name').fill(name);
      await page.getByRole('button', { name: 'Create Credential' }).click();
      const card = page.locator('[data-testid="credential"]', { hasText: name });
      await card.waitFor();
      const [{ id, owner_id: ownerId }] = await query<{ id: string; owner_id: string }>(
        'select id, owner_id from credentials where name = $1',
        [name],
      );
      await uploadDocument(newApplicant(ownerId), id, fileName, 'application/pdf', await make([SEMESTER_TRANSCRIPT]));
      await page.reload();
      await page.waitForFunction(() => document.querySelector('button[type="submit"][disabled]') !== null);
      await card.getByRole('button', { name: 'Analyze with AI' }).click();
      const results = page.locator('[data-testid="analysis-result"]', { hasText: name });
      await results.waitFor({ timeout: 80_000 });

      expect(await results.getByTestId('total-credits').innerText()).toBe('27 quarter credits');
      const courses = results.getByTestId('transcript-courses');
      expect(await courses.innerText()).toContain(
        '1 semester credit = 15 contact hours (as the document states) = 1.5 quarter credits; 27 quarter credits earned',
      );
      expect(await courses.locator('li').count()).toBe(8);
      const psy101 = courses.locator('li', { hasText: 'PSY 101' });
      expect(await psy101.innerText()).toContain(
        'Fall 2022: PSY 101 Introduction to Psychology, 3 semester credits, grade A = 4.5 quarter credits',
      );
      // "why" opens the quoted line with its document, page and line.
      await psy101.getByText('why').click();
      const why = psy101.getByTestId('evidence');
      expect(await why.locator('blockquote').innerText()).toContain('PSY 101 Introduction to Psychology 3.0 A');
      expect(await why.innerText()).toMatch(new RegExp(`${fileName}, page 1, line \\d+`));

      const equivalencies = results.getByTestId('course-equivalencies');
      expect(await equivalencies.locator('li').count()).toBe(3);
      expect(await equivalencies.innerText()).toContain(
        'PSY 101 Introduction to Psychology → PSY 101 Introduction to Psychology (4.5 credits)',
      );
      expect(await results.innerText()).toContain('and 2 more');
      const registrar = results.getByTestId('lead-contacts').locator('li', { hasText: 'hmarsh@northbridge.edu' });
      expect(await registrar.innerText()).toContain('Helen Marsh, University Registrar (Northbridge University)');
      await registrar.getByText('why').click();
      expect(await registrar.locator('blockquote').innerText()).toContain('hmarsh@northbridge.edu');
      const criterion = results.getByTestId('criterion-credentialSourceClarity');
      await criterion.getByText('why').click();
      expect(await criterion.locator('blockquote').innerText()).toBe('NORTHBRIDGE UNIVERSITY');
      expect(await results.getByTestId('criterion-learningObjectives').innerText()).toContain(
        'no line in the documents states it',
      );
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await context.close();
    },
  );
});
