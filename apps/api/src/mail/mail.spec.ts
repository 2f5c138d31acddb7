import { JwtService } from '@nestjs/jwt';
import { loadConfig } from '../config/app-config';
import { mailRetryDelaySeconds } from './mail-dispatcher.service';
import { renderMail } from './mail-renderer';
import { UpdateCardLinks } from './update-card-links';

const PRODUCTION = {
  NODE_ENV: 'production',
  STRIPE_SECRET_KEY: 'sk_live_x',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
  S3_BUCKET: 'b',
  S3_ACCESS_KEY_ID: 'k',
  S3_SECRET_ACCESS_KEY: 's',
  JWT_SECRET: 'j',
  DATABASE_URL: 'postgres://db/app',
  APPLICANT_TOKEN_SECRET: 'a-production-applicant-token-secret-0123456789',
  CREDENTIAL_SIGNING_KEY: '{"kty":"OKP"}',
};

describe('mail configuration', () => {
  it('refuses production without SMTP_URL and takes it when set', () => {
    expect(() => loadConfig(PRODUCTION)).toThrow('NODE_ENV=production needs SMTP_URL');
    expect(loadConfig({ ...PRODUCTION, SMTP_URL: 'smtps://u:p@mail.example.com:465' }).mail.smtpUrl).toBe(
      'smtps://u:p@mail.example.com:465',
    );
  });

  it('sends to the local catcher in development and refuses a URL that is not SMTP', () => {
    expect(loadConfig({}).mail.smtpUrl).toBe('smtp://127.0.0.1:1025');
    expect(() => loadConfig({ SMTP_URL: 'http://mail' })).toThrow('SMTP_URL must start with smtp:// or smtps://');
  });
});

describe('mailRetryDelaySeconds', () => {
  it.each([
    [1, 30],
    [2, 60],
    [3, 120],
    [8, 3600],
  ])('after attempt %i waits %i s (base 30, at most an hour)', (attempts, seconds) => {
    expect(mailRetryDelaySeconds(attempts, 30)).toBe(seconds);
  });
});

describe('UpdateCardLinks', () => {
  const config = loadConfig({ JWT_SECRET: 'secret-a', WEB_URL: 'https://shop.example.com/' });
  const links = new UpdateCardLinks(config);

  it('signs a link for one plan below WEB_URL that verifies to that plan', () => {
    const url = new URL(links.url('plan-1'));
    expect(`${url.origin}${url.pathname}`).toBe('https://shop.example.com/billing/update-card');
    expect(links.verify(url.searchParams.get('token') ?? '')).toBe('plan-1');
  });

  it('refuses a tampered token, another secret, another purpose and an expired one', () => {
    const token = links.token('plan-1');
    expect(links.verify(`${token.slice(0, -2)}xx`)).toBeNull();
    expect(new UpdateCardLinks(loadConfig({ JWT_SECRET: 'secret-b' })).verify(token)).toBeNull();
    const jwt = new JwtService({ secret: config.mail.linkSecret });
    expect(links.verify(jwt.sign({}, { subject: 'plan-1', audience: 'admin' }))).toBeNull();
    expect(
      links.verify(
        jwt.sign({ exp: Math.floor(Date.now() / 1000) - 10 }, { subject: 'plan-1', audience: 'update-card' }),
      ),
    ).toBeNull();
  });
});

describe('renderMail', () => {
  const context = {
    webUrl: 'https://shop.example.com',
    updateCardUrl: (id: string) => `https://shop.example.com/billing/update-card?token=t-${id}`,
  };

  it('renders a declined installment with the amount, the next attempt and the update-card link in both parts', async () => {
    const mail = await renderMail(
      'installment-declined',
      {
        buyerName: 'Ann',
        trainings: ['Parts Therapy Practitioner'],
        installmentNumber: 2,
        installmentsTotal: 3,
        amount: 71667,
        nextRetryAt: '2027-03-03T10:00:00.000Z',
        paymentId: 'p1',
      },
      context,
    );
    expect(mail.subject).toBe('Action needed: installment 2 of 3 was declined');
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain('$716.67');
      expect(part).toContain('March 3, 2027');
      expect(part).toContain('https://shop.example.com/billing/update-card?token=t-p1');
    }
    expect(mail.html).toContain('https://shop.example.com/logo.png');
  });

  it('renders the sign-in link mail with an absolute link and its lifetime', async () => {
    const mail = await renderMail(
      'sign-in-link',
      { path: '/evaluation/sign-in?token=abc', expiresInMinutes: 15 },
      context,
    );
    expect(mail.text).toContain('https://shop.example.com/evaluation/sign-in?token=abc');
    expect(mail.text).toContain('15 minutes');
  });

  it('renders the verified outcome with the credential, the awarded credits, the note and the evaluation link', async () => {
    const mail = await renderMail(
      'credential-verified',
      { credentialId: 'c-1', credentialName: 'MA Counselling', awardedCredits: 12.5, note: 'Transcript matched' },
      context,
    );
    expect(mail.subject).toBe('MA Counselling is verified: 12.5 quarter credits awarded');
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain('MA Counselling');
      expect(part).toContain('12.5 quarter credits');
      expect(part).toContain('Transcript matched');
      expect(part).toContain('https://shop.example.com/evaluation?credential=c-1');
    }
    const withoutNote = await renderMail(
      'credential-verified',
      { credentialId: 'c-1', credentialName: 'MA Counselling', awardedCredits: 0, note: null },
      context,
    );
    expect(withoutNote.text).not.toContain('Note from the reviewer');
  });

  it('renders the rejected outcome with the reason and the evaluation link', async () => {
    const mail = await renderMail(
      'credential-rejected',
      { credentialId: 'c-2', credentialName: 'Weekend workshop', reason: 'No proof of completion' },
      context,
    );
    expect(mail.subject).toBe('Weekend workshop could not be verified');
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain('Weekend workshop');
      expect(part).toContain('No proof of completion');
      expect(part).toContain('https://shop.example.com/evaluation?credential=c-2');
    }
  });

  it('renders the waitlist offer with the training, the cohort as month and year and the enrollment link', async () => {
    const mail = await renderMail(
      'waitlist-offer',
      { name: 'Wanda', trainingName: 'Parts Therapy Practitioner', cohortMonth: '2027-03' },
      context,
    );
    expect(mail.subject).toBe('A seat is open for you: Parts Therapy Practitioner, March 2027');
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain('Parts Therapy Practitioner, March 2027');
      expect(part).toContain('https://shop.example.com/paymentplan');
    }
    expect(mail.html).toContain('href="https://shop.example.com/paymentplan"');
  });

  it('renders the cohort-filled mail: not charged, the full cohort as month and year, the checkout and waitlist links', async () => {
    const mail = await renderMail(
      'cohort-filled-not-charged',
      {
        buyerName: 'Sam Slow',
        paymentIntentId: 'pi_slow',
        amount: 120000,
        fullCohorts: [{ cohortId: 'c-9', trainingName: 'Resilient Child Training', cohortMonth: '2028-02' }],
      },
      context,
    );
    expect(mail.subject).toBe('The cohort filled up: you were not charged');
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain('Sam Slow');
      expect(part).toContain('You were not charged; choose another cohort or join the waitlist.');
      expect(part).toContain('February 2028');
      expect(part).toContain('$1,200');
      expect(part).toContain('https://shop.example.com/paymentplan');
      expect(part).toContain('https://shop.example.com/waitlist/c-9');
    }
  });
});
