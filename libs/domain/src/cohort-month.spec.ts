import {
  MONTH_NAMES,
  cohortMonthFromParts,
  cohortMonthLabel,
  cohortYearOptions,
  isCohortMonth,
  parseCohortMonth,
} from './cohort-month';

describe('isCohortMonth', () => {
  it.each(['2027-03', '2000-01', '2100-12', '2026-10'])('accepts %s', (value) => {
    expect(isCohortMonth(value)).toBe(true);
  });

  it.each([
    '2027-3',
    '2027-00',
    '2027-13',
    '27-03',
    '1999-12',
    '2101-01',
    '2027-03-01',
    ' 2027-03',
    '2027/03',
    '',
    'March 2027',
  ])('rejects %p', (value) => {
    expect(isCohortMonth(value)).toBe(false);
  });
});

describe('parseCohortMonth', () => {
  it('splits year and month as numbers', () => {
    expect(parseCohortMonth('2027-09')).toEqual({ year: 2027, month: 9 });
  });

  it('returns null for an invalid value', () => {
    expect(parseCohortMonth('2027-99')).toBeNull();
  });
});

describe('cohortMonthLabel', () => {
  it.each([
    ['2027-03', 'March 2027'],
    ['2026-01', 'January 2026'],
    ['2026-12', 'December 2026'],
  ])('%s is %s', (value, label) => {
    expect(cohortMonthLabel(value)).toBe(label);
  });

  it('does not shift January into December the way a UTC Date in a western zone would', () => {
    expect(cohortMonthLabel('2030-01')).toBe('January 2030');
  });

  it('shows an invalid value unchanged', () => {
    expect(cohortMonthLabel('soon')).toBe('soon');
  });
});

describe('cohortMonthFromParts', () => {
  it('pads the month to two digits', () => {
    expect(cohortMonthFromParts(2027, 3)).toBe('2027-03');
    expect(cohortMonthFromParts(2027, 11)).toBe('2027-11');
  });

  it('round-trips through the label', () => {
    expect(cohortMonthLabel(cohortMonthFromParts(2028, 7))).toBe('July 2028');
  });

  it.each([
    [2027, 0],
    [2027, 13],
    [2027, 1.5],
    [1999, 5],
    [2027.5, 5],
    [Number.NaN, 5],
  ])('rejects year %p month %p', (year, month) => {
    expect(() => cohortMonthFromParts(year, month)).toThrow(RangeError);
  });
});

describe('cohortYearOptions', () => {
  it('offers the current year and the next four', () => {
    expect(cohortYearOptions(new Date(2026, 10, 23))).toEqual([2026, 2027, 2028, 2029, 2030]);
  });

  it('uses the local calendar year on New Year’s Eve', () => {
    expect(cohortYearOptions(new Date(2026, 11, 31, 23, 59))[0]).toBe(2026);
  });
});

describe('MONTH_NAMES', () => {
  it('has twelve months from January', () => {
    expect(MONTH_NAMES).toHaveLength(12);
    expect(MONTH_NAMES[0]).toBe('January');
    expect(MONTH_NAMES[11]).toBe('December');
  });
});
