import {
  APPLICANT_TOKEN_HEADER,
  type ApplicantAccount,
  type ApplicantRecords,
  type CredentialOverview,
  type ReviewQueueItem,
} from '@app/contracts';
import { REVIEW_DECISION_MESSAGES, SIGN_IN_LINK_FORM_MESSAGES } from '@app/domain';
import { randomBytes, randomUUID } from 'node:crypto';
import { RequestContext } from '@mikro-orm/core';
import { AdminUsersService } from '../src/admin/admin-users.service';
import { ApplicantTokenService } from '../src/applicants/applicant-token.service';
import { AnalysisRecord } from '../src/analysis/analysis-record.entity';
import { evaluationWithDetails } from '../src/analysis/analysis.service';
import { Evaluation } from '../src/analysis/evaluation.entity';
import { Credential } from '../src/credentials/credential.entity';
import { toCredentialDto } from '../src/credentials/credentials.service';
import { ErasureService } from '../src/erasure/erasure.service';
import { CredentialReview } from '../src/reviews/credential-review.entity';
import { toCredentialReviewDto } from '../src/reviews/review-mapping';
import { StorageService } from '../src/storage/storage.service';
import { samplePdf } from '../../../tools/testing/sample-files';
import { startMailCatcher, type CaughtMail, type MailCatcher } from '../../../tools/testing/mail-catcher';
import { testApplicant, withSession, type TestApplicant } from './support/applicant';
import { startTestApi, type TestApi } from './support/test-app';

const ADMIN = { username: 'records-admin', password: 'records-admin-password' };
const EVALUATOR = { username: 'records-evaluator', password: 'records-evaluator-password' };
const WEB_URL = 'http://records.example.test';
const SYLLABUS = 'Course Syllabus PSY 301 Psychosomatic Practice. 45 contact hours.';

/** Every table that holds applicant records, and the column that names the credential. */
const CREDENTIAL_TABLES: Array<[string, string]> = [
  ['credentials', 'id'],
  ['credential_documents', 'credential_id'],
  ['analysis_records', 'credential_id'],
  ['evaluations', 'credential_id'],
  ['credential_reviews', 'credential_id'],
  ['email_drafts', 'credential_id'],
];

