import { continuesTitle, joinStackedCells, readCourseHeading, readCourseRows, totalOfLine } from './course-table';
import type { TextLine } from './positioned-lines';
import { linesOfText } from './positioned-lines';
import { institutionOf, readTranscript } from './transcript-reader';

/** A line of cells at the given x, each 5 units a character wide (as a 10-point font roughly is). */
const line = (n: number, cells: readonly (readonly [number, string])[]): TextLine => ({
  page: 1,
  line: n,
  text: cells.map(([, t]) => t).join(' '),
  cells: cells.map(([x, text]) => ({ text, x, end: x + text.length * 5 })),
});

describe('course table headings (found by their vocabulary, in any order)', () => {
  it('reads the columns of a heading row whatever their order', () => {
    const [table] = readCourseHeading(
      line(1, [
        [50, 'Grade'],
        [100, 'Course'],
        [160, 'Title'],
        [380, 'Units'],
      ]),
    )!;
    expect(table!.columns.map((c) => c.role)).toEqual(['grade', 'code', 'title', 'credits']);
  });

  it('takes Earned as the credits that count when Attempted is beside it, and Points as grade points', () => {
    const [table] = readCourseHeading(
      line(1, [
        [45, 'Course'],
        [158, 'Description'],
        [372, 'Attempted'],
        [437, 'Earned'],
        [479, 'Grade'],
        [530, 'Points'],
      ]),
    )!;
    expect(table!.columns.map((c) => c.role)).toEqual(['code', 'title', 'attempted', 'earned', 'grade', 'points']);
  });

  it('reads Hours beside Credits as class hours, and Hours alone as the credits', () => {
    const both = readCourseHeading(
      line(1, [
        [50, 'Courses'],
        [185, 'Hours Credits Score'],
      ]),
    )!;
    expect(both[0]!.columns.map((c) => c.role)).toEqual(['title', 'other', 'credits', 'grade']);
    const alone = readCourseHeading(
      line(1, [
        [50, 'Course'],
        [120, 'Title'],
        [380, 'Clock Hours'],
        [440, 'Grade'],
      ]),
    )!;
    expect(alone[0]!.columns.find((c) => c.heading === 'Clock Hours')!.role).toBe('credits');
  });

  it('splits a heading row holding two tables side by side', () => {
    const tables = readCourseHeading(
      line(1, [
        [50, 'Main Courses'],
        [185, 'Hours Credits'],
        [260, 'Scores'],
        [310, 'Main Courses'],
        [445, 'Hours Credits Scores'],
      ]),
    )!;
    expect(tables).toHaveLength(2);
    expect(tables[0]!.limit).toBe(310);
    expect(tables[1]!.start).toBe(310);
  });

  it('reads ECTS and a local grade as credits and grade columns', () => {
    const [table] = readCourseHeading(
      line(1, [
        [50, 'Module'],
        [200, 'Credits (ECTS)'],
        [300, 'Local Grade'],
      ]),
    )!;
    expect(table!.columns.map((c) => c.role)).toEqual(['title', 'credits', 'grade']);
  });

  it('reads the headings of European transcripts: course unit title, ECTS, local grade, date of exam', () => {
    const [table] = readCourseHeading(
      line(1, [
        [50, 'Unit Code'],
        [110, 'Course Unit Title'],
        [330, 'ECTS'],
        [380, 'Grade (local)'],
        [450, 'Date of Exam'],
      ]),
    )!;
    expect(table!.columns.map((c) => c.role)).toEqual(['code', 'title', 'credits', 'grade', 'term']);
  });

  it('reads the headings of a transcript of records: title of the course unit, local and ECTS grade, ECTS credits', () => {
    const [table] = readCourseHeading(
      line(1, [
        [40, 'Course unit code'],
        [110, 'Title of the course unit'],
        [300, 'Duration of course unit'],
        [380, 'Local grade'],
        [430, 'ECTS grade'],
        [480, 'Number of ECTS credits'],
      ]),
    )!;
    expect(table!.columns.map((c) => c.role)).toEqual(['code', 'title', 'other', 'grade', 'grade', 'credits']);
  });

  it('is not read from a totals heading, a sentence or a course row', () => {
    expect(readCourseHeading(line(1, [[372, 'Attempted Earned GPA Units Points']]))).toBeNull();
    expect(readCourseHeading(line(1, [[50, 'The course title and the credits are listed with the grade']]))).toBeNull();
    expect(
      readCourseHeading(
        line(1, [
          [50, 'PSY 101'],
          [120, 'Title'],
          [380, '3.0'],
          [440, 'Grade'],
        ]),
      ),
    ).toBeNull();
  });
});

