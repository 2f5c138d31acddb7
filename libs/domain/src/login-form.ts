import { z } from 'zod';
import { checkForm, fieldRuleError, lazySchema, type FormResult } from './form-schema';

export const MAX_USERNAME_LENGTH = 100;
export const MAX_PASSWORD_LENGTH = 1024;

/** The admin login form (`/admin`) and the API's login body: one message a field. */
export const LOGIN_FORM_MESSAGES = {
  username: 'Enter your username',
  usernameLength: `A username has at most ${MAX_USERNAME_LENGTH} characters`,
  password: 'Enter your password',
  passwordLength: `A password has at most ${MAX_PASSWORD_LENGTH} characters`,
} as const;

const M = LOGIN_FORM_MESSAGES;

const buildSchema = () =>
  z.object({
    username: z
      .string({ error: M.username })
      .trim()
      .min(1, { error: M.username, abort: true })
      .max(MAX_USERNAME_LENGTH, { error: M.usernameLength }),
    password: z
      .string({ error: M.password })
      .min(1, { error: M.password, abort: true })
      .max(MAX_PASSWORD_LENGTH, { error: M.passwordLength }),
  });

/** Built on first use, so browser code that imports this library does not bundle Zod. */
export const loginFormSchema = lazySchema(buildSchema);

export type LoginFormField = 'username' | 'password';

/** Checks a login; on success the username is trimmed (the password is taken as typed). */
export function parseLoginForm(input: unknown): FormResult<{ username: string; password: string }, LoginFormField> {
  return checkForm(loginFormSchema(), ['username', 'password'], input);
}

/** The message for one field's value, or null; the API DTO checks each property with this. */
export function loginFieldError(field: LoginFormField, value: unknown): string | null {
  return fieldRuleError(loginFormSchema(), field, value);
}