describe('applicant records: ownership, staff review, erasure', () => {
  let api: TestApi;
  let alice: TestApplicant;
  let bob: TestApplicant;
  let storage: StorageService;
  let smtp: MailCatcher;

  beforeAll(async () => {
    smtp = await startMailCatcher();
    // The shortest download lifetime allowed, so the suite can see a link expire.
    api = await startTestApi({
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      DOCUMENT_URL_TTL_SECONDS: '10',
      SMTP_URL: smtp.smtpUrl,
      MAIL_RETRY_SECONDS: '1',
      WEB_URL,
    });
    alice = testApplicant(api.app);
    bob = testApplicant(api.app);
    storage = api.app.get(StorageService);
    await RequestContext.create(api.orm.em, () =>
      api.app.get(AdminUsersService).setPassword(EVALUATOR.username, EVALUATOR.password, 'evaluator'),
    );
  });

  afterAll(async () => {
    await api?.close();
    await smtp?.close();
  });

  const mailsTo = (address: string) => (mails: CaughtMail[]) =>
    mails.filter((m) => m.to.some((t) => t.address === address));

  /** An applicant who signed in by email link, so the outcome of a review has an address to go to. */
  async function signedInApplicant(email: string): Promise<TestApplicant> {
    const applicant = testApplicant(api.app);
    await api
      .em()
      .getConnection()
      .execute(
        `insert into applicants (id, email, created_at) values (?, ?, now()) on conflict (id) do update set email = excluded.email`,
        [applicant.id, email],
      );
    return withSession(api.app, applicant);
  }

  /** The review outcome mails in the outbox for an address (the analysis also mails when it completes). */
  async function outcomeRowsTo(email: string): Promise<Array<{ key: string; template: string }>> {
    return api
      .em()
      .getConnection()
      .execute(`select key, template from outbox where recipient = ? and template like 'credential-%'`, [email]);
  }

  const outcomeMailsTo = (address: string) => (mails: CaughtMail[]) =>
    mailsTo(address)(mails).filter(
      (m) => !m.subject.startsWith('Your evaluation of') && !m.subject.startsWith('Your signed evaluation report'),
    );

  async function login(account: { username: string; password: string }): Promise<string> {
    return (await api.http.post('/api/admin/login').send(account).expect(200)).body.token as string;
  }

  async function createCredential(owner: TestApplicant, name: string): Promise<string> {
    return (await api.http.post('/api/credentials').set(owner.headers()).send({ name }).expect(201)).body.id as string;
  }

  async function upload(
    owner: TestApplicant,
    credentialId: string,
    bytes: Buffer,
  ): Promise<{ key: string; status: number }> {
    const { uploadURL } = (await api.http.post('/api/objects/upload').set(owner.headers()).expect(200)).body as {
      uploadURL: string;
    };
    const put = await fetch(uploadURL, {
      method: 'PUT',
      body: new Uint8Array(bytes),
      headers: { 'content-type': 'application/pdf' },
    });
    expect(put.status).toBe(200);
    const registered = await api.http.put('/api/documents/upload-complete').set(owner.headers()).send({
      uploadURL,
      credentialId,
      fileName: 'PSY301 syllabus.pdf',
      fileSize: bytes.length,
      fileType: 'application/pdf',
    });
    return { key: (await storage.objectKeyFromUrl(uploadURL)) ?? '', status: registered.status };
  }

  async function analyzedCredential(owner: TestApplicant, name: string): Promise<string> {
    const id = await createCredential(owner, name);
    expect((await upload(owner, id, await samplePdf(SYLLABUS))).status).toBe(200);
    await api.http.post(`/api/credentials/${id}/analyze`).set(owner.headers()).expect(202);
    for (const deadline = Date.now() + 60_000; ;) {
      const { status } = (await api.http.get(`/api/credentials/${id}`).set(owner.headers()).expect(200)).body as {
        status: string;
      };
      if (status === 'completed') return id;
      if (status === 'failed' || Date.now() > deadline) throw new Error(`analysis ended ${status}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  async function rowsMentioning(credentialId: string): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const [table, column] of CREDENTIAL_TABLES) {
      const rows = await api
        .em()
        .getConnection()
        .execute<{ count: string }[]>(`select count(*) from ${table} where ${column} = ?`, [credentialId]);
      counts[table] = Number(rows[0].count);
    }
    return counts;
  }

  describe('ownership', () => {
    it('lists only the caller’s own credentials, with everything the page shows in one answer', async () => {
      const mine = await createCredential(alice, 'Alice BA');
      const theirs = await createCredential(bob, 'Bob MSc');
      const aliceList = (await api.http.get('/api/credentials').set(alice.headers()).expect(200))
        .body as CredentialOverview[];
      expect(aliceList.map((c) => c.id)).toContain(mine);
      expect(aliceList.map((c) => c.id)).not.toContain(theirs);
      expect(aliceList.every((c) => c.ownerId === alice.id)).toBe(true);
      expect(aliceList[0]).toMatchObject({ evaluation: null, analyses: [], review: null });
    });

    it('answers the page’s records in one call: the account’s email and the credentials as GET /api/credentials lists them', async () => {
      const anonymous = testApplicant(api.app);
      const email = `records-${randomUUID().slice(0, 8)}@example.org`;
      const signedIn = await signedInApplicant(email);
      const anonymousOwn = await createCredential(anonymous, 'Anonymous BA');
      await createCredential(signedIn, 'Signed-in BA');
      const newest = await createCredential(signedIn, 'Signed-in MSc');

      const records = async (who: TestApplicant) =>
        (await api.http.get('/api/applicants/me/records').set(who.headers()).expect(200)).body as ApplicantRecords;
      const list = async (who: TestApplicant) =>
        (await api.http.get('/api/credentials').set(who.headers()).expect(200)).body as CredentialOverview[];
      const account = async (who: TestApplicant) =>
        (await api.http.get('/api/applicants/me').set(who.headers()).expect(200)).body as ApplicantAccount;

      const mine = await records(signedIn);
      expect(mine).toEqual({ ...(await account(signedIn)), credentials: await list(signedIn) });
      expect(mine.email).toBe(email);
      expect(mine.credentials.map((c) => c.id)[0]).toBe(newest);
      expect(mine.credentials.map((c) => c.id)).not.toContain(anonymousOwn);
      expect(await records(anonymous)).toEqual({ email: null, credentials: await list(anonymous) });

      // Fresh on every call: a credential created a moment ago is there at once.
      const another = await createCredential(signedIn, 'Signed-in PhD');
      expect((await records(signedIn)).credentials.map((c) => c.id)[0]).toBe(another);

      // Staff have no records of their own; no token, or a forged one, is 401.
      const staff = await login(ADMIN);
      await api.http.get('/api/applicants/me/records').set('authorization', `Bearer ${staff}`).expect(403);
      await api.http.get('/api/applicants/me/records').expect(401);
      const forged = signedIn.headers()[APPLICANT_TOKEN_HEADER].replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
      await api.http.get('/api/applicants/me/records').set(APPLICANT_TOKEN_HEADER, forged).expect(401);
    });

    it('answers the list from one plain-row query exactly as the entity mapping did: analyzing, completed, reviewed, several documents', async () => {
      const owner = testApplicant(api.app);
      const sql = (text: string, params: unknown[] = []) => api.em().getConnection().execute(text, params);
      // A credential analyzed through the pipeline (two documents), so its phase records and evaluation are real ones.
      const analyzed = await createCredential(owner, 'Analyzed twice');
      expect((await upload(owner, analyzed, await samplePdf(SYLLABUS))).status).toBe(200);
      expect((await upload(owner, analyzed, await samplePdf(`${SYLLABUS} Second part.`))).status).toBe(200);
      await api.http.post(`/api/credentials/${analyzed}/analyze`).set(owner.headers()).expect(202);
      for (const deadline = Date.now() + 60_000; ; await new Promise((resolve) => setTimeout(resolve, 200))) {
        const { status } = (await api.http.get(`/api/credentials/${analyzed}`).set(owner.headers()).expect(200))
          .body as { status: string };
        if (status === 'completed') break;
        if (status === 'failed' || Date.now() > deadline) throw new Error(`analysis ended ${status}`);
      }
      // Copies in every other state, with microsecond times (now()) and two credentials created at the same instant.
      const copy = async (name: string, status: string, phases: number[], extra = '') => {
        const id = randomUUID();
        await sql(
          `insert into credentials (id, name, owner_id, status, failure_reason, failure_kind, analysis_started_at, created_at, updated_at)
           select ?, ?, owner_id, ?, case when ? = 'failed' then 'The file could not be read' end,
             case when ? = 'failed' then 'documents' end,
             case when ? in ('analyzing', 'completed') then now() - interval '3 minutes' end,
             now() - (random() * interval '1 hour'), now()
           from credentials where id = ?`,
          [id, name, status, status, status, status, analyzed],
        );
        await sql(
          `insert into credential_documents (id, credential_id, file_name, document_type, file_size, file_type, object_key, created_at)
           select gen_random_uuid(), ?, file_name, document_type, file_size, file_type, ? || object_key,
             created_at + interval '1 microsecond' from credential_documents where credential_id = ?`,
          [id, `${id}/`, analyzed],
        );
        await sql(
          `insert into analysis_records (id, credential_id, phase, results, created_at)
           select gen_random_uuid(), ?, phase, results, now() from analysis_records where credential_id = ? and phase = any(?::int[])`,
          [id, analyzed, `{${phases.join(',')}}`],
        );
        if (status === 'completed')
          await sql(
            `insert into evaluations (id, credential_id, total_credits, contact_hours, matched_courses, rigor_score, rigor_explanation,
               topic_relevance, learning_objectives, assessment_methods, instruction_hours, curriculum_structure,
               credential_source_clarity, completion_evidence, minimum_requirements_met, certificate_details, lead_contacts,
               course_equivalencies, document_notices, created_at)
             select gen_random_uuid(), ?, total_credits + 0.25, contact_hours, matched_courses, rigor_score, rigor_explanation,
               topic_relevance, learning_objectives, assessment_methods, instruction_hours, curriculum_structure,
               credential_source_clarity, completion_evidence, minimum_requirements_met, certificate_details,
               lead_contacts || '[{"name": "No address", "title": null, "email": null, "organization": null}]'::jsonb,
               course_equivalencies, document_notices ${extra}, now() from evaluations where credential_id = ?`,
            [id, analyzed],
          );
        return id;
      };
      const verified = await copy('Verified', 'completed', [1, 2, 3, 4]);
      await sql(
        `insert into credential_reviews (id, credential_id, decision, awarded_credits, note, decided_at)
         values (gen_random_uuid(), ?, 'verified', 2.5, 'Adjusted', now())`,
        [verified],
      );
      const rejected = await copy('Rejected', 'completed', [1, 2]);
      await sql(
        `insert into credential_reviews (id, credential_id, decision, rejection_reason, decided_at)
         values (gen_random_uuid(), ?, 'rejected', 'Not a course', now())`,
        [rejected],
      );
      const noticed = await copy(
        'With a notice',
        'completed',
        [1],
        `|| '[{"documentId": "${randomUUID()}", "fileName": "scan.png", "kind": "unreadable", "message": "Unreadable"}]'::jsonb`,
      );
      const analyzing = await copy('Analyzing', 'analyzing', [1, 2, 3]);
      const failed = await copy('Failed', 'failed', []);
      const pending = await copy('Pending', 'pending', []);
      await sql(`update credentials set created_at = (select created_at from credentials where id = ?) where id = ?`, [
        failed,
        pending,
      ]);
      await createCredential(owner, 'Newest, empty');
      // Another applicant's credential is never listed.
      await createCredential(bob, 'Bob, not listed');

      // The previous reader: five MikroORM queries with entities, mapped by the same helpers.
      const em = api.em().fork();
      const credentials = await em.find(
        Credential,
        { ownerId: owner.id },
        { populate: ['documents'], orderBy: { createdAt: 'desc', id: 'asc' } },
      );
      const ids = (status: Credential['status']) => credentials.filter((c) => c.status === status).map((c) => c.id);
      const [evaluations, phaseRecords, reviews] = await Promise.all([
        em.find(Evaluation, { credential: { $in: ids('completed') } }),
        em.find(
          AnalysisRecord,
          {
            $or: [
              { credential: { $in: ids('analyzing') } },
              { credential: { $in: ids('completed') }, phase: { $in: [1, 2] } },
            ],
          },
          { orderBy: { phase: 'asc' } },
        ),
        em.find(CredentialReview, { credential: { $in: ids('completed') } }),
      ]);
      const expected = credentials.map((credential) => {
        const evaluation = evaluations.find((e) => e.credential.id === credential.id);
        const review = reviews.find((r) => r.credential.id === credential.id);
        const records = phaseRecords
          .filter((r) => r.credential.id === credential.id)
          .map((r) => ({ phase: r.phase, results: r.results }));
        return {
          ...toCredentialDto(credential),
          evaluation: evaluation ? evaluationWithDetails(evaluation, credential.id, records) : null,
          analyses: credential.status === 'analyzing' ? records : [],
          review: review ? toCredentialReviewDto(review) : null,
        };
      });
      const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

      const list = (await api.http.get('/api/credentials').set(owner.headers()).expect(200))
        .body as CredentialOverview[];
      expect(list).toStrictEqual(asJson(expected));
      const records = (await api.http.get('/api/applicants/me/records').set(owner.headers()).expect(200))
        .body as ApplicantRecords;
      expect(records).toStrictEqual({ email: null, credentials: list });
      // The data covers what the query assembles: each state, several documents, details, reviews, notices.
      expect(list).toHaveLength(8);
      const byId = new Map(list.map((c) => [c.id, c]));
      expect(byId.get(analyzed)?.documents).toHaveLength(2);
      expect(Object.keys(byId.get(analyzed)?.evaluation?.evidence ?? {}).length).toBeGreaterThan(0);
      expect(byId.get(analyzing)?.analyses.map((a) => a.phase)).toEqual([1, 2, 3]);
      expect(byId.get(verified)?.review).toMatchObject({ decision: 'verified', awardedCredits: 2.5 });
      expect(byId.get(rejected)?.review).toMatchObject({ decision: 'rejected', rejectionReason: 'Not a course' });
      expect(byId.get(noticed)?.evaluation?.documentNotices.at(-1)).toMatchObject({ kind: 'unreadable' });
      expect(byId.get(failed)).toMatchObject({ failureKind: 'documents', evaluation: null, analyses: [] });
    });

    it('answers 401 without an applicant or staff token, and for a forged or expired one', async () => {
      await api.http.get('/api/credentials').expect(401);
      await api.http.post('/api/credentials').send({ name: 'Nobody' }).expect(401);
      await api.http.post('/api/objects/upload').expect(401);
      const forged = alice.headers()[APPLICANT_TOKEN_HEADER].replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
      await api.http.get('/api/credentials').set(APPLICANT_TOKEN_HEADER, forged).expect(401);
      const expired = api.app.get(ApplicantTokenService).sign(alice.id, -10);
      await api.http.get('/api/credentials').set(APPLICANT_TOKEN_HEADER, expired).expect(401);
    });

    it('refuses to register an upload to another applicant’s credential (404) and removes the object', async () => {
      const target = await createCredential(alice, 'Alice certificate');
      const { key, status } = await upload(bob, target, await samplePdf());
      expect(status).toBe(404);
      expect(await storage.head(key)).toBeNull();
      const stored = (await api.http.get(`/api/credentials/${target}`).set(alice.headers()).expect(200)).body as {
        documents: unknown[];
      };
      expect(stored.documents).toEqual([]);
    });

    it('accepts an upload URL only from the applicant it was issued to: another gets 400 and the owner still registers it', async () => {
      const aliceCredential = await createCredential(alice, 'Alice transcript');
      const bobCredential = await createCredential(bob, 'Bob transcript');
      const { uploadURL } = (await api.http.post('/api/objects/upload').set(alice.headers()).expect(200)).body as {
        uploadURL: string;
      };
      const bytes = await samplePdf();
      expect((await fetch(uploadURL, { method: 'PUT', body: new Uint8Array(bytes) })).status).toBe(200);
      const registration = (credentialId: string) => ({
        uploadURL,
        credentialId,
        fileName: 'transcript.pdf',
        fileSize: bytes.length,
        fileType: 'application/pdf',
      });
      const stolen = await api.http
        .put('/api/documents/upload-complete')
        .set(bob.headers())
        .send(registration(bobCredential))
        .expect(400);
      expect(stolen.body).toMatchObject({ message: 'The upload URL was not issued by this server' });
      const bobs = (await api.http.get(`/api/credentials/${bobCredential}`).set(bob.headers()).expect(200)).body as {
        documents: unknown[];
      };
      expect(bobs.documents).toEqual([]);
      await api.http
        .put('/api/documents/upload-complete')
        .set(alice.headers())
        .send(registration(aliceCredential))
        .expect(200);
    });

    it('answers every OpenAPI route that takes a credential id with 404 to another applicant and 401 to nobody, changing nothing', async () => {
      const target = await createCredential(alice, 'Swept');
      const { status } = await upload(alice, target, await samplePdf(SYLLABUS));
      expect(status).toBe(200);
      const before = (await api.http.get(`/api/credentials/${target}`).set(alice.headers()).expect(200)).body as {
        documents: Array<{ id: string }>;
      };
      const documentId = before.documents[0].id;
      const openApi = (await api.http.get('/api/docs-json').expect(200)).body as {
        paths: Record<string, Record<string, { security?: Array<Record<string, string[]>> }>>;
      };
      const swept: string[] = [];
      for (const [path, operations] of Object.entries(openApi.paths)) {
        if (!/\{id\}/.test(path) || !/credentials|reviews/.test(path)) continue;
        for (const [method, operation] of Object.entries(operations)) {
          const url = path.replace('{id}', target).replace('{documentId}', documentId);
          // The applicant token's security scheme (app.factory.ts) marks the routes an owner may call.
          const ownerOrStaff = (operation.security ?? []).some((requirement) => 'applicantToken' in requirement);
          const call = () =>
            (api.http as unknown as Record<string, (u: string) => import('supertest').Test>)[method](url).send({});
          const asBob = await call().set(bob.headers());
          expect({ route: `${method} ${path}`, status: asBob.status }).toEqual({
            route: `${method} ${path}`,
            status: ownerOrStaff ? 404 : 401,
          });
          const asNobody = await call();
          expect({ route: `${method} ${path}`, status: asNobody.status }).toEqual({
            route: `${method} ${path}`,
            status: 401,
          });
          swept.push(`${method.toUpperCase()} ${path}`);
        }
      }
      expect(swept).toEqual(
        expect.arrayContaining([
          'GET /api/credentials/{id}',
          'DELETE /api/credentials/{id}',
          'POST /api/credentials/{id}/analyze',
          'GET /api/credentials/{id}/analyses',
          'GET /api/credentials/{id}/evaluation',
          'GET /api/credentials/{id}/documents/{documentId}/download',
          'POST /api/credentials/{id}/email-drafts',
          'GET /api/admin/reviews/{id}',
          'POST /api/admin/reviews/{id}/verify',
          'POST /api/admin/reviews/{id}/reject',
        ]),
      );
      const after = (await api.http.get(`/api/credentials/${target}`).set(alice.headers()).expect(200)).body;
      expect(after).toEqual(before);
    });
  });

  describe('staff review', () => {
    it('lets an evaluator find the credential, download its document through a short-lived URL and verify adjusted credits', async () => {
      const id = await analyzedCredential(alice, 'Psychosomatic certificate');
      const evaluator = await login(EVALUATOR);
      const bearer = { authorization: `Bearer ${evaluator}` };

      const queue = (
        await api.http
          .get('/api/admin/reviews')
          .query({ status: 'awaiting', search: 'psychosomatic' })
          .set(bearer)
          .expect(200)
      ).body as ReviewQueueItem[];
      expect(queue.map((item) => item.credentialId)).toEqual([id]);
      expect(queue[0]).toMatchObject({ status: 'awaiting', documentCount: 1, applicantEmail: null });
      const recommended = queue[0].recommendedCredits;
      expect(typeof recommended).toBe('number');

      const detail = (await api.http.get(`/api/admin/reviews/${id}`).set(bearer).expect(200)).body;
      expect(detail.evaluation.totalCredits).toBe(recommended);
      const documentId = detail.credential.documents[0].id as string;
      const { url, expiresAt } = (
        await api.http.get(`/api/credentials/${id}/documents/${documentId}/download`).set(bearer).expect(200)
      ).body;
      expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe(String(api.config.records.downloadUrlTtlSeconds));
      expect(Date.parse(expiresAt)).toBeGreaterThan(Date.now());
      const download = await fetch(url);
      expect(download.status).toBe(200);
      expect(download.headers.get('content-disposition')).toBe(
        `attachment; filename="PSY301 syllabus.pdf"; filename*=UTF-8''PSY301%20syllabus.pdf`,
      );
      expect(download.headers.get('content-type')).toBe('application/pdf');
      expect(
        Buffer.from(await download.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
      // After its lifetime the store refuses the same link.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, Date.parse(expiresAt) - Date.now()) + 1500));
      const late = await fetch(url);
      expect(late.status).toBe(403);
      expect(await late.text()).toContain('Request has expired');

      await api.http.post(`/api/admin/reviews/${id}/verify`).set(bearer).send({ awardedCredits: 3.25 }).expect(400);
      const verified = await api.http
        .post(`/api/admin/reviews/${id}/verify`)
        .set(bearer)
        .send({ awardedCredits: 3.5, note: 'Hours checked' })
        .expect(200);
      expect(verified.body).toMatchObject({
        review: { decision: 'verified', awardedCredits: 3.5, note: 'Hours checked' },
        applicantNotified: false,
      });
      await api.http.post(`/api/admin/reviews/${id}/reject`).set(bearer).send({ reason: 'Too late' }).expect(409);

      const page = (await api.http.get('/api/credentials').set(alice.headers()).expect(200))
        .body as CredentialOverview[];
      expect(page.find((c) => c.id === id)?.review).toMatchObject({
        decision: 'verified',
        awardedCredits: 3.5,
        note: 'Hours checked',
      });
      // The page's one call carries the same evaluation, evidence included, as the credential's own route and the staff view.
      const evaluation = (await api.http.get(`/api/credentials/${id}/evaluation`).set(alice.headers()).expect(200))
        .body;
      expect(Object.keys(evaluation.evidence).length).toBeGreaterThan(0);
      expect(page.find((c) => c.id === id)?.evaluation).toEqual(evaluation);
      expect(detail.evaluation).toEqual(evaluation);
      const verifiedQueue = (
        await api.http.get('/api/admin/reviews').query({ status: 'verified' }).set(bearer).expect(200)
      ).body;
      expect(verifiedQueue.map((item: ReviewQueueItem) => item.credentialId)).toContain(id);
    });

    it("refuses a bad decision body field by field with the review page's words, and decides nothing", async () => {
      const id = await analyzedCredential(bob, 'Evening seminar');
      const bearer = { authorization: `Bearer ${await login(ADMIN)}` };
      const verify = await api.http
        .post(`/api/admin/reviews/${id}/verify`)
        .set(bearer)
        .send({ awardedCredits: 3.25, note: 'x'.repeat(2001) })
        .expect(400);
      expect(verify.body).toEqual({
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: `${REVIEW_DECISION_MESSAGES.awardedCreditsTenths}; ${REVIEW_DECISION_MESSAGES.note}`,
        fieldErrors: {
          awardedCredits: [REVIEW_DECISION_MESSAGES.awardedCreditsTenths],
          note: [REVIEW_DECISION_MESSAGES.note],
        },
      });
      const reject = await api.http.post(`/api/admin/reviews/${id}/reject`).set(bearer).send({}).expect(400);
      expect(reject.body.fieldErrors).toEqual({ reason: [REVIEW_DECISION_MESSAGES.reason] });
      const detail = await api.http.get(`/api/admin/reviews/${id}`).set(bearer).expect(200);
      expect(detail.body.review).toBeNull();
    });

    it('rejects with the reason the applicant sees, and needs a reason', async () => {
      const id = await analyzedCredential(bob, 'Weekend workshop');
      const bearer = { authorization: `Bearer ${await login(ADMIN)}` };
      const refused = await api.http
        .post(`/api/admin/reviews/${id}/reject`)
        .set(bearer)
        .send({ reason: '  ' })
        .expect(400);
      expect(refused.body.fieldErrors.reason).toBeDefined();
      const rejected = await api.http
        .post(`/api/admin/reviews/${id}/reject`)
        .set(bearer)
        .send({ reason: 'No proof of completion' })
        .expect(200);
      // Bob never signed in by email link: there is no address, so no mail and the answer says so.
      expect(rejected.body.applicantNotified).toBe(false);
      const page = (await api.http.get('/api/credentials').set(bob.headers()).expect(200)).body as CredentialOverview[];
      expect(page.find((c) => c.id === id)?.review).toMatchObject({
        decision: 'rejected',
        rejectionReason: 'No proof of completion',
      });
    });

    it('mails a signed-in applicant the verified outcome with the credits and the note, once', async () => {
      const carol = await signedInApplicant('carol@example.com');
      const id = await analyzedCredential(carol, 'Psychosomatic diploma');
      const bearer = { authorization: `Bearer ${await login(EVALUATOR)}` };
      const verified = await api.http
        .post(`/api/admin/reviews/${id}/verify`)
        .set(bearer)
        .send({ awardedCredits: 4.5, note: 'Hours checked' })
        .expect(200);
      expect(verified.body).toMatchObject({
        review: { decision: 'verified', awardedCredits: 4.5 },
        applicantNotified: true,
      });

      const [mail] = outcomeMailsTo('carol@example.com')(
        await smtp.waitFor((all) => outcomeMailsTo('carol@example.com')(all).length === 1),
      );
      expect(mail.subject).toBe('Psychosomatic diploma is verified: 4.5 quarter credits awarded');
      expect(mail.text).toContain('Our staff reviewed Psychosomatic diploma and awarded 4.5 quarter credits.');
      expect(mail.text).toContain('Note from the reviewer: Hours checked');
      expect(mail.text).toContain(`${WEB_URL}/evaluation?credential=${id}`);

      // A second decision is refused, and the outbox holds one mail for this credential's review.
      await api.http.post(`/api/admin/reviews/${id}/verify`).set(bearer).send({ awardedCredits: 4.5 }).expect(409);
      await api.http
        .post(`/api/admin/reviews/${id}/reject`)
        .set(bearer)
        .send({ reason: 'Changed my mind' })
        .expect(409);
      expect(await outcomeRowsTo('carol@example.com')).toEqual([
        { key: `credential-review:${id}`, template: 'credential-verified' },
      ]);
      expect(outcomeMailsTo('carol@example.com')(await smtp.messages())).toHaveLength(1);
    });

    it('mails a signed-in applicant the rejection with its reason, once', async () => {
      const dan = await signedInApplicant('dan@example.com');
      const id = await analyzedCredential(dan, 'Evening seminar');
      const bearer = { authorization: `Bearer ${await login(ADMIN)}` };
      const rejected = await api.http
        .post(`/api/admin/reviews/${id}/reject`)
        .set(bearer)
        .send({ reason: 'No proof of completion' })
        .expect(200);
      expect(rejected.body).toMatchObject({ review: { decision: 'rejected' }, applicantNotified: true });

      const [mail] = outcomeMailsTo('dan@example.com')(
        await smtp.waitFor((all) => outcomeMailsTo('dan@example.com')(all).length === 1),
      );
      expect(mail.subject).toBe('Evening seminar could not be verified');
      expect(mail.text).toContain('Reason: No proof of completion');
      expect(mail.text).toContain(`${WEB_URL}/evaluation?credential=${id}`);

      await api.http
        .post(`/api/admin/reviews/${id}/reject`)
        .set(bearer)
        .send({ reason: 'No proof of completion' })
        .expect(409);
      expect(await outcomeRowsTo('dan@example.com')).toEqual([
        { key: `credential-review:${id}`, template: 'credential-rejected' },
      ]);
      expect(outcomeMailsTo('dan@example.com')(await smtp.messages())).toHaveLength(1);
    });

    it('refuses an evaluator on enrollment and cohort routes (403) and a credential not yet analyzed (409)', async () => {
      const bearer = { authorization: `Bearer ${await login(EVALUATOR)}` };
      await api.http.get('/api/admin/enrollments').set(bearer).expect(403);
      await api.http.post('/api/admin/enrollments').set(bearer).send({}).expect(403);
      await api.http.get('/api/admin/cohorts').set(bearer).expect(403);
      await api.http.get('/api/leads').set(bearer).expect(403);
      const pending = await createCredential(alice, 'Not analyzed');
      await api.http.post(`/api/admin/reviews/${pending}/verify`).set(bearer).send({}).expect(409);
      await api.http.post('/api/credentials').set(bearer).send({ name: 'Staff own nothing' }).expect(403);
    });
  });

  describe('erasure', () => {
    it('deletes a credential for its owner: no row mentions it and its object is gone from storage', async () => {
      const id = await analyzedCredential(alice, 'To forget');
      const keys = (
        await api
          .em()
          .getConnection()
          .execute<{ object_key: string }[]>('select object_key from credential_documents where credential_id = ?', [
            id,
          ])
      ).map((row) => row.object_key);
      expect(keys).toHaveLength(1);
      expect(await storage.head(keys[0])).not.toBeNull();
      await api.http.delete(`/api/credentials/${id}`).set(bob.headers()).expect(404);
      await api.http.delete(`/api/credentials/${id}`).set(alice.headers()).expect(204);
      expect(Object.values(await rowsMentioning(id)).every((count) => count === 0)).toBe(true);
      expect(await storage.head(keys[0])).toBeNull();
      const pending = await api
        .em()
        .getConnection()
        .execute<{ count: string }[]>('select count(*) from object_deletions');
      expect(Number(pending[0].count)).toBe(0);
      await api.http.get(`/api/credentials/${id}`).set(alice.headers()).expect(404);
    });

    it('retries an object deletion that failed until storage confirms it', async () => {
      const erasure = api.app.get(ErasureService);
      const key = `uploads/${randomUUID()}`;
      await storage.put(key, await samplePdf(), 'application/pdf');
      const em = api.em();
      await em.getConnection().execute(
        // Due a minute ago: PostgreSQL's now() has microseconds, the sweep's JavaScript clock only milliseconds, so
        // a row due "now" could still be a few microseconds in the sweep's future.
        `insert into object_deletions (object_key, attempts, next_attempt_at, created_at)
           values (?, 0, now() - interval '1 minute', now())`,
        [key],
      );
      const realDelete = storage.delete.bind(storage);
      storage.delete = () => Promise.reject(new Error('storage unavailable'));
      try {
        await erasure.sweepObjectDeletions();
      } finally {
        storage.delete = realDelete;
      }
      // (The minute's scheduled sweep may have tried too; either way the failure is recorded for a later retry.)
      const [pending] = await api
        .em()
        .getConnection()
        .execute<{ attempts: number; last_error: string }[]>(
          'select attempts, last_error from object_deletions where object_key = ?',
          [key],
        );
      expect(pending.attempts).toBeGreaterThanOrEqual(1);
      expect(pending.last_error).toBe('storage unavailable');
      expect(await storage.head(key)).not.toBeNull();
      // Past the longest backoff, the next sweep deletes it and forgets it.
      await erasure.sweepObjectDeletions(new Date(Date.now() + 2 * 3600_000));
      expect(
        await api.em().getConnection().execute('select 1 from object_deletions where object_key = ?', [key]),
      ).toHaveLength(0);
      expect(await storage.head(key)).toBeNull();
    });

    it('erases everything held about an email address', async () => {
      const carol = testApplicant(api.app);
      const id = await analyzedCredential(carol, 'Carol diploma');
      const email = `carol-${randomUUID().slice(0, 8)}@example.org`;
      await api.em().getConnection().execute('update applicants set email = ? where id = ?', [email, carol.id]);
      // Carol is also named as a contact on someone else's certificate, and was drafted to.
      const other = await analyzedCredential(bob, 'Names Carol');
      await api
        .em()
        .getConnection()
        .execute(`update evaluations set lead_contacts = lead_contacts || ?::jsonb where credential_id = ?`, [
          JSON.stringify([
            { name: 'Carol', title: null, email: email.toUpperCase(), organization: null },
            { name: 'Dan', title: null, email: 'dan@example.org', organization: null },
          ]),
          other,
        ]);
      await api
        .em()
        .getConnection()
        .execute(
          `insert into email_drafts (id, credential_id, contact_email, contact_name, template_id, gmail_draft_id, sender_email, created_at)
         values (?, ?, ?, 'Carol', null, 'd-1', 'staff@example.org', now())`,
          [randomUUID(), other, email],
        );
      const key = (
        await api
          .em()
          .getConnection()
          .execute<{ object_key: string }[]>('select object_key from credential_documents where credential_id = ?', [
            id,
          ])
      )[0].object_key;

      // Carol is signed in, and asked for a sign-in link: a token and a mail in the outbox carry her address.
      const carolsBrowser = await withSession(api.app, carol);
      await api.http.post('/api/applicants/sign-in-link').set(carolsBrowser.headers()).send({ email }).expect(200);

      const bearer = { authorization: `Bearer ${await login(ADMIN)}` };
      // Her evaluation was verified: a signed report names her.
      await api.http.post(`/api/admin/reviews/${id}/verify`).set(bearer).send({}).expect(200);
      await api.http.post('/api/admin/erasure').set(bearer).send({ email: 'not an email' }).expect(400);
      const result = await api.http
        .post('/api/admin/erasure')
        .set(bearer)
        .send({ email: ` ${email.toUpperCase()} ` })
        .expect(200);
      expect(result.body).toEqual({
        credentials: 1,
        applicants: 1,
        leadContacts: 1,
        emailDrafts: 1,
        signInTokens: 1,
        sessions: 1,
        withdrawnReports: 1,
        // The sign-in link, the verified outcome and the signed report's mail.
        mails: 3,
      });
      await api.http.get('/api/credentials').set(carolsBrowser.headers()).expect(401);

      expect(await storage.head(key)).toBeNull();
      const tables = await api
        .em()
        .getConnection()
        .execute<{ table_name: string }[]>(
          `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
        );
      for (const { table_name } of tables) {
        const rows = await api
          .em()
          .getConnection()
          .execute<{ count: string }[]>(
            `select count(*) from "${table_name}" t where t::text ilike ? or t::text ilike ?`,
            [`%${email}%`, `%${id}%`],
          );
        expect({ table: table_name, rows: Number(rows[0].count) }).toEqual({ table: table_name, rows: 0 });
      }
      const kept = (
        await api
          .em()
          .getConnection()
          .execute<{ lead_contacts: Array<{ email: string }> }[]>(
            'select lead_contacts from evaluations where credential_id = ?',
            [other],
          )
      )[0].lead_contacts;
      expect(kept.map((c) => c.email)).toContain('dan@example.org');
    });

    it('erases credentials abandoned before analysis after the retention period', async () => {
      const erasure = api.app.get(ErasureService);
      const abandoned = await createCredential(bob, 'Forgotten');
      const { key } = await upload(bob, abandoned, await samplePdf());
      const recent = await createCredential(bob, 'Recent');
      const days = api.config.records.retentionDays;
      await api
        .em()
        .getConnection()
        .execute(`update credentials set created_at = now() - make_interval(days => ?) where id = ?`, [
          days + 1,
          abandoned,
        ]);
      const swept = await erasure.sweepRetention();
      expect(swept.credentials).toBe(1);
      expect(Object.values(await rowsMentioning(abandoned)).every((count) => count === 0)).toBe(true);
      expect(await storage.head(key)).toBeNull();
      await api.http.get(`/api/credentials/${recent}`).set(bob.headers()).expect(200);
    });
  });
});

