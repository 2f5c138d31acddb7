import { z } from 'zod';
import { isValidEmail } from './checkout-validation';
import { checkForm, fieldRuleError, lazySchema, type FormResult } from './form-schema';

/** "Email me a sign-in link" (the account page and the evaluation page): one field, one message, API and pages. */
export const SIGN_IN_LINK_FORM_MESSAGES = { email: 'Enter a valid email address' } as const;

const M = SIGN_IN_LINK_FORM_MESSAGES;

const buildSchema = () =>
  z.object({ email: z.string({ error: M.email }).trim().refine(isValidEmail, { error: M.email }) });

/** Built on first use, so browser code that imports this library does not bundle Zod. */
export const signInLinkFormSchema = lazySchema(buildSchema);

export type SignInLinkFormField = keyof typeof SIGN_IN_LINK_FORM_MESSAGES;

/** Checks the address a sign-in link goes to; on success it is trimmed. */
export function parseSignInLinkForm(input: unknown): FormResult<{ email: string }, SignInLinkFormField> {
  return checkForm(signInLinkFormSchema(), ['email'], input);
}

/** The message for the field's value, or null; the API DTO checks the property with this. */
export function signInLinkFieldError(field: SignInLinkFormField, value: unknown): string | null {
  return fieldRuleError(signInLinkFormSchema(), field, value);
}
