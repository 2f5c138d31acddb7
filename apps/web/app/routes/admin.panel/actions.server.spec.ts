import { ROUTES, type Cohort, type CreateEnrollmentRequest } from '@app/contracts';
import { COHORT_FORM_MESSAGES as CM, ENROLLMENT_FORM_MESSAGES as M } from '@app/domain';
import { ApiError } from '~/lib/api.server';
import { adminApi } from '~/lib/session.server';
import { panelAction, type PanelActionData } from './actions.server';

jest.mock('~/lib/session.server', () => ({
  ...jest.requireActual<typeof import('~/lib/session.server')>('~/lib/session.server'),
  adminApi: jest.fn(),
}));

const COHORT: Cohort = {
  id: '0f8fad5b-d9cb-469f-a165-70867728950e',
  trainingName: 'Parts Therapy Practitioner',
  cohortMonth: '2027-09',
} as Cohort;

const apiCalls = jest.mocked(adminApi);

function addClient(fields: Record<string, string>): Request {
  const form = new URLSearchParams({
    intent: 'create-enrollment',
    studentName: 'Ada Lovelace',
    studentEmail: 'ada@example.com',
    trainingName: 'Parts Therapy Practitioner',
    cohortId: '',
    paymentType: 'full',
    paymentAmount: '1,995.00',
    enrollmentStatus: 'active',
    notes: '',
    ...fields,
  });
  return new Request('http://localhost/admin/panel?dialog=add-client', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
}

/** What `data()` hands React Router: the payload and the status. */
function refusal(result: unknown): { data: PanelActionData; status: number | undefined } {
  const { data, init } = result as { data: PanelActionData; init: ResponseInit | null };
  return { data, status: init?.status };
}

function postedBodies(): CreateEnrollmentRequest[] {
  return apiCalls.mock.calls
    .filter(([, path, options]) => path === ROUTES.adminCreateEnrollment && options?.body)
    .map(([, , options]) => options?.body as CreateEnrollmentRequest);
}

describe('admin panel: Add Client action', () => {
  beforeEach(() => {
    apiCalls.mockReset();
    apiCalls.mockImplementation(async (_request, path) => (path === ROUTES.adminCohorts ? [COHORT] : {}) as never);
  });

  it('sends the entry in cents, with no cohort as null and empty notes as null, then redirects', async () => {
    const response = await panelAction(addClient({ studentName: '  Ada Lovelace ', notes: '  ' }));
    expect(response).toBeInstanceOf(Response);
    expect((response as Response).status).toBe(302);
    expect(postedBodies()).toEqual([
      {
        studentName: 'Ada Lovelace',
        studentEmail: 'ada@example.com',
        trainingName: 'Parts Therapy Practitioner',
        cohortId: null,
        paymentType: 'full',
        paymentAmount: 199500,
        enrollmentStatus: 'active',
        notes: null,
        isManualEntry: true,
      },
    ]);
  });

  it('sends a cohort the training offers', async () => {
    await panelAction(addClient({ cohortId: COHORT.id, notes: 'paid by cheque' }));
    expect(postedBodies()).toEqual([expect.objectContaining({ cohortId: COHORT.id, notes: 'paid by cheque' })]);
  });

  it('refuses with the shared messages, in the form order, and sends nothing', async () => {
    const result = await panelAction(
      addClient({
        studentName: ' ',
        studentEmail: 'ada@',
        trainingName: 'Yoga Teacher',
        paymentType: 'bundle-2',
        enrollmentStatus: 'paused',
      }),
    );
    const { data, status } = refusal(result);
    expect(status).toBe(400);
    expect(data.fieldErrors).toEqual({
      studentName: M.studentName,
      studentEmail: M.studentEmail,
      trainingName: M.trainingName,
      paymentType: M.paymentType,
      enrollmentStatus: M.enrollmentStatus,
    });
    expect(Object.keys(data.fieldErrors ?? {})).toEqual([
      'studentName',
      'studentEmail',
      'trainingName',
      'paymentType',
      'enrollmentStatus',
    ]);
    expect(data.toast).toMatchObject({ kind: 'error', title: 'Failed to create enrollment', message: M.studentName });
    expect(data.clientForm?.studentEmail).toBe('ada@');
    expect(postedBodies()).toEqual([]);
  });

  it('refuses a cohort of another training', async () => {
    const { data, status } = refusal(
      await panelAction(addClient({ trainingName: 'Resilient Child Training', cohortId: COHORT.id })),
    );
    expect(status).toBe(400);
    expect(data.fieldErrors).toEqual({ cohortId: M.cohortId });
    expect(postedBodies()).toEqual([]);
  });

  it('applies the API length and amount limits before sending', async () => {
    const { data } = refusal(
      await panelAction(
        addClient({ studentName: 'x'.repeat(201), paymentAmount: '1000000.01', notes: 'n'.repeat(2001) }),
      ),
    );
    expect(data.fieldErrors).toEqual({
      studentName: M.studentNameLength,
      paymentAmount: M.paymentAmountMax,
      notes: M.notesLength,
    });
    expect(postedBodies()).toEqual([]);
  });

  it('counts a non-numeric amount as 0, as the spec says', async () => {
    await panelAction(addClient({ paymentAmount: 'abc' }));
    expect(postedBodies()).toEqual([expect.objectContaining({ paymentAmount: 0 })]);
  });
});

function createCohort(fields: Record<string, string>): Request {
  return new Request('http://localhost/admin/panel?dialog=create-cohort', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ intent: 'create-cohort', ...fields }).toString(),
  });
}

