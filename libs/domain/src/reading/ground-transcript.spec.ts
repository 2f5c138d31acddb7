import type { ModelTranscript } from '../evaluation/model-signals';
import { groundTranscript } from './ground-transcript';
import { linesOfPage } from './positioned-lines';
import { readTranscript } from './transcript-reader';

const item = (str: string, x: number, y: number) => ({ str, x, y, width: str.length * 5, height: 10 });
const lines = linesOfPage({
  page: 1,
  items: [
    item('NORTHBRIDGE UNIVERSITY', 200, 760),
    item('Student Name: Jordan A. Rivera', 50, 740),
    item('Degree Conferred: May 18, 2024', 50, 725),
    item('Credits are semester credit hours.', 50, 712),
    item('Course', 50, 700),
    item('Title', 120, 700),
    item('Credits', 380, 700),
    item('Grade', 440, 700),
    item('Fall 2022', 50, 685),
    item('PSY 101', 50, 670),
    item('Introduction to Psychology', 120, 670),
    item('3.0', 380, 670),
    item('A', 440, 670),
    item('PSY 230', 50, 655),
    item('Abnormal Psychology', 120, 655),
    item('3.0', 380, 655),
    item('A-', 440, 655),
    item('BIO 105', 50, 640),
    item('Human Biology', 120, 640),
    item('4.0', 380, 640),
    item('F', 440, 640),
  ],
});
const local = readTranscript('t.pdf', lines);
const model = (courses: ModelTranscript['courses'], rest: Partial<ModelTranscript> = {}): ModelTranscript => ({
  institution: 'Northbridge University',
  student: 'Jordan A. Rivera',
  program: null,
  awardDate: '2024-05-18',
  creditSystem: 'semester',
  courses,
  ...rest,
});
const row = (code: string, title: string, credits: number | null, grade: string | null) => ({
  term: 'Fall 2022',
  code,
  title,
  credits,
  grade,
});

describe('groundTranscript', () => {
  it('keeps the rows the document backs, each with its line as evidence, and converts them', () => {
    const grounded = groundTranscript(
      model([
        row('PSY 101', 'Introduction to Psychology', 3, 'A'),
        row('PSY 230', 'Abnormal Psychology', 3, 'A-'),
        row('BIO 105', 'Human Biology', 4, 'F'),
      ]),
      local,
      't.pdf',
      lines,
    );
    expect(grounded.courses.map((c) => [c.code, c.credits, c.grade, c.quarterCredits, c.evidence.line])).toEqual([
      ['PSY 101', 3, 'A', 4.5, 7],
      ['PSY 230', 3, 'A-', 4.5, 8],
      ['BIO 105', 4, 'F', 0, 9],
    ]);
    expect(grounded).toMatchObject({
      institution: 'Northbridge University',
      student: 'Jordan A. Rivera',
      awardDate: '2024-05-18',
      creditSystem: 'semester',
      quarterCredits: 9,
    });
    expect(grounded.evidence.creditSystem).toMatchObject({ line: 4 });
  });

  it('replaces invented credits and grades by the local row, drops an invented course, adds a course the model left out', () => {
    const grounded = groundTranscript(
      model([
        row('PSY 101', 'Introduction to Psychology', 4, 'A'),
        row('PSY 230', 'Abnormal Psychology', 3, 'A+'),
        row('PSY 999', 'Advanced Hypnosis', 5, 'A'),
      ]),
      local,
      't.pdf',
      lines,
    );
    expect(grounded.courses.map((c) => `${c.code} ${c.credits} ${c.grade}`)).toEqual([
      'PSY 101 3 A',
      'PSY 230 3 A-',
      'BIO 105 4 F',
    ]);
    expect(grounded.quarterCredits).toBe(9);
  });

  it('keeps the local values of names, dates and a credit system the text does not contain', () => {
    const grounded = groundTranscript(
      model([], {
        institution: 'Harvard University',
        student: 'J. Rivera',
        awardDate: '2024-06-01',
        creditSystem: 'ects',
      }),
      local,
      't.pdf',
      lines,
    );
    expect(grounded).toMatchObject({
      institution: local.institution,
      student: 'Jordan A. Rivera',
      awardDate: '2024-05-18',
      creditSystem: 'semester',
    });
    expect(grounded.courses).toHaveLength(3);
  });
});