describe('course rows (read by the kinds of their values, placed in the columns they line up with)', () => {
  const attemptedEarned = readCourseHeading(
    line(1, [
      [45, 'Course'],
      [158, 'Description'],
      [372, 'Attempted'],
      [437, 'Earned'],
      [479, 'Grade'],
      [530, 'Points'],
    ]),
  )!;

  it('joins a code split over two cells and counts the earned credits', () => {
    const [row] = readCourseRows(
      line(2, [
        [45, 'CS'],
        [102, '3340'],
        [158, 'COMPUTER ARCHITECTURE'],
        [389, '3.000'],
        [443, '0.000'],
        [488, 'B'],
        [533, '0.000'],
      ]),
      attemptedEarned,
    );
    expect(row).toMatchObject({ code: 'CS 3340', title: 'COMPUTER ARCHITECTURE', credits: 0, grade: 'B' });
    expect(row!.creditsHeading).toBe('Earned');
  });

  it('joins Subject and Course numbers into the code, leaving a level column out of it', () => {
    const tables = readCourseHeading(
      line(1, [
        [40, 'Subject'],
        [90, 'Course'],
        [130, 'Level'],
        [160, 'Title'],
        [380, 'Grade'],
        [420, 'Credit Hours'],
        [480, 'Quality Points'],
      ]),
    )!;
    const [row] = readCourseRows(
      line(2, [
        [40, 'PSY'],
        [90, '101'],
        [130, 'UG'],
        [160, 'Introduction to Psychology'],
        [385, 'A-'],
        [430, '3.000'],
        [490, '11.10'],
      ]),
      tables,
    );
    expect(row).toMatchObject({ code: 'PSY 101', title: 'Introduction to Psychology', credits: 3, grade: 'A-' });
  });

  it('reads a course in progress (no grade) by where its values sit', () => {
    const [row] = readCourseRows(
      line(2, [
        [45, 'CS'],
        [102, '6366'],
        [158, 'COMPUTER GRAPHICS'],
        [388, '3.000'],
        [443, '0.000'],
        [533, '0.000'],
      ]),
      attemptedEarned,
    );
    expect(row).toMatchObject({ code: 'CS 6366', credits: 0, grade: null });
  });

  it('never reads an instructor line or a totals line as a course', () => {
    expect(
      readCourseRows(
        line(3, [
          [45, 'Instructor:'],
          [158, 'Eric William Becker'],
        ]),
        attemptedEarned,
      ),
    ).toEqual([]);
    const totals = line(4, [
      [45, 'Cum GPA'],
      [173, '3.934'],
      [203, 'Cum Totals'],
      [384, '47.000'],
      [438, '40.000'],
      [483, '30.000'],
      [524, '118.020'],
    ]);
    expect(readCourseRows(totals, attemptedEarned)).toEqual([]);
    expect(totalOfLine(totals, attemptedEarned)).toBe(40);
  });

  it('reads one row per table on a line holding two tables side by side, each quoting its own cells', () => {
    const tables = readCourseHeading(
      line(1, [
        [50, 'Courses'],
        [185, 'Hours'],
        [218, 'Credits'],
        [258, 'Score'],
        [310, 'Courses'],
        [445, 'Hours'],
        [478, 'Credits'],
        [518, 'Score'],
      ]),
    )!;
    const rows = readCourseRows(
      line(2, [
        [50, 'General Psychology (I)'],
        [190, '64 4.0'],
        [262, '88'],
        [310, 'Social Psychology'],
        [450, '48'],
        [485, '3.0'],
        [522, 'B'],
      ]),
      tables,
    );
    expect(rows.map((r) => [r.title, r.credits, r.grade, r.text])).toEqual([
      ['General Psychology (I)', 4, '88', 'General Psychology (I) 64 4.0 88'],
      ['Social Psychology', 3, 'B', 'Social Psychology 48 3.0 B'],
    ]);
  });

  it('peels the values off a row written with single spaces', () => {
    const tables = readCourseHeading(line(1, [[0, 'Course Title Quarter Hours Grade']]))!;
    const [row] = readCourseRows(line(2, [[0, 'HUS 101 Introduction to Human Services 4.0 A']]), tables);
    expect(row).toMatchObject({ code: 'HUS 101', title: 'Introduction to Human Services', credits: 4, grade: 'A' });
  });

  it('reads grades as letters, pass/fail or percentages', () => {
    const tables = readCourseHeading(
      line(1, [
        [0, 'Course Code'],
        [1000, 'Course Name'],
        [2000, 'Credits'],
        [3000, 'Grade'],
      ]),
    )!;
    const grade = (value: string) =>
      readCourseRows(
        line(2, [
          [0, 'PSY101'],
          [1000, 'Foundations'],
          [2000, '4'],
          [3000, value],
        ]),
        tables,
      )[0]?.grade;
    expect(['A-', 'Pass', 'P', '86', '91%', '1,7', 'Very Good'].map(grade)).toEqual([
      'A-',
      'Pass',
      'P',
      '86',
      '91%',
      '1,7',
      'Very Good',
    ]);
  });

  it('reads a figure printed with its unit', () => {
    const tables = readCourseHeading(
      line(1, [
        [50, 'Module'],
        [250, 'Credits'],
        [300, 'Grade'],
      ]),
    )!;
    const [row] = readCourseRows(
      line(2, [
        [50, 'Cognitive Science'],
        [252, '7,5 ECTS'],
        [300, 'B'],
      ]),
      tables,
    );
    expect(row).toMatchObject({ title: 'Cognitive Science', credits: 7.5, grade: 'B' });
  });

  it('keeps a grade with its words, and never takes an unread grade for a course in progress', () => {
    const tables = readCourseHeading(
      line(1, [
        [50, 'Module'],
        [250, 'ECTS'],
        [300, 'Grade'],
      ]),
    )!;
    const row = (grade: string) =>
      readCourseRows(
        line(2, [
          [50, 'Cognitive Science'],
          [252, '6'],
          [300, grade],
        ]),
        tables,
      )[0];
    expect(row('1.7 (good)')).toMatchObject({ grade: '1.7 (good)', inProgress: false });
    expect(row('ausreichend')).toMatchObject({ credits: 6, grade: null, inProgress: false });
  });

  it('continues a wrapped title on the line under its row, inside the title column', () => {
    const wrapped = line(3, [[158, 'PRACTICE IN COUNSELING']]);
    expect(continuesTitle(wrapped, attemptedEarned)).toBe(true);
    expect(continuesTitle(line(3, [[45, 'Instructor: Omar Haddad']]), attemptedEarned)).toBe(false);
  });
});