describe('admin panel: Create Cohort action', () => {
  const year = String(new Date().getFullYear() + 1);

  beforeEach(() => {
    apiCalls.mockReset();
    apiCalls.mockResolvedValue({} as never);
  });

  it('sends the cohort in the API shape (YYYY-MM, seats or null), then redirects', async () => {
    const trainingName = 'Resilient Child Training';
    const response = await panelAction(createCohort({ trainingName, month: '03', year, capacity: ' 12 ' }));
    expect((response as Response).status).toBe(302);
    await panelAction(createCohort({ trainingName, month: '04', year, capacity: '' }));
    expect(apiCalls.mock.calls.map(([, , options]) => options?.body)).toEqual([
      { trainingName, cohortMonth: `${year}-03`, capacity: 12 },
      { trainingName, cohortMonth: `${year}-04`, capacity: null },
    ]);
  });

  it('refuses missing choices with the spec notice and a message beside each field, keeping what was typed', async () => {
    const { data, status } = refusal(
      await panelAction(createCohort({ trainingName: '', month: '', year, capacity: '7' })),
    );
    expect(status).toBe(400);
    expect(data.toast).toMatchObject({ kind: 'error', title: 'Error', message: 'Please fill in all fields' });
    expect(data.fieldErrors).toEqual({ trainingName: CM.trainingName, cohortMonth: CM.cohortMonth });
    expect(data.cohortForm).toEqual({ trainingName: '', month: '', year, capacity: '7' });
    expect(apiCalls).not.toHaveBeenCalled();
  });

  it('refuses a year the form does not offer', async () => {
    const { data } = refusal(
      await panelAction(createCohort({ trainingName: 'Resilient Child Training', month: '03', year: '2001' })),
    );
    expect(data.fieldErrors).toEqual({ cohortMonth: CM.cohortMonth });
    expect(apiCalls).not.toHaveBeenCalled();
  });

  it('names a refused seats value as it is', async () => {
    const { data } = refusal(
      await panelAction(createCohort({ trainingName: 'Resilient Child Training', month: '03', year, capacity: '2.5' })),
    );
    expect(data.toast).toMatchObject({ title: 'Failed to create cohort', message: CM.capacity });
    expect(data.fieldErrors).toEqual({ capacity: CM.capacity });
    expect(apiCalls).not.toHaveBeenCalled();
  });

  it("shows the API's field errors beside the fields", async () => {
    apiCalls.mockRejectedValue(
      new ApiError(
        400,
        { statusCode: 400, code: 'VALIDATION_FAILED', message: 'm', fieldErrors: { capacity: ['from the API'] } },
        'm',
      ),
    );
    const { data, status } = refusal(
      await panelAction(createCohort({ trainingName: 'Resilient Child Training', month: '03', year, capacity: '5' })),
    );
    expect(status).toBe(400);
    expect(data.fieldErrors).toEqual({ capacity: 'from the API' });
    expect(data.toast).toMatchObject({ title: 'Failed to create cohort', message: 'm' });
  });
});
