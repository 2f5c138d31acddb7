import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { login } from './support/admin';
import { closeBrowser, e2e, newPage } from './support/browser';

afterAll(closeBrowser);

/** A receiver on this machine that verifies each request with the Standard Webhooks library. */
async function startReceiver(): Promise<{
  url: string;
  secret: { value: string };
  verified: string[];
  close(): Promise<void>;
}> {
  const secret = { value: '' };
  const verified: string[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      try {
        const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)]));
        const event = new Webhook(secret.value).verify(Buffer.concat(chunks).toString('utf8'), headers) as {
          type: string;
        };
        verified.push(event.type);
        response.writeHead(204).end();
      } catch {
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    secret,
    verified,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('integrations in the admin panel, without JavaScript', () => {
  it('creates an API key (shown once) that lists enrollments, and an endpoint whose log shows a verified payment.succeeded', async () => {
    const receiver = await startReceiver();
    const { context, page } = await newPage({ javaScriptEnabled: false });
    try {
      await login(page);
      await page.getByRole('link', { name: 'API Keys & Webhooks' }).click();
      await page.getByRole('heading', { name: 'Integrations', exact: true }).waitFor();

      // A key with no scope is refused with the field's message, and nothing is created.
      await page.getByLabel('Name').fill('CRM sync');
      await page.getByRole('button', { name: 'Create key' }).click();
      await page.getByText('Choose at least one scope').waitFor();

      await page.getByLabel('Name').fill('CRM sync');
      await page.getByRole('checkbox', { name: /enrollments:read/ }).check();
      await page.getByRole('button', { name: 'Create key' }).click();
      const key = await page.getByTestId('new-secret').inputValue();
      expect(key).toMatch(/^tk_[a-z0-9]{12}_/);
      const listed = await fetch(`${e2e.apiUrl}/api/admin/enrollments`, {
        headers: { Authorization: `Bearer ${key}` },
      });
      expect(listed.status).toBe(200);
      // Reloading the page shows the key's start only.
      await page.goto('/admin/panel/integrations');
      expect(await page.locator('main').textContent()).not.toContain(key);
      await page.getByRole('cell', { name: key.slice(0, 15) + '…' }).waitFor();

      // The endpoint: a private address is refused, the local receiver (development setting) is added.
      await page.getByLabel('URL (https)').fill('https://10.1.2.3/hooks');
      await page.getByRole('checkbox', { name: 'payment.succeeded' }).check();
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      await page
        .getByText(/not public/)
        .first()
        .waitFor();
      await page.getByLabel('URL (https)').fill(receiver.url);
      await page.getByRole('checkbox', { name: 'payment.succeeded' }).check();
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      receiver.secret.value = await page.getByTestId('new-secret').inputValue();
      expect(receiver.secret.value).toMatch(/^whsec_/);

      // A purchase in test mode, through the API as the checkout page makes it.
      const created = await (
        await fetch(`${e2e.apiUrl}/api/create-payment-intent`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ trainingName: 'Parts Therapy Practitioner', paymentType: 'full' }),
        })
      ).json();
      const post = (path: string, body: unknown) =>
        fetch(`${e2e.apiUrl}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      const cohorts = (await (
        await fetch(`${e2e.apiUrl}/api/cohorts?trainingName=Parts%20Therapy%20Practitioner`)
      ).json()) as Array<{
        id: string;
        seatsLeft: number | null;
      }>;
      const cohortId = cohorts.find((cohort) => cohort.seatsLeft === null || cohort.seatsLeft > 0)?.id ?? null;
      expect(
        (
          await post('/api/update-payment-intent', {
            paymentIntentId: created.paymentIntentId,
            customerName: 'Hook Buyer',
            customerEmail: 'hook.buyer@example.com',
            cohortId,
          })
        ).status,
      ).toBe(200);
      expect(
        (
          await post('/api/payments/test-mode/confirm', {
            paymentIntentId: created.paymentIntentId,
            cardNumber: '4242 4242 4242 4242',
            expiry: '12/34',
            cvc: '123',
          })
        ).status,
      ).toBe(200);

      // The worker delivers within its poll; the log (a plain page) shows it delivered with the receiver's 204.
      const deadline = Date.now() + 30_000;
      while (!receiver.verified.includes('payment.succeeded') && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(receiver.verified).toEqual(['payment.succeeded']);
      await page.goto('/admin/panel/integrations');
      await page.getByRole('link', { name: 'Delivery log' }).first().click();
      await page.getByRole('heading', { name: 'Deliveries', exact: true }).waitFor();
      const row = page.locator('main table tbody tr').filter({ hasText: 'payment.succeeded' });
      expect(await row.textContent()).toContain('delivered');
      expect(await row.textContent()).toContain('204');
      await row.getByRole('button', { name: /Resend/ }).click();
      await page.getByText('Delivery queued again').first().waitFor();
    } finally {
      await context.close();
      await receiver.close();
    }
  });
});
