import type { Page } from 'playwright-core';
import { closeBrowser, e2e, newPage, query } from './support/browser';

afterAll(closeBrowser);

const PSY = 'Psychosomatic Practitioner';
const PARTS = 'Parts Therapy Practitioner';
const RESILIENT = 'Resilient Child Training';

interface EnrollmentRow extends Record<string, unknown> {
  id: string;
  student_name: string;
  student_email: string;
  training_name: string;
  cohort_id: string | null;
  payment_type: string;
  payment_amount: number;
  is_manual_entry: boolean;
}

/** A cohort far in the future, so other test files' cohorts cannot collide with it. */
async function ensureCohort(trainingName: string, cohortMonth: string): Promise<string> {
  await query(
    `insert into cohorts (id, training_name, cohort_month, created_at) values (gen_random_uuid(), $1, $2, now())
     on conflict (training_name, cohort_month) do nothing`,
    [trainingName, cohortMonth],
  );
  const [row] = await query<{ id: string }>('select id from cohorts where training_name = $1 and cohort_month = $2', [
    trainingName,
    cohortMonth,
  ]);
  return row.id;
}

async function price(trainingName: string) {
  const [row] = await query<{ full_payment_price: number; three_month_price: number }>(
    'select full_payment_price, three_month_price from training_pricing where training_name = $1',
    [trainingName],
  );
  return row;
}

function enrollmentsOf(paymentIntentId: string) {
  return query<EnrollmentRow>('select * from enrollments where payment_intent_id = $1 order by training_name', [
    paymentIntentId,
  ]);
}

function trainingEntry(page: Page, trainingName: string) {
  return page
    .locator('details[data-testid="training"]')
    .filter({ has: page.locator('summary', { hasText: trainingName }) });
}

async function openOption(page: Page, trainingName: string, option: RegExp) {
  await page.goto('/paymentplan');
  const entry = trainingEntry(page, trainingName);
  await entry.locator('summary').click();
  await entry.getByRole('link', { name: option }).click();
  await page.getByRole('heading', { name: 'Customer Information', exact: true }).waitFor();
}

/** The first cohort of the checkout's selector that still has seats (another test file may have filled one). */
async function openCohort(page: Page): Promise<string | null> {
  const select = page.getByLabel('Cohort', { exact: true });
  if ((await select.count()) === 0) return null;
  return select
    .locator('option:not([disabled])')
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value).find((v) => v !== '') ?? null);
}

async function alertText(page: Page): Promise<string> {
  const alert = page.locator('[data-testid="checkout-error"], [data-testid="bundle-error"]');
  await alert.waitFor();
  return (await alert.innerText()).trim();
}

async function fillCustomer(page: Page, name: string, email: string) {
  await page.getByLabel('Full Name').fill(name);
  await page.getByLabel('Email address').fill(email);
}

async function payWithCard(page: Page, cardNumber: string) {
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay now' }).click();
}

/** Success: the notice, 'Processing...' until the 1-second redirect, then the success page with the Payment ID. */
async function expectSuccess(page: Page, message: string): Promise<string> {
  await page.getByText(message).first().waitFor();
  await page.getByRole('button', { name: 'Processing...' }).waitFor();
  await page.waitForURL(/\/payment-success\?payment_intent=/);
  const paymentIntentId = new URL(page.url()).searchParams.get('payment_intent') ?? '';
  await page.getByRole('heading', { name: 'Payment Successful' }).waitFor();
  await page.getByText('Thank You for Your Purchase!').waitFor();
  expect(await page.getByTestId('payment-id').innerText()).toBe(`Payment ID: ${paymentIntentId}`);
  return paymentIntentId;
}

