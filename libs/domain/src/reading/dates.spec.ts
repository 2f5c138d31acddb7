import { findDates } from './dates';

describe('findDates', () => {
  it.each([
    ['June 5, 2026', '2026-06-05'],
    ['Jun 5 2026', '2026-06-05'],
    ['June 5th, 2026', '2026-06-05'],
    ['Sept. 21, 2025', '2025-09-21'],
    ['5 June 2026', '2026-06-05'],
    ['21st of March, 2024', '2024-03-21'],
    ['2026-06-05', '2026-06-05'],
    ['2026-6-5', '2026-06-05'],
    ['05/06/2026', '2026-05-06'],
    ['25/06/2026', '2026-06-25'],
    ['12.31.2025', '2025-12-31'],
    ['DECEMBER 1, 2025', '2025-12-01'],
  ])('%p is %p', (text, isoDate) => {
    expect(findDates(text)).toEqual([isoDate]);
  });

  it('lists several dates in order of appearance without repeats', () => {
    expect(findDates('From 2026-01-10 to March 3, 2026; issued 01/10/2026')).toEqual(['2026-01-10', '2026-03-03']);
  });

  it.each(['February 30, 2026', '2026-13-01', '31/31/2026', '2025-02-29', 'June 2026', '99/99/9999'])(
    'skips %p',
    (text) => {
      expect(findDates(text)).toEqual([]);
    },
  );

  it('accepts 29 February in a leap year', () => {
    expect(findDates('Feb 29, 2028')).toEqual(['2028-02-29']);
  });
});
