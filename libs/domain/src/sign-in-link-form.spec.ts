import { parseSignInLinkForm, SIGN_IN_LINK_FORM_MESSAGES as M, signInLinkFieldError } from './sign-in-link-form';

describe('parseSignInLinkForm', () => {
  it('accepts an address, trimmed', () => {
    expect(parseSignInLinkForm({ email: ' ada@example.org ' })).toEqual({
      ok: true,
      value: { email: 'ada@example.org' },
    });
  });

  it.each([{ email: '' }, { email: '  ' }, { email: 'ada@' }, { email: 'ada@localhost' }, {}, { email: 42 }])(
    'refuses %j with the one message',
    (input) => {
      expect(parseSignInLinkForm(input)).toEqual({ ok: false, fieldErrors: { email: M.email } });
    },
  );

  it('checks the field alone for the API DTO', () => {
    expect(signInLinkFieldError('email', 'ada@example.org')).toBeNull();
    expect(signInLinkFieldError('email', 'nope')).toBe(M.email);
  });
});
