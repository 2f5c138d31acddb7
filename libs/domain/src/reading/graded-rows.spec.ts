import { linesOfText, type TextLine } from './positioned-lines';
import { readTranscript } from './transcript-reader';

/**
 * Rows with a grade but no credits (high-school grids, 'Course: Algebra II - Grade: A'): listed with their title,
 * grade, term and code, their credits absent with the reason, never a guessed figure, and counted in no total.
 */

/** A line of cells at the given x, each 5 units a character wide. */
const line = (n: number, cells: readonly (readonly [number, string])[]): TextLine => ({
  page: 1,
  line: n,
  text: cells.map(([, t]) => t).join(' '),
  cells: cells.map(([x, text]) => ({ text, x, end: x + text.length * 5 })),
});
const read = (lines: TextLine[]) => readTranscript(lines.map((l) => l.text).join('\n'), lines);

describe('rows with a grade and no credits', () => {
  it('reads a Course / Grade / Term table without a credits column, the credits absent with the reason', () => {
    const reading = read([
      line(1, [[40, 'Lakeview High School - Official Transcript']]),
      line(2, [
        [40, 'Course'],
        [300, 'Grade'],
        [360, 'Term'],
      ]),
      line(3, [
        [40, 'Algebra II'],
        [300, 'A'],
        [360, 'Fall 2021'],
      ]),
      line(4, [
        [40, 'English 10'],
        [300, 'B+'],
        [360, 'Fall 2021'],
      ]),
      line(5, [
        [40, 'World History'],
        [300, 'A-'],
        [360, 'Spring 2022'],
      ]),
    ]);
    expect(reading.courses.map((c) => [c.term, c.title, c.grade, c.credits, c.creditsAbsent])).toEqual([
      ['Fall 2021', 'Algebra II', 'A', null, 'The table has no credits column'],
      ['Fall 2021', 'English 10', 'B+', null, 'The table has no credits column'],
      ['Spring 2022', 'World History', 'A-', null, 'The table has no credits column'],
    ]);
    expect(reading.courses.every((c) => c.quarterCredits === 0)).toBe(true);
    expect(reading.quarterCredits).toBe(0);
    expect(reading.courses[0]!.evidence.quote).toContain('Algebra II');
  });

  it('reads a two-column Course / Grade table under term headings', () => {
    const reading = read([
      line(1, [[40, 'Fall 2021']]),
      line(2, [
        [40, 'Course'],
        [300, 'Grade'],
      ]),
      line(3, [
        [40, 'Biology'],
        [300, 'B'],
      ]),
      line(4, [[40, 'Spring 2022']]),
      line(5, [
        [40, 'Chemistry'],
        [300, 'A'],
      ]),
    ]);
    expect(reading.courses.map((c) => [c.term, c.title, c.grade, c.credits])).toEqual([
      ['Fall 2021', 'Biology', 'B', null],
      ['Spring 2022', 'Chemistry', 'A', null],
    ]);
  });

  it("reads 'Course: Algebra II - Grade: A' lines, with a code when the line has one", () => {
    const text = [
      'Riverside Academy',
      'Term: Fall 2022',
      'Course: Algebra II - Grade: A',
      'Course: MATH 201 Geometry - Final grade: B+',
      'Course: Chemistry - Grade: 91',
    ].join('\n');
    const reading = readTranscript(text, linesOfText(text));
    expect(reading.courses.map((c) => [c.term, c.code, c.title, c.grade, c.credits, c.creditsAbsent])).toEqual([
      ['Fall 2022', null, 'Algebra II', 'A', null, 'No credits value on the line'],
      ['Fall 2022', 'MATH 201', 'Geometry', 'B+', null, 'No credits value on the line'],
      ['Fall 2022', null, 'Chemistry', '91', null, 'No credits value on the line'],
    ]);
    expect(reading.quarterCredits).toBe(0);
  });

  it('in a table with credits, reads the credited rows as before and a coded row with only a grade without credits', () => {
    const reading = read([
      line(1, [
        [40, 'Course'],
        [100, 'Title'],
        [300, 'Credits'],
        [360, 'Grade'],
      ]),
      line(2, [
        [40, 'PSY 101'],
        [100, 'Introduction to Psychology'],
        [300, '3'],
        [360, 'A'],
      ]),
      line(3, [
        [40, 'ENG 099'],
        [100, 'Writing Workshop'],
        [360, 'P'],
      ]),
      line(4, [
        [40, 'BIO 110'],
        [100, 'General Biology'],
        [300, '4'],
        [360, 'B'],
      ]),
    ]);
    expect(reading.courses.map((c) => [c.code, c.title, c.credits, c.grade, c.creditsAbsent])).toEqual([
      ['PSY 101', 'Introduction to Psychology', 3, 'A', undefined],
      ['ENG 099', 'Writing Workshop', null, 'P', 'No credits value on the row'],
      ['BIO 110', 'General Biology', 4, 'B', undefined],
    ]);
    // The total counts only the credited rows (semester credits x 1.5).
    expect(reading.quarterCredits).toBe(10.5);
  });

  it('a Course / Grade heading is not read where a table with credits gives rows', () => {
    const text = ['PSY 101 Introduction to Psychology - 3 credits - Grade: A'].join('\n');
    const reading = readTranscript(text, [
      ...linesOfText(text),
      line(2, [
        [40, 'Course'],
        [300, 'Grade'],
      ]),
      line(3, [
        [40, 'Art'],
        [300, 'A'],
      ]),
    ]);
    expect(reading.courses.map((c) => [c.code, c.credits, c.grade])).toEqual([['PSY 101', 3, 'A']]);
  });
});
