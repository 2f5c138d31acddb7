import { Injectable, Logger } from '@nestjs/common';
import type { ApplicantAccount, ApplicantSignOutResponse } from '@app/contracts';
import { TransactionRunner } from '../database/transaction-runner';
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
    private readonly tx: TransactionRunner,
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
    const sessionHash = viewer.sessionHash;
    const sessionsEnded = await this.tx.run((em) =>
      everywhere
        ? this.sessions.endAll(em, viewer.applicantId)
        : this.sessions.end(em, viewer.applicantId, sessionHash),
    );
    this.logger.log(
      `Applicant ${viewer.applicantId} signed out${everywhere ? ' everywhere' : ''}: ${sessionsEnded} session(s) ended`,
    );
    return { sessionsEnded };
  }
}