describe('transcripts read from tables found by their structure', () => {
  it('reads term headings, rows in progress, a repeated course and a note under a row, and checks the totals', () => {
    const lines = [
      line(1, [[200, 'Unofficial Transcript - Lakemont Tech']]),
      line(2, [[250, '2022 Spring']]),
      line(3, [
        [45, 'Course'],
        [158, 'Description'],
        [372, 'Attempted'],
        [437, 'Earned'],
        [479, 'Grade'],
        [530, 'Points'],
      ]),
      line(4, [
        [45, 'PSY'],
        [102, '5900'],
        [158, 'PRACTICUM SEMINAR'],
        [389, '1.000'],
        [443, '1.000'],
        [488, 'P'],
        [533, '0.000'],
      ]),
      line(5, [
        [45, 'Instructor:'],
        [158, 'Dana R Whitfield'],
      ]),
      line(6, [[158, 'Lena Fischer']]),
      line(7, [
        [45, 'PSY'],
        [102, '5900'],
        [158, 'PRACTICUM SEMINAR'],
        [389, '1.000'],
        [443, '1.000'],
        [488, 'P'],
        [533, '0.000'],
      ]),
      line(8, [
        [45, 'PSY'],
        [102, '5200'],
        [158, 'GROUP COUNSELING'],
        [389, '3.000'],
        [443, '0.000'],
        [533, '0.000'],
      ]),
      line(9, [
        [45, 'Cum GPA 4.000'],
        [203, 'Cum Totals'],
        [384, '5.000'],
        [443, '2.000'],
        [533, '0.000'],
      ]),
    ];
    const t = readTranscript('t.pdf', lines);
    expect(t.courses.map((c) => `${c.term} | ${c.code} | ${c.title} | ${c.credits} | ${c.grade ?? '-'}`)).toEqual([
      '2022 Spring | PSY 5900 | PRACTICUM SEMINAR | 1 | P',
      '2022 Spring | PSY 5900 | PRACTICUM SEMINAR | 1 | P',
      '2022 Spring | PSY 5200 | GROUP COUNSELING | 0 | -',
    ]);
    expect(t.statedTotal).toBe(2);
    expect(t.institution).toBe('Lakemont Tech');
  });

  it('counts nothing for a course in progress when there is no Earned column', () => {
    const t = readTranscript('t.pdf', [
      line(1, [
        [50, 'Course'],
        [120, 'Title'],
        [380, 'Credits'],
        [440, 'Grade'],
      ]),
      line(2, [
        [50, 'PSY 101'],
        [120, 'Ethics'],
        [380, '3.0'],
        [440, 'A'],
      ]),
      line(3, [
        [50, 'PSY 102'],
        [120, 'Research Methods'],
        [380, '3.0'],
      ]),
    ]);
    expect(t.courses.map((c) => c.quarterCredits)).toEqual([4.5, 0]);
  });

  it('reads rows shaped "CODE Title credits grade" when no heading row is printed', () => {
    const t = readTranscript(
      't.docx',
      linesOfText('Transcript\nPSY 101 Introduction to Psychology 4.0 A\nPSY 201 General Psychology 5 B+\n'),
    );
    expect(t.courses.map((c) => [c.code, c.title, c.credits, c.grade])).toEqual([
      ['PSY 101', 'Introduction to Psychology', 4, 'A'],
      ['PSY 201', 'General Psychology', 5, 'B+'],
    ]);
  });

  it('reads a Word table given as tab-separated rows, cells placed by their index', () => {
    const t = readTranscript(
      't.docx',
      linesOfText(
        'UNIVERSITY OF TECHNOLOGY\n\nCourse Code\tCourse Name\tCredits\tGrade\nCS101\tIntroduction to Programming\t4\t85\nMATH101\tCalculus I\t3\t83\n',
      ),
    );
    expect(t.courses.map((c) => [c.code, c.title, c.credits, c.grade])).toEqual([
      ['CS101', 'Introduction to Programming', 4, '85'],
      ['MATH101', 'Calculus I', 3, '83'],
    ]);
    expect(t.institution).toBe('University of Technology');
  });

  it('quotes, for every course row, a line that holds its credits', () => {
    const t = readTranscript(
      't.pdf',
      linesOfText('Course  Title  Credits  Grade\nPSY 101  Ethics  3.0  A\nPSY 102  Methods  4.5  B\n'),
    );
    expect(t.courses).toHaveLength(2);
    for (const c of t.courses) expect(c.evidence.quote.split(/\s+/)).toContain(c.credits!.toFixed(1));
  });
});

