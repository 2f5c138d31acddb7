import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CARD_UPDATE_FORM_MESSAGES, formatLongDateUtc } from '@app/domain';
import type { Page } from 'playwright-core';
import { login } from './support/admin';
import { closeBrowser, e2e, newPage, query } from './support/browser';

afterAll(closeBrowser);

const PARTS = 'Parts Therapy Practitioner';

interface CaughtMail {
  subject: string;
  to: Array<{ address: string }>;
  text: string;
}

/** Waits for the mail catcher (MailDev) to hold a mail for `address` whose subject matches. */
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

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical WCAG 2.1 A/AA violations of the page (as records.e2e.ts runs it). */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    type Violation = { id: string; impact: string | null };
    const axe = (window as unknown as { axe: { run(c: Document, o: unknown): Promise<{ violations: Violation[] }> } })
      .axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
}

/** The text of a PDF as unpdf (pdf.js) reads it, in a child Node process (pdf.js is an ES module). */
function pdfText(file: string): string {
  const script = `import('unpdf').then(async ({ extractText }) => {
    const { text } = await extractText(new Uint8Array(require('node:fs').readFileSync(process.argv[1])), { mergePages: true });
    process.stdout.write(text);
  })`;
  return execFileSync(process.execPath, ['-e', script, file], { cwd: __dirname, encoding: 'utf8' });
}

