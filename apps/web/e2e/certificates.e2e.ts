import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { login } from './support/admin';
import { closeBrowser, newPage, query } from './support/browser';

afterAll(closeBrowser);

const TRAINING = 'Parts Therapy Practitioner';

describe('certificates in the browser', () => {
  it('the admin completes a cohort without JavaScript; the trainee downloads the certificate; /verify says genuine, then revoked', async () => {
    await query(
      `insert into cohorts (id, training_name, cohort_month, capacity, created_at) values (gen_random_uuid(), $1, '2034-03', null, now())
       on conflict (training_name, cohort_month) do nothing`,
      [TRAINING],
    );
    const [cohort] = await query<{ id: string }>(
      `select id from cohorts where training_name = $1 and cohort_month = '2034-03'`,
      [TRAINING],
    );
    const emails = ['cert.one@example.org', 'cert.two@example.org', 'cert.three@example.org'];
    for (const [i, email] of emails.entries()) {
      await query(
        `insert into enrollments (id, student_name, student_email, training_name, cohort_id, payment_type, payment_amount,
           enrollment_status, is_manual_entry, created_at)
         values ($1, $2, $3, $4, $5, 'full', 100000, 'active', true, now())`,
        [randomUUID(), `Cert Trainee ${i + 1}`, email, TRAINING, cohort.id],
      );
    }
    const { context, page } = await newPage({ javaScriptEnabled: false });
    await login(page);

    // The training's contact hours, set in the panel.
    await page.getByRole('link', { name: 'Training Settings' }).click();
    await page.getByLabel(`${TRAINING}: contact hours`).fill('24');
    await page
      .locator('form')
      .filter({ has: page.getByLabel(`${TRAINING}: contact hours`) })
      .getByRole('button', { name: 'Save' })
      .click();
    await page.getByText(`Contact hours of ${TRAINING} saved`).waitFor();

    // The confirmation lists who completes; the form posts without JavaScript.
    await page.goto('/admin/panel/completions');
    await page.getByLabel('Cohort').selectOption({ label: `${TRAINING}, March 2034` });
    await page.getByRole('button', { name: 'Show who completes' }).click();
    for (const email of emails) await page.getByRole('cell', { name: email }).waitFor();
    await page.getByLabel('Completion date').fill('2026-01-10');
    await page.getByRole('button', { name: 'Complete 3 enrollments and issue their certificates' }).click();
    await page.getByText('3 completed, 3 certificates issued, 3 mails queued').waitFor();
    const issued = await query<{ id: string; enrollment_id: string }>(
      `select i.id, i.enrollment_id from issued_credentials i join enrollments e on e.id = i.enrollment_id
       where e.cohort_id = $1 and e.student_email = $2`,
      [cohort.id, emails[0]],
    );
    expect(issued).toHaveLength(1);
    const [{ id }] = issued;

    // The trainee signs in by email link and downloads the certificate.
    const trainee = await newPage({ javaScriptEnabled: false });
    const token = randomBytes(24).toString('base64url');
    await query(
      `insert into sign_in_tokens (id, token_hash, email, requested_by, expires_at, created_at)
       values ($1, $2, $3, null, now() + interval '15 minutes', now())`,
      [randomUUID(), createHash('sha256').update(token).digest('hex'), emails[0]],
    );
    await trainee.page.goto(`/sign-in?token=${token}`);
    await trainee.page.getByRole('button', { name: /sign in/i }).click();
    // Signing in lands on the account; the records are on the evaluation page.
    await trainee.page.waitForURL(/\/account/);
    await trainee.page.goto('/evaluation');
    await trainee.page.goto('/certificates');
    await trainee.page.getByText(`Certificate of completion: ${TRAINING}`).waitFor();
    const [download] = await Promise.all([
      trainee.page.waitForEvent('download'),
      trainee.page.getByRole('link', { name: 'Download PDF' }).click(),
    ]);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).subarray(0, 5).toString()).toBe('%PDF-');
    await trainee.context.close();

    // Anyone: genuine, then revoked after the admin revokes it.
    const visitor = await newPage({ javaScriptEnabled: false });
    await visitor.page.goto(`/verify/${id}`);
    expect(await visitor.page.getByTestId('verdict').textContent()).toBe('Genuine');
    await visitor.page.getByText('24', { exact: true }).waitFor();

    await page.goto(`/admin/panel/enrollments/${issued[0].enrollment_id}`);
    await page.getByLabel('Reason for revoking').fill('Issued to the wrong person');
    await page.getByRole('button', { name: 'Revoke certificate' }).click();
    await page.getByText('Certificate revoked').waitFor();

    await visitor.page.goto(`/verify/${id}`);
    expect(await visitor.page.getByTestId('verdict').textContent()).toBe('Genuine, but revoked');
    await visitor.page.getByText(/Issued to the wrong person/).waitFor();
    const list = await visitor.page.request.get('/credentials/status/1');
    expect(list.headers()['content-type']).toMatch(/application\/vc\+jwt/);
    const jwks = await (await visitor.page.request.get('/.well-known/jwks.json')).json();
    expect(jwks.keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519' });
    await visitor.context.close();
    await context.close();
  });

  it('/verify of a report withdrawn at erasure says so and shows no personal data', async () => {
    // The row as erasure leaves it (apps/api/test/evaluation-reports.e2e-spec.ts erases one for real).
    const id = randomUUID();
    await query(
      `insert into issued_credentials (id, kind, certificate_number, status_index, recipient_name, recipient_email, title,
         awarded_on, jws, key_id, issuer_id, revoked_at, revocation_reason, revoked_by, withdrawn_at)
       select $1, 'evaluation-report', 'PTI-E-' || n, n - 1, '', '', '', '2026-01-10', null, 'did:web:x#k', 'did:web:x',
         now(), 'Withdrawn at the holder’s request (their records were erased)', 'erasure', now()
       from (select nextval('issued_credentials_seq') as n) s`,
      [id],
    );
    const visitor = await newPage({ javaScriptEnabled: false });
    await visitor.page.goto(`/verify/${id}`);
    expect(await visitor.page.getByTestId('verdict').textContent()).toBe('Withdrawn at the holder’s request');
    expect(await visitor.page.locator('main dl').count()).toBe(0);
    await visitor.context.close();
  });
});
