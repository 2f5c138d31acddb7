import { findContactHours } from './contact-hours';

describe('findContactHours', () => {
  it.each([
    ['This course provides 36 contact hours.', 36],
    ['Contact hours: 36', 36],
    ['CONTACT HOURS 45', 45],
    ['Total contact hours - 48', 48],
    ['Total Hours: 40', 40],
    ['Hours of instruction: 32', 32],
    ['36 hours of instruction', 36],
    ['a total of 24 hours of supervised practice and 40 hours of training', 40],
    ['3 hours per week for 12 weeks', 36],
    ['3 contact hours per week over 10 weeks', 30],
    ['2.5 hrs/week x 12 weeks', 30],
    ['12 weeks, 3 hours per week', 36],
    ['This 40-hour course covers somatic work.', 40],
    ['A 100-hour online certificate program', 100],
    ['Awarded for 20 CE hours', 20],
    ['30 clock-hours', 30],
    ['30 contacthours', 30],
    ['thirty contact hours', 30],
    ['Contact Hours:\n 36', 36],
    ['36 Contact Hours\nand 12 hours of instruction', 36],
    ['Hours Completed: 10', 10],
    ['completed 10 hours of volunteer community service work', 10],
    ['representing approximately 300 hours of coursework', 300],
  ])('%p gives %p', (text, hours) => {
    expect(findContactHours(text)).toBe(hours);
  });

  it('takes the largest explicit total', () => {
    expect(findContactHours('Module 1: 6 contact hours. Module 2: 8 contact hours. Total contact hours: 60.')).toBe(60);
  });

  it('does not read a weekly rate alone as a total', () => {
    expect(findContactHours('Class meets 3 contact hours per week.')).toBeNull();
    expect(findContactHours('Expect 6 hours of study each week')).toBeNull();
  });

  it.each([
    'This is a 3 credit hour course.',
    'Office hours: 2-4pm Tuesdays',
    'Submit within 48 hours.',
    'The exam lasts 2 hours.',
    '',
  ])('finds nothing in %p', (text) => {
    expect(findContactHours(text)).toBeNull();
  });

  it('ignores implausible totals from OCR noise', () => {
    expect(findContactHours('Contact hours: 360000')).toBeNull();
  });
});
