import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { LEGACY_APPLICANT_ID, type SignInLinkResponse, type SignInResponse } from '@app/contracts';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { ApplicantsRepository } from '../applicants/applicants.repository';
import type { Viewer } from '../applicants/viewer';
import { StaffOwnNoCredentialsError } from '../credentials/credentials.errors';
import { CredentialsRepository } from '../credentials/credentials.repository';
import { RECORDS_MAILER, type RecordsMailer } from '../records-mail/records-mailer';
import { SignInLinkInvalidError, SignInLinksRateLimitedError } from './sign-in.errors';
import { SignInRepository } from './sign-in.repository';

export const SIGN_IN_LINK_MINUTES = 15;
/** Links one address may be sent within a link's lifetime. */
const LINKS_PER_EMAIL = 5;

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

@Injectable()
export class SignInService {
  private readonly logger = new Logger(SignInService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly repository: SignInRepository,
    private readonly applicants: ApplicantsRepository,
    private readonly credentials: CredentialsRepository,
    @Inject(RECORDS_MAILER) private readonly mailer: RecordsMailer,
  ) {}

  /** Mails a single-use link valid 15 minutes; using it joins this browser's records to the account of that address. */
  async requestLink(rawEmail: string, viewer: Viewer): Promise<SignInLinkResponse> {
    if (viewer.kind !== 'applicant') throw new StaffOwnNoCredentialsError();
    const email = rawEmail.trim().toLowerCase();
    const now = new Date();
    if (
      (await this.repository.countRecent(email, new Date(now.getTime() - SIGN_IN_LINK_MINUTES * 60_000))) >=
      LINKS_PER_EMAIL
    ) {
      throw new SignInLinksRateLimitedError();
    }
    await this.repository.prune(now);
    const token = randomBytes(32).toString('base64url');
    await this.applicants.ensure(viewer.applicantId);
    await this.em.transactional(async (em) => {
      const created = await this.repository.create(
        {
          tokenHash: hashToken(token),
          email,
          requestedBy: viewer.applicantId,
          expiresAt: new Date(now.getTime() + SIGN_IN_LINK_MINUTES * 60_000),
        },
        em,
      );
      await this.mailer.enqueue(
        {
          kind: 'sign-in-link',
          to: email,
          path: `/sign-in?token=${encodeURIComponent(token)}`,
          expiresMinutes: SIGN_IN_LINK_MINUTES,
          eventKey: `sign-in-link:${created.id}`,
        },
        em,
      );
    });
    return {
      mail: 'queued',
      message: `We sent a sign-in link to ${email}. It works once, for ${SIGN_IN_LINK_MINUTES} minutes.`,
    };
  }

  /**
   * Spends the link and returns the account of its address, created on first sign-in. The anonymous records of the
   * browser that asked for the link and of the browser using it join the account; other accounts are never merged.
   */
  async redeem(token: string, currentApplicantId: string | null): Promise<SignInResponse> {
    const result = await this.em.transactional(async (em) => {
      const spent = await this.repository.consume(hashToken(token), new Date(), em);
      if (!spent) return null;
      let account = await this.applicants.findByEmail(spent.email, em);
      const requester = spent.requestedBy ? await this.applicants.findById(spent.requestedBy, em) : null;
      if (!account) {
        if (requester && requester.email === null && requester.id !== LEGACY_APPLICANT_ID) {
          await this.applicants.setEmail(requester.id, spent.email, em);
          account = { ...requester, email: spent.email };
        } else {
          const id = randomUUID();
          await this.applicants.create(id, spent.email, em);
          account = { id, email: spent.email, createdAt: new Date() };
        }
      }
      const candidates = [...new Set([spent.requestedBy, currentApplicantId])].filter(
        (id): id is string => id !== null && id !== account.id && id !== LEGACY_APPLICANT_ID,
      );
      const anonymous: string[] = [];
      for (const id of candidates) {
        const applicant = await this.applicants.findById(id, em);
        if (applicant && applicant.email === null) anonymous.push(id);
      }
      const moved = await this.credentials.reassignOwner(anonymous, account.id, em);
      await this.applicants.delete(anonymous, em);
      return { applicantId: account.id, email: spent.email, mergedCredentials: moved };
    });
    if (!result) throw new SignInLinkInvalidError();
    this.logger.log(
      `Applicant ${result.applicantId} signed in by email link; ${result.mergedCredentials} credential(s) joined`,
    );
    return result;
  }
}