describe('payment plan page', () => {
  it('lists every training with the three options and prices from the API, plus the bundle entry', async () => {
    const { context, page } = await newPage();
    await page.goto('/');
    await page.getByRole('heading', { name: 'Payment Plan' }).waitFor();
    await page.getByRole('heading', { name: 'Select A Training' }).waitFor();
    const rows = await query<{
      training_name: string;
      full_payment_price: number;
      full_payment_discount: number;
      six_month_price: number;
    }>('select * from training_pricing');
    for (const row of rows) {
      const entry = trainingEntry(page, row.training_name);
      await entry.locator('summary').click();
      const text = await entry.innerText();
      const discount = (row.full_payment_discount / 100).toLocaleString('en-US');
      expect(text).toContain(`Pay in Full ($${discount} Discount)`);
      expect(text).toContain(`$${(row.full_payment_price / 100).toLocaleString('en-US')}`);
      expect(text).toContain('3 month payment plan ($250 Discount)');
      expect(text).toContain('6 Month Payment Plan');
      expect(text).toContain(`$${(row.six_month_price / 100).toLocaleString('en-US')}/month`);
    }
    await page.getByText('Bundle Discount').click();
    expect(await page.getByText('Must be paid in full').count()).toBe(2);
    await context.close();
  });

  it('slides to the checkout and Back returns to the list', async () => {
    const { context, page } = await newPage();
    await openOption(page, RESILIENT, /Pay in Full/);
    await page.getByRole('link', { name: 'Back' }).click();
    await page.getByRole('heading', { name: 'Select A Training' }).waitFor();
    expect(new URL(page.url()).search).toBe('');
    await context.close();
  });

  it('shows the support link after an uncaught error or an unhandled rejection', async () => {
    const { context, page } = await newPage();
    await page.goto('/paymentplan');
    await page.getByRole('heading', { name: 'Select A Training' }).waitFor();
    expect(await page.getByText('Contact Us for Help').count()).toBe(0);
    // The listener is attached once the page has hydrated, which can come after the server-rendered heading: reject
    // again until the page has noticed, as a script failing later in the page's life would.
    const notice = page.getByText('Experiencing issues with this menu?');
    for (let attempt = 0; attempt < 40 && (await notice.count()) === 0; attempt++) {
      await page.evaluate(() => {
        void Promise.reject(new Error('menu broke'));
      });
      await page.waitForTimeout(250);
    }
    await notice.waitFor();
    const href = await page.getByRole('link', { name: 'Contact Us for Help' }).getAttribute('href');
    expect(href).toMatch(/^mailto:/);
    await context.close();
  });
});

