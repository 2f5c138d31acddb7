import { ROUTES } from '@app/contracts';
import { COMPLETION_FORM_MESSAGES as M } from '@app/domain';
import { adminApi } from '~/lib/session.server';
import { action } from './admin.panel_.completions';

jest.mock('~/lib/session.server', () => ({
  ...jest.requireActual<typeof import('~/lib/session.server')>('~/lib/session.server'),
  adminApi: jest.fn(),
}));

const COHORT = '7f1c8a2e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';
const apiCalls = jest.mocked(adminApi);

function post(fields: Record<string, string>) {
  const request = new Request('http://localhost/admin/panel/completions', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  return action({ request, params: {}, context: {} } as unknown as Parameters<typeof action>[0]);
}

type Answer = { fieldErrors: Record<string, string>; completedOn: string; toast: { message?: string } };

function refusal(result: unknown): { data: Answer; status: number | undefined } {
  const { data, init } = result as { data: Answer; init: ResponseInit | null };
  return { data, status: init?.status };
}

describe('complete a cohort action', () => {
  beforeEach(() => {
    apiCalls.mockReset();
    apiCalls.mockResolvedValue({ completed: 1, certificatesIssued: 1, mailsQueued: 1 } as never);
  });

  it.each([
    ['2999-01-01', M.completedOnFuture],
    ['2026-02-30', M.completedOnReal],
    ['15/01/2026', M.completedOn],
  ])('refuses %p beside the date, keeping what was typed, and calls no API', async (completedOn, message) => {
    const answer = refusal(await post({ cohortId: COHORT, completedOn }));
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({ fieldErrors: { completedOn: message }, completedOn });
    expect(answer.data.toast.message).toBe(message);
    expect(apiCalls).not.toHaveBeenCalled();
  });

  it('refuses a hidden cohort id that is not one, and calls no API', async () => {
    const answer = refusal(await post({ cohortId: 'x', completedOn: '2026-01-15' }));
    expect(answer.status).toBe(400);
    expect(answer.data.toast.message).toBe('Choose a cohort');
    expect(apiCalls).not.toHaveBeenCalled();
  });

  it('completes with the date and the checkbox as a boolean, and redirects', async () => {
    const response = await post({ cohortId: COHORT, completedOn: '2026-01-15', allowUnpaidBalance: 'on' });
    expect((response as Response).status).toBe(302);
    expect(apiCalls).toHaveBeenCalledWith(expect.anything(), ROUTES.adminCompleteEnrollments, {
      body: { cohortId: COHORT, completedOn: '2026-01-15', allowUnpaidBalance: true },
    });
  });
});
