import { randomUUID } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import type { CompletionResult, IssuedCredentialSummary, VerificationResult } from '@app/contracts';
import { CompletionService } from '../src/enrollments/completion.service';
import { attachedCredential, pdfAttachments } from '../src/certificates/certificate-pdf';
import { decodeStatusList, presentedJws } from '../src/certificates/credential-jose';
import { SigningKeys } from '../src/certificates/signing-keys';
import { compactVerify, createLocalJWKSet, decodeProtectedHeader } from 'jose';
import { COMPLETION_FORM_MESSAGES, TRAINING_SETTINGS_FORM_MESSAGES, statusListBit } from '@app/domain';
import { testApplicant, withSession } from './support/applicant';
import { startTestApi, type TestApi } from './support/test-app';

const TRAINING = 'Parts Therapy Practitioner';

describe('certificates: completion, signing, verification, revocation', () => {
  let api: TestApi;
  let token: string;
  const auth = () => ({ Authorization: `Bearer ${token}` });
  let cohortId: string;
  let firstId: string;

  beforeAll(async () => {
    api = await startTestApi({
      ADMIN_USERNAME: 'boss',
      ADMIN_PASSWORD: 'boss-password',
      ADMIN_LOGIN_ATTEMPTS_PER_MINUTE: '100',
      CERTIFICATE_SIGNER_NAME: 'Dr. Ada Byron',
    });
    token = (await api.http.post('/api/admin/login').send({ username: 'boss', password: 'boss-password' }).expect(200))
      .body.token;
    cohortId = (
      await api.http
        .post('/api/admin/cohorts')
        .set(auth())
        .send({ trainingName: TRAINING, cohortMonth: '2030-02' })
        .expect(201)
    ).body.id;
    const conn = api.em().getConnection();
    for (let i = 0; i < 30; i++) {
      await conn.execute(
        `insert into enrollments (id, student_name, student_email, training_name, cohort_id, payment_type, payment_amount,
           enrollment_status, is_manual_entry, created_at)
         values (?, ?, ?, ?, ?, 'full', 100000, 'active', true, now())`,
        [randomUUID(), `Trainee ${String(i).padStart(2, '0')}`, `trainee${i}@example.com`, TRAINING, cohortId],
      );
    }
  });

  afterAll(async () => {
    await api?.close();
  });

  const certificateCount = async () =>
    Number(
      (await api.em().getConnection().execute<Array<{ n: string }>>('select count(*) as n from issued_credentials'))[0]
        .n,
    );
  const certificateMails = async () =>
    Number(
      (
        await api
          .em()
          .getConnection()
          .execute<Array<{ n: string }>>(`select count(*) as n from outbox where template = 'certificate-issued'`)
      )[0].n,
    );

  it('refuses to complete before the training has contact hours, and changes nothing', async () => {
    const refused = await api.http
      .post('/api/admin/completions')
      .set(auth())
      .send({ cohortId, completedOn: '2026-01-15' })
      .expect(400);
    expect(refused.body.fieldErrors.contactHours[0]).toMatch(/contact hours/);
    expect(await certificateCount()).toBe(0);
    // The panel's rule (training-settings-form.ts), in its words: steps of half an hour, a number and not text.
    for (const [contactHours, message] of [
      [12.3, TRAINING_SETTINGS_FORM_MESSAGES.contactHoursStep],
      [0, TRAINING_SETTINGS_FORM_MESSAGES.contactHoursRange],
      ['40', TRAINING_SETTINGS_FORM_MESSAGES.contactHours],
    ] as const) {
      const bad = await api.http
        .put(`/api/admin/training-settings/${encodeURIComponent(TRAINING)}`)
        .set(auth())
        .send({ contactHours })
        .expect(400);
      expect(bad.body).toMatchObject({ code: 'VALIDATION_FAILED', fieldErrors: { contactHours: [message] } });
    }
    // The completion date by the completion form's rule: a real day, not in the future.
    for (const [completedOn, message] of [
      ['2999-01-01', COMPLETION_FORM_MESSAGES.completedOnFuture],
      ['2026-02-30', COMPLETION_FORM_MESSAGES.completedOnReal],
      ['15/01/2026', COMPLETION_FORM_MESSAGES.completedOn],
    ]) {
      const bad = await api.http.post('/api/admin/completions').set(auth()).send({ cohortId, completedOn }).expect(400);
      expect(bad.body).toMatchObject({ code: 'VALIDATION_FAILED', fieldErrors: { completedOn: [message] } });
    }
    await api.http
      .put(`/api/admin/training-settings/${encodeURIComponent(TRAINING)}`)
      .set(auth())
      .send({ contactHours: 40 })
      .expect(200);
    const settings = (await api.http.get('/api/admin/training-settings').set(auth()).expect(200)).body as Array<{
      trainingName: string;
      contactHours: number | null;
    }>;
    expect(settings.find((s) => s.trainingName === TRAINING)?.contactHours).toBe(40);
  });

  it('completes a cohort of 30: 30 certificates and 30 mails, none twice when run again', async () => {
    const preview = (await api.http.get(`/api/admin/cohorts/${cohortId}/completion`).set(auth()).expect(200)).body;
    expect(preview.candidates).toHaveLength(30);
    expect(preview.contactHours).toBe(40);
    const result = (
      await api.http
        .post('/api/admin/completions')
        .set(auth())
        .send({ cohortId, completedOn: '2026-01-15' })
        .expect(200)
    ).body as CompletionResult;
    expect(result).toMatchObject({ completed: 30, certificatesIssued: 30, mailsQueued: 30 });
    firstId = result.certificateIds[0];
    const again = (
      await api.http
        .post('/api/admin/completions')
        .set(auth())
        .send({ cohortId, completedOn: '2026-01-15' })
        .expect(200)
    ).body as CompletionResult;
    expect(again).toMatchObject({ completed: 0, certificatesIssued: 0, mailsQueued: 0 });
    const completion = api.app.get(CompletionService);
    expect(await completion.issueMissingCertificates()).toBe(0);
    expect(await completion.issueMissingCertificates()).toBe(0);
    expect(await certificateCount()).toBe(30);
    expect(await certificateMails()).toBe(30);
    const audits = await api
      .em()
      .getConnection()
      .execute<Array<{ n: string }>>(`select count(*) as n from audit_events where action = 'enrollment.complete'`);
    expect(Number(audits[0].n)).toBe(30);
  });

  it('needs the override to complete an unpaid balance, and the audit names it', async () => {
    const id = randomUUID();
    await api
      .em()
      .getConnection()
      .execute(
        `insert into enrollments (id, student_name, student_email, training_name, cohort_id, payment_type, payment_amount,
         enrollment_status, is_manual_entry, created_at)
       values (?, 'Owes Money', 'owes@example.com', ?, null, '3month', 10000, 'active', false, now())`,
        [id, TRAINING],
      );
    // A plan of 3 x $100 with one paid: $200 owed.
    await api.em().getConnection().execute(`update enrollments set payment_intent_id = 'pi_owes' where id = ?`, [id]);
    const conn = api.em().getConnection();
    await conn.execute(
      `insert into payments (id, provider, provider_payment_id, kind, trainings, amount, currency, status, payment_type,
         installments_total, installments_paid, plan_status, created_at, updated_at)
       values (?, 'test', 'pi_owes', 'single', '[]', 10000, 'usd', 'succeeded', '3month', 3, 1, 'active', now(), now())`,
      [randomUUID()],
    );
    const refused = await api.http
      .post('/api/admin/completions')
      .set(auth())
      .send({ enrollmentIds: [id], completedOn: '2026-01-16' })
      .expect(400);
    expect(refused.body.message).toMatch(/owe a balance/);
    const done = (
      await api.http
        .post('/api/admin/completions')
        .set(auth())
        .send({ enrollmentIds: [id], completedOn: '2026-01-16', allowUnpaidBalance: true })
        .expect(200)
    ).body as CompletionResult;
    expect(done.certificatesIssued).toBe(1);
    const [audit] = await conn.execute<
      Array<{ summary: string; changes: { unpaidBalanceOverride: { balanceCents: number } } }>
    >(`select summary, changes from audit_events where action = 'enrollment.complete' and entity_id = ?`, [id]);
    expect(audit.summary).toMatch(/unpaid balance of \$200\.00 completed by override/);
    expect(audit.changes.unpaidBalanceOverride.balanceCents).toBe(20000);
  });

  it('signs a credential anyone verifies with the published JWKS; one changed field fails', async () => {
    const json = (await api.http.get(`/api/certificates/${firstId}/credential`).set(auth()).expect(200)).body;
    expect(json.type).toBe('EnvelopedVerifiableCredential');
    const jws = presentedJws(json)!;
    expect(decodeProtectedHeader(jws)).toMatchObject({ alg: 'EdDSA', typ: 'vc+jwt' });
    // A third party: only the published key set and a standard JOSE library.
    const jwks = (await api.http.get('/api/issuer/jwks').expect(200)).body;
    const { payload } = await compactVerify(jws, createLocalJWKSet(jwks));
    const credential = JSON.parse(new TextDecoder().decode(payload));
    expect(credential.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
    expect(credential.credentialSubject.creditsEarned).toBe(40);
    expect(credential.signer.name).toBe('Dr. Ada Byron');
    const did = (await api.http.get('/api/issuer/did').expect(200)).body;
    expect(did.verificationMethod[0].id).toBe(decodeProtectedHeader(jws).kid);

    const [header, , signature] = jws.split('.');
    const tampered = { ...credential, contactHours: 400 };
    const forged = `${header}.${Buffer.from(JSON.stringify(tampered)).toString('base64url')}.${signature}`;
    await expect(compactVerify(forged, createLocalJWKSet(jwks))).rejects.toThrow();
    const checked = (await api.http.post('/api/verify').send({ credential: forged }).expect(200)).body;
    expect(checked).toMatchObject({ genuine: false, problem: expect.stringMatching(/Tampered/) });
    const good = (await api.http.post('/api/verify').send({ credential: json }).expect(200)).body;
    expect(good).toMatchObject({ genuine: true, revoked: false, facts: { contactHours: 40, title: TRAINING } });
  });

  it('puts the signed credential in the PDF as an attachment that round-trips', async () => {
    const response = await api.http
      .get(`/api/certificates/${firstId}/pdf`)
      .set(auth())
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const bytes = new Uint8Array(response.body as Buffer);
    const pdf = await PDFDocument.load(bytes);
    const { width, height } = pdf.getPage(0).getSize();
    expect(width).toBeGreaterThan(height);
    expect([...(await pdfAttachments(bytes)).keys()]).toEqual(['credential.json']);
    const attached = await attachedCredential(bytes);
    const json = (await api.http.get(`/api/certificates/${firstId}/credential`).set(auth()).expect(200)).body;
    expect(presentedJws(attached)).toBe(presentedJws(json));
    const checked = (await api.http.post('/api/verify').send({ credential: attached }).expect(200)).body;
    expect(checked.genuine).toBe(true);
  });

  it('lets the trainee signed in with the email download it, and no one else', async () => {
    const newTrainee = testApplicant(api.app);
    const stranger = testApplicant(api.app);
    const conn = api.em().getConnection();
    const [cert] = await conn.execute<Array<{ recipient_email: string }>>(
      'select recipient_email from issued_credentials where id = ?',
      [firstId],
    );
    await conn.execute('insert into applicants (id, email, created_at) values (?, ?, now()), (?, null, now())', [
      newTrainee.id,
      cert.recipient_email,
      stranger.id,
    ]);
    const trainee = await withSession(api.app, newTrainee);
    const mine = (await api.http.get('/api/certificates').set(trainee.headers()).expect(200))
      .body as IssuedCredentialSummary[];
    expect(mine.map((c) => c.id)).toEqual([firstId]);
    await api.http.get(`/api/certificates/${firstId}/credential`).set(trainee.headers()).expect(200);
    await api.http.get(`/api/certificates/${firstId}/credential`).set(stranger.headers()).expect(404);
    await api.http.get(`/api/certificates/${firstId}/pdf`).expect(401);
  });

  it('revokes with a reason: the status list and /verify agree', async () => {
    const before = (await api.http.get(`/api/verify/${firstId}`).expect(200)).body as VerificationResult;
    expect(before).toMatchObject({
      genuine: true,
      revoked: false,
      facts: { contactHours: 40, awardedOn: '2026-01-15' },
    });
    await api.http.post(`/api/admin/certificates/${firstId}/revoke`).set(auth()).send({ reason: '' }).expect(400);
    await api.http
      .post(`/api/admin/certificates/${firstId}/revoke`)
      .set(auth())
      .send({ reason: 'Issued in error' })
      .expect(200);
    await api.http.post(`/api/admin/certificates/${firstId}/revoke`).set(auth()).send({ reason: 'Again' }).expect(409);
    const after = (await api.http.get(`/api/verify/${firstId}`).expect(200)).body as VerificationResult;
    expect(after).toMatchObject({ genuine: true, revoked: true, revocationReason: 'Issued in error' });

    const listJws = (
      await api.http
        .get('/api/issuer/status/1')
        .expect(200)
        .expect('content-type', /application\/vc\+jwt/)
    ).text;
    const jwks = (await api.http.get('/api/issuer/jwks').expect(200)).body;
    const { payload } = await compactVerify(listJws, createLocalJWKSet(jwks));
    const list = JSON.parse(new TextDecoder().decode(payload));
    expect(list.type).toContain('BitstringStatusListCredential');
    const json = (await api.http.get(`/api/certificates/${firstId}/credential`).set(auth()).expect(200)).body;
    const credential = JSON.parse(Buffer.from(presentedJws(json)!.split('.')[1], 'base64url').toString());
    const bits = decodeStatusList(list.credentialSubject.encodedList);
    expect(statusListBit(bits, Number(credential.credentialStatus.statusListIndex))).toBe(true);
    const other = (await api.http.get('/api/admin/enrollments/search').set(auth()).query({ cohortId }).expect(200))
      .body;
    expect(other.total).toBe(30);
    const [audit] = await api
      .em()
      .getConnection()
      .execute<Array<{ summary: string }>>(
        `select summary from audit_events where action = 'credential.revoked' and entity_id = ?`,
        [firstId],
      );
    expect(audit.summary).toMatch(/Issued in error/);
  });

  it('rotates the key: what the old key signed still verifies, new ones name the new key', async () => {
    const keys = api.app.get(SigningKeys);
    const oldKid = keys.signer().kid;
    const newKid = await keys.rotate();
    expect(newKid).not.toBe(oldKid);
    const old = (await api.http.get(`/api/verify/${firstId}`).expect(200)).body as VerificationResult;
    expect(old).toMatchObject({ genuine: true, keyId: oldKid });
    const jwks = (await api.http.get('/api/issuer/jwks').expect(200)).body;
    expect(jwks.keys.map((k: { kid: string }) => k.kid)).toEqual([oldKid, newKid]);
    const id = randomUUID();
    await api
      .em()
      .getConnection()
      .execute(
        `insert into enrollments (id, student_name, student_email, training_name, cohort_id, payment_type, payment_amount,
         enrollment_status, is_manual_entry, created_at)
       values (?, 'After Rotation', 'after@example.com', ?, ?, 'full', 100000, 'active', true, now())`,
        [id, TRAINING, cohortId],
      );
    const done = (
      await api.http
        .post('/api/admin/completions')
        .set(auth())
        .send({ enrollmentIds: [id], completedOn: '2026-01-20' })
        .expect(200)
    ).body as CompletionResult;
    const fresh = (await api.http.get(`/api/verify/${done.certificateIds[0]}`).expect(200)).body as VerificationResult;
    expect(fresh).toMatchObject({ genuine: true, revoked: false, keyId: newKid });
  });
});
