import {
  COHORT_FORM_MESSAGES,
  CUSTOMER_FORM_MESSAGES,
  ENROLLMENT_ACTION_MESSAGES,
  LOGIN_FORM_MESSAGES,
  REVIEW_DECISION_MESSAGES,
} from '@app/domain';
import type { Locator, Page } from 'playwright-core';
import { login } from './support/admin';
import { closeBrowser, e2e, newPage, query } from './support/browser';
import { analyzedCredential, newApplicant } from './support/evaluation-api';
import { syllabusPdf } from '../../api/test/fixtures/syllabus';

afterAll(closeBrowser);

/** A manual enrollment recorded through the API as the admin; its id. */
async function manualEnrollment(studentEmail: string): Promise<string> {
  const post = (path: string, body: unknown, token?: string) =>
    fetch(`${e2e.apiUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    }).then((response) => response.json() as Promise<{ token?: string; id?: string }>);
  const { token } = await post('/api/admin/login', { username: e2e.adminUsername, password: e2e.adminPassword });
  const enrollment = await post(
    '/api/admin/enrollments',
    {
      studentName: 'Formy McForm',
      studentEmail,
      trainingName: 'Resilient Child Training',
      cohortId: null,
      paymentType: 'full',
      paymentAmount: 5000,
      enrollmentStatus: 'active',
      notes: null,
      isManualEntry: true,
    },
    token,
  );
  return enrollment.id ?? '';
}

/** With FORMS_SHOTS=<dir>, a screenshot of the page at 1280 and 390 px wide (for looking at, not asserted). */
async function shots(page: Page, name: string): Promise<void> {
  const dir = process.env.FORMS_SHOTS;
  if (!dir) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
}

/** The message a control points at through aria-describedby, when it is marked invalid. */
async function fieldError(control: Locator): Promise<string | null> {
  if ((await control.getAttribute('aria-invalid')) !== 'true') return null;
  const ids = (await control.getAttribute('aria-describedby'))?.split(' ') ?? [];
  const page: Page = control.page();
  const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).innerText()));
  return texts.join(' | ');
}

describe('forms answer a bad submission beside each field, with what was typed (issue 27)', () => {
  it.each([false, true])('the waitlist form (JavaScript %p)', async (javaScriptEnabled) => {
    await query(
      `insert into cohorts (id, training_name, cohort_month, capacity, created_at)
       values (gen_random_uuid(), 'Parts Therapy Practitioner', '2034-02', 0, now()) on conflict do nothing`,
    );
    const [cohort] = await query<{ id: string }>(
      `select id from cohorts where training_name = 'Parts Therapy Practitioner' and cohort_month = '2034-02'`,
    );
    const { context, page } = await newPage({ javaScriptEnabled });
    await page.goto(`/waitlist/${cohort?.id}`);
    await page.getByLabel('Full Name').fill('   ');
    // An address the browser's own check lets through, but the form's rule does not (no dot in the domain).
    await page.getByLabel('Email address').fill('walt@localhost');
    await page.getByRole('button', { name: 'Join Waitlist' }).click();
    await page.getByRole('alert').filter({ hasText: CUSTOMER_FORM_MESSAGES.required }).waitFor();

    expect(await fieldError(page.getByLabel('Full Name'))).toBe(CUSTOMER_FORM_MESSAGES.required);
    expect(await fieldError(page.getByLabel('Email address'))).toBe(CUSTOMER_FORM_MESSAGES.email);
    expect(await page.getByLabel('Email address').inputValue()).toBe('walt@localhost');
    const entries = await query('select 1 from cohort_waitlist_entries where cohort_id = $1', [cohort?.id]);
    expect(entries).toEqual([]);
    await context.close();
    // Other test files buy this training without a cohort: a cohort left behind would make them choose one.
    await query('delete from cohorts where id = $1', [cohort?.id]);
  });

  it('the admin login form, without JavaScript: the username comes back, the password never does', async () => {
    const { context, page } = await newPage({ javaScriptEnabled: false });
    await page.goto('/admin');
    // The browser's own "required" check would stop the submission first; the server must answer alike without it.
    await page.locator('form').evaluate((form) => ((form as HTMLFormElement).noValidate = true));
    await page.getByLabel('Username').fill('someone');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Please enter your username and password').waitFor();

    expect(await fieldError(page.getByLabel('Password'))).toBe(LOGIN_FORM_MESSAGES.password);
    expect(await fieldError(page.getByLabel('Username'))).toBeNull();
    expect(await page.getByLabel('Username').inputValue()).toBe('someone');
    await context.close();
  });

  it.each([false, true])('the Create Cohort dialog (JavaScript %p)', async (javaScriptEnabled) => {
    const { context, page } = await newPage({ javaScriptEnabled });
    await login(page);
    await page.goto('/admin/panel?dialog=create-cohort');
    const dialog = page.getByRole('dialog', { name: 'Create New Cohort' });
    await dialog.getByLabel('Month').selectOption({ label: 'March' });
    await dialog.getByLabel('Seats (optional)').fill('12');
    await dialog.getByRole('button', { name: 'Create Cohort' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Error: Please fill in all fields' }).waitFor();

    expect(await fieldError(dialog.getByLabel('Training'))).toBe(COHORT_FORM_MESSAGES.trainingName);
    expect(await fieldError(dialog.getByLabel('Year'))).toBe(COHORT_FORM_MESSAGES.cohortMonth);
    expect(await fieldError(dialog.getByLabel('Seats (optional)'))).toBeNull();
    expect(await dialog.getByLabel('Month').inputValue()).toBe('03');
    expect(await dialog.getByLabel('Seats (optional)').inputValue()).toBe('12');
    await context.close();
  });
  it('the enrollment detail page without JavaScript: a bad refund and a move without a cohort, each in its own form', async () => {
    const id = await manualEnrollment(`formy-${Date.now()}@example.com`);
    const { context, page } = await newPage({ javaScriptEnabled: false });
    await login(page);
    await page.goto(`/admin/panel/enrollments/${id}`);
    const refund = page.getByRole('form', { name: 'Refund' });
    await refund.getByLabel(/Amount in dollars/).fill('ten dollars');
    await refund.getByLabel('Reason').fill('Goodwill');
    // A manual entry cannot be refunded, so the button is disabled: submit the form as a browser without JS would.
    // submit() starts a navigation without waiting for it: wait for the answered page, not the current one's load.
    const refunded = page.waitForResponse((response) => response.request().method() === 'POST');
    await refund.evaluate((form) => (form as HTMLFormElement).submit());
    await refunded;
    await page.locator('#refund-amount-error').waitFor();
    expect(await fieldError(page.getByLabel(/Amount in dollars/))).toBe(ENROLLMENT_ACTION_MESSAGES.refundAmount);
    expect(await page.getByLabel(/Amount in dollars/).inputValue()).toBe('ten dollars');
    expect(await page.getByRole('form', { name: 'Refund' }).getByLabel('Reason').inputValue()).toBe('Goodwill');
    await shots(page, 'enrollment-refund');

    const move = page.getByRole('form', { name: 'Move student' });
    const moved = page.waitForResponse((response) => response.request().method() === 'POST');
    await move.evaluate((form) => (form as HTMLFormElement).submit());
    await moved;
    await page.locator('#move-cohort-error').waitFor();
    expect(await fieldError(page.getByLabel('New cohort'))).toBe(ENROLLMENT_ACTION_MESSAGES.moveCohortId);
    // The other forms stay as they were: the refund's values and message belong to the refund.
    expect(await fieldError(page.getByLabel(/Amount in dollars/))).toBeNull();
    expect(await page.getByLabel('Cohort', { exact: true }).getAttribute('aria-invalid')).toBeNull();
    await shots(page, 'enrollment-move');
    await context.close();
  });

  it('a review decision without JavaScript: credits in hundredths are refused beside the field, as typed', async () => {
    const credentialId = await analyzedCredential(newApplicant(), `Forms review ${Date.now()}`, [
      { fileName: 'syllabus.pdf', fileType: 'application/pdf', bytes: await syllabusPdf() },
    ]);
    const { context, page } = await newPage({ javaScriptEnabled: false });
    await login(page);
    await page.goto(`/admin/reviews/${credentialId}`);
    await page.getByLabel(/Credits to award/).fill('3.25');
    await page.getByLabel('Note for the applicant (optional)').fill('Hours checked');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForLoadState('load');
    expect(await fieldError(page.getByLabel(/Credits to award/))).toBe(REVIEW_DECISION_MESSAGES.awardedCreditsTenths);
    expect(await page.getByLabel(/Credits to award/).inputValue()).toBe('3.25');
    expect(await page.getByLabel('Note for the applicant (optional)').inputValue()).toBe('Hours checked');
    expect(await fieldError(page.getByLabel('Reason (the applicant reads it)'))).toBeNull();
    await shots(page, 'review-verify');
    await context.close();
  });
});
