import { z } from 'zod';
import { formChecks, lazySchema } from './form-schema';

/**
 * Completing enrollments (issue 27, docs/decisions/016): the completion date, a real `YYYY-MM-DD` day not after today
 * (UTC, read when the form is checked), and whether enrollments that still owe a balance are completed too. The
 * panel's completion page and `POST /api/admin/completions` check it with this schema; which enrollments (a cohort's
 * hidden id, or the API's list) is checked as an id.
 */
export const COMPLETION_FORM_MESSAGES = {
  completedOn: 'Enter the completion date as YYYY-MM-DD',
  completedOnReal: 'Enter a real calendar day',
  completedOnFuture: 'The completion date cannot be in the future',
  allowUnpaidBalance: 'allowUnpaidBalance must be true or false',
} as const;

const M = COMPLETION_FORM_MESSAGES;

const isRealDay = (value: string) => {
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
};

const buildSchema = () =>
  z.object({
    completedOn: z
      .string({ error: M.completedOn })
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: M.completedOn, abort: true })
      .refine(isRealDay, { error: M.completedOnReal, abort: true })
      .refine((value) => value <= new Date().toISOString().slice(0, 10), { error: M.completedOnFuture }),
    allowUnpaidBalance: z.boolean({ error: M.allowUnpaidBalance }).optional(),
  });

export const completionFormSchema = lazySchema(buildSchema);

export type CompletionField = 'completedOn' | 'allowUnpaidBalance';
export const COMPLETION_FIELDS: readonly CompletionField[] = ['completedOn', 'allowUnpaidBalance'];

/** The typed form in the API's shape: the date as typed, the checkbox as a boolean. */
export function completionFromForm(values: Record<string, string | undefined>): {
  completedOn: string;
  allowUnpaidBalance: boolean;
} {
  return { completedOn: values.completedOn ?? '', allowUnpaidBalance: values.allowUnpaidBalance === 'on' };
}

const checks = formChecks(completionFormSchema, COMPLETION_FIELDS);

/** The whole form's check, and one property's message or null (the API DTO and the service check with it). */
export const parseCompletionForm = checks.parse;
export const completionFieldError = checks.fieldError;
