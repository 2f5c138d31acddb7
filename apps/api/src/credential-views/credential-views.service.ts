import { Injectable } from '@nestjs/common';
import type { ApplicantCredentials } from '@app/contracts';
import { evaluationWithDetails } from '../analysis/analysis.service';
import { ApplicantsRepository } from '../applicants/applicants.repository';
import type { Viewer } from '../applicants/viewer';
import { requireApplicant, toCredentialDto } from '../credentials/credentials.service';
import { toCredentialReviewDto } from '../reviews/review-mapping';
import { CredentialViewsRepository } from './credential-views.repository';

@Injectable()
export class CredentialViewsService {
  constructor(
    private readonly repository: CredentialViewsRepository,
    private readonly applicants: ApplicantsRepository,
  ) {}

  /** The applicant's own credentials with everything the page shows. */
  async listOwn(viewer: Viewer): Promise<ApplicantCredentials> {
    const applicantId = requireApplicant(viewer);
    const [owned, applicant] = await Promise.all([
      this.repository.listOwned(applicantId),
      this.applicants.findById(applicantId),
    ]);
    return {
      email: applicant?.email ?? null,
      credentials: owned.credentials.map((credential) => {
        const evaluation = owned.evaluations.get(credential.id);
        const review = owned.reviews.get(credential.id);
        const records = (owned.analyses.get(credential.id) ?? []).map((r) => ({ phase: r.phase, results: r.results }));
        return {
          ...toCredentialDto(credential),
          evaluation: evaluation ? evaluationWithDetails(evaluation, credential.id, records) : null,
          analyses: credential.status === 'analyzing' ? records : [],
          review: review ? toCredentialReviewDto(review) : null,
        };
      }),
    };
  }
}
