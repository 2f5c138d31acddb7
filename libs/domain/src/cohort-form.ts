import { TRAINING_NAMES, type CreateCohortRequest } from '@app/contracts';
import { z } from 'zod';
import { isCohortMonth } from './cohort-month';
import { checkForm, fieldRuleError, lazySchema, type FieldErrors, type FormResult } from './form-schema';

export const MAX_COHORT_CAPACITY = 10_000;

/** One message per field of the Create Cohort form; the API reports the same ones for its body. */
export const COHORT_FORM_MESSAGES = {
  trainingName: 'Choose a training',
  cohortMonth: 'Choose a month and a year',
  capacity: `Seats must be a whole number from 0 to ${MAX_COHORT_CAPACITY}, or empty for no limit`,
} as const;

const M = COHORT_FORM_MESSAGES;

/**
 * A new cohort as the API takes it: a training, a real YYYY-MM month (year 2000-2100) and seats or null for no limit.
 * The panel's action turns its selects into this shape first (month and year into `cohortMonth`, an empty seats field
 * into null); the API DTO runs each field's rule from here.
 */
const buildSchema = () =>
  z.object({
    trainingName: z.enum(TRAINING_NAMES, { error: M.trainingName }),
    cohortMonth: z.string({ error: M.cohortMonth }).refine(isCohortMonth, { error: M.cohortMonth }),
    capacity: z
      .number({ error: M.capacity })
      .int({ error: M.capacity })
      .min(0, { error: M.capacity })
      .max(MAX_COHORT_CAPACITY, { error: M.capacity })
      .nullable()
      .default(null),
  });

export const cohortFormSchema = lazySchema(buildSchema);

export type CohortFormField = keyof typeof COHORT_FORM_MESSAGES;
export const COHORT_FORM_FIELDS: readonly CohortFormField[] = ['trainingName', 'cohortMonth', 'capacity'];
export type CohortFormErrors = FieldErrors<CohortFormField>;

export function parseCohortForm(input: unknown): FormResult<Required<CreateCohortRequest>, CohortFormField> {
  return checkForm(cohortFormSchema(), COHORT_FORM_FIELDS, input);
}

/** The message for one field's value, or null; the API DTO checks each property with this. */
export function cohortFieldError(field: CohortFormField, value: unknown): string | null {
  return fieldRuleError(cohortFormSchema(), field, value);
}

/**
 * The Create Cohort form as typed (selects and a number field, all text) in the API's shape: month and year join
 * into YYYY-MM ('' when either is missing), empty seats are null and other text a number (NaN when not one).
 */
export function cohortRequestFromForm(form: { trainingName: string; month: string; year: string; capacity: string }) {
  const capacity = form.capacity.trim();
  return {
    trainingName: form.trainingName,
    cohortMonth: form.month && form.year ? `${form.year}-${form.month.padStart(2, '0')}` : '',
    capacity: capacity === '' ? null : Number(capacity),
  };
}
