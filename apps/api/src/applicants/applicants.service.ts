import { Injectable, Logger } from '@nestjs/common';
import type { ApplicantAccount, ApplicantSignOutResponse } from '@app/contracts';
import { ApplicantSessionsService } from './applicant-sessions.service';
import { StaffHaveNoApplicantAccountError } from './applicants.errors';
import { ApplicantsRepository } from './applicants.repository';
import type { Viewer } from './viewer';

@Injectable()
export class ApplicantsService {
  private readonly logger = new Logger(ApplicantsService.name);

  constructor(
    private readonly applicants: ApplicantsRepository,
    private readonly sessions: ApplicantSessionsService,
  ) {}

  /** The calling applicant's account: the signed-in email, or null while anonymous. */
  async account(viewer: Viewer): Promise<ApplicantAccount> {
    if (viewer.kind !== 'applicant') throw new StaffHaveNoApplicantAccountError();
    const applicant = await this.applicants.findById(viewer.applicantId);
    return { email: applicant?.email ?? null };
  }

  /**
   * Signing out ends this browser's session at once (a copy of its cookie then gets 401 too); `everywhere` ends every
   * session of the account. An anonymous browser has no session: nothing ends.
   */
  async signOut(viewer: Viewer, everywhere: boolean): Promise<ApplicantSignOutResponse> {
    if (viewer.kind !== 'applicant') throw new StaffHaveNoApplicantAccountError();
    if (!viewer.sessionHash) return { sessionsEnded: 0 };
    const sessionsEnded = everywhere
      ? await this.sessions.endAll(viewer.applicantId)
      : await this.sessions.end(viewer.applicantId, viewer.sessionHash);
    this.logger.log(
      `Applicant ${viewer.applicantId} signed out${everywhere ? ' everywhere' : ''}: ${sessionsEnded} session(s) ended`,
    );
    return { sessionsEnded };
  }
}
