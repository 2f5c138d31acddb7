import { ROUTES, type Cohort, type CreateEnrollmentRequest } from '@app/contracts';
import { ENROLLMENT_FORM_MESSAGES as M } from '@app/domain';
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
