import { CARD_UPDATE_FORM_MESSAGES as M, cardUpdateFieldError, parseCardUpdateForm } from './card-update-form';

describe('parseCardUpdateForm', () => {
  it('takes the token and the test card as typed, empty fields as absent', () => {
    expect(parseCardUpdateForm({ token: ' t.1 ', cardNumber: '4242 4242 4242 4242', expiry: '', cvc: ' ' })).toEqual({
      ok: true,
      value: {
        token: 't.1',
        cardNumber: '4242 4242 4242 4242',
        expiry: undefined,
        cvc: undefined,
        setupIntentId: undefined,
      },
    });
  });

  it.each([
    [{ token: '' }, { token: M.token }],
    [{ token: 't', cardNumber: '4'.repeat(31) }, { cardNumber: M.cardNumberLength }],
    [{ token: 't', expiry: '12 / 2034 / x' }, { expiry: M.expiry }],
    [{ token: 't', cvc: '12345' }, { cvc: M.cvc }],
    [{ cvc: 123 }, { token: M.token, cvc: M.cvc }],
  ])('refuses %j beside each field', (input, fieldErrors) => {
    expect(parseCardUpdateForm(input)).toEqual({ ok: false, fieldErrors });
  });

  it('checks one property of the API body by the same rule', () => {
    expect(cardUpdateFieldError('token', undefined)).toBe(M.token);
    expect(cardUpdateFieldError('setupIntentId', 'x'.repeat(256))).toBe(M.setupIntentId);
    expect(cardUpdateFieldError('cardNumber', undefined)).toBeNull();
  });
});
