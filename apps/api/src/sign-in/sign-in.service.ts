import { TransactionRunner } from '../database/transaction-runner';
import { Injectable, Logger } from '@nestjs/common';
import {
  LEGACY_APPLICANT_ID,
  type SignInLinkResponse,
  type SignInPreviewResponse,
  type SignInRequest,
  type SignInResponse,
} from '@app/contracts';
import { judgeSignInLinkRequest, SIGN_IN_LINK_MINUTES, type SignInLinkLimits } from '@app/domain';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { type AuthenticatedApplicant, ApplicantSessionsService } from '../applicants/applicant-sessions.service';
import { ApplicantsRepository } from '../applicants/applicants.repository';
import type { Viewer } from '../applicants/viewer';
import type { AppConfig } from '../config/app-config';
import { InjectConfig } from '../config/inject-config.decorator';
import { StaffOwnNoCredentialsError } from '../credentials/credentials.errors';
import { CredentialsRepository } from '../credentials/credentials.repository';
import { OutboxRepository } from '../mail/outbox.repository';
import { SignInClientRateLimitedError, SignInLinkInvalidError, SignInLinksRateLimitedError } from './sign-in.errors';
import { SignInRepository } from './sign-in.repository';

export { SIGN_IN_LINK_MINUTES };
const WINDOW_SECONDS = SIGN_IN_LINK_MINUTES * 60;

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Whether the browser using a link presents the binding value whose hash the link stored (constant time). */
function sameBinding(storedHash: string | null, presented: string | undefined): boolean {
  if (!storedHash || !presented) return false;
  const a = Buffer.from(storedHash, 'hex');
  const b = Buffer.from(sha256(presented), 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

@Injectable()
export class SignInService {
  private readonly logger = new Logger(SignInService.name);
  private readonly limits: SignInLinkLimits;

  constructor(
    private readonly tx: TransactionRunner,
    private readonly repository: SignInRepository,
    private readonly applicants: ApplicantsRepository,
    private readonly sessions: ApplicantSessionsService,
    private readonly credentials: CredentialsRepository,
    @InjectConfig() config: AppConfig,
  ) {
    this.limits = {
      perClient: config.records.signInLinksPerClient,
      perAddress: config.records.signInLinksPerAddress,
    };
  }

  /**
   * Mails a single-use link valid 15 minutes, bound to the asking browser by `browserBinding` (its hash is stored).
   * Each request counts against its client's and its address's limits before anything is made.
   */
  async requestLink(
    rawEmail: string,
    browserBinding: string | undefined,
    viewer: Viewer,
    client: string,
  ): Promise<SignInLinkResponse> {
    if (viewer.kind !== 'applicant') throw new StaffOwnNoCredentialsError();
    const email = rawEmail.trim().toLowerCase();
    const clientLinks = await this.repository.hit(`client\n${client}`, WINDOW_SECONDS);
    const addressLinks =
      clientLinks > this.limits.perClient ? null : await this.repository.hit(`address\n${email}`, WINDOW_SECONDS);
    const verdict = judgeSignInLinkRequest(this.limits, { clientLinks, addressLinks });
    if (verdict === 'client-limited') throw new SignInClientRateLimitedError();
    if (verdict === 'address-limited') throw new SignInLinksRateLimitedError();
    const now = new Date();
    await this.repository.prune(now, WINDOW_SECONDS);
    const token = randomBytes(32).toString('base64url');
    await this.applicants.ensure(viewer.applicantId);
    await this.tx.run(async (em) => {
      const created = await this.repository.create(em, {
        tokenHash: sha256(token),
        email,
        requestedBy: viewer.applicantId,
        browserBindingHash: browserBinding ? sha256(browserBinding) : null,
        expiresAt: new Date(now.getTime() + WINDOW_SECONDS * 1000),
      });
      await OutboxRepository.enqueue(em, {
        key: `sign-in-link:${created.id}`,
        to: email,
        template: 'sign-in-link',
        data: { path: `/sign-in?token=${encodeURIComponent(token)}`, expiresInMinutes: SIGN_IN_LINK_MINUTES },
      });
    });
    return {
      mail: 'queued',
      message:
        `We sent a sign-in link to ${email}. It works once, for ${SIGN_IN_LINK_MINUTES} minutes; ` +
        'open it in this browser to keep the records you made here.',
    };
  }

  /** The address a valid link signs in to, without spending it (the page shows it before the button). */
  async preview(token: string): Promise<SignInPreviewResponse> {
    const email = await this.repository.findValidEmail(sha256(token), new Date());
    if (!email) throw new SignInLinkInvalidError();
    return { email };
  }

  /**
   * Spends the link and gives its address's account (created on first use, always under a new id) to the browser
   * using it, never to the browser that asked. Anonymous records join the account only by that browser's act: the
   * asking browser's and this browser's when the link is used where it was asked for (the binding matches), else
   * this browser's alone and only when the person asks for it (`keepThisBrowsersRecords`). Accounts never merge.
   */
  async redeem(request: SignInRequest, current: AuthenticatedApplicant | null): Promise<SignInResponse> {
    const currentApplicantId = current?.applicantId ?? null;
    const result = await this.tx.run(async (em) => {
      const spent = await this.repository.consume(em, sha256(request.token), new Date());
      if (!spent) return null;
      const account = await this.applicants.ensureAccount(spent.email);
      const sameBrowser = sameBinding(spent.browserBindingHash, request.browserBinding);
      const joining = sameBrowser
        ? [spent.requestedBy, currentApplicantId]
        : request.keepThisBrowsersRecords === true
          ? [currentApplicantId]
          : [];
      const candidates = [...new Set(joining)].filter(
        (id): id is string => id !== null && id !== account.id && id !== LEGACY_APPLICANT_ID,
      );
      const anonymous: string[] = [];
      for (const id of candidates) {
        const applicant = await this.applicants.findById(id, em);
        if (applicant && applicant.email === null) anonymous.push(id);
      }
      const moved = await this.credentials.reassignOwner(em, anonymous, account.id);
      await this.applicants.delete(em, anonymous);
      // The browser was signed in to an account: that session ends, this browser now carries the new one only.
      if (current?.sessionHash) await this.sessions.end(em, current.applicantId, current.sessionHash);
      const sessionToken = await this.sessions.start(em, account.id);
      return { applicantId: account.id, email: spent.email, mergedCredentials: moved, sameBrowser, sessionToken };
    });
    if (!result) throw new SignInLinkInvalidError();
    this.logger.log(
      `Applicant ${result.applicantId} signed in by email link (${result.sameBrowser ? 'same' : 'another'} browser); ` +
        `${result.mergedCredentials} credential(s) joined`,
    );
    return result;
  }
}
