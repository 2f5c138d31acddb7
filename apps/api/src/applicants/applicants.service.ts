import { Injectable } from '@nestjs/common';
import type { ApplicantAccount } from '@app/contracts';
import { StaffHaveNoApplicantAccountError } from './applicants.errors';
import { ApplicantsRepository } from './applicants.repository';
import type { Viewer } from './viewer';

@Injectable()
export class ApplicantsService {
  constructor(private readonly applicants: ApplicantsRepository) {}

  /** The calling applicant's account: the signed-in email, or null while anonymous. */
  async account(viewer: Viewer): Promise<ApplicantAccount> {
    if (viewer.kind !== 'applicant') throw new StaffHaveNoApplicantAccountError();
    const applicant = await this.applicants.findById(viewer.applicantId);
    return { email: applicant?.email ?? null };
  }
}
