import { z } from 'zod';
import { parseDollarsToCents } from './enrollment-billing';
import { enrollmentFormSchema, MAX_PAYMENT_AMOUNT_CENTS } from './enrollment-form';
import { formChecks, lazySchema, type FieldErrors } from './form-schema';

export const MAX_REFUND_REASON_LENGTH = 500;

/**
 * The enrollment detail page's forms (issue 27, docs/decisions/016): edit (the manual enrollment form's own rules for
 * status, cohort and notes), move to another cohort, and refund. Written for the admin on that page; the API's DTOs
 * answer the same words.
 */
export const ENROLLMENT_ACTION_MESSAGES = {
  moveCohortId: 'Choose a cohort',
  refundAmount: 'Enter an amount in dollars, such as 150 or 150.50, or leave it empty to refund all that is left',
  refundReason: `The reason must be at most ${MAX_REFUND_REASON_LENGTH} characters`,
} as const;

const M = ENROLLMENT_ACTION_MESSAGES;

const buildEditSchema = () => enrollmentFormSchema().pick({ enrollmentStatus: true, cohortId: true, notes: true });

const buildMoveSchema = () => z.object({ cohortId: z.guid({ error: M.moveCohortId }) });

/** A refund as the API takes it: integer cents from 1 (absent: all that is left) and an optional reason. */
const buildRefundSchema = () =>
  z.object({
    amountCents: z
      .number({ error: M.refundAmount })
      .int({ error: M.refundAmount })
      .min(1, { error: M.refundAmount })
      .max(MAX_PAYMENT_AMOUNT_CENTS, { error: M.refundAmount })
      .optional(),
    reason: z
      .string({ error: M.refundReason })
      .trim()
      .max(MAX_REFUND_REASON_LENGTH, { error: M.refundReason })
      .optional(),
  });

export const enrollmentEditSchema = lazySchema(buildEditSchema);
export const enrollmentMoveSchema = lazySchema(buildMoveSchema);
export const enrollmentRefundSchema = lazySchema(buildRefundSchema);

export type EnrollmentEditField = 'enrollmentStatus' | 'cohortId' | 'notes';
export type EnrollmentMoveField = 'cohortId';
export type EnrollmentRefundField = 'amountCents' | 'reason';
export const ENROLLMENT_EDIT_FIELDS: readonly EnrollmentEditField[] = ['enrollmentStatus', 'cohortId', 'notes'];
export const ENROLLMENT_MOVE_FIELDS: readonly EnrollmentMoveField[] = ['cohortId'];
export const ENROLLMENT_REFUND_FIELDS: readonly EnrollmentRefundField[] = ['amountCents', 'reason'];
export type EnrollmentRefundErrors = FieldErrors<EnrollmentRefundField>;

const edit = formChecks(enrollmentEditSchema, ENROLLMENT_EDIT_FIELDS);
const move = formChecks(enrollmentMoveSchema, ENROLLMENT_MOVE_FIELDS);
const refund = formChecks(enrollmentRefundSchema, ENROLLMENT_REFUND_FIELDS);

/** Each form's whole check, and one property's message or null (the API DTOs check each property with these). */
export const parseEnrollmentEditForm = edit.parse;
export const parseEnrollmentMoveForm = move.parse;
export const enrollmentMoveFieldError = move.fieldError;
export const parseEnrollmentRefundForm = refund.parse;
export const enrollmentRefundFieldError = refund.fieldError;

/** The edit form as typed in the API's shape: an empty cohort is none (null), empty notes are none. */
export function enrollmentEditFromForm(form: { enrollmentStatus?: string; cohortId?: string; notes?: string }) {
  return {
    enrollmentStatus: form.enrollmentStatus ?? '',
    cohortId: form.cohortId || null,
    notes: form.notes?.trim() || null,
  };
}

/**
 * The refund form as typed in the API's shape: dollars ('150', '$1,200.50') into cents (NaN when not an amount, so
 * the rule refuses it), empty for all that is left; an empty reason is none.
 */
export function enrollmentRefundFromForm(form: { amount?: string; reason?: string }) {
  const typed = form.amount?.trim() ?? '';
  const reason = form.reason?.trim() ?? '';
  return {
    amountCents: typed ? (parseDollarsToCents(typed) ?? Number.NaN) : undefined,
    reason: reason || undefined,
  };
}
