import { findEvidence } from './evidence';
import { quoteHoldsNumber } from './number-evidence';
import { linesOfText } from './positioned-lines';

describe('a quote holds a figure only as a figure', () => {
  it('finds the number standing on its own', () => {
    expect(quoteHoldsNumber('Total contact hours: 15', 15)).toBe(true);
    expect(quoteHoldsNumber('PSY 101 Ethics 3.0 A', 3)).toBe(true);
    expect(quoteHoldsNumber('1,200 clock hours', 1200)).toBe(true);
  });

  it('never takes a day, month or year of a date, a time, or digits inside another number', () => {
    expect(quoteHoldsNumber('Degree Awarded: May 15, 2024', 15)).toBe(false);
    expect(quoteHoldsNumber('Awarded 15 May 2024', 15)).toBe(false);
    expect(quoteHoldsNumber('Issued 2024-05-15', 15)).toBe(false);
    expect(quoteHoldsNumber('Issued 05/15/2024', 15)).toBe(false);
    expect(quoteHoldsNumber('MW 11:15-12:30', 15)).toBe(false);
    expect(quoteHoldsNumber('Student ID: 20181534', 15)).toBe(false);
  });

  it('makes the evidence of a figure skip a date line for the line that states it', () => {
    const lines = linesOfText('Degree Awarded: May 15, 2024\nTotal semester hours: 15\n');
    expect(findEvidence('t.pdf', lines, '15')?.quote).toBe('Total semester hours: 15');
    expect(findEvidence('t.pdf', linesOfText('Degree Awarded: May 15, 2024\n'), '15')).toBeUndefined();
  });
});
