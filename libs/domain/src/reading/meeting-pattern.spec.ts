import { readMeetingPatterns, weeklyMeetings } from './meeting-pattern';
import { linesOfText } from './positioned-lines';

const patterns = (text: string) =>
  readMeetingPatterns(linesOfText(text)).map((p) => ({ days: p.days, minutes: p.minutes, component: p.component }));

describe('readMeetingPatterns (layout: days and a time range)', () => {
  it.each([
    ['Regular course hours and location: Monday and Wednesday, 11:00 - 12:20, SLC 228.', [1, 3], 80],
    ['MW 11:00-12:20', [1, 3], 80],
    ['MWF 10:00am–10:50am', [1, 3, 5], 50],
    ['TR 12.00-12.50pm', [2, 4], 50],
    ['F 1-1.50pm', [5], 50],
    ['T, Th 1:30 – 3:10 p.m.', [2, 4], 100],
    ['Tues/Thurs 9:30 to 10:45 am', [2, 4], 75],
  ])('%p meets on %p for %p minutes', (text, days, minutes) => {
    expect(patterns(text)).toEqual([{ days, minutes, component: null }]);
  });

  it('takes the label above when the line starts with the days', () => {
    expect(patterns('Lab\nTh 8:00am–9:50am')).toEqual([{ days: [4], minutes: 110, component: 'lab' }]);
  });

  it('leaves out office hours, exams and plain number ranges', () => {
    expect(patterns('Office hours: Tuesday 1-2pm; Thursday 1-2pm')).toEqual([]);
    expect(patterns('Office Hours: T, Th 12:30 – 1:20 p.m.')).toEqual([]);
    expect(patterns('Final exam: Monday 10:00-12:00')).toEqual([]);
    expect(patterns('Read chapters 1-2 on Monday')).toEqual([]);
  });
});

describe('weeklyMeetings', () => {
  it('counts sections of one component once and adds a lab and meetings on other days', () => {
    const lines = linesOfText(
      [
        'Lecture (Sections 01-03): MWF 10:00am–10:50am',
        'Lecture (Sections 04-06): MWF 11:00am-11:50am',
        'Lab (Sections 01,04): Th 8:00am–9:50am',
        'Lab (Sections 02,05): Th 10:00am–11:50am',
      ].join('\n'),
    );
    expect(weeklyMeetings(readMeetingPatterns(lines)).minutes).toBe(3 * 50 + 110);
    expect(weeklyMeetings(readMeetingPatterns(linesOfText('TR 12.00-12.50pm\nF 1-1.50pm'))).minutes).toBe(150);
  });
});
