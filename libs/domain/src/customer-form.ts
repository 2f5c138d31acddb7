import { z } from 'zod';
import { isValidEmail, MAX_EMAIL_LENGTH } from './checkout-validation';
import { checkForm, fieldRuleError, lazySchema, type FieldErrors, type FormResult } from './form-schema';

export const MAX_CUSTOMER_NAME_LENGTH = 200;

/**
 * A visitor's name and email: the waitlist form, and the buyer of the checkout. The texts are the spec's: one
 * message for a missing name or email, another for an email that is not one.
 */
export const CUSTOMER_FORM_MESSAGES = {
  required: 'Please fill in your name and email',
  email: 'Please enter a valid email address',
  nameLength: `Your name must be at most ${MAX_CUSTOMER_NAME_LENGTH} characters`,
} as const;

const M = CUSTOMER_FORM_MESSAGES;

const buildSchema = () =>
  z.object({
    name: z
      .string({ error: M.required })
      .trim()
      .min(1, { error: M.required, abort: true })
      .max(MAX_CUSTOMER_NAME_LENGTH, { error: M.nameLength }),
    email: z
      .string({ error: M.required })
      .trim()
      .min(1, { error: M.required, abort: true })
      .max(MAX_EMAIL_LENGTH, { error: M.email, abort: true })
      .refine(isValidEmail, { error: M.email }),
  });

/** Built on first use, so browser code that imports this library for a label does not bundle Zod. */
export const customerFormSchema = lazySchema(buildSchema);

export type CustomerFormField = 'name' | 'email';
export const CUSTOMER_FORM_FIELDS: readonly CustomerFormField[] = ['name', 'email'];
export type CustomerForm = { name: string; email: string };
export type CustomerFormErrors = FieldErrors<CustomerFormField>;

/** Checks a name and email; on success both are trimmed. */
export function parseCustomerForm(input: unknown): FormResult<CustomerForm, CustomerFormField> {
  return checkForm(customerFormSchema(), CUSTOMER_FORM_FIELDS, input);
}

/** The message for one field's value, or null; the API DTOs check each property with this. */
export function customerFieldError(field: CustomerFormField, value: unknown): string | null {
  return fieldRuleError(customerFormSchema(), field, value);
}

/**
 * The one message a form shows for its customer fields: a missing field first (the spec's order: both filled in,
 * then a valid email), else the first field's message, else null.
 */
export function customerFormMessage(errors: CustomerFormErrors): string | null {
  const messages = CUSTOMER_FORM_FIELDS.map((field) => errors[field]).filter((m): m is string => Boolean(m));
  return messages.find((message) => message === M.required) ?? messages[0] ?? null;
}
