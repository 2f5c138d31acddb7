import { addMonthsUtc, installmentDueDates, splitCents } from './installments';

describe('splitCents', () => {
  it('splits evenly when it can', () => {
    expect(splitCents(300, 3)).toEqual([100, 100, 100]);
  });

  it('gives the leftover cents to the first shares so the sum is exact', () => {
    const shares = splitCents(499_501, 3);
    expect(shares).toEqual([166_501, 166_500, 166_500]);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(499_501);
  });

  it('refuses fractional cents and zero parts', () => {
    expect(() => splitCents(10.5, 2)).toThrow(RangeError);
    expect(() => splitCents(10, 0)).toThrow(RangeError);
  });
});

describe('addMonthsUtc', () => {
  it('keeps the day of the month', () => {
    expect(addMonthsUtc(new Date('2027-03-15T10:00:00Z'), 1).toISOString()).toBe('2027-04-15T10:00:00.000Z');
  });

  it('moves to the last day of a shorter month', () => {
    expect(addMonthsUtc(new Date('2027-01-31T00:00:00Z'), 1).toISOString()).toBe('2027-02-28T00:00:00.000Z');
    expect(addMonthsUtc(new Date('2028-01-31T00:00:00Z'), 1).toISOString()).toBe('2028-02-29T00:00:00.000Z');
  });

  it('crosses the year', () => {
    expect(addMonthsUtc(new Date('2027-11-30T00:00:00Z'), 3).toISOString()).toBe('2028-02-29T00:00:00.000Z');
  });
});

describe('installmentDueDates', () => {
  it('gives one date a month, starting with the first charge', () => {
    expect(installmentDueDates(new Date('2027-01-10T00:00:00Z'), 3).map((d) => d.toISOString().slice(0, 10))).toEqual([
      '2027-01-10',
      '2027-02-10',
      '2027-03-10',
    ]);
  });
});
