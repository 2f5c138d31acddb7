import type { Page } from 'playwright-core';
import { login } from './support/admin';
import { closeBrowser, newPage, query } from './support/browser';

afterAll(closeBrowser);

const RESILIENT = 'Resilient Child Training';

/** A cohort far in the future, so other test files' cohorts cannot collide with it. */
async function ensureCohort(
  trainingName: string,
  cohortMonth: string,
  capacity: number | null = null,
): Promise<string> {
  await query(
    `insert into cohorts (id, training_name, cohort_month, capacity, created_at) values (gen_random_uuid(), $1, $2, $3, now())
     on conflict (training_name, cohort_month) do nothing`,
    [trainingName, cohortMonth, capacity],
  );
  const [row] = await query<{ id: string }>('select id from cohorts where training_name = $1 and cohort_month = $2', [
    trainingName,
    cohortMonth,
  ]);
  return row.id;
}

async function buyPlan(page: Page, name: string, email: string, cohortLabel: string): Promise<string> {
  await page.goto('/paymentplan');
  const entry = page
    .locator('details[data-testid="training"]')
    .filter({ has: page.locator('summary', { hasText: RESILIENT }) });
  await entry.locator('summary').click();
  await entry.getByRole('link', { name: /3 month payment plan/ }).click();
  await page.getByRole('heading', { name: 'Customer Information', exact: true }).waitFor();
  await page.getByLabel('Full Name').fill(name);
  await page.getByLabel('Email address').fill(email);
  const full = page.getByLabel('Cohort', { exact: true }).locator('option', { hasText: 'June 2033 (Full)' });
  expect(await full.isDisabled()).toBe(true);
  expect(await page.getByRole('link', { name: 'join its waitlist' }).getAttribute('href')).toMatch(/^\/waitlist\//);
  await page.getByLabel('Cohort', { exact: true }).selectOption({ label: cohortLabel });
  await page.getByLabel('Card number').fill('4242424242424242');
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay now' }).click();
  await page.waitForURL(/\/payment-success\?payment_intent=/);
  return new URL(page.url()).searchParams.get('payment_intent') ?? '';
}

function rowOf(page: Page, email: string) {
  return page.locator('main table tbody tr').filter({ hasText: email });
}

describe('admin panel as a business tool', () => {
  it("shows '1 of 3 paid' after a plan purchase, moves the student, refunds, finds a student on page 3, and shows each action in the audit trail", async () => {
    const april = await ensureCohort(RESILIENT, '2033-04');
    await ensureCohort(RESILIENT, '2033-05');
    await ensureCohort(RESILIENT, '2033-06', 0);
    const { context, page } = await newPage();

    // The buyer sees seats: a full cohort cannot be chosen and links its waitlist.
    const paymentIntentId = await buyPlan(page, 'Journey Student', 'journey.student@example.com', 'April 2033');
    expect(paymentIntentId).toMatch(/^pi_/);

    await login(page);
    await page.getByLabel('Search').fill('journey.student@');
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get('q') === 'journey.student@'),
      page.getByLabel('Search').press('Enter'),
    ]);
    const row = rowOf(page, 'journey.student@example.com');
    await row.waitFor();
    expect(await row.innerText()).toContain('1 of 3 paid');
    expect(await row.innerText()).toContain('Active');

    // The detail view: charges with the Stripe id, then a move to May keeps the payment.
    await row.getByRole('link', { name: 'Journey Student', exact: true }).click();
    await page.getByRole('heading', { name: 'Journey Student' }).waitFor();
    await page.getByText(paymentIntentId).first().waitFor();
    await page.locator('#move-cohort').selectOption({ label: 'May 2033' });
    await page.getByRole('button', { name: 'Move Student' }).click();
    await page.getByRole('status').filter({ hasText: 'Student moved successfully' }).first().waitFor();
    const [moved] = await query<{ cohort_month: string; payment_intent_id: string }>(
      `select c.cohort_month, e.payment_intent_id from enrollments e join cohorts c on c.id = e.cohort_id where e.payment_intent_id = $1`,
      [paymentIntentId],
    );
    expect(moved).toEqual({ cohort_month: '2033-05', payment_intent_id: paymentIntentId });
    expect(april).toBeDefined();
    const detailUrl = page.url();

    // A refund without JavaScript: the form posts, the page comes back with the notice and the new status.
    const noScript = await newPage({ javaScriptEnabled: false });
    await login(noScript.page);
    await noScript.page.goto(detailUrl);
    await noScript.page.getByLabel('Amount in dollars (empty: all that is left)').fill('999999');
    await noScript.page.getByRole('button', { name: 'Refund' }).click();
    await noScript.page.getByRole('alert').filter({ hasText: 'more than is left to refund' }).first().waitFor();
    await noScript.page.getByLabel('Amount in dollars (empty: all that is left)').fill('100');
    await noScript.page.getByLabel('Reason').fill('Changed plans');
    await noScript.page.getByRole('button', { name: 'Refund' }).click();
    await noScript.page.getByRole('status').filter({ hasText: 'Refund made successfully' }).first().waitFor();
    expect(await noScript.page.locator('dl').innerText()).toContain('Refunded');
    // The refund stopped the plan: billing restarts only by the explicit form, once the enrollment is active again.
    const restart = noScript.page.getByRole('form', { name: 'Restart billing' });
    await restart.getByText('Reactivate the enrollment before restarting its billing').waitFor();
    expect(await restart.getByRole('button', { name: 'Restart billing' }).isDisabled()).toBe(true);
    await noScript.context.close();

    // 149 more students: sorted by email, the one looked for is on page 3.
    await query(
      `insert into enrollments (id, student_name, student_email, training_name, cohort_id, payment_type, payment_amount,
         enrollment_status, notes, is_manual_entry, payment_intent_id, created_at)
       select gen_random_uuid(), 'Paged ' || lpad(n::text, 3, '0'), 'p' || lpad(n::text, 3, '0') || '@pages.example', $1, null,
         'full', 100, 'active', null, true, null, now()
       from generate_series(0, 148) n`,
      [RESILIENT],
    );
    await page.goto('/admin/panel');
    await page.getByLabel('Search').fill('pages.example');
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get('q') === 'pages.example'),
      page.getByLabel('Search').press('Enter'),
    ]);
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get('sort') === 'studentEmail'),
      page.getByRole('link', { name: 'Email', exact: true }).click(),
    ]);
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get('page') === '2'),
      page.getByRole('link', { name: 'Next' }).click(),
    ]);
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get('page') === '3'),
      page.getByRole('link', { name: 'Next' }).click(),
    ]);
    await rowOf(page, 'p120@pages.example').waitFor();
    expect(await page.getByText('149 enrollment(s) · page 3 of 3').count()).toBe(1);

    // The audit trail lists the move and the refund of that enrollment, by the admin who made them.
    await page.getByRole('link', { name: 'Audit Trail' }).click();
    await page.getByRole('heading', { name: 'Audit Trail' }).waitFor();
    const trail = await page.locator('main table tbody').innerText();
    expect(trail).toContain('enrollment.refund');
    expect(trail).toContain('enrollment.move');
    expect(trail).toContain('login');
    await context.close();
  });
});
