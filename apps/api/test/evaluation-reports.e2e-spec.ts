import type { Evaluation, IssuedCredentialSummary, VerificationResult } from '@app/contracts';
import { PDFDocument } from 'pdf-lib';
import { randomUUID } from 'node:crypto';
import { attachedCredential } from '../src/certificates/certificate-pdf';
import { isSetInList, presentedJws } from '../src/certificates/credential-jose';
import { renderMail } from '../src/mail/mail-renderer';
import type { CertificateIssuedData } from '../src/mail/templates/certificate-mails';
import { samplePdf } from '../../../tools/testing/sample-files';
import { testApplicant, withSession, type TestApplicant } from './support/applicant';
import { startTestApi, type TestApi } from './support/test-app';

const SYLLABUS = 'Course Syllabus PSY 301 Psychosomatic Practice. 45 contact hours.';
const TRAINING = 'Parts Therapy Practitioner';

describe('evaluation reports and reading our own certificates', () => {
  let api: TestApi;
  let token: string;
  let applicant: TestApplicant;
  const auth = () => ({ Authorization: `Bearer ${token}` });

  beforeAll(async () => {
    api = await startTestApi({ ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'boss-password' });
    token = (await api.http.post('/api/admin/login').send({ username: 'boss', password: 'boss-password' }).expect(200))
      .body.token;
    applicant = testApplicant(api.app);
    await api
      .em()
      .getConnection()
      .execute('insert into applicants (id, email, created_at) values (?, ?, now())', [
        applicant.id,
        'ann@example.com',
      ]);
    applicant = await withSession(api.app, applicant);
  });

  afterAll(async () => {
    await api?.close();
  });

  async function upload(credentialId: string, bytes: Buffer, fileName: string): Promise<void> {
    const fileType = fileName.endsWith('.json') ? 'application/json' : 'application/pdf';
    const { uploadURL } = (await api.http.post('/api/objects/upload').set(applicant.headers()).expect(200)).body as {
      uploadURL: string;
    };
    const put = await fetch(uploadURL, {
      method: 'PUT',
      body: new Uint8Array(bytes),
      headers: { 'content-type': fileType },
    });
    expect(put.status).toBe(200);
    await api.http
      .put('/api/documents/upload-complete')
      .set(applicant.headers())
      .send({ uploadURL, credentialId, fileName, fileSize: bytes.length, fileType })
      .expect(200);
  }

  async function analyzed(name: string, files: Array<[Buffer, string]>): Promise<string> {
    const id = (await api.http.post('/api/credentials').set(applicant.headers()).send({ name }).expect(201)).body
      .id as string;
    for (const [bytes, fileName] of files) await upload(id, bytes, fileName);
    await api.http.post(`/api/credentials/${id}/analyze`).set(applicant.headers()).expect(202);
    for (const deadline = Date.now() + 60_000; ;) {
      const { status } = (await api.http.get(`/api/credentials/${id}`).set(applicant.headers()).expect(200)).body as {
        status: string;
      };
      if (status === 'completed') return id;
      if (status === 'failed' || Date.now() > deadline) throw new Error(`analysis ended ${status}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /** Ann completes the training (40 contact hours) on that day: the id of her signed certificate. */
  async function completedCertificate(completedOn: string): Promise<string> {
    await api.http
      .put(`/api/admin/training-settings/${encodeURIComponent(TRAINING)}`)
      .set(auth())
      .send({ contactHours: 40 })
      .expect(200);
    const enrollmentId = randomUUID();
    await api
      .em()
      .getConnection()
      .execute(
        `insert into enrollments (id, student_name, student_email, training_name, payment_type, payment_amount,
           enrollment_status, is_manual_entry, created_at)
         values (?, 'Ann Example', 'ann@example.com', ?, 'full', 100000, 'active', true, now())`,
        [enrollmentId, TRAINING],
      );
    const done = (
      await api.http
        .post('/api/admin/completions')
        .set(auth())
        .send({ enrollmentIds: [enrollmentId], completedOn })
        .expect(200)
    ).body as { certificateIds: string[] };
    return done.certificateIds[0];
  }

  const reports = async () =>
    (await api.http.get('/api/certificates').set(applicant.headers()).expect(200)).body as IssuedCredentialSummary[];

  it('a verified evaluation issues a signed course-by-course report; a rejected one issues nothing', async () => {
    const verified = await analyzed('MSc Psychology', [[await samplePdf(SYLLABUS), 'PSY301 syllabus.pdf']]);
    const rejected = await analyzed('Other course', [[await samplePdf(SYLLABUS), 'PSY301 syllabus.pdf']]);
    await api.http
      .post(`/api/admin/reviews/${rejected}/reject`)
      .set(auth())
      .send({ reason: 'Not a course' })
      .expect(200);
    expect(await reports()).toEqual([]);
    const evaluation = (
      await api.http.get(`/api/credentials/${verified}/evaluation`).set(applicant.headers()).expect(200)
    ).body as Evaluation;
    await api.http
      .post(`/api/admin/reviews/${verified}/verify`)
      .set(auth())
      .send({ awardedCredits: evaluation.totalCredits })
      .expect(200);
    const [report] = await reports();
    expect(report).toMatchObject({
      kind: 'evaluation-report',
      title: 'MSc Psychology',
      credits: evaluation.totalCredits,
    });
    const checked = (await api.http.get(`/api/verify/${report.id}`).expect(200)).body as VerificationResult;
    expect(checked.genuine).toBe(true);
    expect(checked.facts?.criteria).toHaveLength(7);
    expect(checked.facts?.signerName).toBe('boss');
    const json = (await api.http.get(`/api/certificates/${report.id}/credential`).set(applicant.headers()).expect(200))
      .body;
    const credential = JSON.parse(Buffer.from(presentedJws(json)!.split('.')[1], 'base64url').toString());
    expect(credential.awardedCredits).toBe(evaluation.totalCredits);
    expect(credential.criteria.map((c: { met: boolean }) => c.met)).toEqual([
      evaluation.topicRelevance,
      evaluation.learningObjectives,
      evaluation.assessmentMethods,
      evaluation.instructionHours,
      evaluation.curriculumStructure,
      evaluation.credentialSourceClarity,
      evaluation.completionEvidence,
    ]);
    // The report has its own mail to the applicant, written with it (one, keyed by the report), beside the review's.
    const reportMails = () =>
      api
        .em()
        .getConnection()
        .execute<Array<{ key: string; recipient: string; subject: string; data: Record<string, unknown> }>>(
          `select key, recipient, subject, data from outbox where template = 'evaluation-report-issued'`,
        );
    expect(await reportMails()).toEqual([
      {
        key: `evaluation-report-issued:${report.id}`,
        recipient: 'ann@example.com',
        subject: 'Your signed evaluation report: MSc Psychology',
        data: expect.objectContaining({ certificateId: report.id, kind: 'evaluation-report', title: 'MSc Psychology' }),
      },
    ]);
    // Deciding again is refused and mails nothing more; the rejection mailed no report.
    const again = await api.http
      .post(`/api/admin/reviews/${verified}/verify`)
      .set(auth())
      .send({ awardedCredits: evaluation.totalCredits });
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect(await reportMails()).toHaveLength(1);
    // The mail links to the report's verification page and its download.
    const { text } = await renderMail(
      'evaluation-report-issued',
      (await reportMails())[0].data as unknown as CertificateIssuedData,
      {
        webUrl: 'https://training.example',
        updateCardUrl: () => '',
      },
    );
    expect(text).toContain(`https://training.example/verify/${report.id}`);
    expect(text).toContain(`https://training.example/certificates/${report.id}/pdf`);
  });

  it('reads one of our certificate PDFs by its signature, and reports a tampered one as tampered', async () => {
    const done = { certificateIds: [await completedCertificate('2026-01-15')] };
    const pdf = (
      await api.http
        .get(`/api/certificates/${done.certificateIds[0]}/pdf`)
        .set(applicant.headers())
        .buffer(true)
        .parse((res, callback) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => callback(null, Buffer.concat(chunks)));
        })
        .expect(200)
    ).body as Buffer;

    const ours = await analyzed('Our certificate', [[pdf, 'certificate.pdf']]);
    const evaluation = (await api.http.get(`/api/credentials/${ours}/evaluation`).set(applicant.headers()).expect(200))
      .body as Evaluation;
    expect(evaluation.contactHours).toBe(40);
    expect(evaluation.certificateDetails).toMatchObject({ recipientName: 'Ann Example', completionDate: '2026-01-15' });
    expect(evaluation.evidence?.contactHours?.quote).toMatch(/40 contact hours \(verified by signature: PTI-/);

    // The same PDF with a credential whose hours were changed: the signature no longer matches.
    const attached = JSON.parse((await attachedCredential(new Uint8Array(pdf)))!);
    const [header, payload, signature] = presentedJws(attached)!.split('.');
    const body = JSON.parse(Buffer.from(payload, 'base64url').toString());
    body.contactHours = 400;
    const forged = `${header}.${Buffer.from(JSON.stringify(body)).toString('base64url')}.${signature}`;
    const doc = await PDFDocument.create();
    doc.addPage().drawText('Certificate of Completion: 400 contact hours', { x: 40, y: 700, size: 14 });
    await doc.attach(
      new TextEncoder().encode(JSON.stringify({ ...attached, id: `data:application/vc+jwt,${forged}` })),
      'credential.json',
      { mimeType: 'application/json' },
    );
    const tampered = Buffer.from(await doc.save());
    const mixed = await analyzed('Tampered', [
      [tampered, 'forged.pdf'],
      [await samplePdf(SYLLABUS), 'PSY301 syllabus.pdf'],
    ]);
    const result = (await api.http.get(`/api/credentials/${mixed}/evaluation`).set(applicant.headers()).expect(200))
      .body as Evaluation;
    expect(result.documentNotices).toEqual([
      expect.objectContaining({ fileName: 'forged.pdf', message: expect.stringMatching(/tampered/) }),
    ]);
    expect(result.contactHours).not.toBe(400);
  });

  it('does not take the facts of a revoked certificate of ours as verified', async () => {
    const done = { certificateIds: [await completedCertificate('2026-02-15')] };
    const certificateId = done.certificateIds[0];
    const pdf = (
      await api.http
        .get(`/api/certificates/${certificateId}/pdf`)
        .set(applicant.headers())
        .buffer(true)
        .parse((res, callback) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => callback(null, Buffer.concat(chunks)));
        })
        .expect(200)
    ).body as Buffer;
    await api.http
      .post(`/api/admin/certificates/${certificateId}/revoke`)
      .set(auth())
      .send({ reason: 'Issued in error' })
      .expect(200);

    const id = await analyzed('Revoked certificate', [
      [pdf, 'revoked.pdf'],
      [await samplePdf(SYLLABUS), 'PSY301 syllabus.pdf'],
    ]);
    const result = (await api.http.get(`/api/credentials/${id}/evaluation`).set(applicant.headers()).expect(200))
      .body as Evaluation;
    expect(result.documentNotices).toEqual([
      expect.objectContaining({ fileName: 'revoked.pdf', message: expect.stringMatching(/revoked/) }),
    ]);
    expect(result.evidence?.contactHours?.quote ?? '').not.toMatch(/verified by signature/);
  });

  it('reads the JSON download of our certificate by its signature; tampered, revoked or foreign JSON is left out', async () => {
    const done = { certificateIds: [await completedCertificate('2026-03-15')] };
    const certificateId = done.certificateIds[0];
    const downloaded = (
      await api.http.get(`/api/certificates/${certificateId}/credential`).set(applicant.headers()).expect(200)
    ).body as Record<string, unknown>;
    const json = Buffer.from(JSON.stringify(downloaded, null, 2));

    // Valid: its facts are the signed ones.
    const ours = await analyzed('Our certificate as JSON', [[json, 'certificate.json']]);
    const evaluation = (await api.http.get(`/api/credentials/${ours}/evaluation`).set(applicant.headers()).expect(200))
      .body as Evaluation;
    expect(evaluation.documentNotices ?? []).toEqual([]);
    expect(evaluation.contactHours).toBe(40);
    expect(evaluation.certificateDetails).toMatchObject({ recipientName: 'Ann Example', completionDate: '2026-03-15' });
    expect(evaluation.evidence?.contactHours?.quote).toMatch(/40 contact hours \(verified by signature: PTI-/);

    // Tampered (the hours changed under the old signature), and a JSON file that is no credential of ours.
    const [header, payload, signature] = presentedJws(downloaded)!.split('.');
    const body = JSON.parse(Buffer.from(payload, 'base64url').toString());
    body.contactHours = 400;
    const forged = `${header}.${Buffer.from(JSON.stringify(body)).toString('base64url')}.${signature}`;
    const tampered = Buffer.from(JSON.stringify({ ...downloaded, id: `data:application/vc+jwt,${forged}` }));
    const mixed = await analyzed('Tampered JSON', [
      [tampered, 'forged.json'],
      [Buffer.from('{"hours": 400}'), 'notes.json'],
      [await samplePdf(SYLLABUS), 'PSY301 syllabus.pdf'],
    ]);
    const result = (await api.http.get(`/api/credentials/${mixed}/evaluation`).set(applicant.headers()).expect(200))
      .body as Evaluation;
    expect(result.documentNotices).toEqual([
      expect.objectContaining({ fileName: 'forged.json', message: expect.stringMatching(/tampered/) }),
      expect.objectContaining({ fileName: 'notes.json', message: expect.stringMatching(/not a signed certificate/) }),
    ]);
    expect(result.contactHours).not.toBe(400);

    // Revoked: genuine, but its facts are not taken.
    await api.http
      .post(`/api/admin/certificates/${certificateId}/revoke`)
      .set(auth())
      .send({ reason: 'Issued in error' })
      .expect(200);
    const revoked = await analyzed('Revoked JSON', [
      [json, 'revoked.json'],
      [await samplePdf(SYLLABUS), 'PSY301 syllabus.pdf'],
    ]);
    const afterRevocation = (
      await api.http.get(`/api/credentials/${revoked}/evaluation`).set(applicant.headers()).expect(200)
    ).body as Evaluation;
    expect(afterRevocation.documentNotices).toEqual([
      expect.objectContaining({ fileName: 'revoked.json', message: expect.stringMatching(/revoked/) }),
    ]);
    expect(afterRevocation.evidence?.contactHours?.quote ?? '').not.toMatch(/verified by signature/);
  });

  it('deleting a credential withdraws its evaluation report', async () => {
    const id = await analyzed('Deleted later', [[await samplePdf(SYLLABUS), 'PSY301 syllabus.pdf']]);
    await api.http.post(`/api/admin/reviews/${id}/verify`).set(auth()).send({ awardedCredits: 1 }).expect(200);
    const report = (await reports()).find((c) => c.kind === 'evaluation-report' && c.title === 'Deleted later');
    expect(report).toBeDefined();
    expect(((await api.http.get(`/api/verify/${report?.id}`).expect(200)).body as VerificationResult).genuine).toBe(
      true,
    );
    await api.http.delete(`/api/credentials/${id}`).set(applicant.headers()).expect(204);
    const checked = (await api.http.get(`/api/verify/${report?.id}`).expect(200)).body as VerificationResult;
    expect(checked).toMatchObject({ withdrawn: true, revoked: true, facts: null });
    expect(JSON.stringify(checked)).not.toContain('Deleted later');
    expect((await reports()).map((c) => c.id)).not.toContain(report?.id);
  });

  it('erasure withdraws the evaluation reports (revoked, no personal data left) and keeps the completion certificates', async () => {
    const before = await reports();
    const evaluationReports = before.filter((c) => c.kind === 'evaluation-report');
    const completions = before.filter((c) => c.kind === 'completion' && c.revokedAt === null);
    expect(evaluationReports.length).toBeGreaterThan(0);
    expect(completions.length).toBeGreaterThan(0);

    const erased = await api.http.post('/api/admin/erasure').set(auth()).send({ email: 'ann@example.com' }).expect(200);
    expect(erased.body).toMatchObject({ withdrawnReports: evaluationReports.length, sessions: 1 });
    // Ann's browser is signed out by the erasure.
    await api.http.get('/api/certificates').set(applicant.headers()).expect(401);

    const statusList = (await api.http.get('/api/issuer/status/1').expect(200)).text;
    const encoded = JSON.parse(Buffer.from(statusList.split('.')[1], 'base64url').toString()).credentialSubject
      .encodedList as string;
    for (const report of evaluationReports) {
      const checked = (await api.http.get(`/api/verify/${report.id}`).expect(200)).body as VerificationResult;
      expect(checked).toMatchObject({ id: report.id, withdrawn: true, revoked: true, genuine: false, facts: null });
      expect(checked.revocationReason).toMatch(/holder’s request/);
      const shown = JSON.stringify(checked);
      for (const personal of ['Ann', 'ann@example.com', report.title]) expect(shown).not.toContain(personal);
      const [row] = await api
        .em()
        .getConnection()
        .execute<Array<Record<string, unknown>>>(
          'select recipient_name, recipient_email, title, credits, jws, status_index, credential_id from issued_credentials where id = ?',
          [report.id],
        );
      expect(row).toMatchObject({ recipient_name: '', recipient_email: '', title: '', credits: null, jws: null });
      expect(row.credential_id).toBeNull();
      // Revoked in the published status list too, so a downloaded copy no longer passes a third party's check.
      expect(isSetInList(encoded, Number(row.status_index))).toBe(true);
      // Nothing left to download.
      await api.http.get(`/api/certificates/${report.id}/credential`).set(auth()).expect(404);
    }
    for (const completion of completions) {
      const checked = (await api.http.get(`/api/verify/${completion.id}`).expect(200)).body as VerificationResult;
      expect(checked).toMatchObject({ genuine: true, revoked: false, withdrawn: false });
      expect(checked.facts?.recipientName).toBe('Ann Example');
    }
  });
});
