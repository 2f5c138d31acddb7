import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { closeBrowser, e2e, newPage, query } from './support/browser';

afterAll(closeBrowser);

interface CaughtMail {
  subject: string;
  to: Array<{ address: string }>;
  text: string;
}

/** The sign-in link of the newest mail to `address` in MailDev (the SMTP server the API sends to). */
async function mailedLink(address: string, after: number): Promise<string> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const mails = (await (await fetch(`${e2e.mailApiUrl}/api/email`)).json()) as CaughtMail[];
    const mine = mails.filter((m) => m.to.some((t) => t.address === address));
    if (mine.length > after) {
      const link = /https?:\/\/\S+\/sign-in\?token=[A-Za-z0-9_%-]+/.exec(mine[mine.length - 1].text)?.[0];
      if (!link) throw new Error(`No sign-in link in the mail: ${mine[mine.length - 1].text}`);
      return link;
    }
    if (Date.now() > deadline) throw new Error(`No sign-in mail to ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector('button[type="submit"][disabled]') !== null);
}

async function createCredential(page: Page, name: string): Promise<void> {
  await page.goto('/evaluation');
  await hydrated(page);
  await page.getByLabel('Credential Name').fill(name);
  await page.getByRole('button', { name: 'Create Credential' }).click();
  await page.locator('[data-testid="credential"]', { hasText: name }).waitFor();
}

async function askForLink(page: Page, email: string): Promise<void> {
  await page.goto('/evaluation');
  const panel = page.getByTestId('keep-evaluation');
  await panel.getByLabel('Email address').fill(email);
  await panel.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await page.getByTestId('keep-evaluation-message').getByText(`We sent a sign-in link to ${email}`).waitFor();
}

describe('sign-in by email link in two browsers', () => {
  it('gives the account to the browser that opens the link, never to the browser that asked for it', async () => {
    const tag = randomBytes(3).toString('hex');
    const victimEmail = `victim-${tag}@example.org`;
    const attacker = await newPage();
    const victim = await newPage();

    // The victim has a transcript in their own browser; the attacker asks for a link to the victim's address.
    await createCredential(victim.page, `Victim transcript ${tag}`);
    await createCredential(attacker.page, `Attacker bait ${tag}`);
    const attackerCookie = (await attacker.context.cookies()).find((c) => c.name === '__applicant')?.value;
    await askForLink(attacker.page, victimEmail);

    // The victim opens the mailed link in their browser and signs in, keeping the records made there.
    const link = await mailedLink(victimEmail, 0);
    await victim.page.goto(link);
    // The page names the account the link signs in to before anything is spent.
    await victim.page.getByTestId('sign-in-address').getByText(victimEmail).waitFor();
    const keep = victim.page.getByLabel(/Add the records made in this browser/);
    if (await keep.count()) await keep.check();
    await victim.page.getByRole('button', { name: 'Sign in' }).click();
    await victim.page.waitForURL(/\/evaluation/);
    await victim.page.getByTestId('keep-evaluation').getByText(victimEmail).waitFor();
    await victim.page.locator('[data-testid="credential"]', { hasText: `Victim transcript ${tag}` }).waitFor();
    // The attacker's bait did not join the victim's account.
    expect(await victim.page.locator('[data-testid="credential"]', { hasText: `Attacker bait ${tag}` }).count()).toBe(
      0,
    );

    // The attacker's browser, cookie unchanged, is still its own anonymous visitor: no address, no victim records.
    expect((await attacker.context.cookies()).find((c) => c.name === '__applicant')?.value).toBe(attackerCookie);
    await attacker.page.goto('/evaluation');
    await attacker.page.locator('[data-testid="credential"]', { hasText: `Attacker bait ${tag}` }).waitFor();
    expect(await attacker.page.getByText(victimEmail).count()).toBe(0);
    expect(
      await attacker.page.locator('[data-testid="credential"]', { hasText: `Victim transcript ${tag}` }).count(),
    ).toBe(0);
    // What the attacker uploads from now on stays theirs, not the victim's.
    const [account] = await query<{ id: string }>('select id from applicants where email = $1', [victimEmail]);
    const owners = await query<{ name: string; owner_id: string }>(
      'select name, owner_id from credentials where name like $1',
      [`% ${tag}`],
    );
    expect(owners.find((c) => c.name.startsWith('Victim'))?.owner_id).toBe(account.id);
    expect(owners.find((c) => c.name.startsWith('Attacker'))?.owner_id).not.toBe(account.id);
    await attacker.context.close();
    await victim.context.close();
  });

  it('brings the records of the browser that asked along when the link is opened in that same browser', async () => {
    const tag = randomBytes(3).toString('hex');
    const email = `owner-${tag}@example.org`;
    const owner = await newPage();
    await createCredential(owner.page, `Own diploma ${tag}`);
    await askForLink(owner.page, email);
    await owner.page.goto(await mailedLink(email, 0));
    await owner.page.getByRole('button', { name: 'Sign in' }).click();
    await owner.page.waitForURL(/\/evaluation/);
    await owner.page.getByTestId('keep-evaluation').getByText(email).waitFor();
    await owner.page.locator('[data-testid="credential"]', { hasText: `Own diploma ${tag}` }).waitFor();

    // A second link to the same address, asked from that browser but opened in another: the other browser signs in
    // to the same account and sees its records; the asking browser keeps its identity.
    await askForLink(owner.page, email);
    const phone = await newPage();
    await phone.page.goto(await mailedLink(email, 1));
    await phone.page.getByTestId('sign-in-address').getByText(email).waitFor();
    await phone.page.getByRole('button', { name: 'Sign in' }).click();
    await phone.page.waitForURL(/\/evaluation/);
    await phone.page.locator('[data-testid="credential"]', { hasText: `Own diploma ${tag}` }).waitFor();
    await owner.context.close();
    await phone.context.close();
  });
});
