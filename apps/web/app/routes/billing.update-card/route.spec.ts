import { CARD_UPDATE_FORM_MESSAGES as M } from '@app/domain';
import { ApiError, callApi } from '~/lib/api.server';
import { action } from './route';

jest.mock('~/lib/api.server', () => ({
  ...jest.requireActual<typeof import('~/lib/api.server')>('~/lib/api.server'),
  callApi: jest.fn(),
}));

const apiCalls = jest.mocked(callApi);

function post(fields: Record<string, string>) {
  const request = new Request('http://localhost/billing/update-card?token=t', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  return action({ request, params: {}, context: {} } as unknown as Parameters<typeof action>[0]);
}

function refusal(result: unknown) {
  const { data, init } = result as { data: { error: string; fieldErrors: object }; init: ResponseInit | null };
  return { data, status: init?.status };
}

describe('update-card action', () => {
  beforeEach(() => apiCalls.mockReset());

  it('refuses a CVC too long beside the field, calls no API, and sends no card data back', async () => {
    const answer = refusal(await post({ token: 't.1', cardNumber: '4242424242424242', cvc: '12345', wasDue: '1' }));
    expect(answer.status).toBe(400);
    expect(answer.data).toEqual({ error: M.cvc, fieldErrors: { cvc: M.cvc } });
    expect(apiCalls).not.toHaveBeenCalled();
  });

  it("shows the API's field refusal (no card number in test mode) beside the card number", async () => {
    apiCalls.mockRejectedValue(
      new ApiError(
        400,
        {
          statusCode: 400,
          code: 'VALIDATION_FAILED',
          message: M.cardNumber,
          fieldErrors: { cardNumber: [M.cardNumber] },
        },
        M.cardNumber,
      ),
    );
    const answer = refusal(await post({ token: 't.1', cardNumber: ' ', wasDue: '1' }));
    expect(answer.data).toEqual({ error: M.cardNumber, fieldErrors: { cardNumber: M.cardNumber } });
    expect(apiCalls.mock.calls[0]?.[1]).toMatchObject({ body: { token: 't.1', cardNumber: undefined } });
  });
});
