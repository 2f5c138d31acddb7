import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { login } from './support/admin';
import { closeBrowser, newPage, query } from './support/browser';

afterAll(closeBrowser);

const PARTS = 'Parts Therapy Practitioner';

/** Picks the first cohort with seats when the training has cohorts (other journeys may have added some). */
async function chooseAnyCohort(page: Page): Promise<void> {
  const cohort = page.getByLabel('Cohort', { exact: true });
  if (await cohort.count()) {
    const value = await cohort
      .locator('option:not([disabled])')
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value).find((v) => v !== ''));
    if (value) await cohort.selectOption(value);
  }
}

describe('promotion codes and the business overview', () => {
  it('creates a code without JavaScript, buys a 3-month plan with it, and shows the discount to buyer and admin', async () => {
    const code = `E2E${randomBytes(3).toString('hex').toUpperCase()}`;
    const email = `promo.${code.toLowerCase()}@example.com`;
    const { context, page } = await newPage({ javaScriptEnabled: false });

    // The admin creates a 20% code for the 3-month plans of one training.
    await login(page);
    await page.goto('/admin/panel/promotions');
    await page.getByLabel('Code (letters, digits, - or _; any case)').fill(code);
    await page.getByLabel('Percent off (for percent codes)').fill('20');
    await page.getByLabel(PARTS).check();
    await page.getByLabel('Pay in full').uncheck();
    await page.getByLabel('Bundles').uncheck();
    await page.getByRole('button', { name: 'Create Code' }).click();
    const row = page.getByTestId('promotion-row').filter({ hasText: code });
    await row.waitFor();
    expect(await row.innerText()).toContain('20% off');

    // The buyer applies it at checkout, still without JavaScript, and sees the new monthly amounts.
    await page.goto(`/paymentplan?${new URLSearchParams({ training: PARTS, plan: '3month' })}`);
    await page.getByRole('heading', { name: 'Customer Information', exact: true }).waitFor();
    await page.getByLabel('Full Name').fill('Promo Buyer');
    await page.getByLabel('Email address').fill(email);
    await chooseAnyCohort(page);
    await page.getByLabel('Promotion code').fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Apply code' }).click();
    const discount = page.getByTestId('promotion-discount');
    await discount.waitFor();
    // 3 × $716.67 = $2,150.01; 20% is $430.00; $1,720.01 = $573.35 now, then 2 × $573.33.
    expect(await discount.innerText()).toContain(
      `Promotion code ${code}: −$430 (total $1,720.01 instead of $2,150.01)`,
    );
    expect(await page.getByTestId('amount-due').innerText()).toContain(
      'Due today: $573.35, then 2 monthly payments of $573.33',
    );

    await page.getByLabel('Card number').fill('4242424242424242');
    await page.getByLabel('Expiry').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay now' }).click();
    await page.waitForURL(/\/payment-success\?payment_intent=/);
    const [paid] = await query<{ amount: number; later_installment_amount: number; promotion_code: string }>(
      'select amount, later_installment_amount, promotion_code from payments where customer_email = $1',
      [email],
    );
    expect(paid).toEqual({ amount: 57335, later_installment_amount: 57333, promotion_code: code });

    // The admin's table row and enrollment page name the code and its discount.
    await page.goto(`/admin/panel?${new URLSearchParams({ q: email })}`);
    const adminRow = page.locator('main table tbody tr').filter({ hasText: email });
    expect(await adminRow.innerText()).toContain(`Code ${code} (−$430.00)`);
    const [enrollment] = await query<{ id: string }>('select id from enrollments where student_email = $1', [email]);
    await page.goto(`/admin/panel/enrollments/${enrollment.id}`);
    expect(await page.getByTestId('payment-promotion').innerText()).toBe(
      `Promotion code ${code}: $430.00 off the purchase`,
    );

    // The business overview: this month's total is in its table, the chart beside it, and the code's use.
    await page.goto('/admin/reports');
    await page.getByRole('heading', { name: 'Business Overview' }).waitFor();
    const month = new Date().toISOString().slice(0, 7);
    const monthRow = page.getByTestId('collected-month-row').filter({ hasText: month });
    const net = (await monthRow.locator('td').nth(2).innerText()).trim();
    expect(await page.getByTestId('month-total').innerText()).toBe(net);
    expect(Number(net.replace(/[$,]/g, ''))).toBeGreaterThanOrEqual(573.35);
    expect(await page.getByRole('img', { name: /Money collected by month/ }).count()).toBe(1);
    const use = page.locator('section[aria-labelledby="promotion-use"] tbody tr').filter({ hasText: code });
    expect(await use.innerText()).toContain('$430.00');
    const csv = await page.request.get('/admin/reports/collected-by-month/csv');
    expect(csv.status()).toBe(200);
    expect((await csv.text()).startsWith('"Month","Charged","Refunded","Net"')).toBe(true);
    await context.close();
  });

  it.each([
    ['without JavaScript, applied first', false],
    ['with JavaScript, straight to the button', true],
  ])('a 100%% code enrolls for free, no card, %s', async (_, javaScriptEnabled) => {
    const code = `FREE${randomBytes(3).toString('hex').toUpperCase()}`;
    const email = `free.${code.toLowerCase()}@example.com`;
    await query(
      `insert into promotion_codes (id, code, discount_type, percent_off, trainings, purchase_kinds)
       values (gen_random_uuid(), $1, 'percent', 100, '[]'::jsonb, '["full","plans","bundles"]'::jsonb)`,
      [code],
    );
    const { context, page } = await newPage({ javaScriptEnabled });
    await page.goto(`/paymentplan?${new URLSearchParams({ training: PARTS, plan: '3month' })}`);
    await page.getByRole('heading', { name: 'Customer Information', exact: true }).waitFor();
    await page.getByLabel('Full Name').fill('Free Buyer');
    await page.getByLabel('Email address').fill(email);
    await chooseAnyCohort(page);
    await page.getByLabel('Promotion code').fill(code);
    if (!javaScriptEnabled) {
      await page.getByRole('button', { name: 'Apply code' }).click();
      await page.getByTestId('free-checkout').waitFor();
      expect(await page.getByTestId('amount-due').innerText()).toContain(
        'Nothing to pay: $0 today and every month after',
      );
      // No card is asked for.
      expect(await page.getByLabel('Card number').count()).toBe(0);
      await page.getByRole('button', { name: 'Enroll for free' }).click();
    } else {
      // The test card fields may stay empty: the server sees the code leaves nothing to pay.
      await page.getByRole('button', { name: 'Pay now' }).click();
    }
    await page.waitForURL(/\/payment-success\?payment_intent=/);
    await page.getByRole('heading', { name: 'Payment Successful' }).waitFor();
    const [paid] = await query<{ amount: number; paid_with: string; status: string; plan_status: string }>(
      'select amount, paid_with, status, plan_status from payments where customer_email = $1',
      [email],
    );
    expect(paid).toEqual({ amount: 0, paid_with: 'promotion', status: 'succeeded', plan_status: 'completed' });
    const enrollments = await query<{ payment_amount: number }>(
      'select payment_amount from enrollments where student_email = $1',
      [email],
    );
    expect(enrollments).toEqual([{ payment_amount: 0 }]);
    await context.close();
  });

  it('with JavaScript, a refused code says why on the form and the price stays', async () => {
    const code = `OLD${randomBytes(3).toString('hex').toUpperCase()}`;
    await query(
      `insert into promotion_codes (id, code, discount_type, percent_off, trainings, purchase_kinds, valid_until)
       values (gen_random_uuid(), $1, 'percent', 50, '[]'::jsonb, '["full","plans","bundles"]'::jsonb, now() - interval '1 day')`,
      [code],
    );
    const { context, page } = await newPage();
    await page.goto(`/paymentplan?${new URLSearchParams({ training: PARTS, plan: 'full' })}`);
    await page.getByRole('heading', { name: 'Customer Information', exact: true }).waitFor();
    const before = await page.getByTestId('amount-due').innerText();
    await page.getByLabel('Full Name').fill('Late Buyer');
    await page.getByLabel('Email address').fill('late.buyer@example.com');
    await chooseAnyCohort(page);
    await page.getByLabel('Promotion code').fill(code);
    await page.getByRole('button', { name: 'Apply code' }).click();
    const error = page.getByTestId('checkout-error');
    await error.waitFor();
    expect(await error.innerText()).toBe('Promotion code: This code has expired');
    expect(await page.getByTestId('amount-due').innerText()).toBe(before);
    expect(await page.getByLabel('Promotion code').inputValue()).toBe(code);
    await context.close();
  });
});
