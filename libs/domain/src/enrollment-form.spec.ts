import {
  ENROLLMENT_FORM_FIELDS,
  ENROLLMENT_FORM_MESSAGES as M,
  enrollmentFieldError,
  enrollmentFormSchema,
  MAX_PAYMENT_AMOUNT_CENTS,
  parseEnrollmentForm,
} from './enrollment-form';

const valid = {
  studentName: 'Ada Lovelace',
  studentEmail: 'ada@example.com',
  trainingName: 'Parts Therapy Practitioner',
  cohortId: null,
  paymentType: 'full',
  paymentAmount: 199500,
  enrollmentStatus: 'active',
  notes: null,
  isManualEntry: true,
};

describe('parseEnrollmentForm', () => {
  it('accepts a complete entry and trims the name and email', () => {
    expect(
      parseEnrollmentForm({ ...valid, studentName: '  Ada Lovelace ', studentEmail: ' ada@example.com ' }),
    ).toEqual({ ok: true, value: valid });
  });

  it('takes a missing cohort or notes as null, and keeps a cohort id and notes as given', () => {
    const { cohortId: _c, notes: _n, ...rest } = valid;
    expect(parseEnrollmentForm(rest)).toEqual({ ok: true, value: valid });
    const cohortId = '0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(parseEnrollmentForm({ ...valid, cohortId, notes: ' paid by cheque ' })).toEqual({
      ok: true,
      value: { ...valid, cohortId, notes: ' paid by cheque ' },
    });
  });

  it('accepts the amount edges: 0 and the maximum', () => {
    expect(parseEnrollmentForm({ ...valid, paymentAmount: 0 }).ok).toBe(true);
    expect(parseEnrollmentForm({ ...valid, paymentAmount: MAX_PAYMENT_AMOUNT_CENTS }).ok).toBe(true);
  });

  it.each([
    ['studentName', { studentName: '   ' }, M.studentName],
    ['studentName', { studentName: 42 }, M.studentName],
    ['studentName', { studentName: 'x'.repeat(201) }, M.studentNameLength],
    ['studentEmail', { studentEmail: 'not-an-email' }, M.studentEmail],
    ['studentEmail', { studentEmail: 'a@b' }, M.studentEmail],
    ['studentEmail', { studentEmail: `${'a'.repeat(65)}@example.com` }, M.studentEmail],
    ['trainingName', { trainingName: 'Yoga Teacher' }, M.trainingName],
    ['cohortId', { cohortId: 'not-a-uuid' }, M.cohortId],
    ['cohortId', { cohortId: '' }, M.cohortId],
    ['paymentType', { paymentType: 'bundle-2' }, M.paymentType],
    ['paymentAmount', { paymentAmount: -1 }, M.paymentAmountNegative],
    ['paymentAmount', { paymentAmount: 12.5 }, M.paymentAmount],
    ['paymentAmount', { paymentAmount: 'abc' }, M.paymentAmount],
    ['paymentAmount', { paymentAmount: Number.NaN }, M.paymentAmount],
    ['paymentAmount', { paymentAmount: MAX_PAYMENT_AMOUNT_CENTS + 1 }, M.paymentAmountMax],
    ['enrollmentStatus', { enrollmentStatus: 'paused' }, M.enrollmentStatus],
    ['notes', { notes: 42 }, M.notes],
    ['notes', { notes: 'x'.repeat(2001) }, M.notesLength],
    ['isManualEntry', { isManualEntry: false }, M.isManualEntry],
  ])('refuses a bad %s with its message (case %#)', (field, overrides, message) => {
    expect(parseEnrollmentForm({ ...valid, ...overrides })).toEqual({ ok: false, fieldErrors: { [field]: message } });
  });

  it('reports a missing required field under its name', () => {
    for (const field of ENROLLMENT_FORM_FIELDS.filter((f) => f !== 'cohortId' && f !== 'notes')) {
      const body: Record<string, unknown> = { ...valid };
      delete body[field];
      const result = parseEnrollmentForm(body);
      expect(result.ok).toBe(false);
      expect(Object.keys(result.ok ? {} : result.fieldErrors)).toEqual([field]);
    }
  });

  it('reports every failing field once, with its first message', () => {
    const result = parseEnrollmentForm({ ...valid, studentName: '', studentEmail: '', paymentAmount: -0.5 });
    expect(result).toEqual({
      ok: false,
      fieldErrors: { studentName: M.studentName, studentEmail: M.studentEmail, paymentAmount: M.paymentAmount },
    });
  });
});

describe('ENROLLMENT_FORM_FIELDS', () => {
  it('lists every field of the schema, once', () => {
    expect([...ENROLLMENT_FORM_FIELDS].sort()).toEqual(Object.keys(enrollmentFormSchema().shape).sort());
  });
});

describe('enrollmentFieldError', () => {
  it('gives null for a passing value and the message for a failing one', () => {
    expect(enrollmentFieldError('studentEmail', 'ada@example.com')).toBeNull();
    expect(enrollmentFieldError('studentEmail', 'ada@')).toBe(M.studentEmail);
    expect(enrollmentFieldError('paymentAmount', 100)).toBeNull();
    expect(enrollmentFieldError('paymentAmount', -5)).toBe(M.paymentAmountNegative);
  });

  it('lets cohortId and notes be null or missing, but nothing else be missing', () => {
    expect(enrollmentFieldError('cohortId', null)).toBeNull();
    expect(enrollmentFieldError('cohortId', undefined)).toBeNull();
    expect(enrollmentFieldError('notes', undefined)).toBeNull();
    expect(enrollmentFieldError('trainingName', undefined)).toBe(M.trainingName);
    expect(enrollmentFieldError('isManualEntry', undefined)).toBe(M.isManualEntry);
  });
});