describe('a table whose every cell is a line of its own', () => {
  it('joins the stacked heading and each row of cells into lines, keeping a term heading between rows', () => {
    const lines = joinStackedCells(
      linesOfText(
        'Course Code\n\nCourse Name\n\nCredits\n\nGrade\n\nCS101\n\nIntroduction to Programming\n\n4\n\n85\n\nSpring 2019\n\nMATH101\n\nCalculus I\n\n3\n\n83\n\nTotal Credits: 7\n',
      ),
    );
    expect(lines.map((l) => l.text)).toEqual([
      'Course Code Course Name Credits Grade',
      'CS101 Introduction to Programming 4 85',
      'Spring 2019',
      'MATH101 Calculus I 3 83',
      'Total Credits: 7',
    ]);
    const t = readTranscript(
      't.docx',
      linesOfText('Course Code\n\nCourse Name\n\nCredits\n\nGrade\n\nCS101\n\nAlgorithms\n\n4\n\n92\n'),
    );
    expect(t.courses.map((c) => [c.code, c.title, c.credits, c.grade])).toEqual([['CS101', 'Algorithms', 4, '92']]);
  });
});

describe('a table without a heading row, found by its columns of like values', () => {
  it('takes the small numbers as credits, the letters or marks as grades, and leaves class hours out', () => {
    const rows = (cells: readonly (readonly [number, string])[][]) =>
      readTranscript(
        't.pdf',
        cells.map((c, i) => line(i + 1, c)),
      ).courses.map((c) => [c.code, c.title, c.credits, c.grade]);
    expect(
      rows([
        [[50, 'Transcript of Records']],
        [
          [50, 'General Psychology'],
          [200, '64'],
          [240, '4.0'],
          [280, '88'],
        ],
        [
          [50, 'Research Methods'],
          [200, '32'],
          [240, '2.0'],
          [280, '91'],
        ],
        [
          [50, 'Biological Psychology'],
          [200, '48'],
          [240, '3.0'],
          [280, '76'],
        ],
      ]),
    ).toEqual([
      [null, 'General Psychology', 4, '88'],
      [null, 'Research Methods', 2, '91'],
      [null, 'Biological Psychology', 3, '76'],
    ]);
    expect(
      rows([
        [
          [50, 'PSY 101'],
          [110, 'Ethics'],
          [240, '7,5'],
          [280, 'B'],
        ],
        [
          [50, 'PSY 102'],
          [110, 'Methods'],
          [240, '5'],
          [280, 'A'],
        ],
        [
          [50, 'PSY 103'],
          [110, 'Statistics'],
          [240, '6'],
          [280, 'C'],
        ],
      ]),
    ).toEqual([
      ['PSY 101', 'Ethics', 7.5, 'B'],
      ['PSY 102', 'Methods', 5, 'A'],
      ['PSY 103', 'Statistics', 6, 'C'],
    ]);
  });

  it('needs three such lines', () => {
    const t = readTranscript('t.pdf', [
      line(1, [
        [50, 'Semester Fees'],
        [200, '1200'],
        [240, '3'],
      ]),
      line(2, [
        [50, 'Library card'],
        [200, '10'],
        [240, '1'],
      ]),
    ]);
    expect(t.courses).toEqual([]);
  });
});

