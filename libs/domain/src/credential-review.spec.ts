import {
  checkRejection,
  checkVerification,
  parseRejectDecision,
  parseVerifyDecision,
  rejectDecisionFieldError,
  REVIEW_DECISION_MESSAGES,
  reviewQueueStatus,
  verifyDecisionFieldError,
  verifyDecisionFromForm,
} from './credential-review';

describe('checkVerification', () => {
  it.each([
    [{}, 12.5, 12.5],
    [{ awardedCredits: '' }, 12.5, 12.5],
    [{ awardedCredits: 10 }, 12.5, 10],
    [{ awardedCredits: ' 7.5 ' }, 12.5, 7.5],
    [{ awardedCredits: 0 }, 12.5, 0],
    [{ awardedCredits: 500 }, 1, 500],
  ])('%j with a recommendation of %s awards %s', (input, recommended, awarded) => {
    expect(checkVerification(input, recommended)).toEqual({ ok: true, value: { awardedCredits: awarded, note: null } });
  });

  it.each([
    [{ awardedCredits: -1 }, 'Credits must be a number from 0 to 500'],
    [{ awardedCredits: 500.1 }, 'Credits must be a number from 0 to 500'],
    [{ awardedCredits: 'ten' }, 'Credits must be a number from 0 to 500'],
    [{ awardedCredits: Number.NaN }, 'Credits must be a number from 0 to 500'],
    [{ awardedCredits: 3.25 }, 'Credits are kept to one decimal (e.g. 3.5)'],
  ])('refuses %j', (input, error) => {
    expect(checkVerification(input, 4)).toEqual({ ok: false, field: 'awardedCredits', error });
  });

  it('keeps a trimmed note and refuses one too long', () => {
    expect(checkVerification({ note: '  Checked with the registrar ' }, 4)).toEqual({
      ok: true,
      value: { awardedCredits: 4, note: 'Checked with the registrar' },
    });
    expect(checkVerification({ note: 'x'.repeat(2001) }, 4)).toMatchObject({ ok: false, field: 'note' });
  });
});

describe('checkRejection', () => {
  it('needs a reason and trims it', () => {
    expect(checkRejection({ reason: '   ' })).toMatchObject({ ok: false, field: 'reason' });
    expect(checkRejection({})).toMatchObject({ ok: false, field: 'reason' });
    expect(checkRejection({ reason: ' Transcript unreadable ' })).toEqual({
      ok: true,
      value: { reason: 'Transcript unreadable' },
    });
    expect(checkRejection({ reason: 'x'.repeat(2001) })).toMatchObject({ ok: false, field: 'reason' });
  });
});

describe('reviewQueueStatus', () => {
  it('places completed credentials by their decision and leaves the rest out', () => {
    expect(reviewQueueStatus('completed', null)).toBe('awaiting');
    expect(reviewQueueStatus('completed', { decision: 'verified' })).toBe('verified');
    expect(reviewQueueStatus('completed', { decision: 'rejected' })).toBe('rejected');
    expect(reviewQueueStatus('analyzing', null)).toBeNull();
    expect(reviewQueueStatus('pending', null)).toBeNull();
  });
});

describe('the decision schemas', () => {
  it('take the Verify form as typed: empty credits are the recommendation (absent), text a number', () => {
    expect(parseVerifyDecision(verifyDecisionFromForm({ awardedCredits: ' ', note: '' }))).toEqual({
      ok: true,
      value: { note: null },
    });
    expect(parseVerifyDecision(verifyDecisionFromForm({ awardedCredits: '3.5', note: ' ok ' }))).toEqual({
      ok: true,
      value: { awardedCredits: 3.5, note: 'ok' },
    });
    expect(parseVerifyDecision(verifyDecisionFromForm({ awardedCredits: 'ten' }))).toEqual({
      ok: false,
      fieldErrors: { awardedCredits: REVIEW_DECISION_MESSAGES.awardedCredits },
    });
  });

  it('check each property of the API bodies by the same rule', () => {
    expect(verifyDecisionFieldError('awardedCredits', 3.25)).toBe(REVIEW_DECISION_MESSAGES.awardedCreditsTenths);
    expect(verifyDecisionFieldError('awardedCredits', '4')).toBe(REVIEW_DECISION_MESSAGES.awardedCredits);
    expect(verifyDecisionFieldError('awardedCredits', undefined)).toBeNull();
    expect(verifyDecisionFieldError('note', 'x'.repeat(2001))).toBe(REVIEW_DECISION_MESSAGES.note);
    expect(rejectDecisionFieldError('reason', ' ')).toBe(REVIEW_DECISION_MESSAGES.reason);
    expect(rejectDecisionFieldError('reason', 'x'.repeat(2001))).toBe(REVIEW_DECISION_MESSAGES.reasonLength);
    expect(parseRejectDecision({ reason: ' Unreadable ' })).toEqual({ ok: true, value: { reason: 'Unreadable' } });
  });
});
