/**
 * A signed-in browser's session with its account (issue: revocable applicant sessions). The web server's cookie
 * carries a random token; the API keeps its SHA-256 with these times and ends the session on sign-out, on "sign out
 * everywhere", on erasure, after APPLICANT_SESSION_IDLE_DAYS without a request and APPLICANT_SESSION_MAX_DAYS after
 * signing in, whichever comes first.
 */
export const APPLICANT_SESSION_IDLE_DAYS = 30;
export const APPLICANT_SESSION_MAX_DAYS = 90;
/** How stale the last-seen time may get before a request refreshes it: most requests read the session, none write. */
export const APPLICANT_SESSION_TOUCH_MINUTES = 10;

const DAY_MS = 86_400_000;

export interface ApplicantSessionTimes {
  lastSeenAt: Date;
  expiresAt: Date;
}

/** When a session started at `startedAt` ends at the latest (the absolute expiry). */
export function applicantSessionExpiresAt(startedAt: Date): Date {
  return new Date(startedAt.getTime() + APPLICANT_SESSION_MAX_DAYS * DAY_MS);
}

/** Sessions last seen before this are idle, whatever their absolute expiry says. */
export function applicantSessionIdleCutoff(now: Date): Date {
  return new Date(now.getTime() - APPLICANT_SESSION_IDLE_DAYS * DAY_MS);
}

export type ApplicantSessionVerdict = { live: true; touch: boolean } | { live: false; reason: 'idle' | 'expired' };

/** Whether a session still admits its browser, and whether this request should record that it was seen. */
export function judgeApplicantSession(session: ApplicantSessionTimes, now: Date): ApplicantSessionVerdict {
  if (session.expiresAt.getTime() <= now.getTime()) return { live: false, reason: 'expired' };
  if (session.lastSeenAt.getTime() <= applicantSessionIdleCutoff(now).getTime()) return { live: false, reason: 'idle' };
  const staleMs = now.getTime() - session.lastSeenAt.getTime();
  return { live: true, touch: staleMs >= APPLICANT_SESSION_TOUCH_MINUTES * 60_000 };
}