describe('rows written in words', () => {
  it('reads a title before its code, and a bare grade ending the line', () => {
    const t = readTranscript(
      't.docx',
      linesOfText(
        'Introduction to Psychology (PSY 101) – 4 quarter hours – A\nPSY 230: Lifespan Development, 5 quarter hours, grade B+\n',
      ),
    );
    expect(t.courses.map((c) => [c.code, c.title, c.credits, c.grade])).toEqual([
      ['PSY 101', 'Introduction to Psychology', 4, 'A'],
      ['PSY 230', 'Lifespan Development', 5, 'B+'],
    ]);
    expect(t.creditSystem).toBe('quarter');
  });
});

describe('the issuer and the student', () => {
  it('never takes the institution from a block about another institution', () => {
    const lines = linesOfText(
      'Unofficial Transcript - UT-Dallas\nName: Alex Keaton\nExternal Degrees\nUniversity of Edmonton\nBachelor of Finance 2018-07-01\n',
    );
    expect(institutionOf(lines)?.value).toBe('UT-Dallas');
    expect(
      institutionOf(linesOfText('Official Transcript\nTransfer credit from Bay College\nNorthbridge University\n'))
        ?.value,
    ).toBe('Northbridge University');
  });

  it('reads a labelled issuer when no letterhead names one, and a name given in separate fields', () => {
    const t = readTranscript(
      't.pdf',
      linesOfText(
        'Transcript of Records\nName of institution: Hochschule Nordwest\nLast name(s): Meyer\nFirst name(s): Anna\n',
      ),
    );
    expect(t.institution).toBe('Hochschule Nordwest');
    expect(t.student).toBe('Anna Meyer');
  });

  it('reads the student among labels run together in one cell', () => {
    const t = readTranscript(
      't.pdf',
      linesOfText('ABC University\nStudent ID:12345670 Name: WU TONG Gender: Female Date of Birth: Oct 25 1998\n'),
    );
    expect(t.student).toBe('WU TONG');
  });
});
