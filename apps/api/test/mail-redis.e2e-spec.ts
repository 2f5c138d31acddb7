import { randomUUID } from 'node:crypto';
import { startMailCatcher, type MailCatcher } from '../../../tools/testing/mail-catcher';
import { OutboxMail } from '../src/mail/outbox-mail.entity';
import { startTestApi, type TestApi } from './support/test-app';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('mail worker on BullMQ (REDIS_URL set)', () => {
  let smtp: MailCatcher;
  let api: TestApi;

  beforeAll(async () => {
    smtp = await startMailCatcher();
    // A prefix of its own, so this run's dispatch jobs never meet another run's on the shared Redis.
    api = await startTestApi({ REDIS_URL, ANALYSIS_QUEUE_PREFIX: `mail-test-${randomUUID()}`, SMTP_URL: smtp.smtpUrl });
  });

  afterAll(async () => {
    await api?.close();
    await smtp?.close();
  });

  it('sends a test-mode purchase confirmation through the BullMQ dispatch job, once', async () => {
    const created = await api.http
      .post('/api/create-payment-intent')
      .send({ trainingName: 'Resilient Child Training', paymentType: 'full' })
      .expect(200);
    const paymentIntentId = created.body.paymentIntentId as string;
    await api.http
      .post('/api/update-payment-intent')
      .send({ paymentIntentId, customerName: 'Rae Redis', customerEmail: 'rae@example.com', cohortId: null })
      .expect(200);
    await api.http
      .post('/api/payments/test-mode/confirm')
      .send({ paymentIntentId, cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' })
      .expect(200);
    const mails = await smtp.waitFor((all) => all.some((m) => m.to[0]?.address === 'rae@example.com'));
    expect(mails.filter((m) => m.to[0]?.address === 'rae@example.com').map((m) => m.subject)).toEqual([
      'Your purchase is confirmed: Resilient Child Training',
    ]);
    const row = await api.em().findOneOrFail(OutboxMail, { paymentIntentId });
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
  });
});
