import type { CredentialReview, CredentialStatus, ReviewQueueStatus } from '@app/contracts';
import { z } from 'zod';
import { formChecks, lazySchema, type FormResult } from './form-schema';

export const MAX_AWARDED_CREDITS = 500;
export const MAX_REVIEW_TEXT_LENGTH = 2000;

export type ReviewCheck<T> = { ok: true; value: T } | { ok: false; field: string; error: string };

/**
 * The two review decisions' forms (issue 27, docs/decisions/016), one schema each in the API's shape: Verify (credits
 * from 0 to 500 in tenths, the precision credits are computed in, absent for the recommendation; an optional note)
 * and Reject (a reason the applicant reads). The page's action, the API DTOs and the service run these.
 */
export const REVIEW_DECISION_MESSAGES = {
  awardedCredits: `Credits must be a number from 0 to ${MAX_AWARDED_CREDITS}`,
  awardedCreditsTenths: 'Credits are kept to one decimal (e.g. 3.5)',
  note: `The note must be at most ${MAX_REVIEW_TEXT_LENGTH} characters`,
  reason: 'Say why the credential is rejected; the applicant reads it',
  reasonLength: `The reason must be at most ${MAX_REVIEW_TEXT_LENGTH} characters`,
} as const;

const M = REVIEW_DECISION_MESSAGES;

const buildVerifySchema = () =>
  z.object({
    awardedCredits: z
      .number({ error: M.awardedCredits })
      .min(0, { error: M.awardedCredits, abort: true })
      .max(MAX_AWARDED_CREDITS, { error: M.awardedCredits, abort: true })
      .refine((value) => Math.round(value * 10) === value * 10, { error: M.awardedCreditsTenths })
      .optional(),
    note: z
      .string({ error: M.note })
      .trim()
      .max(MAX_REVIEW_TEXT_LENGTH, { error: M.note })
      .optional()
      .transform((note) => note || null),
  });

const buildRejectSchema = () =>
  z.object({
    reason: z
      .string({ error: M.reason })
      .trim()
      .min(1, { error: M.reason, abort: true })
      .max(MAX_REVIEW_TEXT_LENGTH, { error: M.reasonLength }),
  });

export const verifyDecisionSchema = lazySchema(buildVerifySchema);
export const rejectDecisionSchema = lazySchema(buildRejectSchema);

export type VerifyDecisionField = 'awardedCredits' | 'note';
export type RejectDecisionField = 'reason';
export const VERIFY_DECISION_FIELDS: readonly VerifyDecisionField[] = ['awardedCredits', 'note'];
export const REJECT_DECISION_FIELDS: readonly RejectDecisionField[] = ['reason'];

const verify = formChecks(verifyDecisionSchema, VERIFY_DECISION_FIELDS);
const reject = formChecks(rejectDecisionSchema, REJECT_DECISION_FIELDS);

/**
 * Each decision's whole check (Verify: the credits as given, absent for the recommendation, the caller's to fill in),
 * and one property's message or null (the API DTOs check each property with these).
 */
export const parseVerifyDecision = verify.parse;
export const verifyDecisionFieldError = verify.fieldError;
export const parseRejectDecision = reject.parse;
export const rejectDecisionFieldError = reject.fieldError;

/** Typed credits (text, as a form sends them) in the API's shape: empty is absent, other text a number (NaN if none). */
function creditsOf(raw: unknown): unknown {
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (typeof raw !== 'string') return raw;
  return raw.trim() === '' ? undefined : Number(raw.trim());
}

/** The Verify form as typed, in the API's shape. */
export function verifyDecisionFromForm(form: { awardedCredits?: string; note?: string }) {
  return { awardedCredits: creditsOf(form.awardedCredits), note: form.note ?? undefined };
}

function firstProblem<T>(result: FormResult<T>): ReviewCheck<T> {
  if (result.ok) return result;
  const [field, error] = Object.entries(result.fieldErrors)[0] ?? ['form', 'Invalid decision'];
  return { ok: false, field, error: error ?? 'Invalid decision' };
}

/**
 * A verification by the Verify schema: the credits default to the recommendation; an evaluator may set others. The
 * first failing field, for the service (the DTO has already answered each field).
 */
export function checkVerification(
  input: { awardedCredits?: unknown; note?: unknown },
  recommendedCredits: number,
): ReviewCheck<{ awardedCredits: number; note: string | null }> {
  const checked = firstProblem(
    parseVerifyDecision({ awardedCredits: creditsOf(input.awardedCredits), note: input.note ?? undefined }),
  );
  if (!checked.ok) return checked;
  return {
    ok: true,
    value: { awardedCredits: checked.value.awardedCredits ?? recommendedCredits, note: checked.value.note },
  };
}

/** A rejection by the Reject schema: it needs a reason, which the applicant reads. */
export function checkRejection(input: { reason?: unknown }): ReviewCheck<{ reason: string }> {
  return firstProblem(parseRejectDecision({ reason: input.reason ?? undefined }));
}

/** Where a credential stands in the staff queue; null when it is not reviewable (not completed). */
export function reviewQueueStatus(
  status: CredentialStatus,
  review: Pick<CredentialReview, 'decision'> | null,
): ReviewQueueStatus | null {
  if (status !== 'completed') return null;
  return review ? review.decision : 'awaiting';
}

export const REVIEW_QUEUE_LABELS: Record<ReviewQueueStatus, string> = {
  awaiting: 'Awaiting verification',
  verified: 'Verified',
  rejected: 'Rejected',
};
