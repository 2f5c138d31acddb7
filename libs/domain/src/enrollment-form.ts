import { ENROLLMENT_STATUSES, PAYMENT_TYPES, TRAINING_NAMES, type CreateEnrollmentRequest } from '@app/contracts';
import { z } from 'zod';
import { isValidEmail } from './checkout-validation';
import { checkForm, fieldRuleError, lazySchema, type FieldErrors, type FormResult } from './form-schema';

export const MAX_STUDENT_NAME_LENGTH = 200;
export const MAX_ENROLLMENT_NOTES_LENGTH = 2000;
/** The largest amount accepted: $1,000,000.00, far above any price, well inside a PostgreSQL integer. */
export const MAX_PAYMENT_AMOUNT_CENTS = 100_000_000;

/**
 * One message per field. They are written for the admin who fills in the Add Client form: the API reports the same
 * ones, and the form shows the API's field errors as they come.
 */
export const ENROLLMENT_FORM_MESSAGES = {
  studentName: 'Student name is required',
  studentNameLength: `Student name must be at most ${MAX_STUDENT_NAME_LENGTH} characters`,
  studentEmail: 'Enter a valid email address',
  trainingName: 'Choose a training',
  cohortId: 'Choose a cohort of this training, or No Cohort',
  paymentType: 'Choose a payment type',
  paymentAmount: 'Amount must be a whole number of cents',
  paymentAmountNegative: 'Amount must not be negative',
  paymentAmountMax: 'Amount must be at most $1,000,000.00',
  enrollmentStatus: 'Choose a status',
  notes: 'Notes must be text or empty',
  notesLength: `Notes must be at most ${MAX_ENROLLMENT_NOTES_LENGTH} characters`,
  isManualEntry: 'isManualEntry must be true',
} as const;

const M = ENROLLMENT_FORM_MESSAGES;

/**
 * A manual enrollment as the API takes it (amount in integer cents, no cohort as null). The web app's action turns the
 * typed form into this shape first (dollars to cents, an empty cohort to null) and checks it here; the API DTO runs
 * each field's rule from here too.
 *
 * Built on first use, not at import: browser code imports this library for its labels, and a schema built at the
 * top of the module would bring Zod into every page's bundle.
 */
const buildSchema = () =>
  z.object({
    studentName: z
      .string({ error: M.studentName })
      .trim()
      .min(1, { error: M.studentName })
      .max(MAX_STUDENT_NAME_LENGTH, { error: M.studentNameLength }),
    studentEmail: z.string({ error: M.studentEmail }).trim().refine(isValidEmail, { error: M.studentEmail }),
    trainingName: z.enum(TRAINING_NAMES, { error: M.trainingName }),
    // Any 8-4-4-4-12 hex id, as the API has always taken; whether the cohort exists is the API's lookup.
    cohortId: z.guid({ error: M.cohortId }).nullable().default(null),
    paymentType: z.enum(PAYMENT_TYPES, { error: M.paymentType }),
    paymentAmount: z
      .number({ error: M.paymentAmount })
      .int({ error: M.paymentAmount })
      .min(0, { error: M.paymentAmountNegative })
      .max(MAX_PAYMENT_AMOUNT_CENTS, { error: M.paymentAmountMax }),
    enrollmentStatus: z.enum(ENROLLMENT_STATUSES, { error: M.enrollmentStatus }),
    notes: z
      .string({ error: M.notes })
      .max(MAX_ENROLLMENT_NOTES_LENGTH, { error: M.notesLength })
      .nullable()
      .default(null),
    isManualEntry: z.literal(true, { error: M.isManualEntry }),
  });

export const enrollmentFormSchema = lazySchema(buildSchema);

export type EnrollmentFormField = keyof CreateEnrollmentRequest;

/** The form's fields in the order it shows them. */
export const ENROLLMENT_FORM_FIELDS: readonly EnrollmentFormField[] = [
  'studentName',
  'studentEmail',
  'trainingName',
  'cohortId',
  'paymentType',
  'paymentAmount',
  'enrollmentStatus',
  'notes',
  'isManualEntry',
];

/** The first message for each field that fails, keyed by field. */
export type EnrollmentFormErrors = FieldErrors<EnrollmentFormField>;

export type EnrollmentFormResult = FormResult<CreateEnrollmentRequest, EnrollmentFormField>;

/** Checks a whole manual enrollment; on success the value is trimmed and has null for a missing cohort or notes. */
export function parseEnrollmentForm(input: Readonly<Record<string, unknown>>): EnrollmentFormResult {
  return checkForm(enrollmentFormSchema(), ENROLLMENT_FORM_FIELDS, input);
}

/** The message for one field's value, or null when the value passes; the API DTO checks each property with this. */
export function enrollmentFieldError(field: EnrollmentFormField, value: unknown): string | null {
  return fieldRuleError(enrollmentFormSchema(), field, value);
}
