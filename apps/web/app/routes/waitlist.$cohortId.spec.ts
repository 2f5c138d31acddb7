import { ROUTES, type Cohort } from '@app/contracts';
import { CUSTOMER_FORM_MESSAGES as M } from '@app/domain';
import { ApiError, callApi } from '~/lib/api.server';
import { action } from './waitlist.$cohortId';

jest.mock('~/lib/api.server', () => ({
  ...jest.requireActual<typeof import('~/lib/api.server')>('~/lib/api.server'),
  callApi: jest.fn(),
}));

const COHORT = { id: '0f8fad5b-d9cb-469f-a165-70867728950e', trainingName: 'Parts Therapy Practitioner' } as Cohort;
const calls = jest.mocked(callApi);

function join(fields: Record<string, string>) {
  const request = new Request(`http://localhost/waitlist/${COHORT.id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  const args = { request, params: { cohortId: COHORT.id }, context: {} };
  return action(args as unknown as Parameters<typeof action>[0]);
}

type Answer = { ok: boolean; message: string; name: string; email: string; fieldErrors?: Record<string, string> };

function answer(result: unknown): { data: Answer; status: number | undefined } {
  const { data, init } = result as { data: Answer; init: ResponseInit | null };
  return { data, status: init?.status };
}

function joined() {
  return calls.mock.calls.filter(([route]) => route === ROUTES.joinWaitlist).map(([, options]) => options?.body);
}

describe('waitlist action', () => {
  beforeEach(() => {
    calls.mockReset();
    calls.mockImplementation(async (route) => (route === ROUTES.cohorts ? [COHORT] : { joined: true }) as never);
  });

  it('joins with the name and email trimmed', async () => {
    const { data } = answer(await join({ name: ' Walt ', email: ' walt@example.com ' }));
    expect(data.ok).toBe(true);
    expect(joined()).toEqual([{ name: 'Walt', email: 'walt@example.com' }]);
  });

  it('answers 400 with the message beside each field and the values as typed, and joins nothing', async () => {
    const { data, status } = answer(await join({ name: '  ', email: 'walt@' }));
    expect(status).toBe(400);
    expect(data).toMatchObject({
      ok: false,
      message: M.required,
      name: '  ',
      email: 'walt@',
      fieldErrors: { name: M.required, email: M.email },
    });
    expect(joined()).toEqual([]);
  });

  it('says a bad email when only the email is wrong', async () => {
    const { data } = answer(await join({ name: 'Walt', email: 'not-an-email' }));
    expect(data).toMatchObject({ message: M.email, fieldErrors: { email: M.email } });
  });

  it("shows the API's refusal and its field errors", async () => {
    calls.mockImplementation(async (route) => {
      if (route === ROUTES.cohorts) return [COHORT] as never;
      throw new ApiError(409, { statusCode: 409, code: 'CONFLICT', message: 'This cohort still has seats' }, 'seats');
    });
    const { data, status } = answer(await join({ name: 'Walt', email: 'walt@example.com' }));
    expect(status).toBe(409);
    expect(data).toMatchObject({ ok: false, message: 'seats', fieldErrors: {} });
  });
});
