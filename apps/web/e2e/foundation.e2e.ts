import { closeBrowser, newPage, query } from './support/browser';

afterAll(closeBrowser);

describe('foundation pages', () => {
  it('renders the three trainings with the prices stored in the database', async () => {
    const { context, page } = await newPage();
    const rows = await query<{ training_name: string; full_payment_price: number }>(
      'select training_name, full_payment_price from training_pricing',
    );
    expect(rows).toHaveLength(3);
    await page.goto('/');
    for (const row of rows) {
      await expect(page.getByText(row.training_name, { exact: true }).first().isVisible()).resolves.toBe(true);
      const dollars = `$${(row.full_payment_price / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}`;
      expect(await page.content()).toContain(dollars);
    }
    await context.close();
  });

  it('answers an unknown path with the 404 page and status 404', async () => {
    const { context, page } = await newPage();
    const response = await page.goto('/nope');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('404 Page Not Found').isVisible()).resolves.toBe(true);
    await context.close();
  });
});
