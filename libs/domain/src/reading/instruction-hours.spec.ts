import { readInstructionHours } from './instruction-hours';
import { quoteHoldsNumber } from './number-evidence';
import { linesOfText } from './positioned-lines';

const read = (text: string, derive = true) => readInstructionHours(linesOfText(text), derive);

describe('readInstructionHours', () => {
  it('takes hours stated on a line, quoting that line', () => {
    const hours = read('Course outline\nThis course provides 36 contact hours.');
    expect(hours).toMatchObject({ hours: 36, derivation: null, missing: null });
    expect(hours.line?.text).toBe('This course provides 36 contact hours.');
  });

  it('derives hours from a meeting pattern and a weekly outline, saying how', () => {
    const weeks = Array.from({ length: 16 }, (_, i) => `Week ${i}`).join('\n');
    const hours = read(`Regular course hours and location: Monday and Wednesday, 11:00 - 12:20, SLC 228.\n${weeks}`);
    expect(hours.hours).toBe(42.7);
    expect(hours.derivation).toContain('2 × 80 min');
    expect(hours.derivation).toContain('16 weeks');
    expect(hours.derivation).toMatch(/= 42\.7 h$/);
  });

  it('derives hours from a count of dated meetings times their length', () => {
    const meetings = [
      'Thurs Jan 5: A',
      'Fri Jan 6: B',
      'Tues Jan 10: C',
      'Thurs Jan 12: D',
      'Fri Jan 13: E',
      'Tues Jan 17: F',
    ];
    const hours = read(['TR 12.00-12.50pm', 'F 1-1.50pm', 'Schedule', ...meetings].join('\n'));
    expect(hours.hours).toBe(5);
    expect(hours.derivation).toMatch(/^6 dated class meetings in the schedule × 50 min/);
  });

  it('derives hours from a stated term length', () => {
    expect(read('Meets MWF 9:00-9:50am over 15 weeks').hours).toBe(37.5);
  });

  it('derives hours from credit hours with the rule the document states', () => {
    const hours = read('Credit Hours: 3\nOne credit hour equals 15 contact hours.');
    expect(hours.hours).toBe(45);
    expect(hours.derivation).toContain('3 credit hours × 15');
  });

  it('adds up the weekly hours an outline gives by component, times the weeks of the term', () => {
    const text = [
      'Unit outline',
      'Lecture: 2 hours per week',
      'Tutorial: 1 hour per week',
      'Students should expect to spend 6 hours per week on independent study.',
      'The unit runs over 12 weeks.',
    ].join('\n');
    const hours = read(text);
    expect(hours.hours).toBe(36);
    expect(hours.derivation).toMatch(/^3 h a week .* × 12 weeks as stated = 36 h$/);
  });

  it('says what is missing when a meeting pattern has no weeks', () => {
    expect(read('Meeting Times\nT, Th 1:30 – 3:10 p.m.')).toMatchObject({
      hours: null,
      missing: expect.stringContaining('no line states the weeks of the term'),
    });
  });

  it('says that no line states hours', () => {
    expect(read('A course about ethics.', false).missing).toBe('no line in the documents states contact hours');
  });

  it('does not read a day of a date as hours', () => {
    expect(read('Degree Awarded: May 15, 2024\nTotal Hours', false).hours).toBeNull();
    expect(read('Total Hours: May 15, 2024', false).hours).toBeNull();
  });
});

describe('quoteHoldsNumber on hours lines', () => {
  it('finds a figure written on its own, not inside a date, a time or a longer number', () => {
    expect(quoteHoldsNumber('Hours Completed: 10', 10)).toBe(true);
    expect(quoteHoldsNumber('approximately 300 hours', 300)).toBe(true);
    expect(quoteHoldsNumber('Degree Awarded: May 15, 2024', 15)).toBe(false);
    expect(quoteHoldsNumber('15th of May', 15)).toBe(false);
    expect(quoteHoldsNumber('Room 1150', 15)).toBe(false);
    expect(quoteHoldsNumber('11:15 am', 15)).toBe(false);
  });
});
