import { ROUTES } from '@app/contracts';
import { TRAINING_SETTINGS_FORM_MESSAGES as M } from '@app/domain';
import { adminApi } from '~/lib/session.server';
import { action } from './admin.panel_.trainings';

jest.mock('~/lib/session.server', () => ({
  ...jest.requireActual<typeof import('~/lib/session.server')>('~/lib/session.server'),
  adminApi: jest.fn(),
}));

const TRAINING = 'Parts Therapy Practitioner';
const apiCalls = jest.mocked(adminApi);

function post(fields: Record<string, string>) {
  const request = new Request('http://localhost/admin/panel/trainings', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  return action({ request, params: {}, context: {} } as unknown as Parameters<typeof action>[0]);
}

type Answer = { trainingName: string; contactHours: string; fieldError?: string; toast: { message?: string } };

function refusal(result: unknown): { data: Answer; status: number | undefined } {
  const { data, init } = result as { data: Answer; init: ResponseInit | null };
  return { data, status: init?.status };
}

describe('training settings action', () => {
  beforeEach(() => {
    apiCalls.mockReset();
    apiCalls.mockResolvedValue({} as never);
  });

  it.each([
    ['forty', M.contactHours],
    ['12.3', M.contactHoursStep],
    ['0', M.contactHoursRange],
  ])('refuses %p beside the row’s field, keeping what was typed, and calls no API', async (typed, message) => {
    const answer = refusal(await post({ trainingName: TRAINING, contactHours: typed }));
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({ trainingName: TRAINING, contactHours: typed, fieldError: message });
    expect(answer.data.toast.message).toBe(message);
    expect(apiCalls).not.toHaveBeenCalled();
  });

  it('sends the typed hours as a number, and redirects', async () => {
    const response = await post({ trainingName: TRAINING, contactHours: ' 12.5 ' });
    expect((response as Response).status).toBe(302);
    expect(apiCalls).toHaveBeenCalledWith(expect.anything(), ROUTES.adminUpdateTrainingSettings, {
      params: { trainingName: TRAINING },
      body: { contactHours: 12.5 },
    });
  });
});
