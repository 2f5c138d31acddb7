import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { ApplicantsRepository } from '../src/applicants/applicants.repository';
import { InstallmentsService } from '../src/payments/installments.service';
import { startTestApi, type TestApi } from './support/test-app';
import { testApplicant, withSession, type TestApplicant } from './support/applicant';

const PARTS = 'Parts Therapy Practitioner';
const card = (cardNumber: string) => ({ cardNumber, expiry: '12/34', cvc: '123' });
const DAY = 24 * 60 * 60 * 1000;

/**
 * The PDF's text as unpdf (pdf.js) reads it, in a child Node process: Jest's CommonJS sandbox cannot load pdf.js, an
 * ES module (the API's readers run it in their own processes too).
 */
function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'receipt-'));
  const file = join(dir, 'receipt.pdf');
  writeFileSync(file, bytes);
  try {
    const script = `import('unpdf').then(async ({ extractText }) => {
      const { text } = await extractText(new Uint8Array(require('node:fs').readFileSync(process.argv[1])), { mergePages: true });
      process.stdout.write(text);
    })`;
    return execFileSync(process.execPath, ['-e', script, file], { cwd: __dirname, encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the trainee’s account', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi({
      ADMIN_USERNAME: 'account-admin',
      ADMIN_PASSWORD: 'account-password',
      SELLER_NAME: 'Psychology Training Institute LLC',
      SELLER_ADDRESS: '1 Main St, Springfield',
    });
  });

  afterAll(async () => {
    await api?.close();
  });

  /** An applicant that signed in by email link with this address (what sign-in leaves behind). */
  async function account(email: string): Promise<TestApplicant> {
    const applicant = testApplicant(api.app);
    await api.app.get(ApplicantsRepository).create(applicant.id, email);
    return withSession(api.app, applicant);
  }

  async function buy(email: string, paymentType: string, cardNumber = '4242424242424242') {
    const created = await api.http
      .post('/api/create-payment-intent')
      .send({ trainingName: PARTS, paymentType })
      .expect(200);
    const paymentIntentId: string = created.body.paymentIntentId;
    await api.http
      .post('/api/update-payment-intent')
      .send({ paymentIntentId, customerName: 'Ada Trainee', customerEmail: email, cohortId: null })
      .expect(200);
    await api.http
      .post('/api/payments/test-mode/confirm')
      .send({ paymentIntentId, ...card(cardNumber) })
      .expect(200);
    return { paymentIntentId, amount: created.body.amount as number };
  }

  it('shows an account only its own trainings with the plan schedule, and answers 404 for another account’s ids', async () => {
    const email = `ada-${randomUUID()}@example.com`;
    const { amount } = await buy(email.toUpperCase(), '3month');
    const ada = await account(email);
    const other = await account(`other-${randomUUID()}@example.com`);

    const overview = await api.http.get('/api/account').set(ada.headers()).expect(200);
    expect(overview.body.email).toBe(email);
    expect(overview.body.trainings).toHaveLength(1);
    const [training] = overview.body.trainings;
    expect(training).toMatchObject({
      trainingName: PARTS,
      progressLabel: '1 of 3 paid',
      billingStatus: 'active',
      paidCents: amount,
      balanceCents: 2 * amount,
      canCancel: true,
      canUpdateCard: true,
    });
    expect(training.pastCharges).toHaveLength(1);
    expect(training.pastCharges[0]).toMatchObject({ number: 1, amountCents: amount, cardLast4: '4242' });
    expect(training.pastCharges[0].receipt.number).toMatch(/^\d{4}-\d{6}$/);
    expect(training.upcomingCharges.map((c: { number: number }) => c.number)).toEqual([2, 3]);
    expect(training.upcomingCharges[0].dueAt).toBe(training.nextChargeAt);

    const receiptId: string = training.pastCharges[0].receipt.id;
    const receipt = await api.http.get(`/api/account/receipts/${receiptId}`).set(ada.headers()).expect(200);
    expect(receipt.body).toMatchObject({
      kind: 'receipt',
      amountCents: amount,
      trainings: [PARTS],
      planLabel: '3 Month Plan',
      installmentLabel: '1 of 3',
      discountCents: null,
      cardLast4: '4242',
      seller: { name: 'Psychology Training Institute LLC', address: '1 Main St, Springfield' },
    });
    const pdf = await api.http
      .get(`/api/account/receipts/${receiptId}/pdf`)
      .set(ada.headers())
      .buffer(true)
      // Keeps the PDF's bytes (supertest would read them as text).
      .parse((res, callback) => {
        const stream = res as unknown as NodeJS.ReadableStream;
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => callback(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="receipt-${receipt.body.number}.pdf"`);
    const text = pdfText(pdf.body as Buffer);
    expect(text).toContain(`Receipt ${receipt.body.number}`);
    expect(text).toContain(PARTS);
    expect(text).toContain('$716.67');
    expect(text).toContain('ending in 4242');
    expect(text).toContain('1 Main St, Springfield');

    // Another account: the same ids answer 404, as ids that do not exist; its own page is empty.
    expect((await api.http.get('/api/account').set(other.headers()).expect(200)).body.trainings).toEqual([]);
    await api.http.get(`/api/account/receipts/${receiptId}`).set(other.headers()).expect(404);
    await api.http.get(`/api/account/receipts/${receiptId}/pdf`).set(other.headers()).expect(404);
    await api.http.post(`/api/account/enrollments/${training.enrollmentId}/cancel`).set(other.headers()).expect(404);
    await api.http
      .post(`/api/account/enrollments/${training.enrollmentId}/update-card-link`)
      .set(other.headers())
      .expect(404);
    // A malformed id is refused before anything is read.
    await api.http.get('/api/account/receipts/not-a-uuid').set(ada.headers()).expect(400);
    await api.http.post('/api/account/enrollments/not-a-uuid/cancel').set(ada.headers()).expect(400);
    // A browser that never signed in has no account; no token at all is 401 too.
    await api.http.get('/api/account').set(testApplicant(api.app).headers()).expect(401);
    await api.http.get('/api/account').expect(401);

    const data = await api.http.get('/api/account/data').set(ada.headers()).expect(200);
    expect(data.body.account.email).toBe(email);
    expect(data.body.enrollments).toHaveLength(1);
    expect(data.body.receipts.map((r: { number: string }) => r.number)).toEqual([receipt.body.number]);
    expect(data.body.erasure.kept.join(' ')).toContain('receipts');
  });

  it('numbers the receipts of 20 concurrent purchases without a gap or a repeat', async () => {
    const connection = api.em().getConnection();
    const before = await connection.execute<Array<{ count: string }>>('select count(*) as count from receipts');
    const emails = Array.from({ length: 20 }, () => `buyer-${randomUUID()}@example.com`);
    await Promise.all(emails.map((email) => buy(email, 'full')));
    const rows = await connection.execute<Array<{ year: number; sequence: number; number: string }>>(
      'select year, sequence, number from receipts order by year, sequence',
    );
    expect(rows.length).toBe(Number(before[0].count) + 20);
    const year = new Date().getUTCFullYear();
    expect(rows.map((row) => row.sequence)).toEqual(rows.map((_, i) => i + 1));
    expect(new Set(rows.map((row) => row.number)).size).toBe(rows.length);
    expect(rows.every((row) => row.year === year)).toBe(true);
    const [{ last_number: last }] = await connection.execute<Array<{ last_number: number }>>(
      'select last_number from receipt_counters where year = ?',
      [year],
    );
    expect(last).toBe(rows.length);
  });

  it('a cancellation racing the installment run charges the month at most once and ends cancelled', async () => {
    const email = `race-${randomUUID()}@example.com`;
    const { paymentIntentId } = await buy(email, '3month');
    const trainee = await account(email);
    const [training] = (await api.http.get('/api/account').set(trainee.headers()).expect(200)).body.trainings;
    const installments = api.app.get(InstallmentsService);
    const later = new Date(Date.now() + 32 * DAY);

    const [cancel] = await Promise.all([
      api.http.post(`/api/account/enrollments/${training.enrollmentId}/cancel`).set(trainee.headers()),
      installments.chargeDueInstallments(later),
    ]);
    expect(cancel.status).toBe(200);
    expect(cancel.body).toMatchObject({ enrollmentId: training.enrollmentId, enrollmentStatus: 'cancelled' });
    // Later runs charge nothing more.
    await installments.chargeDueInstallments(new Date(Date.now() + 63 * DAY));
    await installments.chargeDueInstallments(new Date(Date.now() + 95 * DAY));

    const connection = api.em().getConnection();
    const charged = await connection.execute<Array<{ installment_number: number }>>(
      `select i.installment_number from payment_installments i join payments p on p.id = i.payment_id
       where p.provider_payment_id = ? and i.status = 'succeeded' order by 1`,
      [paymentIntentId],
    );
    expect(charged.length).toBeGreaterThanOrEqual(1);
    expect(charged.length).toBeLessThanOrEqual(2);
    const [enrollment] = await connection.execute<Array<{ enrollment_status: string; notes: string }>>(
      'select enrollment_status, notes from enrollments where id = ?',
      [training.enrollmentId],
    );
    expect(enrollment.enrollment_status).toBe('cancelled');
    expect(enrollment.notes).toContain('Plan cancelled by the trainee');
    const audit = await connection.execute<Array<{ action: string }>>(
      'select action from audit_events where entity_id = ?',
      [training.enrollmentId],
    );
    expect(audit.map((event) => event.action)).toEqual(['enrollment.cancel-by-trainee']);
    const mails = await connection.execute<Array<{ recipient: string }>>(
      `select recipient from outbox where template = 'plan-cancelled' and key like ?
       order by key like 'plan-cancelled-admin:%'`,
      [`%${training.enrollmentId}`],
    );
    expect(mails.map((mail) => mail.recipient)).toEqual([email, api.config.adminNotifyEmail]);

    const after = (await api.http.get('/api/account').set(trainee.headers()).expect(200)).body.trainings[0];
    expect(after).toMatchObject({ billingStatus: 'cancelled', balanceCents: 0, nextChargeAt: null, canCancel: false });
    expect(after.upcomingCharges).toEqual([]);
    // A second cancellation changes nothing.
    await api.http.post(`/api/account/enrollments/${training.enrollmentId}/cancel`).set(trainee.headers()).expect(409);
  });

  it('a card updated from the account charges the past-due month once', async () => {
    const email = `late-${randomUUID()}@example.com`;
    const { paymentIntentId, amount } = await buy(email, '3month', '4000000000000341');
    const trainee = await account(email);
    await api.app.get(InstallmentsService).chargeDueInstallments(new Date(Date.now() + 32 * DAY));
    const [training] = (await api.http.get('/api/account').set(trainee.headers()).expect(200)).body.trainings;
    expect(training).toMatchObject({ billingStatus: 'past_due', progressLabel: '1 of 3 paid', canUpdateCard: true });

    const link = await api.http
      .post(`/api/account/enrollments/${training.enrollmentId}/update-card-link`)
      .set(trainee.headers())
      .expect(200);
    expect(link.body.path).toMatch(/^\/billing\/update-card\?token=/);
    const token = decodeURIComponent(String(link.body.path).split('token=')[1]);
    const answers = await Promise.all(
      [1, 2].map(() => api.http.post('/api/billing/update-card').send({ token, cardNumber: '4242424242424242' })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual(expect.arrayContaining([200]));
    const charged = await api
      .em()
      .getConnection()
      .execute<Array<{ installment_number: number; amount: number }>>(
        `select i.installment_number, i.amount from payment_installments i join payments p on p.id = i.payment_id
         where p.provider_payment_id = ? and i.status = 'succeeded' order by 1`,
        [paymentIntentId],
      );
    expect(charged.map((row) => row.installment_number)).toEqual([1, 2]);
    const after = (await api.http.get('/api/account').set(trainee.headers()).expect(200)).body.trainings[0];
    expect(after).toMatchObject({ billingStatus: 'active', progressLabel: '2 of 3 paid', paidCents: 2 * amount });
    expect(after.pastCharges.map((c: { receipt: { number: string } | null }) => c.receipt !== null)).toEqual([
      true,
      true,
    ]);
  });
  it('gives a refund a numbered credit note, listed for the trainee and the admin, as HTML data and PDF', async () => {
    const email = `refund-${randomUUID()}@example.com`;
    const { amount } = await buy(email, 'full');
    const trainee = await account(email);
    const [training] = (await api.http.get('/api/account').set(trainee.headers()).expect(200)).body.trainings;
    const login = await api.http
      .post('/api/admin/login')
      .send({ username: 'account-admin', password: 'account-password' })
      .expect(200);
    const admin = { authorization: `Bearer ${login.body.token as string}` };
    await api.http
      .post(`/api/admin/enrollments/${training.enrollmentId}/refund`)
      .set(admin)
      .send({ amountCents: 10000, reason: 'Missed a module' })
      .expect(200);

    const after = (await api.http.get('/api/account').set(trainee.headers()).expect(200)).body.trainings[0];
    expect(after.billingStatus).toBe('refunded');
    expect(after.creditNotes).toHaveLength(1);
    const [note] = after.creditNotes;
    expect(note).toMatchObject({ kind: 'credit-note', amountCents: 10000 });
    const receiptNumber: string = after.pastCharges[0].receipt.number;
    expect(Number(note.number.slice(5))).toBeGreaterThan(Number(receiptNumber.slice(5)));
    const document = await api.http.get(`/api/account/receipts/${note.id}`).set(trainee.headers()).expect(200);
    expect(document.body).toMatchObject({ kind: 'credit-note', creditFor: receiptNumber, amountCents: 10000 });
    expect(amount).toBeGreaterThan(10000);
    // The charge's receipt names the pay-in-full discount of the price list; the plan's (first test) names none.
    const charged = await api.http
      .get(`/api/account/receipts/${after.pastCharges[0].receipt.id as string}`)
      .set(trainee.headers())
      .expect(200);
    const [{ full_payment_discount: discount }] = await api
      .em()
      .getConnection()
      .execute<Array<{ full_payment_discount: number }>>(
        'select full_payment_discount from training_pricing where training_name = ?',
        [PARTS],
      );
    expect(charged.body.discountCents).toBe(Number(discount));
    expect(discount).toBeGreaterThan(0);

    const listed = await api.http
      .get(`/api/admin/enrollments/${training.enrollmentId}/receipts`)
      .set(admin)
      .expect(200);
    expect(listed.body.map((r: { number: string }) => r.number)).toEqual([receiptNumber, note.number]);
    await api.http.get(`/api/admin/enrollments/${training.enrollmentId}/receipts`).expect(401);
    const pdf = await api.http
      .get(`/api/admin/receipts/${note.id}/pdf`)
      .set(admin)
      .buffer(true)
      .parse((res, callback) => {
        const stream = res as unknown as NodeJS.ReadableStream;
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => callback(null, Buffer.concat(chunks)));
      })
      .expect(200);
    const text = pdfText(pdf.body as Buffer);
    expect(text).toContain(`Credit note ${note.number}`);
    expect(text).toContain('$100.00');
    expect(text).toContain(receiptNumber);
  });
});
