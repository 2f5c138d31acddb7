import type { Page } from 'playwright-core';
import { login } from './support/admin';
import { closeBrowser, e2e, newPage, query } from './support/browser';

afterAll(closeBrowser);

const RESILIENT = 'Resilient Child Training';

interface CaughtMail {
  subject: string;
  to: Array<{ address: string }>;
  text: string;
  html: string;
}

/** Waits for MailDev (the SMTP server the API sends to) to hold a mail for `address` whose subject matches. */
async function mailTo(address: string, subject: RegExp): Promise<CaughtMail> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const mails = (await (await fetch(`${e2e.mailApiUrl}/api/email`)).json()) as CaughtMail[];
    const found = mails.find((m) => m.to.some((t) => t.address === address) && subject.test(m.subject));
    if (found) return found;
    if (Date.now() > deadline)
      throw new Error(`No mail to ${address} matching ${subject}: ${mails.map((m) => m.subject).join(' | ')}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function adminToken(): Promise<string> {
  const response = await fetch(`${e2e.apiUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: e2e.adminUsername, password: e2e.adminPassword }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

function enrollmentRow(page: Page, email: string) {
  return page.locator('tbody tr').filter({ hasText: email });
}

describe('mails of a payment plan and the update-card page', () => {
  it('declines the second month of a plan bought with 4000 0000 0000 0341, mails a link, and a new card brings the plan back', async () => {
    const email = 'una.update@example.com';
    const { context, page } = await newPage();
    await page.goto('/paymentplan');
    const entry = page
      .locator('details[data-testid="training"]')
      .filter({ has: page.locator('summary', { hasText: RESILIENT }) });
    await entry.locator('summary').click();
    await entry.getByRole('link', { name: /3 month payment plan/i }).click();
    await page.getByLabel('Full Name').fill('Una Update');
    await page.getByLabel('Email address').fill(email);
    const cohort = page.getByLabel('Cohort', { exact: true });
    if ((await cohort.count()) > 0) await cohort.selectOption({ index: 1 });
    await page.getByLabel('Card number').fill('4000 0000 0000 0341');
    await page.getByLabel('Expiry').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay now' }).click();
    await page.waitForURL(/\/payment-success\?payment_intent=/);
    const paymentIntentId = new URL(page.url()).searchParams.get('payment_intent') ?? '';

    const confirmation = await mailTo(email, /^Your purchase is confirmed/);
    expect(confirmation.text).toContain(paymentIntentId);
    expect(confirmation.text).toContain('first of 3 monthly installments');

    // A month passes: the installment falls due and the hourly job runs.
    await query(
      `update payments set next_installment_at = now() - interval '1 minute' where provider_payment_id = $1`,
      [paymentIntentId],
    );
    const run = await fetch(`${e2e.apiUrl}/api/admin/installments/run`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await adminToken()}` },
    });
    expect(run.status).toBe(200);
    expect(((await run.json()) as { failed: number }).failed).toBeGreaterThanOrEqual(1);

    const declined = await mailTo(email, /^Action needed: installment 2 of 3 was declined$/);
    expect(declined.text).toContain('$516.67');
    const link = /(http:\/\/127\.0\.0\.1:\d+\/billing\/update-card\?token=[\w.%-]+)/.exec(declined.text)?.[1];
    if (!link) throw new Error(`No update-card link in the mail: ${declined.text}`);
    expect(link.startsWith(e2e.webUrl)).toBe(true);

    await login(page);
    await enrollmentRow(page, email).getByText('Past due').waitFor();
    await enrollmentRow(page, email).getByText('1 of 3 paid').waitFor();

    // The update-card page works without JavaScript, like the checkout.
    const noScript = await newPage({ javaScriptEnabled: false });
    await noScript.page.goto(link);
    await noScript.page.getByRole('heading', { name: 'Update your card' }).waitFor();
    expect(await noScript.page.getByTestId('plan-status').innerText()).toBe(
      '1 of 3 installments paid; installment 2 is past due.',
    );
    await noScript.page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await noScript.page.getByRole('button', { name: 'Save card and pay $516.67' }).click();
    expect(await noScript.page.getByRole('alert').innerText()).toBe('Your card was declined.');
    await noScript.page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await noScript.page.getByLabel('Expiry').fill('12/34');
    await noScript.page.getByLabel('CVC').fill('123');
    await noScript.page.getByRole('button', { name: 'Save card and pay $516.67' }).click();
    await noScript.page.getByText('Thank you: your new card is saved and installment 2 of 3 is paid.').waitFor();
    expect(await noScript.page.getByTestId('plan-status').innerText()).toBe(
      '2 of 3 installments paid: your plan is up to date.',
    );
    await noScript.context.close();

    await mailTo(email, /^Receipt: installment 2 of 3/);
    await page.goto('/admin/panel');
    const row = enrollmentRow(page, email);
    await row.waitFor();
    expect(await row.getByText('Past due').count()).toBe(0);
    await row.getByText('2 of 3 paid').waitFor();
    const [plan] = await query<{ plan_status: string; installments_paid: number }>(
      'select plan_status, installments_paid from payments where provider_payment_id = $1',
      [paymentIntentId],
    );
    expect(plan).toEqual({ plan_status: 'active', installments_paid: 2 });

    await row.getByRole('link', { name: 'Mails sent to Una Update' }).click();
    await page.getByRole('heading', { name: 'Mails of this enrollment' }).waitFor();
    const subjects = await page.locator('tbody tr td:first-child').allInnerTexts();
    expect(subjects).toEqual([
      `Your purchase is confirmed: ${RESILIENT}`,
      'Action needed: installment 2 of 3 was declined',
      'Receipt: installment 2 of 3 ($516.67)',
    ]);
    expect(await page.locator('tbody tr').filter({ hasText: 'sent' }).count()).toBe(3);

    const expired = await newPage();
    await expired.page.goto(`${link}tampered`);
    expect(await expired.page.getByRole('alert').innerText()).toBe(
      'This link is invalid or has expired. Please contact us for a new one.',
    );
    await expired.context.close();
    await context.close();
  });
});
