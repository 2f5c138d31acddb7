import { linesOfText } from './positioned-lines';
import { datedMeetings, modulesFromOutline, readScheduleRows, weeksFromDates, weeksFromLabels } from './schedule';

describe('weeksFromLabels (layout: a weekly outline)', () => {
  it('counts the distinct week labels, a Week 0 included', () => {
    const text = Array.from({ length: 16 }, (_, i) => `${i + 1}. Week ${i}\n(a) Reading`).join('\n');
    expect(weeksFromLabels(linesOfText(text))?.weeks).toBe(16);
  });

  it('counts ranges of weeks', () => {
    expect(weeksFromLabels(linesOfText('Weeks 1-2 Growth\nWeeks 3-4 Search\nWeeks 5-8 Trade'))?.weeks).toBe(8);
  });

  it('needs more than a mention or two', () => {
    expect(weeksFromLabels(linesOfText('Week 3 is reading week'))).toBeNull();
  });
});

describe('readScheduleRows and weeksFromDates (layout: a dated schedule)', () => {
  it('spans the weeks from the first dated row to the last, the final exam aside', () => {
    const text = [
      '8/25– 9/1',
      'Basics',
      '9/3 – 9/8',
      'Python',
      '10/15',
      'Exam #1',
      '12/11',
      'Exam #2',
      '12/15 or 12/16',
      'Finals:',
    ];
    const rows = readScheduleRows(linesOfText(text.join('\n')));
    expect(rows).toHaveLength(5);
    expect(weeksFromDates(rows)?.weeks).toBe(15);
  });

  it('reads rows with the topic on the same line (a table read row by row)', () => {
    const text = '8/25 – 9/1\tBasics\n9/3 – 9/8\tPython\n9/10 – 9/15\tBooleans\n9/17 – 9/26\tRepetition';
    expect(readScheduleRows(linesOfText(text)).map((r) => r.text)).toHaveLength(4);
  });

  it('wraps a schedule across the new year', () => {
    const rows = readScheduleRows(linesOfText('Dec 1: A\nDec 8: B\nDec 15: C\nJan 5: D\nJan 12: E'));
    expect(weeksFromDates(rows)?.weeks).toBe(6);
  });
});

describe('datedMeetings (layout: one dated row per class meeting)', () => {
  const days = ['Tues Jan 10: Intro', 'Thurs Jan 12: Growth', 'Fri Jan 13: Growth', 'Tues Jan 17: Data'];
  const more = ['Thurs Jan 19: Exp', 'Fri Jan 20: Exp', 'Tues Jan 24: No class (holiday)', 'Thurs Jan 26: Logistic'];

  it('counts the meetings, not the rows that say there is no class', () => {
    const meetings = datedMeetings(readScheduleRows(linesOfText([...days, ...more].join('\n'))));
    expect(meetings).toHaveLength(7);
    expect(meetings[0]?.weekday).toBe(2);
  });

  it('is not a table of weekly date ranges', () => {
    const ranges = ['9/3 – 9/8 A', '9/10 – 9/15 B', '9/17 – 9/26 C', '9/29 – 10/13 D', '10/15 Exam', '10/20 – 10/23 E'];
    expect(datedMeetings(readScheduleRows(linesOfText(ranges.join('\n'))))).toEqual([]);
  });
});

describe('modulesFromOutline (layout: a list of topics under an outline heading)', () => {
  it('counts the items, wrapped lines included once', () => {
    const text = [
      'Outline of Course Content',
      '\uf0b7 Maxwell’s equations.',
      '\uf0b7 Faraday’s law for',
      'generators.',
      '\uf0b7 TEM waves.',
      '\uf0b7 Optical fibers.',
      'Course Requirements',
    ];
    expect(modulesFromOutline(linesOfText(text.join('\n')))?.modules).toBe(4);
  });
});
