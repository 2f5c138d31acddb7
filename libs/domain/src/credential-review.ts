import type { CredentialReview, CredentialStatus, ReviewQueueStatus } from '@app/contracts';

export const MAX_AWARDED_CREDITS = 500;
export const MAX_REVIEW_TEXT_LENGTH = 2000;

export type ReviewCheck<T> = { ok: true; value: T } | { ok: false; field: string; error: string };

/**
 * A verification: the credits default to the recommendation; an evaluator may set others, from 0 to 500 in tenths
 * (the precision credits are computed in). The note is optional.
 */
export function checkVerification(
  input: { awardedCredits?: unknown; note?: unknown },
  recommendedCredits: number,
): ReviewCheck<{ awardedCredits: number; note: string | null }> {
  let awardedCredits = recommendedCredits;
  const raw = input.awardedCredits;
  if (raw !== undefined && raw !== null && raw !== '') {
    const value = typeof raw === 'string' ? Number(raw.trim()) : raw;
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > MAX_AWARDED_CREDITS) {
      return { ok: false, field: 'awardedCredits', error: `Credits must be a number from 0 to ${MAX_AWARDED_CREDITS}` };
    }
    if (Math.round(value * 10) !== value * 10) {
      return { ok: false, field: 'awardedCredits', error: 'Credits are kept to one decimal (e.g. 3.5)' };
    }
    awardedCredits = value;
  }
  const note = typeof input.note === 'string' ? input.note.trim() : '';
  if (note.length > MAX_REVIEW_TEXT_LENGTH) {
    return { ok: false, field: 'note', error: `The note must be at most ${MAX_REVIEW_TEXT_LENGTH} characters` };
  }
  return { ok: true, value: { awardedCredits, note: note || null } };
}

/** A rejection needs a reason: the applicant reads it. */
export function checkRejection(input: { reason?: unknown }): ReviewCheck<{ reason: string }> {
  const reason = typeof input.reason === 'string' ? input.reason.trim() : '';
  if (!reason)
    return { ok: false, field: 'reason', error: 'Say why the credential is rejected; the applicant reads it' };
  if (reason.length > MAX_REVIEW_TEXT_LENGTH) {
    return { ok: false, field: 'reason', error: `The reason must be at most ${MAX_REVIEW_TEXT_LENGTH} characters` };
  }
  return { ok: true, value: { reason } };
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
