import {
  CREDENTIAL_NAME_FORM_MESSAGES as M,
  MAX_CREDENTIAL_NAME_LENGTH,
  credentialNameFieldError,
  parseCredentialNameForm,
} from './credential-name-form';

describe('parseCredentialNameForm', () => {
  it('trims the name', () => {
    expect(parseCredentialNameForm({ name: '  BA Psychology  ' })).toEqual({
      ok: true,
      value: { name: 'BA Psychology' },
    });
  });

  it.each(['', '   ', '\n\t', undefined, 42])('requires a name, not %p', (name) => {
    expect(parseCredentialNameForm({ name })).toEqual({ ok: false, fieldErrors: { name: 'Name is required' } });
  });

  it('accepts exactly the maximum length, measured after trimming', () => {
    const name = 'x'.repeat(MAX_CREDENTIAL_NAME_LENGTH);
    expect(parseCredentialNameForm({ name: `  ${name}  ` })).toEqual({ ok: true, value: { name } });
  });

  it('refuses a longer name', () => {
    expect(parseCredentialNameForm({ name: 'x'.repeat(201) })).toEqual({
      ok: false,
      fieldErrors: { name: 'Name must be at most 200 characters' },
    });
  });

  it('checks the API body property by the same rule', () => {
    expect(credentialNameFieldError('name', undefined)).toBe(M.name);
    expect(credentialNameFieldError('name', 'x'.repeat(201))).toBe(M.nameLength);
    expect(credentialNameFieldError('name', 'Diploma')).toBeNull();
  });
});
