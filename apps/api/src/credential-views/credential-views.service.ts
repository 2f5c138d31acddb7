import { Injectable } from '@nestjs/common';
import type { ApplicantRecords, CredentialOverview } from '@app/contracts';
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

  /**
   * The evaluation page's records in one call: the account's email and the credentials as listOwn gives them. The
   * email is the one the viewer guard read with the session check in this request (no query of its own); a viewer
   * made without it reads the account.
   */
  async ownRecords(viewer: Viewer): Promise<ApplicantRecords> {
    const applicantId = requireApplicant(viewer);
    const [credentials, email] = await Promise.all([
      this.listOwn(viewer),
      viewer.kind === 'applicant' && viewer.email !== undefined
        ? viewer.email
        : this.applicants.findById(applicantId).then((applicant) => applicant?.email ?? null),
    ]);
    return { email, credentials };
  }

  /** The applicant's own credentials with everything the page shows (one query of plain rows). */
  async listOwn(viewer: Viewer): Promise<CredentialOverview[]> {
    const owned = await this.repository.listOwned(requireApplicant(viewer));
    return owned.map(({ credential, evaluation, records, review }) => ({
      ...toCredentialDto(credential),
      evaluation: evaluation ? evaluationWithDetails(evaluation, credential.id, records) : null,
      analyses: credential.status === 'analyzing' ? records : [],
      review: review ? toCredentialReviewDto(review) : null,
    }));
  }
}
