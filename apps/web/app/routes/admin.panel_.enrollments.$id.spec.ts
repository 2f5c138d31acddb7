import { ROUTES } from '@app/contracts';
import { COMPLETION_FORM_MESSAGES, ENROLLMENT_ACTION_MESSAGES as M, ENROLLMENT_FORM_MESSAGES } from '@app/domain';
import { ApiError } from '~/lib/api.server';
import { adminApi } from '~/lib/session.server';
import { action } from './admin.panel_.enrollments.$id';

jest.mock('~/lib/session.server', () => ({
  ...jest.requireActual<typeof import('~/lib/session.server')>('~/lib/session.server'),
  adminApi: jest.fn(),
}));

const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const COHORT = '7f1c8a2e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';
const apiCalls = jest.mocked(adminApi);

function post(fields: Record<string, string>) {
  const request = new Request(`http://localhost/admin/panel/enrollments/${ID}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  return action({ request, params: { id: ID }, context: {} } as unknown as Parameters<typeof action>[0]);
}

type Answer = { fieldErrors?: Record<string, string>; values?: Record<string, string>; toast: { message?: string } };

/** What `data()` hands React Router: the payload and the status. */
function refusal(result: unknown): { data: Answer; status: number | undefined } {
  const { data, init } = result as { data: Answer; init: ResponseInit | null };
  return { data, status: init?.status };
}

describe('enrollment detail actions', () => {
  beforeEach(() => {
    apiCalls.mockReset();
    apiCalls.mockResolvedValue({} as never);
  });

  it('refuses a refund amount that is not one beside the field, keeping what was typed, and calls no API', async () => {
    const answer = refusal(await post({ intent: 'refund', amount: 'ten dollars', reason: 'Goodwill' }));
    expect(answer.status).toBe(400);
    expect(answer.data.fieldErrors).toEqual({ amount: M.refundAmount, reason: undefined });
    expect(answer.data.values).toEqual({ intent: 'refund', amount: 'ten dollars', reason: 'Goodwill' });
    expect(apiCalls).not.toHaveBeenCalled();
  });

  it('sends a refund in cents with the reason trimmed, and redirects', async () => {
    const response = await post({ intent: 'refund', amount: '$1,200.50', reason: ' Goodwill ' });
    expect((response as Response).status).toBe(302);
    expect(apiCalls).toHaveBeenCalledWith(expect.anything(), ROUTES.adminRefundEnrollment, {
      params: { id: ID },
      body: { amountCents: 120050, reason: 'Goodwill' },
    });
  });

  it('refuses a move without a cohort beside the Move form’s select', async () => {
    const answer = refusal(await post({ intent: 'move', cohortId: '' }));
    expect(answer.status).toBe(400);
    expect(answer.data.fieldErrors).toEqual({ moveCohortId: M.moveCohortId });
    expect(apiCalls).not.toHaveBeenCalled();
  });

  it('refuses an unknown status with the manual enrollment form’s words and keeps the notes as typed', async () => {
    const answer = refusal(await post({ intent: 'edit', enrollmentStatus: 'paused', cohortId: '', notes: 'note' }));
    expect(answer.data.fieldErrors).toEqual({ enrollmentStatus: ENROLLMENT_FORM_MESSAGES.enrollmentStatus });
    expect(answer.data.values).toMatchObject({ intent: 'edit', notes: 'note' });
  });

  it('sends an edit in the API’s shape (no cohort and empty notes as null)', async () => {
    await post({ intent: 'edit', enrollmentStatus: 'cancelled', cohortId: '', notes: '  ' });
    expect(apiCalls).toHaveBeenCalledWith(expect.anything(), ROUTES.adminUpdateEnrollment, {
      params: { id: ID },
      body: { enrollmentStatus: 'cancelled', cohortId: null, notes: null },
    });
  });

  it('shows an API refusal of a move beside the Move form’s select, not the edit form’s cohort', async () => {
    apiCalls.mockRejectedValue(
      new ApiError(
        400,
        { statusCode: 400, message: 'No', code: 'VALIDATION_FAILED', fieldErrors: { cohortId: ['No'] } },
        'No',
      ),
    );
    const answer = refusal(await post({ intent: 'move', cohortId: COHORT }));
    expect(answer.data.fieldErrors).toEqual({ moveCohortId: 'No' });
  });

  it('refuses a completion date in the future beside the Complete form’s date, and calls no API', async () => {
    const answer = refusal(await post({ intent: 'complete', completedOn: '2999-01-01' }));
    expect(answer.status).toBe(400);
    expect(answer.data.fieldErrors).toEqual({ completedOn: COMPLETION_FORM_MESSAGES.completedOnFuture });
    expect(answer.data.values).toEqual({ intent: 'complete', completedOn: '2999-01-01' });
    expect(apiCalls).not.toHaveBeenCalled();
  });

  it('completes this enrollment with the date and the checkbox, and redirects', async () => {
    const response = await post({ intent: 'complete', completedOn: '2026-01-15', allowUnpaidBalance: 'on' });
    expect((response as Response).status).toBe(302);
    expect(apiCalls).toHaveBeenCalledWith(expect.anything(), ROUTES.adminCompleteEnrollments, {
      body: { enrollmentIds: [ID], completedOn: '2026-01-15', allowUnpaidBalance: true },
    });
  });
});
