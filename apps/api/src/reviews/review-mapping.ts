import type { CredentialReview as CredentialReviewDto } from '@app/contracts';
import type { CredentialReview } from './credential-review.entity';

export function toCredentialReviewDto(review: CredentialReview): CredentialReviewDto {
  return {
    decision: review.decision,
    awardedCredits: review.awardedCredits,
    note: review.note,
    rejectionReason: review.rejectionReason,
    decidedAt: review.decidedAt.toISOString(),
  };
}
