import { exportedMessage, parsePaymentAmountCents, validateCohortExport, validateCohortForm } from './admin-validation';

describe('validateCohortForm', () => {
  it('passes when training, month and year are chosen', () => {
    expect(validateCohortForm({ trainingName: 'Resilient Child Training', month: '03', year: '2027' })).toBeNull();
  });

  it.each([
    ['', '03', '2027'],
    ['Resilient Child Training', '', '2027'],
    ['Resilient Child Training', '03', ''],
    [' ', ' ', ' '],
  ])('asks for all fields when training=%p month=%p year=%p', (trainingName, month, year) => {
    expect(validateCohortForm({ trainingName, month, year })).toEqual({
      title: 'Error',
      message: 'Please fill in all fields',
    });
  });
});

describe('validateCohortExport', () => {
  it('asks for a cohort first', () => {
    expect(validateCohortExport({ cohortId: null, enrollmentCount: 0 })).toEqual({
      title: 'No Cohort Selected',
      message: 'Please select a cohort to export',
    });
    expect(validateCohortExport({ cohortId: '', enrollmentCount: 4 })?.title).toBe('No Cohort Selected');
  });

  it('reports an empty cohort', () => {
    expect(validateCohortExport({ cohortId: 'c1', enrollmentCount: 0 })).toEqual({
      title: 'No Data',
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