describe('single training checkout (test mode)', () => {
  it('buys one training in full and enrolls the buyer once', async () => {
    const { context, page } = await newPage();
    await openOption(page, PARTS, /Pay in Full/);
    await page.getByText('Test mode, no card is charged').waitFor();
    await fillCustomer(page, 'Ada Full', 'ada.full@example.com');
    // Another test file may have given this training cohorts; then the selector is there and one is needed.
    const cohortSelect = page.getByLabel('Cohort', { exact: true });
    const cohortId = await openCohort(page);
    if (cohortId) await cohortSelect.selectOption(cohortId);
    await payWithCard(page, '4242 4242 4242 4242');
    const paymentIntentId = await expectSuccess(page, 'Your enrollment has been processed.');

    const rows = await enrollmentsOf(paymentIntentId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      student_name: 'Ada Full',
      student_email: 'ada.full@example.com',
      training_name: PARTS,
      payment_type: 'full',
      payment_amount: (await price(PARTS)).full_payment_price,
      cohort_id: cohortId,
      is_manual_entry: false,
    });
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.getByRole('heading', { name: 'Select A Training' }).waitFor();
    await context.close();
  });

  it('shows each validation message and keeps what was typed', async () => {
    const cohortId = await ensureCohort(PSY, '2031-03');
    const { context, page } = await newPage();
    await openOption(page, PSY, /3 month payment plan/);
    await page.getByRole('button', { name: 'Pay now' }).click();
    expect(await alertText(page)).toBe('Required Fields: Please fill in your name and email');

    await fillCustomer(page, 'Cy Cohort', '');
    await page.getByRole('button', { name: 'Pay now' }).click();
    await page.getByText('Required Fields').first().waitFor();
    expect(await page.getByLabel('Full Name').inputValue()).toBe('Cy Cohort');

    await fillCustomer(page, 'Cy Cohort', 'cy@example.com');
    await page.getByRole('button', { name: 'Pay now' }).click();
    await page.getByText('Please select a cohort').first().waitFor();
    expect(await alertText(page)).toBe('Cohort Required: Please select a cohort');
    const labels = await page.getByLabel('Cohort', { exact: true }).locator('option').allInnerTexts();
    expect(labels).toContain('March 2031');
    expect(cohortId).toBeTruthy();
    await context.close();
  });

  it('buys a 3-month plan with a cohort: the first installment is charged and the cohort recorded', async () => {
    const cohortId = await ensureCohort(PSY, '2031-03');
    const { context, page } = await newPage();
    await openOption(page, PSY, /3 month payment plan/);
    const monthly = (await price(PSY)).three_month_price;
    expect(await page.getByTestId('amount-due').innerText()).toContain(`$${(monthly / 100).toLocaleString('en-US')}`);
    await fillCustomer(page, 'Bea Plan', 'bea.plan@example.com');
    await page.getByLabel('Cohort', { exact: true }).selectOption({ label: 'March 2031' });
    await payWithCard(page, '4242424242424242');
    const paymentIntentId = await expectSuccess(page, 'Your enrollment has been processed.');

    const rows = await enrollmentsOf(paymentIntentId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      training_name: PSY,
      payment_type: '3month',
      payment_amount: monthly,
      cohort_id: cohortId,
      student_name: 'Bea Plan',
    });
    const [plan] = await query<{ installments_total: number; installments_paid: number; plan_status: string }>(
      'select installments_total, installments_paid, plan_status from payments where provider_payment_id = $1',
      [paymentIntentId],
    );
    expect(plan).toEqual({ installments_total: 3, installments_paid: 1, plan_status: 'active' });
    await context.close();
  });

  it('stays on the form with the decline message for 4000 0000 0000 0002', async () => {
    const { context, page } = await newPage();
    await openOption(page, RESILIENT, /6 Month Payment Plan/);
    await fillCustomer(page, 'Dan Decline', 'dan@example.com');
    const cohortSelect = page.getByLabel('Cohort', { exact: true });
    const cohortId = await openCohort(page);
    if (cohortId) await cohortSelect.selectOption(cohortId);
    await payWithCard(page, '4000 0000 0000 0002');
    expect(await alertText(page)).toBe('Payment Failed: Your card was declined.');
    await page.getByRole('button', { name: 'Pay now' }).waitFor();
    // The payment was created by this submission, and the form keeps it for the next try.
    const paymentIntentId = await page.locator('input[name="paymentIntentId"]').getAttribute('value');
    expect(paymentIntentId).toBeTruthy();
    expect(new URL(page.url()).pathname).toBe('/paymentplan');
    expect(await enrollmentsOf(paymentIntentId ?? '')).toHaveLength(0);
    await context.close();
  });

  it('works without JavaScript: validates, keeps values, and pays with the test card', async () => {
    const { context, page } = await newPage({ javaScriptEnabled: false });
    await page.goto(`/paymentplan?training=${encodeURIComponent(PARTS)}&plan=full`);
    await page.getByLabel('Full Name').fill('Nia NoScript');
    await page.getByRole('button', { name: 'Pay now' }).click();
    expect(await alertText(page)).toBe('Required Fields: Please fill in your name and email');
    expect(await page.getByLabel('Full Name').inputValue()).toBe('Nia NoScript');

    await page.getByLabel('Email address').fill('nia@example.com');
    const cohortSelect = page.getByLabel('Cohort', { exact: true });
    const cohortId = await openCohort(page);
    if (cohortId) await cohortSelect.selectOption(cohortId);
    await payWithCard(page, '4242 4242 4242 4242');
    await page.waitForURL(/\/payment-success\?payment_intent=/);
    const paymentIntentId = new URL(page.url()).searchParams.get('payment_intent') ?? '';
    await page.getByText(`Payment ID: ${paymentIntentId}`).waitFor();
    expect(await enrollmentsOf(paymentIntentId)).toHaveLength(1);
    await context.close();
  });
});

