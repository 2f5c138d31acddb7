import type { CredentialReview as CredentialReviewDto } from '@app/contracts';
import type { CredentialReview } from './credential-review.entity';

/** What the answer shows of a review: the entity, or a plain row of the same fields. */
export type CredentialReviewFields = Pick<
  CredentialReview,
  'decision' | 'awardedCredits' | 'note' | 'rejectionReason' | 'decidedAt'
>;

export function toCredentialReviewDto(review: CredentialReviewFields): CredentialReviewDto {
  return {
    decision: review.decision,
    awardedCredits: review.awardedCredits,
    note: review.note,
    rejectionReason: review.rejectionReason,
    decidedAt: review.decidedAt.toISOString(),
  };
}