describe('the trainee’s account', () => {
  it('signs in by the mailed link, shows "1 of 3 paid" with the next charge, gives the receipt PDF, updates the card and cancels the plan (its seat offered to the waitlist), all without JavaScript', async () => {
    const email = `tara.trainee.${Date.now()}@example.com`;

    // A cohort with one seat, far in the future so no other test file's cohort collides with it.
    await query(
      `insert into cohorts (id, training_name, cohort_month, capacity, created_at)
       values (gen_random_uuid(), $1, '2034-03', 1, now()) on conflict (training_name, cohort_month) do nothing`,
      [PARTS],
    );
    const [{ id: cohortId }] = await query<{ id: string }>(
      `select id from cohorts where training_name = $1 and cohort_month = '2034-03'`,
      [PARTS],
    );

    // A 3-month plan bought on the payment page (with JavaScript, as a buyer would).
    const buyer = await newPage();
    await buyer.page.goto('/paymentplan');
    const entry = buyer.page
      .locator('details[data-testid="training"]')
      .filter({ has: buyer.page.locator('summary', { hasText: PARTS }) });
    await entry.locator('summary').click();
    await entry.getByRole('link', { name: /3 month payment plan/i }).click();
    await buyer.page.getByLabel('Full Name').fill('Tara Trainee');
    await buyer.page.getByLabel('Email address').fill(email);
    await buyer.page.getByLabel('Cohort', { exact: true }).selectOption({ label: 'March 2034 (1 seat left)' });
    await buyer.page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await buyer.page.getByLabel('Expiry').fill('12/34');
    await buyer.page.getByLabel('CVC').fill('123');
    await buyer.page.getByRole('button', { name: 'Pay now' }).click();
    await buyer.page.waitForURL(/\/payment-success\?payment_intent=/);
    const paymentIntentId = new URL(buyer.page.url()).searchParams.get('payment_intent') ?? '';
    const confirmation = await mailTo(email, /^Your purchase is confirmed/);
    expect(confirmation.text).toContain(`${e2e.webUrl}/account`);
    await buyer.context.close();

    // The cohort is full now: someone joins its waitlist.
    const waiter = `walt.waitlist.${Date.now()}@example.com`;
    const joined = await fetch(`${e2e.apiUrl}/api/cohorts/${cohortId}/waitlist`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Walt Waitlist', email: waiter }),
    });
    expect(joined.status).toBeLessThan(300);

    // Another browser, without JavaScript, at phone width: the header's "Sign in" leads to the account page.
    const { context, page } = await newPage({ javaScriptEnabled: false });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL(/\/account$/);
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Email address').press('Enter');
    await page.getByText(`We sent a sign-in link to ${email}`).waitFor();

    const signIn = await mailTo(email, /sign-in link/i);
    const link = /(http:\/\/127\.0\.0\.1:\d+\/sign-in\?token=[\w%-]+)/.exec(signIn.text)?.[1];
    if (!link) throw new Error(`No sign-in link in the mail: ${signIn.text}`);
    await page.goto(link);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/account\?notice=signed-in$/);
    await page.getByRole('status').getByText('You are signed in.').waitFor();
    await page.getByText(`Signed in as ${email}`).waitFor();
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'My account' }).waitFor();

    const [plan] = await query<{ next_installment_at: Date }>(
      'select next_installment_at from payments where provider_payment_id = $1',
      [paymentIntentId],
    );
    const card = page.getByRole('article', { name: PARTS });
    await card.getByText('3 Month Plan: 1 of 3 paid').waitFor();
    await card.getByText('March 2034').waitFor();
    await card
      .getByText(formatLongDateUtc(new Date(plan.next_installment_at)))
      .first()
      .waitFor();
    expect(await card.getByRole('table', { name: 'Upcoming charges' }).locator('tbody tr').count()).toBe(2);
    expect(await card.getByRole('table', { name: 'Past charges' }).innerText()).toContain('•••• 4242');

    // The receipt: its HTML page and its PDF, whose text names the training and the amount.
    const [receipt] = await query<{ number: string }>(
      `select r.number from receipts r join payments p on p.id = r.payment_id where p.provider_payment_id = $1`,
      [paymentIntentId],
    );
    await card.getByRole('link', { name: `Receipt ${receipt.number}` }).click();
    await page.getByRole('heading', { name: `Receipt ${receipt.number}` }).waitFor();
    expect(await page.locator('main').innerText()).toContain('$716.67 USD');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download the PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`receipt-${receipt.number}.pdf`);
    const dir = mkdtempSync(join(tmpdir(), 'receipt-'));
    try {
      const file = join(dir, 'receipt.pdf');
      await download.saveAs(file);
      const text = pdfText(file);
      expect(text).toContain(`Receipt ${receipt.number}`);
      expect(text).toContain(PARTS);
      expect(text).toContain('$716.67');
      expect(text).toContain('Tara Trainee');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }

    // The same account with JavaScript (the browser's cookies copied): each page passes axe with no serious violation.
    const withScript = await newPage();
    await withScript.context.addCookies(await context.cookies());
    const [enrollment] = await query<{ id: string }>('select id from enrollments where payment_intent_id = $1', [
      paymentIntentId,
    ]);
    for (const path of ['/account', `/account/enrollments/${enrollment.id}/cancel`, '/account?notice=signed-in']) {
      await withScript.page.goto(path);
      await withScript.page.getByRole('heading', { level: 1 }).waitFor();
      expect(await seriousViolations(withScript.page)).toEqual([]);
    }
    await withScript.page.goto('/account');
    await withScript.page
      .getByRole('article', { name: PARTS })
      .getByRole('link', { name: /^Receipt / })
      .click();
    await withScript.page.getByRole('heading', { name: `Receipt ${receipt.number}` }).waitFor();
    expect(await seriousViolations(withScript.page)).toEqual([]);
    await withScript.context.close();

    // Update the card from the account: the existing update-card page, for this plan.
    await page.goto('/account');
    await page.getByRole('button', { name: `Update card for ${PARTS}` }).click();
    await page.waitForURL(/\/billing\/update-card\?token=/);
    await page.getByRole('heading', { name: 'Update your card' }).waitFor();
    expect(await page.getByTestId('plan-status').innerText()).toBe(
      '1 of 3 installments paid: your plan is up to date.',
    );
    // Without JavaScript, a CVC too long is refused beside its field by the form's schema, and no card data comes back.
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('CVC').fill('12345');
    await page.getByRole('button', { name: /^Save card/ }).click();
    await page.locator('#cvc-error').getByText(CARD_UPDATE_FORM_MESSAGES.cvc).waitFor();
    expect(await page.getByLabel('CVC').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('Card number').inputValue()).toBe('');
    if (process.env.FORMS_SHOTS) {
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: `${process.env.FORMS_SHOTS}/update-card-${width}.png`, fullPage: true });
      }
    }
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: /^Save card/ }).click();
    await page
      .getByRole('status')
      .getByText(/^Thank you: your new card is saved/)
      .waitFor();

    // Cancel the plan: the page says refunds stay the provider's decision before the trainee confirms.
    await page.goto('/account');
    await page.getByRole('link', { name: `Cancel plan for ${PARTS}` }).click();
    await page.getByText('No refund is made automatically.').waitFor();
    await page.getByRole('button', { name: 'Cancel my plan' }).click();
    await page.waitForURL(/\/account\?notice=plan-cancelled$/);
    await page.getByRole('article', { name: PARTS }).getByText('Cancelled').waitFor();
    await mailTo(email, /^Your plan is cancelled/);

    // The admin sees it: the enrollment cancelled with its receipt, and the trainee's cancellation in the audit trail.
    const admin = await newPage();
    await login(admin.page);
    await admin.page.goto(`/admin/panel/enrollments/${enrollment.id}`);
    const detail = await admin.page.locator('main').innerText();
    expect(detail).toContain('Cancelled');
    expect(detail).toContain(`Receipt ${receipt.number}`);
    expect(await admin.page.getByLabel('Notes').inputValue()).toContain('Plan cancelled by the trainee');
    const [adminDownload] = await Promise.all([
      admin.page.waitForEvent('download'),
      admin.page.getByRole('link', { name: `PDF of ${receipt.number}` }).click(),
    ]);
    expect(adminDownload.suggestedFilename()).toBe(`receipt-${receipt.number}.pdf`);
    // The seat is free again and the admin offers it to the waitlist, as before (a mail to the waitlisted person).
    const cohorts = (await (
      await fetch(`${e2e.apiUrl}/api/cohorts?trainingName=${encodeURIComponent(PARTS)}`)
    ).json()) as Array<{ id: string; seatsLeft: number | null }>;
    expect(cohorts.find((c) => c.id === cohortId)?.seatsLeft).toBe(1);
    await admin.page.goto('/admin/panel/waitlist');
    const waiting = admin.page.locator('main table tbody tr').filter({ hasText: waiter });
    await waiting.getByRole('button', { name: 'Offer a seat' }).click();
    await waiting.getByText(/^Offered /).waitFor();
    await mailTo(waiter, /^A seat is open for you/);
    await admin.page.goto('/admin/panel/audit');
    const trail = await admin.page.locator('main table tbody').innerText();
    expect(trail).toContain('enrollment.cancel-by-trainee');
    expect(trail).toContain(`The trainee cancelled the plan of enrollment ${enrollment.id}`);
    await admin.context.close();

    // Sign out ends the session in this browser.
    await page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/account\?notice=signed-out$/);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Sign in' }).waitFor();
    await context.close();
  });

  it('signing out ends the session at once: a copied cookie gets the signed-out view, and "Sign out everywhere" ends every browser', async () => {
    const email = `sam.session.${Date.now()}@example.com`;
    /** Signs a browser without JavaScript in by a new mailed link (the `nth` sign-in mail to the address). */
    async function signIn(page: Page, nth: number): Promise<void> {
      await page.goto('/account');
      await page.getByLabel('Email address').fill(email);
      await page.getByLabel('Email address').press('Enter');
      await page.getByText(`We sent a sign-in link to ${email}`).waitFor();
      const deadline = Date.now() + 30_000;
      let mails: CaughtMail[] = [];
      while (mails.length < nth && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        mails = ((await (await fetch(`${e2e.mailApiUrl}/api/email`)).json()) as CaughtMail[]).filter(
          (m) => m.to.some((t) => t.address === email) && /sign-in link/i.test(m.subject),
        );
      }
      const link = /(http:\/\/127\.0\.0\.1:\d+\/sign-in\?token=[\w%-]+)/.exec(mails[nth - 1]?.text ?? '')?.[1];
      if (!link) throw new Error(`No sign-in link number ${nth} to ${email}`);
      await page.goto(link);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByText(`Signed in as ${email}`).waitFor();
    }
    async function expectSignedOut(page: Page): Promise<void> {
      await page.goto('/account');
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      expect(await page.getByText(`Signed in as ${email}`).count()).toBe(0);
      await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Sign in' }).waitFor();
    }

    const original = await newPage({ javaScriptEnabled: false });
    await signIn(original.page, 1);
    // Someone copies this browser's cookie into another browser: it works there too, while the session lives.
    const copy = await newPage({ javaScriptEnabled: false });
    await copy.context.addCookies(await original.context.cookies());
    await copy.page.goto('/account');
    await copy.page.getByText(`Signed in as ${email}`).waitFor();

    await original.page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Sign out' }).click();
    await original.page.waitForURL(/\/account\?notice=signed-out$/);
    // The copy is signed out at once, and loses the cookie.
    await expectSignedOut(copy.page);
    expect((await copy.context.cookies()).some((cookie) => cookie.name === '__applicant')).toBe(false);

    // Signed in again, on two browsers; "Sign out everywhere" on one ends both.
    await signIn(original.page, 2);
    const phone = await newPage({ javaScriptEnabled: false });
    await signIn(phone.page, 3);
    await phone.page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await phone.page.waitForURL(/\/account\?notice=signed-out-everywhere$/);
    await phone.page
      .getByRole('status')
      .getByText(/signed out on every browser/)
      .waitFor();
    await expectSignedOut(original.page);
    for (const browser of [original, copy, phone]) await browser.context.close();
  });
});