describe('a checkout URL that is only looked at', () => {
  it('creates no payment: a link preview, a crawler or a prefetch of the page writes nothing', async () => {
    const bundle = new URLSearchParams([
      ['bundle', '2'],
      ['checkout', '1'],
      ['t', PARTS],
      ['c', await ensureCohort(PARTS, '2031-04')],
      ['t', RESILIENT],
      ['c', await ensureCohort(RESILIENT, '2031-05')],
    ]);
    const single = new URLSearchParams({ training: PSY, plan: '3month' });
    const counts = async () => {
      const [row] = await query<{ payments: number; intents: number }>(
        'select (select count(*)::int from payments) as payments, (select count(*)::int from test_mode_intents) as intents',
      );
      return row;
    };
    const before = await counts();
    const pages: [string, string][] = [
      [`/?${single}`, 'Customer Information'],
      [`/paymentplan?${single}`, 'Customer Information'],
      [`/paymentplan?${bundle}`, 'Bundle Purchase - Customer Information'],
      // What a client-side navigation or a prefetch asks for: the loader's data alone.
      [`/paymentplan.data?${single}`, 'amount'],
    ];
    for (const [path, shown] of pages) {
      const response = await fetch(`${e2e.webUrl}${path}`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain(shown);
    }
    expect(await counts()).toEqual(before);

    // Opening the checkout in a browser shows the price without creating anything either.
    const { context, page } = await newPage();
    await page.goto(`/paymentplan?${single}`);
    expect(await page.getByTestId('amount-due').innerText()).toContain(
      `$${((await price(PSY)).three_month_price / 100).toLocaleString('en-US')}`,
    );
    await page.waitForLoadState('networkidle');
    expect(await counts()).toEqual(before);
    await context.close();
  });
});

describe('bundle checkout (test mode)', () => {
  async function openBundle(page: Page, option: 'Enroll in 2 Trainings' | 'Enroll in All 3 Trainings') {
    await page.goto('/paymentplan');
    await page.getByText('Bundle Discount').click();
    await page.getByRole('link', { name: new RegExp(option) }).click();
    await page.getByRole('button', { name: 'Proceed to Checkout' }).waitFor();
  }

  it('does not count a cohort of another training when a slot changed without JavaScript', async () => {
    await ensureCohort(PSY, '2031-03');
    const partsCohort = await ensureCohort(PARTS, '2031-04');
    // Slot 1 was Parts Therapy with its cohort chosen, then switched to Psychosomatic: the form still sends that cohort.
    const response = await fetch(`${e2e.webUrl}/paymentplan?bundle=2`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams([
        ['intent', 'bundle-select'],
        ['bundleSize', '2'],
        ['t', PSY],
        ['c', partsCohort],
        ['t', PARTS],
        ['c', partsCohort],
      ]),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(`Please select a cohort for ${PSY}`);
  });

  it('shows each bundle validation message', async () => {
    await ensureCohort(PSY, '2031-03');
    const { context, page } = await newPage();
    await openBundle(page, 'Enroll in All 3 Trainings');
    await page.getByLabel('Training 1').selectOption(PSY);
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    expect(await alertText(page)).toBe('Missing Trainings: Please select all 3 trainings');

    await page.getByLabel('Training 2').selectOption(PARTS);
    await page.getByLabel('Training 3').selectOption(PARTS);
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.getByText('Please select different trainings').first().waitFor();
    expect(await alertText(page)).toBe('Duplicate Training: Please select different trainings');

    await page.getByLabel('Training 3').selectOption(RESILIENT);
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.getByText(`Please select a cohort for ${PSY}`).first().waitFor();
    expect(await alertText(page)).toBe(`Cohort Required: Please select a cohort for ${PSY}`);
    await context.close();
  });

  it('says when no bundle price exists', async () => {
    const [row] = await query<{ id: string; bundle_price: number }>(
      `select id, bundle_price from bundle_pricing where bundle_type = '2-training' and requires_psychosomatic = false`,
    );
    await query('delete from bundle_pricing where id = $1', [row.id]);
    const { context, page } = await newPage();
    try {
      await openBundle(page, 'Enroll in 2 Trainings');
      await page.getByLabel('Training 1').selectOption(PARTS);
      await page.getByLabel('Training 2').selectOption(RESILIENT);
      for (const label of ['Select Cohort *']) {
        const selects = page.getByLabel(label);
        for (let i = 0; i < (await selects.count()); i += 1) await selects.nth(i).selectOption({ index: 1 });
      }
      await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
      expect(await alertText(page)).toBe('Invalid Bundle: Bundle pricing not found');
    } finally {
      await query(
        `insert into bundle_pricing (id, bundle_type, requires_psychosomatic, bundle_price) values ($1, '2-training', false, $2)`,
        [row.id, row.bundle_price],
      );
      await context.close();
    }
  });

  it('buys a bundle of 3 with cohorts: one enrollment per training, with its cohort', async () => {
    const cohorts: Record<string, string> = {
      [PSY]: await ensureCohort(PSY, '2031-03'),
      [PARTS]: await ensureCohort(PARTS, '2031-04'),
      [RESILIENT]: await ensureCohort(RESILIENT, '2031-05'),
    };
    const months: Record<string, string> = { [PSY]: 'March 2031', [PARTS]: 'April 2031', [RESILIENT]: 'May 2031' };
    const { context, page } = await newPage();
    await openBundle(page, 'Enroll in All 3 Trainings');
    const order = [RESILIENT, PSY, PARTS];
    for (const [i, training] of order.entries()) {
      await page.getByLabel(`Training ${i + 1}`).selectOption(training);
      await page.locator(`#cohort${i}`).selectOption({ label: months[training] });
    }
    // Changing a slot's training clears its cohort choice.
    await page.getByLabel('Training 3').selectOption(RESILIENT);
    await page.getByLabel('Training 3').selectOption(PARTS);
    expect(await page.locator('#cohort2').inputValue()).toBe('');
    await page.locator('#cohort2').selectOption({ label: months[PARTS] });
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();

    await page.getByRole('heading', { name: 'Bundle Purchase - Customer Information' }).waitFor();
    expect(await page.getByText('Cohort Selected').count()).toBe(3);
    const [bundle] = await query<{ bundle_price: number }>(
      `select bundle_price from bundle_pricing where bundle_type = '3-training'`,
    );
    expect(await page.getByTestId('amount-due').innerText()).toBe(
      `Total: $${(bundle.bundle_price / 100).toLocaleString('en-US')}`,
    );
    await page.getByRole('button', { name: 'Pay now' }).click();
    expect(await alertText(page)).toBe('Required Fields: Please fill in your name and email');
    await fillCustomer(page, 'Bo Bundle', 'bo.bundle@example.com');
    await payWithCard(page, '4242 4242 4242 4242');
    const paymentIntentId = await expectSuccess(page, 'Your bundle enrollment has been processed.');

    const rows = await enrollmentsOf(paymentIntentId);
    expect(rows.map((r) => r.training_name)).toEqual([PARTS, PSY, RESILIENT]);
    for (const row of rows) {
      expect(row).toMatchObject({
        cohort_id: cohorts[row.training_name],
        payment_type: 'full',
        student_email: 'bo.bundle@example.com',
      });
    }
    expect(rows.reduce((sum, r) => sum + r.payment_amount, 0)).toBe(bundle.bundle_price);
    await context.close();
  });
});

async function authorisedIntent(): Promise<string> {
  const created = await fetch(`${e2e.apiUrl}/api/create-payment-intent`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ trainingName: PARTS, paymentType: 'full' }),
  });
  expect(created.status).toBe(200);
  const { paymentIntentId } = (await created.json()) as { paymentIntentId: string };
  // As a Stripe intent stands once the card is authorised and before the server captures it.
  await query(`update test_mode_intents set status = 'requires_capture' where id = $1`, [paymentIntentId]);
  return paymentIntentId;
}

