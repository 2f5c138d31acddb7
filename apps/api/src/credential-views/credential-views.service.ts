import { Injectable } from '@nestjs/common';
import type { CredentialOverview } from '@app/contracts';
import { evaluationWithDetails } from '../analysis/analysis.service';
import type { Viewer } from '../applicants/viewer';
import { requireApplicant, toCredentialDto } from '../credentials/credentials.service';
import { toCredentialReviewDto } from '../reviews/review-mapping';
import { CredentialViewsRepository } from './credential-views.repository';

@Injectable()
export class CredentialViewsService {
  constructor(private readonly repository: CredentialViewsRepository) {}

  /** The applicant's own credentials with everything the page shows (the account's email is its own call). */
  async listOwn(viewer: Viewer): Promise<CredentialOverview[]> {
    const owned = await this.repository.listOwned(requireApplicant(viewer));
    return owned.credentials.map((credential) => {
      const evaluation = owned.evaluations.get(credential.id);
      const review = owned.reviews.get(credential.id);
      const records = (owned.analyses.get(credential.id) ?? []).map((r) => ({ phase: r.phase, results: r.results }));
      return {
        ...toCredentialDto(credential),
        evaluation: evaluation ? evaluationWithDetails(evaluation, credential.id, records) : null,
        analyses: credential.status === 'analyzing' ? records : [],
        review: review ? toCredentialReviewDto(review) : null,
      };
    });
  }
}
