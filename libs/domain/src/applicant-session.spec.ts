import {
  APPLICANT_SESSION_IDLE_DAYS,
  APPLICANT_SESSION_MAX_DAYS,
  applicantSessionExpiresAt,
  judgeApplicantSession,
} from './applicant-session';

const DAY = 86_400_000;
const now = new Date('2026-11-27T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('applicant sessions', () => {
  it('ends a session APPLICANT_SESSION_MAX_DAYS after it started, however active', () => {
    const started = ago(APPLICANT_SESSION_MAX_DAYS * DAY);
    expect(applicantSessionExpiresAt(started)).toEqual(now);
    expect(
      judgeApplicantSession({ lastSeenAt: ago(1000), expiresAt: applicantSessionExpiresAt(started) }, now),
    ).toEqual({ live: false, reason: 'expired' });
    const younger = ago(APPLICANT_SESSION_MAX_DAYS * DAY - 1000);
    expect(
      judgeApplicantSession({ lastSeenAt: ago(1000), expiresAt: applicantSessionExpiresAt(younger) }, now).live,
    ).toBe(true);
  });

  it('ends a session unused for APPLICANT_SESSION_IDLE_DAYS', () => {
    const expiresAt = new Date(now.getTime() + DAY);
    expect(judgeApplicantSession({ lastSeenAt: ago(APPLICANT_SESSION_IDLE_DAYS * DAY), expiresAt }, now)).toEqual({
      live: false,
      reason: 'idle',
    });
    expect(
      judgeApplicantSession({ lastSeenAt: ago(APPLICANT_SESSION_IDLE_DAYS * DAY - 1000), expiresAt }, now),
    ).toEqual({ live: true, touch: true });
  });

  it('records the last request only when the recorded one is ten minutes old or more', () => {
    const expiresAt = new Date(now.getTime() + DAY);
    expect(judgeApplicantSession({ lastSeenAt: ago(9 * 60_000), expiresAt }, now)).toEqual({
      live: true,
      touch: false,
    });
    expect(judgeApplicantSession({ lastSeenAt: ago(10 * 60_000), expiresAt }, now)).toEqual({
      live: true,
      touch: true,
    });
  });
});