describe('sign-in by email link', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi();
  });

  afterAll(async () => {
    await api?.close();
  });

  /** What the mailed link carries: a random secret whose SHA-256 is stored (the mail itself is pending the outbox). */
  async function storedLink(email: string, requestedBy: string | null, expiresInMinutes = 15): Promise<string> {
    const token = randomUUID() + randomUUID();
    // Asking for a link gives the asking browser its identity, as the API's request does.
    if (requestedBy) {
      await api
        .em()
        .getConnection()
        .execute(`insert into applicants (id, email, created_at) values (?, null, now()) on conflict do nothing`, [
          requestedBy,
        ]);
    }
    await api
      .em()
      .getConnection()
      .execute(
        `insert into sign_in_tokens (id, token_hash, email, requested_by, expires_at, used_at, created_at)
       values (?, encode(sha256(?::bytea), 'hex'), ?, ?, now() + make_interval(mins => ?), null, now())`,
        [randomUUID(), token, email, requestedBy, expiresInMinutes],
      );
    return token;
  }

  /** The link's token from the newest sign-in mail to `email` in the outbox. */
  async function mailedToken(email: string): Promise<string> {
    const mails = await api
      .em()
      .getConnection()
      .execute<{ data: { path: string } }[]>(
        `select data from outbox where recipient = ? and template = 'sign-in-link' order by created_at desc`,
        [email],
      );
    return new URL(mails[0].data.path, 'http://web').searchParams.get('token') ?? '';
  }

  const newBinding = () => randomBytes(32).toString('base64url');

  it('writes the link to the mail outbox (only its hash is kept); used in the asking browser, its records join', async () => {
    const applicant = testApplicant(api.app);
    const binding = newBinding();
    const email = `dana-${randomUUID().slice(0, 8)}@example.org`;
    const mine = (
      await api.http.post('/api/credentials').set(applicant.headers()).send({ name: 'Dana BA' }).expect(201)
    ).body.id;
    // The link form's rule (libs/domain signInLinkFormSchema, as the account and evaluation pages run it).
    const bad = `dana-${randomUUID().slice(0, 8)}@localhost`;
    const refused = await api.http
      .post('/api/applicants/sign-in-link')
      .set(applicant.headers())
      .send({ email: bad, browserBinding: binding })
      .expect(400);
    expect(refused.body).toEqual({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: SIGN_IN_LINK_FORM_MESSAGES.email,
      fieldErrors: { email: [SIGN_IN_LINK_FORM_MESSAGES.email] },
    });
    expect(await api.em().getConnection().execute('select 1 from sign_in_tokens where email = ?', [bad])).toEqual([]);
    const response = await api.http
      .post('/api/applicants/sign-in-link')
      .set(applicant.headers())
      .send({ email: ` ${email.toUpperCase()} `, browserBinding: binding })
      .expect(200);
    expect(response.body.mail).toBe('queued');
    const [mail] = await api
      .em()
      .getConnection()
      .execute<{ template: string; data: { path: string; expiresInMinutes: number } }[]>(
        'select template, data from outbox where recipient = ?',
        [email],
      );
    expect(mail).toMatchObject({ template: 'sign-in-link', data: { expiresInMinutes: 15 } });
    const token = new URL(mail.data.path, 'http://web').searchParams.get('token') ?? '';
    const stored = await api
      .em()
      .getConnection()
      .execute<{ token_hash: string; browser_binding_hash: string }[]>(
        'select token_hash, browser_binding_hash from sign_in_tokens where email = ?',
        [email],
      );
    expect(stored).toHaveLength(1);
    expect(stored[0].token_hash).not.toContain(token);
    expect(stored[0].browser_binding_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0].browser_binding_hash).not.toContain(binding);
    const signedIn = await api.http
      .post('/api/applicants/sign-in')
      .set(applicant.headers())
      .send({ token, browserBinding: binding })
      .expect(200);
    // The account is a new identity; the asking browser's records joined it because this is that browser.
    expect(signedIn.body).toMatchObject({ email, mergedCredentials: 1, sameBrowser: true });
    expect(signedIn.body.applicantId).not.toBe(applicant.id);
    const page = (
      await api.http
        .get('/api/credentials')
        .set(testApplicant(api.app, signedIn.body.applicantId, signedIn.body.sessionToken).headers())
        .expect(200)
    ).body;
    expect((page as CredentialOverview[]).map((c) => c.id)).toEqual([mine]);
    await api.http.post('/api/applicants/sign-in-link').send({ email }).expect(401);
  });

  it('gives the account to the browser that uses the link, never to the browser that asked (takeover refused)', async () => {
    const attacker = testApplicant(api.app);
    const attackerBinding = newBinding();
    const victim = testApplicant(api.app);
    const email = `victim-${randomUUID().slice(0, 8)}@example.org`;
    const bait = (await api.http.post('/api/credentials').set(attacker.headers()).send({ name: 'Bait' }).expect(201))
      .body.id;
    const transcript = (
      await api.http.post('/api/credentials').set(victim.headers()).send({ name: 'Transcript' }).expect(201)
    ).body.id;
    await api.http
      .post('/api/applicants/sign-in-link')
      .set(attacker.headers())
      .send({ email, browserBinding: attackerBinding })
      .expect(200);

    // The victim opens the mailed link: the page is told the address it signs in to, and nothing is spent yet.
    const token = await mailedToken(email);
    for (let i = 0; i < 2; i++) {
      expect((await api.http.post('/api/applicants/sign-in-preview').send({ token }).expect(200)).body).toEqual({
        email,
      });
    }
    // They sign in, in their own browser (no binding of the attacker's), keeping their records.
    const signedIn = await api.http
      .post('/api/applicants/sign-in')
      .set(victim.headers())
      .send({ token, keepThisBrowsersRecords: true })
      .expect(200);
    // A spent link previews nothing.
    await api.http.post('/api/applicants/sign-in-preview').send({ token }).expect(400);
    await api.http.post('/api/applicants/sign-in-preview').send({ token: 'made-up' }).expect(400);
    expect(signedIn.body).toMatchObject({ email, mergedCredentials: 1, sameBrowser: false });
    expect(signedIn.body.applicantId).not.toBe(attacker.id);
    const account = testApplicant(api.app, signedIn.body.applicantId, signedIn.body.sessionToken);
    const accountPage = (await api.http.get('/api/credentials').set(account.headers()).expect(200))
      .body as CredentialOverview[];
    expect(accountPage.map((c) => c.id)).toEqual([transcript]);

    // The attacker's identity is still anonymous: no address, only the bait, and the victim's records are 404.
    const attackerPage = (await api.http.get('/api/credentials').set(attacker.headers()).expect(200))
      .body as CredentialOverview[];
    const attackerAccount = (await api.http.get('/api/applicants/me').set(attacker.headers()).expect(200))
      .body as ApplicantAccount;
    expect(attackerAccount.email).toBeNull();
    expect(attackerPage.map((c) => c.id)).toEqual([bait]);
    await api.http.get(`/api/credentials/${transcript}`).set(attacker.headers()).expect(404);
    // What the attacker creates later stays the attacker's.
    const later = (await api.http.post('/api/credentials').set(attacker.headers()).send({ name: 'Later' }).expect(201))
      .body.id;
    await api.http.get(`/api/credentials/${later}`).set(account.headers()).expect(404);

    // A second link asked by the attacker for the now existing account moves nothing into it when the owner uses it
    // without asking for this browser's records, and the attacker's binding alone cannot use a link it never saw.
    await api.http
      .post('/api/applicants/sign-in-link')
      .set(attacker.headers())
      .send({ email, browserBinding: attackerBinding })
      .expect(200);
    const again = await api.http
      .post('/api/applicants/sign-in')
      .set(testApplicant(api.app).headers())
      .send({ token: await mailedToken(email) })
      .expect(200);
    expect(again.body).toMatchObject({ applicantId: account.id, mergedCredentials: 0, sameBrowser: false });
    expect(
      (await api.http.get('/api/credentials').set(account.headers()).expect(200)).body as CredentialOverview[],
    ).toHaveLength(1);
  });

  it('in a second browser, joins that browser’s records only when asked, and never the asking browser’s', async () => {
    const first = testApplicant(api.app);
    const second = testApplicant(api.app);
    const email = `erin-${randomUUID().slice(0, 8)}@example.org`;
    const mine = (
      await api.http.post('/api/credentials').set(first.headers()).send({ name: 'First browser' }).expect(201)
    ).body.id;
    const other = (
      await api.http.post('/api/credentials').set(second.headers()).send({ name: 'Second browser' }).expect(201)
    ).body.id;
    const token = await storedLink(email, first.id);

    const signedIn = await api.http
      .post('/api/applicants/sign-in')
      .set(second.headers())
      .send({ token, keepThisBrowsersRecords: true })
      .expect(200);
    expect(signedIn.body).toMatchObject({ email, mergedCredentials: 1, sameBrowser: false });
    const account = testApplicant(api.app, signedIn.body.applicantId, signedIn.body.sessionToken);
    const page = (await api.http.get('/api/credentials').set(account.headers()).expect(200))
      .body as CredentialOverview[];
    const signedInAccount = (await api.http.get('/api/applicants/me').set(account.headers()).expect(200))
      .body as ApplicantAccount;
    expect(signedInAccount.email).toBe(email);
    expect(page.map((c) => c.id)).toEqual([other]);
    // The asking browser keeps its own record and identity.
    await api.http.get(`/api/credentials/${mine}`).set(first.headers()).expect(200);

    const again = await api.http.post('/api/applicants/sign-in').send({ token }).expect(400);
    expect(again.body.message).toContain('invalid, expired or already used');
    // The merged-away identity owns nothing any more.
    await api.http.get(`/api/credentials/${other}`).set(second.headers()).expect(404);

    // A later link for the same address, used from a third browser that does not ask, opens the same account.
    const third = testApplicant(api.app);
    await api.http.post('/api/credentials').set(third.headers()).send({ name: 'Third browser' }).expect(201);
    const later = await storedLink(email, third.id);
    const back = await api.http.post('/api/applicants/sign-in').set(third.headers()).send({ token: later }).expect(200);
    expect(back.body).toMatchObject({ applicantId: account.id, mergedCredentials: 0 });
  });

  it('limits sign-in mails per client and per address, counted in PostgreSQL', async () => {
    const limited = await startTestApi({ SIGN_IN_LINKS_PER_CLIENT: '3', SIGN_IN_LINKS_PER_ADDRESS: '2' });
    try {
      const browser = testApplicant(limited.app);
      const ask = (email: string, client: string) =>
        limited.http
          .post('/api/applicants/sign-in-link')
          .set(browser.headers())
          .set('X-Forwarded-For', client)
          .send({ email });
      // One client, many addresses: the fourth is refused, and a refused request mails nothing.
      const answers = await Promise.all(
        [1, 2, 3, 4, 5].map((n) => ask(`many-${n}-${randomUUID().slice(0, 6)}@example.org`, '203.0.113.7')),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 429, 429]);
      expect(answers.find((a) => a.status === 429)?.body.message).toContain('from this connection');
      // One address, many clients: the third is refused.
      const victim = `flooded-${randomUUID().slice(0, 8)}@example.org`;
      const statuses = [];
      for (const client of ['198.51.100.1', '198.51.100.2', '198.51.100.3'])
        statuses.push((await ask(victim, client)).status);
      expect(statuses).toEqual([200, 200, 429]);
      const mails = await limited
        .em()
        .getConnection()
        .execute(`select 1 from outbox where recipient = ? and template = 'sign-in-link'`, [victim]);
      expect(mails).toHaveLength(2);
      // The counters hold hashes, never an address.
      const keys = await limited
        .em()
        .getConnection()
        .execute<{ key: string }[]>('select key from sign_in_limit_counters');
      expect(keys.every((row) => /^[0-9a-f]{64}$/.test(row.key))).toBe(true);
    } finally {
      await limited.close();
    }
  });

  it('refuses an expired link and a forged one, and never merges another account', async () => {
    const expired = await storedLink('frank@example.org', null, -1);
    await api.http.post('/api/applicants/sign-in').send({ token: expired }).expect(400);
    await api.http.post('/api/applicants/sign-in').send({ token: 'made-up' }).expect(400);

    const gina = testApplicant(api.app);
    await api.http.post('/api/credentials').set(gina.headers()).send({ name: 'Gina' }).expect(201);
    const ginaAccount = (
      await api.http
        .post('/api/applicants/sign-in')
        .set(gina.headers())
        .send({ token: await storedLink('gina@example.org', gina.id), keepThisBrowsersRecords: true })
        .expect(200)
    ).body;
    // Gina, signed in, uses a link of another address and asks for this browser's records: her account's records
    // stay hers (accounts never merge).
    const other = await api.http
      .post('/api/applicants/sign-in')
      .set(testApplicant(api.app, ginaAccount.applicantId, ginaAccount.sessionToken).headers())
      .send({ token: await storedLink('harry@example.org', null), keepThisBrowsersRecords: true })
      .expect(200);
    expect(other.body.mergedCredentials).toBe(0);
    // This browser now carries Harry's account: its session with Gina's ended.
    await api.http
      .get('/api/credentials')
      .set(testApplicant(api.app, ginaAccount.applicantId, ginaAccount.sessionToken).headers())
      .expect(401);
    const ginaElsewhere = await withSession(api.app, { id: ginaAccount.applicantId });
    const ginas = (await api.http.get('/api/credentials').set(ginaElsewhere.headers()).expect(200)).body;
    expect(ginas).toHaveLength(1);
  });
});
