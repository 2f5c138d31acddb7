import { LOGIN_FORM_MESSAGES as M, loginFieldError, MAX_USERNAME_LENGTH, parseLoginForm } from './login-form';

describe('parseLoginForm', () => {
  it('trims the username and keeps the password as typed', () => {
    expect(parseLoginForm({ username: ' admin ', password: ' secret ' })).toEqual({
      ok: true,
      value: { username: 'admin', password: ' secret ' },
    });
  });

  it.each([
    [{ username: '', password: 'x' }, { username: M.username }],
    [
      { username: '  ', password: '' },
      { username: M.username, password: M.password },
    ],
    [{}, { username: M.username, password: M.password }],
    [{ username: 'a'.repeat(MAX_USERNAME_LENGTH + 1), password: 'x' }, { username: M.usernameLength }],
  ])('refuses %j', (input, fieldErrors) => {
    expect(parseLoginForm(input)).toEqual({ ok: false, fieldErrors });
  });

  it('checks one field for the API DTO', () => {
    expect(loginFieldError('password', 'x')).toBeNull();
    expect(loginFieldError('password', 42)).toBe(M.password);
  });
});
