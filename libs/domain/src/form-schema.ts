import type { z } from 'zod';

/**
 * The one shape of a form's rules (issue 27, docs/decisions/016): each form has one Zod schema in this library, built
 * on first use, that the web action and the API DTO both run. A check answers data — the clean value, or the first
 * message of each failing field — and never a toast: the route decides what to show.
 *
 * Only types are imported from Zod here, so a browser module that imports this library for a label or a constant
 * does not pull Zod into its bundle; the schema modules build their schema inside a function.
 */

/** The first message of each failing field, keyed by field. */
export type FieldErrors<F extends string = string> = Partial<Record<F, string>>;

/** What a form check answers. */
export type FormResult<T, F extends string = string> =
  { ok: true; value: T } | { ok: false; fieldErrors: FieldErrors<F> };

/** A schema built once, on first call: `const schema = lazySchema(() => z.object({ … }))`, then `schema()`. */
export function lazySchema<S>(build: () => S): () => S {
  let built: S | undefined;
  return () => {
    built ??= build();
    return built;
  };
}

/**
 * The first message of each field named in `fields`, in the order of `fields` (so the first entry is the first field
 * the form shows that needs a change). Issues about nested paths count for their top-level field.
 */
export function firstFieldErrors<F extends string>(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  fields: readonly F[],
): FieldErrors<F> {
  const found: FieldErrors<F> = {};
  for (const issue of issues) {
    const [field] = issue.path;
    if (typeof field === 'string' && (fields as readonly string[]).includes(field)) found[field as F] ??= issue.message;
  }
  const ordered: FieldErrors<F> = {};
  for (const field of fields) if (found[field]) ordered[field] = found[field];
  return ordered;
}

/** Runs a form's schema on its input; the clean value, or the first message of each field in `fields`. */
export function checkForm<S extends z.ZodType, F extends string>(
  schema: S,
  fields: readonly F[],
  input: unknown,
): FormResult<z.output<S>, F> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, fieldErrors: firstFieldErrors(result.error.issues, fields) };
}

/**
 * The message for one field's value by that field's own rule in an object schema, or null when it passes; the API
 * DTOs check each property with this (`FormRule` in apps/api/src/common/form-rule.decorator.ts).
 */
export function fieldRuleError<S extends z.ZodObject>(
  schema: S,
  field: keyof S['shape'] & string,
  value: unknown,
): string | null {
  const rule = schema.shape[field] as z.ZodType | undefined;
  if (!rule) return null;
  const result = rule.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? `${field} is invalid`);
}

/**
 * A form's two checks from its schema and its fields in form order: `parse` (the whole form, `checkForm`) and
 * `fieldError` (one property, `fieldRuleError`, for the API DTO). A module exports them under the form's names:
 *
 *     const refund = formChecks(enrollmentRefundSchema, ENROLLMENT_REFUND_FIELDS);
 *     export const parseEnrollmentRefundForm = refund.parse;
 */
export function formChecks<S extends z.ZodObject, F extends keyof S['shape'] & string>(
  schema: () => S,
  fields: readonly F[],
): { parse: (input: unknown) => FormResult<z.output<S>, F>; fieldError: (field: F, value: unknown) => string | null } {
  return {
    parse: (input) => checkForm(schema(), fields, input),
    fieldError: (field, value) => fieldRuleError(schema(), field, value),
  };
}