const COHORT_FILLED =
  'This cohort filled up while your bank confirmed the payment. You were not charged; choose another cohort or join the waitlist.';

/** The API cancelled the authorisation because the cohort filled up meanwhile, and recorded why. */
async function cohortFilledMeanwhile(paymentIntentId: string) {
  await query(
    `update payments set capture_decision = 'cancel', status = 'failed', failure_message = $2
     where provider_payment_id = $1`,
    [paymentIntentId, COHORT_FILLED],
  );
  await query(`update test_mode_intents set status = 'canceled' where id = $1`, [paymentIntentId]);
}

describe('the success page while an authorised payment is settled (no JavaScript)', () => {
  it('says processing for requires_capture and reloads itself until it can say the buyer was not charged', async () => {
    const paymentIntentId = await authorisedIntent();

    const { context, page } = await newPage({ javaScriptEnabled: false });
    await page.goto(`/payment-success?payment_intent=${paymentIntentId}`);
    await page.getByRole('heading', { name: 'Payment Processing' }).waitFor();
    expect(await page.getByTestId('processing').innerText()).toContain('Your card is authorised');
    // The reload (inside <noscript>, so only a browser without JavaScript follows it) counts itself, to stop in time.
    expect(await page.locator('meta[http-equiv="refresh"]').getAttribute('content')).toBe(
      `10;url=/payment-success?payment_intent=${paymentIntentId}&checks=1`,
    );
    expect(await page.getByRole('link', { name: 'Check again' }).getAttribute('href')).toBe(
      `/payment-success?payment_intent=${paymentIntentId}`,
    );

    await cohortFilledMeanwhile(paymentIntentId);
    await page.getByRole('heading', { name: 'Payment Not Taken' }).waitFor();
    expect(await page.getByTestId('not-charged').innerText()).toBe(COHORT_FILLED);
    expect(
      await page.getByRole('link', { name: 'Choose another cohort or join a waitlist' }).getAttribute('href'),
    ).toBe('/paymentplan');
    expect(await page.locator('meta[http-equiv="refresh"]').count()).toBe(0);
    await context.close();
  });

  it('stops reloading after about two minutes of checks and says the mail will tell', async () => {
    const paymentIntentId = await authorisedIntent();
    const { context, page } = await newPage({ javaScriptEnabled: false });
    await page.goto(`/payment-success?payment_intent=${paymentIntentId}&checks=12`);
    await page.getByRole('heading', { name: 'Payment Processing' }).waitFor();
    expect(await page.getByTestId('processing').innerText()).toContain("We'll email you once it's confirmed");
    expect(await page.locator('meta[http-equiv="refresh"]').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Check again' }).getAttribute('href')).toBe(
      `/payment-success?payment_intent=${paymentIntentId}`,
    );
    await context.close();
  });
});

