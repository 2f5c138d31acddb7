import {
  addMonthsUtc,
  formatLongDateUtc,
  installmentDueDates,
  nextInstallmentRetry,
  remainingInstallments,
  splitCents,
} from './installments';

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

describe('remainingInstallments', () => {
  it('lists the months still to be charged of a 3-month plan after the first', () => {
    const first = new Date('2027-01-31T10:00:00Z');
    expect(remainingInstallments(first, 3, 1, 91667)).toEqual([
      { number: 2, dueAt: new Date('2027-02-28T10:00:00Z'), amount: 91667 },
      { number: 3, dueAt: new Date('2027-03-31T10:00:00Z'), amount: 91667 },
    ]);
  });

  it('is empty once every installment is paid', () => {
    expect(remainingInstallments(new Date('2027-01-01T00:00:00Z'), 6, 6, 50000)).toEqual([]);
  });
});

describe('formatLongDateUtc', () => {
  it.each([
    ['2027-03-05T23:30:00Z', 'March 5, 2027'],
    ['2026-12-31T00:00:00Z', 'December 31, 2026'],
  ])('%s reads %s', (iso, label) => {
    expect(formatLongDateUtc(new Date(iso))).toBe(label);
  });
});

describe('nextInstallmentRetry', () => {
  const declinedAt = new Date('2027-02-28T10:00:00Z');
  it('tries a declined installment again 3 days after the first and the second decline', () => {
    expect(nextInstallmentRetry(declinedAt, 1)).toEqual(new Date('2027-03-03T10:00:00Z'));
    expect(nextInstallmentRetry(declinedAt, 2)).toEqual(new Date('2027-03-03T10:00:00Z'));
  });

  it('stops after the third decline: only a new card pays it then', () => {
    expect(nextInstallmentRetry(declinedAt, 3)).toBeNull();
    expect(nextInstallmentRetry(declinedAt, 4)).toBeNull();
  });
});
