import { z } from 'zod';
import { formChecks, lazySchema } from './form-schema';

export const MAX_CREDENTIAL_NAME_LENGTH = 200;

/**
 * The evaluation page's create-credential form (issue 27, docs/decisions/016): the credential's name, trimmed, at most
 * 200 characters. `POST /api/credentials` checks its body with the same rule.
 */
export const CREDENTIAL_NAME_FORM_MESSAGES = {
  name: 'Name is required',
  nameLength: `Name must be at most ${MAX_CREDENTIAL_NAME_LENGTH} characters`,
} as const;

const M = CREDENTIAL_NAME_FORM_MESSAGES;

const buildSchema = () =>
  z.object({
    name: z
      .string({ error: M.name })
      .trim()
      .min(1, { error: M.name })
      .max(MAX_CREDENTIAL_NAME_LENGTH, { error: M.nameLength }),
  });

export const credentialNameFormSchema = lazySchema(buildSchema);

export type CredentialNameField = 'name';
export const CREDENTIAL_NAME_FIELDS: readonly CredentialNameField[] = ['name'];

const checks = formChecks(credentialNameFormSchema, CREDENTIAL_NAME_FIELDS);

/** The whole form's check, and one property's message or null (the API DTO checks each property with it). */
export const parseCredentialNameForm = checks.parse;
export const credentialNameFieldError = checks.fieldError;
