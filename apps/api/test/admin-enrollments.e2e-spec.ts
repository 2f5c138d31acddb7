import { RequestContext } from '@mikro-orm/postgresql';
import type { AdminPanelView, Cohort, CreateEnrollmentRequest, Enrollment, EnrollmentPage } from '@app/contracts';
import { COHORT_FORM_MESSAGES } from '@app/domain';
import { AdminUsersService } from '../src/admin/admin-users.service';
import { Cohort as CohortEntity } from '../src/cohorts/cohort.entity';
import { Enrollment as EnrollmentEntity } from '../src/enrollments/enrollment.entity';
import { startTestApi, TestApi } from './support/test-app';

describe('admin cohorts and enrollments', () => {
  let api: TestApi;
  let token: string;

  const auth = () => ({ Authorization: `Bearer ${token}` });
  const countEnrollments = () => api.em().count(EnrollmentEntity, {});

  async function createCohort(trainingName: string, cohortMonth: string): Promise<Cohort> {
    const response = await api.http
      .post('/api/admin/cohorts')
      .set(auth())
      .send({ trainingName, cohortMonth })
      .expect(201);
    return response.body as Cohort;
  }

  function manual(overrides: Partial<Record<keyof CreateEnrollmentRequest, unknown>> = {}): Record<string, unknown> {
    return {
      studentName: 'Ada Lovelace',
      studentEmail: 'ada@example.com',
      trainingName: 'Parts Therapy Practitioner',
      cohortId: null,
      paymentType: 'full',
      paymentAmount: 199500,
      enrollmentStatus: 'active',
      notes: null,
      isManualEntry: true,
      ...overrides,
    };
  }

  /** Inserts an enrollment with a chosen creation time, as the payments flow would, for the date filter edges. */
  async function enrollmentCreatedAt(
    createdAt: string,
    studentName: string,
    trainingName = 'Resilient Child Training',
  ): Promise<void> {
    const em = api.em();
    em.create(EnrollmentEntity, {
      studentName,
      studentEmail: `${studentName.toLowerCase().replace(/\W+/g, '.')}@example.com`,
      trainingName,
      cohort: null,
      paymentType: '6month',
      paymentAmount: 30000,
      enrollmentStatus: 'active',
      notes: null,
      isManualEntry: false,
      paymentIntentId: `pi_${studentName.replace(/\W+/g, '')}`,
      createdAt: new Date(createdAt),
    });
    await em.flush();
  }

  beforeAll(async () => {
    api = await startTestApi({
      ADMIN_USERNAME: 'suite-admin',
      ADMIN_PASSWORD: 'suite-password',
      ADMIN_LOGIN_ATTEMPTS_PER_MINUTE: '100',
    });
    const login = await api.http
      .post('/api/admin/login')
      .send({ username: 'suite-admin', password: 'suite-password' })
      .expect(200);
    token = login.body.token;
  });

  afterAll(async () => {
    await api.close();
  });

  it('marks an enrollment whose installment plan is past due, and only that one', async () => {
    await enrollmentCreatedAt('2031-06-01T10:00:00.000Z', 'Late Payer');
    await enrollmentCreatedAt('2031-06-01T11:00:00.000Z', 'Prompt Payer');
    await api
      .em()
      .getConnection()
      .execute(
        `insert into payments (id, provider, provider_payment_id, kind, payment_type, trainings, amount, currency,
         status, installments_total, installments_paid, plan_status, created_at, updated_at)
       values (gen_random_uuid(), 'test', 'pi_LatePayer', 'single', '6month', '[]', 30000, 'usd',
         'succeeded', 6, 2, 'past_due', now(), now()),
              (gen_random_uuid(), 'test', 'pi_PromptPayer', 'single', '6month', '[]', 30000, 'usd',
         'succeeded', 6, 2, 'active', now(), now())`,
      );
    const response = await api.http
      .get('/api/admin/enrollments')
      .query({ startDate: '2031-06-01', endDate: '2031-06-01' })
      .set(auth())
      .expect(200);
    const pastDue = Object.fromEntries((response.body as Enrollment[]).map((row) => [row.studentName, row.pastDue]));
    expect(pastDue).toEqual({ 'Late Payer': true, 'Prompt Payer': false });
  });

  describe('cohorts', () => {
    it('creates a cohort, lists it for admins and on the public listing', async () => {
      const cohort = await createCohort('Psychosomatic Practitioner', '2027-03');
      expect(cohort).toEqual({
        id: expect.any(String),
        trainingName: 'Psychosomatic Practitioner',
        cohortMonth: '2027-03',
        createdAt: expect.any(String),
        capacity: null,
        seatsLeft: null,
      });
      const admin = await api.http
        .get('/api/admin/cohorts?trainingName=Psychosomatic Practitioner')
        .set(auth())
        .expect(200);
      expect(admin.body.map((c: Cohort) => c.id)).toContain(cohort.id);
      const other = await api.http
        .get('/api/admin/cohorts?trainingName=Resilient Child Training')
        .set(auth())
        .expect(200);
      expect(other.body.map((c: Cohort) => c.id)).not.toContain(cohort.id);
      const publicList = await api.http.get('/api/cohorts').expect(200);
      expect(publicList.body.map((c: Cohort) => c.id)).toContain(cohort.id);
    });

    it('answers a duplicate training and month with 409 and writes nothing', async () => {
      await createCohort('Resilient Child Training', '2027-05');
      const before = await api.em().count(CohortEntity, {});
      const response = await api.http
        .post('/api/admin/cohorts')
        .set(auth())
        .send({ trainingName: 'Resilient Child Training', cohortMonth: '2027-05' })
        .expect(409);
      expect(response.body).toEqual({
        statusCode: 409,
        code: 'CONFLICT',
        message: 'A Resilient Child Training cohort for May 2027 already exists',
      });
      expect(await api.em().count(CohortEntity, {})).toBe(before);
      // The same month in another training is a different cohort.
      await createCohort('Parts Therapy Practitioner', '2027-05');
    });

    it.each([
      [{ trainingName: 'Yoga Teacher', cohortMonth: '2027-03' }, 'trainingName'],
      [{ trainingName: 'Parts Therapy Practitioner', cohortMonth: '2027-13' }, 'cohortMonth'],
      [{ trainingName: 'Parts Therapy Practitioner', cohortMonth: '2027-3' }, 'cohortMonth'],
      [{ trainingName: 'Parts Therapy Practitioner', cohortMonth: 'March 2027' }, 'cohortMonth'],
      [{ trainingName: 'Parts Therapy Practitioner' }, 'cohortMonth'],
      [{ cohortMonth: '2027-03' }, 'trainingName'],
      [{ trainingName: 'Parts Therapy Practitioner', cohortMonth: '2027-03', extra: 1 }, 'extra'],
    ])('refuses %j with 400 on %s and writes nothing', async (body, field) => {
      const before = await api.em().count(CohortEntity, {});
      const response = await api.http.post('/api/admin/cohorts').set(auth()).send(body).expect(400);
      expect(Object.keys(response.body.fieldErrors)).toEqual([field]);
      expect(await api.em().count(CohortEntity, {})).toBe(before);
    });

    it.each([
      [{ capacity: -1 }, 'capacity'],
      [{ capacity: 2.5 }, 'capacity'],
      [{ capacity: '12' }, 'capacity'],
      [{ trainingName: 'Yoga Teacher' }, 'trainingName'],
      [{ cohortMonth: '2027-13' }, 'cohortMonth'],
    ] as const)(
      'answers %j with the Create Cohort form message of %s (one rule for API and panel)',
      async (change, field) => {
        const body = { trainingName: 'Parts Therapy Practitioner', cohortMonth: '2029-03', ...change };
        const before = await api.em().count(CohortEntity, {});
        const response = await api.http.post('/api/admin/cohorts').set(auth()).send(body).expect(400);
        expect(response.body).toEqual({
          statusCode: 400,
          code: 'VALIDATION_FAILED',
          message: COHORT_FORM_MESSAGES[field],
          fieldErrors: { [field]: [COHORT_FORM_MESSAGES[field]] },
        });
        expect(await api.em().count(CohortEntity, {})).toBe(before);
      },
    );

    it('deletes an empty cohort, answers 404 for a missing one, and refuses one with enrollments (409, nothing changed)', async () => {
      const empty = await createCohort('Parts Therapy Practitioner', '2028-01');
      await api.http.delete(`/api/admin/cohorts/${empty.id}`).set(auth()).expect(204);
      await api.http.delete(`/api/admin/cohorts/${empty.id}`).set(auth()).expect(404);

      const used = await createCohort('Parts Therapy Practitioner', '2028-02');
      await api.http
        .post('/api/admin/enrollments')
        .set(auth())
        .send(manual({ cohortId: used.id }))
        .expect(201);
      const refused = await api.http.delete(`/api/admin/cohorts/${used.id}`).set(auth()).expect(409);
      expect(refused.body.message).toBe(
        'This cohort has 1 enrollment(s). Delete those enrollments first; a cohort with enrollments cannot be deleted.',
      );
      expect(await api.em().count(CohortEntity, { id: used.id })).toBe(1);
      expect(await api.em().count(EnrollmentEntity, { cohort: used.id })).toBe(1);
    });
  });

  describe('manual enrollments', () => {
    it('creates a manual enrollment with the cohort month joined', async () => {
      const cohort = await createCohort('Parts Therapy Practitioner', '2027-09');
      const response = await api.http
        .post('/api/admin/enrollments')
        .set(auth())
        .send(
          manual({
            cohortId: cohort.id,
            notes: '  paid by cheque ',
            paymentType: '3month',
            enrollmentStatus: 'completed',
          }),
        )
        .expect(201);
      expect(response.body).toEqual({
        id: expect.any(String),
        studentName: 'Ada Lovelace',
        studentEmail: 'ada@example.com',
        trainingName: 'Parts Therapy Practitioner',
        cohortId: cohort.id,
        cohortMonth: '2027-09',
        paymentType: '3month',
        paymentAmount: 199500,
        enrollmentStatus: 'completed',
        notes: 'paid by cheque',
        isManualEntry: true,
        createdAt: expect.any(String),
        pastDue: false,
        installmentsPaid: null,
        installmentsTotal: null,
      });
      const list = await api.http.get('/api/admin/enrollments').set(auth()).expect(200);
      const row = list.body.find((e: Enrollment) => e.id === response.body.id);
      expect(row).toMatchObject({ cohortId: cohort.id, cohortMonth: '2027-09', isManualEntry: true });
    });

    it('accepts no cohort and an amount of 0', async () => {
      const response = await api.http
        .post('/api/admin/enrollments')
        .set(auth())
        .send(manual({ paymentAmount: 0 }))
        .expect(201);
      expect(response.body).toMatchObject({ cohortId: null, cohortMonth: null, paymentAmount: 0 });
    });

    it.each([
      ['studentName', { studentName: '   ' }],
      ['studentName', { studentName: 'x'.repeat(201) }],
      ['studentEmail', { studentEmail: 'not-an-email' }],
      ['studentEmail', { studentEmail: 'a@b' }],
      ['trainingName', { trainingName: 'Yoga Teacher' }],
      ['cohortId', { cohortId: 'not-a-uuid' }],
      ['paymentType', { paymentType: 'bundle-2' }],
      ['paymentAmount', { paymentAmount: -1 }],
      ['paymentAmount', { paymentAmount: 12.5 }],
      ['paymentAmount', { paymentAmount: 'abc' }],
      ['paymentAmount', { paymentAmount: 100_000_001 }],
      ['enrollmentStatus', { enrollmentStatus: 'paused' }],
      ['notes', { notes: 42 }],
      ['isManualEntry', { isManualEntry: false }],
    ])('refuses a bad %s with 400 and writes nothing', async (field, overrides) => {
      const before = await countEnrollments();
      const response = await api.http.post('/api/admin/enrollments').set(auth()).send(manual(overrides)).expect(400);
      expect(response.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
      expect(Object.keys(response.body.fieldErrors)).toEqual([field]);
      expect(await countEnrollments()).toBe(before);
    });

    it('refuses a missing field with 400 and writes nothing', async () => {
      for (const field of [
        'studentName',
        'studentEmail',
        'trainingName',
        'paymentType',
        'paymentAmount',
        'enrollmentStatus',
        'isManualEntry',
      ]) {
        const before = await countEnrollments();
        const body = manual();
        delete body[field];
        const response = await api.http.post('/api/admin/enrollments').set(auth()).send(body).expect(400);
        expect(Object.keys(response.body.fieldErrors)).toEqual([field]);
        expect(await countEnrollments()).toBe(before);
      }
    });

    it('refuses a cohort of another training or one that does not exist', async () => {
      const cohort = await createCohort('Psychosomatic Practitioner', '2027-10');
      const before = await countEnrollments();
      const mismatch = await api.http
        .post('/api/admin/enrollments')
        .set(auth())
        .send(manual({ trainingName: 'Resilient Child Training', cohortId: cohort.id }))
        .expect(400);
      expect(mismatch.body.fieldErrors).toEqual({
        cohortId: ['The chosen cohort belongs to Psychosomatic Practitioner, not Resilient Child Training'],
      });
      await api.http
        .post('/api/admin/enrollments')
        .set(auth())
        .send(manual({ cohortId: '00000000-0000-4000-8000-000000000000' }))
        .expect(400);
      expect(await countEnrollments()).toBe(before);
    });

    it('deletes an enrollment and answers 404 when it is absent', async () => {
      const created = await api.http
        .post('/api/admin/enrollments')
        .set(auth())
        .send(manual({ studentName: 'To Delete' }))
        .expect(201);
      await api.http.delete(`/api/admin/enrollments/${created.body.id}`).set(auth()).expect(204);
      const again = await api.http.delete(`/api/admin/enrollments/${created.body.id}`).set(auth()).expect(404);
      expect(again.body).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Enrollment not found' });
      await api.http.delete('/api/admin/enrollments/not-a-uuid').set(auth()).expect(400);
    });
  });

  describe('filters', () => {
    beforeAll(async () => {
      await enrollmentCreatedAt('2026-01-31T23:59:59.999Z', 'Before Start');
      await enrollmentCreatedAt('2026-02-01T00:00:00.000Z', 'First Moment');
      await enrollmentCreatedAt('2026-02-14T12:00:00.000Z', 'Mid Range');
      await enrollmentCreatedAt('2026-02-14T12:00:00.000Z', 'Other Training', 'Psychosomatic Practitioner');
      await enrollmentCreatedAt('2026-02-28T23:59:59.999Z', 'Last Moment');
      await enrollmentCreatedAt('2026-03-01T00:00:00.000Z', 'After End');
    });

    async function names(query: string): Promise<string[]> {
      const response = await api.http.get(`/api/admin/enrollments${query}`).set(auth()).expect(200);
      return (response.body as Enrollment[]).map((e) => e.studentName);
    }

    it('filters by creation date with both ends inclusive (UTC days)', async () => {
      const inRange = await names('?startDate=2026-02-01&endDate=2026-02-28&trainingName=Resilient Child Training');
      expect(inRange).toEqual(['Last Moment', 'Mid Range', 'First Moment']);
    });

    it('takes a single day as startDate = endDate, and open-ended ranges', async () => {
      expect(await names('?startDate=2026-01-31&endDate=2026-01-31')).toEqual(['Before Start']);
      expect(await names('?endDate=2026-01-31')).toEqual(['Before Start']);
      const fromMarch = await names('?startDate=2026-03-01');
      expect(fromMarch).toContain('After End');
      expect(fromMarch).not.toContain('Last Moment');
    });

    it('filters by training', async () => {
      const psychosomatic = await names(
        '?trainingName=Psychosomatic Practitioner&startDate=2026-02-01&endDate=2026-02-28',
      );
      expect(psychosomatic).toEqual(['Other Training']);
    });

    it.each(['?startDate=2026-02-30', '?endDate=yesterday', '?trainingName=Yoga Teacher', '?cohortId=x'])(
      'refuses %s with 400',
      async (query) => {
        await api.http.get(`/api/admin/enrollments${query}`).set(auth()).expect(400);
      },
    );
    it.each(['/api/admin/enrollments', '/api/admin/enrollments/search', '/api/admin/enrollments/roster.csv'])(
      'answers 400 (not 500) on %s for dates outside a sane range, naming the field',
      async (path) => {
        for (const query of [
          '?endDate=9999-12-31',
          '?startDate=0001-01-01',
          '?startDate=2026-01-01&endDate=3000-01-01',
        ]) {
          const response = await api.http.get(`${path}${query}`).set(auth()).expect(400);
          expect(JSON.stringify(response.body)).toMatch(
            /(startDate|endDate) must be a real date as YYYY-MM-DD, from 1900 to 2999/,
          );
        }
        await api.http.get(`${path}?startDate=1900-01-01&endDate=2999-12-31`).set(auth()).expect(200);
      },
    );
  });

  describe('cohort CSV export', () => {
    it('exports Student Name and Email, every value quoted, formulas neutralised, named from training and month', async () => {
      const cohort = await createCohort('Parts Therapy Practitioner', '2027-03');
      for (const [studentName, studentEmail] of [
        ['Zoe "Zee" Adams', 'zoe@example.com'],
        ['=HYPERLINK("http://evil.example","x")', 'formula@example.com'],
        ['+Plus, Comma', 'plus@example.com'],
        ['-Minus', 'minus@example.com'],
        ['@At', 'at@example.com'],
      ]) {
        await api.http
          .post('/api/admin/enrollments')
          .set(auth())
          .send(manual({ cohortId: cohort.id, studentName, studentEmail }))
          .expect(201);
      }
      // Another cohort's student stays out of the file.
      const other = await createCohort('Parts Therapy Practitioner', '2027-04');
      await api.http
        .post('/api/admin/enrollments')
        .set(auth())
        .send(manual({ cohortId: other.id, studentName: 'Elsewhere' }))
        .expect(201);

      const response = await api.http.get(`/api/admin/cohorts/${cohort.id}/export.csv`).set(auth()).expect(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(
        'attachment; filename="Parts_Therapy_Practitioner_March_2027.csv"',
      );
      expect(response.headers['x-enrollment-count']).toBe('5');
      expect(response.text).toBe(
        [
          '"Student Name","Email"',
          '"\'+Plus, Comma","plus@example.com"',
          '"\'-Minus","minus@example.com"',
          '"\'=HYPERLINK(""http://evil.example"",""x"")","formula@example.com"',
          '"\'@At","at@example.com"',
          '"Zoe ""Zee"" Adams","zoe@example.com"',
          '',
        ].join('\r\n'),
      );
    });

    it('gives just the header for an empty cohort and 404 for a missing one', async () => {
      const cohort = await createCohort('Resilient Child Training', '2029-12');
      const response = await api.http.get(`/api/admin/cohorts/${cohort.id}/export.csv`).set(auth()).expect(200);
      expect(response.headers['x-enrollment-count']).toBe('0');
      expect(response.headers['content-disposition']).toBe(
        'attachment; filename="Resilient_Child_Training_December_2029.csv"',
      );
      expect(response.text).toBe('"Student Name","Email"\r\n');
      await api.http.get('/api/admin/cohorts/00000000-0000-4000-8000-000000000000/export.csv').set(auth()).expect(404);
    });
  });

  describe('the panel page in one call (GET /api/admin/panel)', () => {
    let parts: Cohort;
    let child: Cohort;

    beforeAll(async () => {
      parts = await createCohort('Parts Therapy Practitioner', '2030-05');
      child = await createCohort('Resilient Child Training', '2030-05');
      for (const [studentName, studentEmail] of [
        ['Panel One', 'panel.one@example.com'],
        ['Panel Two', 'panel.two@example.com'],
      ]) {
        await api.http
          .post('/api/admin/enrollments')
          .set(auth())
          .send(manual({ cohortId: parts.id, studentName, studentEmail }))
          .expect(201);
      }
    });

    const panel = async (query: Record<string, string>) =>
      (await api.http.get('/api/admin/panel').query(query).set(auth()).expect(200)).body as AdminPanelView;
    const search = async (query: Record<string, string>) =>
      (await api.http.get('/api/admin/enrollments/search').query(query).set(auth()).expect(200)).body as EnrollmentPage;
    const cohorts = async () => (await api.http.get('/api/admin/cohorts').set(auth()).expect(200)).body as Cohort[];

    it('answers the search page and the admin cohort list, as their own routes do', async () => {
      const queries: Array<Record<string, string>> = [
        {},
        { q: 'panel.', sort: 'studentName' },
        { trainingName: 'Parts Therapy Practitioner' },
      ];
      for (const query of queries) {
        expect(await panel(query)).toEqual({
          enrollments: await search(query),
          cohorts: await cohorts(),
          cohortId: null,
        });
      }
    });

    it('filters by a listed cohort of the filtered training, and ignores any other cohortId instead of refusing it', async () => {
      const filtered = await panel({ cohortId: parts.id, trainingName: 'Parts Therapy Practitioner' });
      expect(filtered.cohortId).toBe(parts.id);
      expect(filtered.enrollments.rows.map((row) => row.studentName).sort()).toEqual(['Panel One', 'Panel Two']);
      expect(filtered.enrollments).toEqual(await search({ cohortId: parts.id }));

      const unfiltered = await search({ trainingName: 'Resilient Child Training' });
      for (const cohortId of [parts.id, 'x', '00000000-0000-4000-8000-000000000000']) {
        const answer = await panel({ cohortId, trainingName: 'Resilient Child Training' });
        expect({ cohortId: answer.cohortId, enrollments: answer.enrollments }).toEqual({
          cohortId: null,
          enrollments: unfiltered,
        });
      }
      expect((await panel({ cohortId: child.id })).cohortId).toBe(child.id);
    });

    it("refuses the search's other invalid filters with 400", async () => {
      await api.http.get('/api/admin/panel').query({ sort: 'password' }).set(auth()).expect(400);
      await api.http.get('/api/admin/panel').query({ page: 0 }).set(auth()).expect(400);
      await api.http.get('/api/admin/panel').query({ startDate: '2026-02-30' }).set(auth()).expect(400);
    });

    it('counts the filter on a page past the last, where no row carries the count', async () => {
      const first = await search({});
      const past = await search({ page: String(first.pageCount + 1) });
      expect({ rows: past.rows, total: past.total }).toEqual({ rows: [], total: first.total });
    });

    it('answers 401 without a token and 403 to an evaluator', async () => {
      await api.http.get('/api/admin/panel').expect(401);
      await RequestContext.create(api.orm.em, () =>
        api.app.get(AdminUsersService).setPassword('panel-eve', 'panel-eve-password', 'evaluator'),
      );
      const evaluator = (
        await api.http
          .post('/api/admin/login')
          .send({ username: 'panel-eve', password: 'panel-eve-password' })
          .expect(200)
      ).body.token as string;
      await api.http.get('/api/admin/panel').set('Authorization', `Bearer ${evaluator}`).expect(403);
    });
  });
});
