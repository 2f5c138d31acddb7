import { ROUTES } from '@app/contracts';
import { REVIEW_DECISION_MESSAGES as M } from '@app/domain';
import { adminApi } from '~/lib/session.server';
import { action } from './admin.reviews.$credentialId';

jest.mock('~/lib/session.server', () => ({
  ...jest.requireActual<typeof import('~/lib/session.server')>('~/lib/session.server'),
  adminApi: jest.fn(),
}));

const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const apiCalls = jest.mocked(adminApi);

function post(fields: Record<string, string>) {
  const request = new Request(`http://localhost/admin/reviews/${ID}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  return action({ request, params: { credentialId: ID }, context: {} } as unknown as Parameters<typeof action>[0]);
}

function refusal(result: unknown) {
  const { data, init } = result as { data: { fieldErrors: object; values: object }; init: ResponseInit | null };
  return { data, status: init?.status };
}

describe('review decision actions', () => {
  beforeEach(() => {
    apiCalls.mockReset();
    apiCalls.mockResolvedValue({} as never);
  });

  it('refuses credits in hundredths beside the field, keeping what was typed, and calls no API', async () => {
    const answer = refusal(await post({ intent: 'verify', awardedCredits: '3.25', note: 'Hours checked' }));
    expect(answer.status).toBe(400);
    expect(answer.data).toEqual({
      fieldErrors: { awardedCredits: M.awardedCreditsTenths },
      values: { intent: 'verify', awardedCredits: '3.25', note: 'Hours checked' },
    });
    expect(apiCalls).not.toHaveBeenCalled();
  });

  it('leaves blank credits out, so the API awards the recommendation', async () => {
    await post({ intent: 'verify', awardedCredits: ' ', note: '' });
    expect(apiCalls).toHaveBeenCalledWith(expect.anything(), ROUTES.verifyCredential, { params: { id: ID }, body: {} });
  });

  it('refuses a rejection without a reason beside the field', async () => {
    const answer = refusal(await post({ intent: 'reject', reason: '   ' }));
    expect(answer.data.fieldErrors).toEqual({ reason: M.reason });
    expect(apiCalls).not.toHaveBeenCalled();
  });
});
