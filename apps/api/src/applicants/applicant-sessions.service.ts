import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { applicantSessionExpiresAt, applicantSessionIdleCutoff, judgeApplicantSession } from '@app/domain';
import { createHash, randomBytes } from 'node:crypto';
import { ApplicantTokenService } from './applicant-token.service';
import { ApplicantsRepository } from './applicants.repository';

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Whom an applicant request acts for: the applicant and, for a signed-in browser, the SHA-256 of its session. */
export interface AuthenticatedApplicant {
  applicantId: string;
  sessionHash: string | null;
  /** The account's email, read with the session (null while anonymous): `GET /api/applicants/me/records` needs no query for it. */
  email: string | null;
}

/**
 * Server-side sessions of signed-in browsers. Signing in starts one (its random token goes into the web server's
 * cookie, its SHA-256 here); each applicant request names it in the applicant token (`sid`), and an account is only
 * reached through a live one, so signing out, "sign out everywhere" and erasure end a copied cookie at once too.
 * Anonymous browsers (no email) have no session: their id is the only key to their records, as before.
 */
@Injectable()
export class ApplicantSessionsService {
  constructor(
    private readonly tokens: ApplicantTokenService,
    private readonly applicants: ApplicantsRepository,
  ) {}

  /**
   * The applicant an applicant token acts for, or null (401): a bad token; an account without a live session of its
   * own (a cookie from before sign-out, erasure, idle or absolute expiry); a session naming another applicant. One
   * indexed read; the last-seen time is written at most every few minutes.
   */
  async authenticate(token: string | undefined, now = new Date()): Promise<AuthenticatedApplicant | null> {
    const claims = await this.tokens.verify(token);
    if (!claims) return null;
    const sessionHash = claims.session ? sha256(claims.session) : null;
    const found = await this.applicants.findForToken(claims.applicantId, sessionHash);
    if (!sessionHash)
      return found.email !== null ? null : { applicantId: claims.applicantId, sessionHash: null, email: null };
    if (!found.session) return null;
    const verdict = judgeApplicantSession(found.session, now);
    if (!verdict.live) return null;
    if (verdict.touch) await this.applicants.touchSession(sessionHash, now);
    return { applicantId: claims.applicantId, sessionHash, email: found.email };
  }

  /** A new session for the account signing in, in the sign-in's transaction: the token the browser's cookie keeps. */
  async start(em: EntityManager, applicantId: string, now = new Date()): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.applicants.createSession(em, {
      tokenHash: sha256(token),
      applicantId,
      createdAt: now,
      expiresAt: applicantSessionExpiresAt(now),
    });
    return token;
  }

  /** Ends the session with this hash (the browser signing out, or signing in to another account). */
  end(em: EntityManager, applicantId: string, sessionHash: string): Promise<number> {
    return this.applicants.deleteSession(em, sessionHash, applicantId);
  }

  /** Ends every session of the applicant: "sign out everywhere". */
  endAll(em: EntityManager, applicantId: string): Promise<number> {
    return this.applicants.deleteSessionsOf(em, [applicantId]);
  }

  /** Drops sessions that admit no one any more (idle or past their absolute expiry). */
  pruneEnded(now = new Date()): Promise<number> {
    return this.applicants.deleteEndedSessions(now, applicantSessionIdleCutoff(now));
  }
}
