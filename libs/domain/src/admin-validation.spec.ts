import { exportedMessage, parsePaymentAmountCents, validateCohortExport } from './admin-validation';

describe('validateCohortExport', () => {
  it('asks for a cohort first', () => {
    expect(validateCohortExport({ cohortId: null, enrollmentCount: 0 })).toEqual({
      reason: 'no-cohort',
      message: 'Please select a cohort to export',
    });
    expect(validateCohortExport({ cohortId: '', enrollmentCount: 4 })?.reason).toBe('no-cohort');
  });

  it('reports an empty cohort', () => {
    expect(validateCohortExport({ cohortId: 'c1', enrollmentCount: 0 })).toEqual({
      reason: 'no-data',
      message: 'No enrollments found for this cohort',
    });
  });

  it('passes a cohort with enrollments', () => {
    expect(validateCohortExport({ cohortId: 'c1', enrollmentCount: 2 })).toBeNull();
  });

  it('words the success message', () => {
    expect(exportedMessage(3)).toBe('Exported 3 enrollment(s)');
  });
});

describe('parsePaymentAmountCents', () => {
  it.each([
    ['1250', 125000],
    ['1250.5', 125050],
    ['1,250.50', 125050],
    ['$99.99', 9999],
    [' 0.1 ', 10],
    ['0', 0],
    ['19.999', 2000],
  ])('reads %p as %i cents', (raw, cents) => {
    expect(parsePaymentAmountCents(raw)).toBe(cents);
  });

  it.each(['', 'abc', '12abc', '-50', '1e3', '.', 'NaN', 'Infinity'])('makes the non-numeric %p zero', (raw) => {
    expect(parsePaymentAmountCents(raw)).toBe(0);
  });
});
