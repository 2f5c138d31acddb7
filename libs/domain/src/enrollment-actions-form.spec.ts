import {
  ENROLLMENT_ACTION_MESSAGES as M,
  enrollmentEditFromForm,
  enrollmentMoveFieldError,
  enrollmentRefundFieldError,
  enrollmentRefundFromForm,
  MAX_REFUND_REASON_LENGTH,
  parseEnrollmentEditForm,
  parseEnrollmentMoveForm,
  parseEnrollmentRefundForm,
} from './enrollment-actions-form';
import { ENROLLMENT_FORM_MESSAGES } from './enrollment-form';

const COHORT = '7f1c8a2e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';

describe('parseEnrollmentEditForm', () => {
  it('takes the typed form: an empty cohort and empty notes are none', () => {
    expect(
      parseEnrollmentEditForm(enrollmentEditFromForm({ enrollmentStatus: 'active', cohortId: '', notes: ' ' })),
    ).toEqual({ ok: true, value: { enrollmentStatus: 'active', cohortId: null, notes: null } });
  });

  it('refuses with the manual enrollment form’s words', () => {
    expect(parseEnrollmentEditForm(enrollmentEditFromForm({ enrollmentStatus: 'paused', cohortId: 'march' }))).toEqual({
      ok: false,
      fieldErrors: {
        enrollmentStatus: ENROLLMENT_FORM_MESSAGES.enrollmentStatus,
        cohortId: ENROLLMENT_FORM_MESSAGES.cohortId,
      },
    });
  });
});

describe('parseEnrollmentMoveForm', () => {
  it('needs a cohort', () => {
    expect(parseEnrollmentMoveForm({ cohortId: COHORT })).toEqual({ ok: true, value: { cohortId: COHORT } });
    expect(parseEnrollmentMoveForm({ cohortId: '' })).toEqual({ ok: false, fieldErrors: { cohortId: M.moveCohortId } });
    expect(enrollmentMoveFieldError('cohortId', undefined)).toBe(M.moveCohortId);
  });
});

describe('parseEnrollmentRefundForm', () => {
  it.each([
    [
      { amount: '', reason: '' },
      { amountCents: undefined, reason: undefined },
    ],
    [
      { amount: '150', reason: ' Goodwill ' },
      { amountCents: 15000, reason: 'Goodwill' },
    ],
    [{ amount: '$1,200.50' }, { amountCents: 120050, reason: undefined }],
  ])('takes %j in dollars', (typed, value) => {
    expect(parseEnrollmentRefundForm(enrollmentRefundFromForm(typed))).toEqual({ ok: true, value });
  });

  it.each([[{ amount: 'ten' }], [{ amount: '0' }], [{ amount: '1.234' }], [{ amount: '-5' }]])(
    'refuses %j beside the amount',
    (typed) => {
      expect(parseEnrollmentRefundForm(enrollmentRefundFromForm(typed))).toEqual({
        ok: false,
        fieldErrors: { amountCents: M.refundAmount },
      });
    },
  );

  it('refuses a reason that is too long', () => {
    expect(parseEnrollmentRefundForm({ reason: 'x'.repeat(MAX_REFUND_REASON_LENGTH + 1) })).toEqual({
      ok: false,
      fieldErrors: { reason: M.refundReason },
    });
  });

  it('checks the API body’s properties by the same rule (cents, absent for all)', () => {
    expect(enrollmentRefundFieldError('amountCents', undefined)).toBeNull();
    expect(enrollmentRefundFieldError('amountCents', 1)).toBeNull();
    expect(enrollmentRefundFieldError('amountCents', 0)).toBe(M.refundAmount);
    expect(enrollmentRefundFieldError('amountCents', 10.5)).toBe(M.refundAmount);
    expect(enrollmentRefundFieldError('reason', 42)).toBe(M.refundReason);
  });
});
