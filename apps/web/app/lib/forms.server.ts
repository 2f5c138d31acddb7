import type { FieldErrors, FormResult } from '@app/domain';
import { ApiError } from './api.server';

/**
 * Reading submitted forms, the one way (issue 27, docs/decisions/016): an action reads its form with `parseForm` and
 * the form's rule from libs/domain, answers a refusal with `data({ fieldErrors, values, … }, { status: 400 })` so the
 * page (with or without JavaScript) shows each message beside its field with the values as typed, and maps an API
 * refusal's field errors with `apiFieldErrors`. Single fields and ids go through `formText`/`formTrimmed`/`isUuid`.
 */

/** A text field of a submitted form as sent; '' when it is missing or not text. */
export function formText(form: FormData, key: string): string {
  const value = form.get(key);
  return typeof value === 'string' ? value : '';
}

/** A text field without the spaces around it. */
export function formTrimmed(form: FormData, key: string): string {
  return formText(form, key).trim();
}

/** Every value of a field sent more than once (checkboxes, repeated selects), text only. */
export function formList(form: FormData, key: string): string[] {
  return form.getAll(key).filter((value): value is string => typeof value === 'string');
}

/** Each text field of a submitted form by name, as typed (the first value of a repeated one); files are left out. */
export function formValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === 'string' && !(key in values)) values[key] = value;
  return values;
}

/** A read and checked form: the clean value, or the first message of each failing field; both keep what was typed. */
export type ParsedForm<T, F extends string> =
  | { ok: true; value: T; values: Record<string, string> }
  | { ok: false; fieldErrors: FieldErrors<F>; values: Record<string, string> };

/**
 * Reads a submitted form and checks it with its rule from libs/domain. `check` gets the typed text of each field
 * (and the form, for repeated fields) and turns it into the rule's input, e.g. dollars into cents:
 *
 *     const parsed = parseForm(form, (v) => parseCohortForm(cohortRequestFromForm(v)));
 *     if (!parsed.ok) return data({ fieldErrors: parsed.fieldErrors, values: parsed.values }, { status: 400 });
 *
 * `values` echoes the form back for a page rendered without JavaScript; leave secrets (card numbers, passwords) out
 * of what the page shows.
 */
export function parseForm<T, F extends string>(
  form: FormData,
  check: (values: Record<string, string>, form: FormData) => FormResult<T, F>,
): ParsedForm<T, F> {
  const values = formValues(form);
  const checked = check(values, form);
  return checked.ok
    ? { ok: true, value: checked.value, values }
    : { ok: false, fieldErrors: checked.fieldErrors, values };
}

/**
 * The field errors of an API refusal (`fieldErrors` of the one error shape, {statusCode, message, code,
 * fieldErrors}), one message per field so the page can show it beside the field; {} for any other failure.
 */
export function apiFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(
    Object.entries(error.body?.fieldErrors ?? {}).map(([field, messages]) => [field, messages.join('; ')]),
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a submitted or stored id has the shape of the API's ids (a UUID, any case), before it goes into a URL. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
