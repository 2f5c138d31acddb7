import {
  CONTACT_HOURS_PER_QUARTER_CREDIT,
  contactHoursFromQuarterCredits,
  quarterCreditsFromHours,
  sumCredits,
} from './credits';

describe('quarterCreditsFromHours', () => {
  it('uses 10 contact hours per quarter credit', () => {
    expect(CONTACT_HOURS_PER_QUARTER_CREDIT).toBe(10);
  });

  it.each([
    [10, 1],
    [30, 3],
    [36, 3.6],
    [45, 4.5],
    [120, 12],
    [1, 0.1],
    [34.4, 3.4],
    [34.5, 3.5],
    [0.4, 0],
  ])('%p hours give %p credits', (hours, credits) => {
    expect(quarterCreditsFromHours(hours)).toBe(credits);
  });

  it.each([0, -5, Number.NaN, Number.POSITIVE_INFINITY])('gives 0 for %p', (hours) => {
    expect(quarterCreditsFromHours(hours)).toBe(0);
  });
});

describe('sumCredits', () => {
  it('adds without float drift', () => {
    expect(sumCredits([0.1, 0.2])).toBe(0.3);
    expect(sumCredits([3.6, 4.5, 1.2])).toBe(9.3);
  });

  it('is 0 for none', () => {
    expect(sumCredits([])).toBe(0);
  });
});

describe('contactHoursFromQuarterCredits', () => {
  it.each([
    [13.5, 135],
    [4.5, 45],
    [0.37, 3.7],
    [0.375, 3.8],
    [1 / 3, 3.3],
    [0, 0],
  ])('%s quarter credits stand for %s contact hours', (credits, hours) => {
    expect(contactHoursFromQuarterCredits(credits)).toBe(hours);
  });

  it('undoes quarterCreditsFromHours for whole tenths', () => {
    expect(contactHoursFromQuarterCredits(quarterCreditsFromHours(36))).toBe(36);
  });
});