describe('the success page with JavaScript', () => {
  it('checks again without reloading the page, and never follows the no-JavaScript refresh', async () => {
    const paymentIntentId = await authorisedIntent();
    const { context, page } = await newPage();
    await page.goto(`/payment-success?payment_intent=${paymentIntentId}`);
    await page.getByRole('heading', { name: 'Payment Processing' }).waitFor();
    await page.waitForLoadState('networkidle');
    // A browser running scripts reads <noscript> as text: no refresh element exists.
    expect(await page.locator('meta[http-equiv="refresh"]').count()).toBe(0);
    await page.evaluate(() => Object.assign(window, { samePage: true }));

    await cohortFilledMeanwhile(paymentIntentId);
    await page.getByRole('heading', { name: 'Payment Not Taken' }).waitFor();
    expect(await page.getByTestId('not-charged').innerText()).toBe(COHORT_FILLED);
    // Revalidated in place, so a screen reader keeps its place: the same document, not a reload.
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
    expect(await page.title()).toBe('Payment Not Taken');
    await context.close();
  });
});

describe('the success page when nothing could be confirmed', () => {
  it('claims no payment for an unknown payment id, keeps the id and offers to check again', async () => {
    const { context, page } = await newPage({ javaScriptEnabled: false });
    await page.goto('/payment-success?payment_intent=pi_made_up_123');
    await page.getByRole('heading', { name: 'Confirming Your Payment' }).waitFor();
    expect(await page.title()).toBe('Confirming Your Payment');
    expect(await page.getByText('Thank You for Your Purchase!').count()).toBe(0);
    expect(await page.getByText('Payment Successful').count()).toBe(0);
    expect(await page.getByTestId('unconfirmed').innerText()).toContain("please don't pay again");
    expect(await page.getByTestId('payment-id').innerText()).toBe('Payment ID: pi_made_up_123');
    expect(await page.getByRole('link', { name: 'Check again' }).getAttribute('href')).toBe(
      '/payment-success?payment_intent=pi_made_up_123',
    );
    await context.close();
  });

  it('sends a visit without a payment back to the checkout', async () => {
    const { context, page } = await newPage({ javaScriptEnabled: false });
    await page.goto('/payment-success');
    expect(new URL(page.url()).pathname).toBe('/paymentplan');
    await context.close();
  });
});
