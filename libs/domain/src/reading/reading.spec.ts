import { creditRule, detectCreditSystem, gradeEarnsCredit, toQuarterCredits } from './credit-system';
import { classifyDocument } from './document-kind';
import { matchTranscriptCourses, titleOverlap } from './course-equivalency';
import { findTopicEvidence } from './evidence';
import { linesOfPage, linesOfText } from './positioned-lines';
import { readDocument } from './read-document';
import { readTranscript } from './transcript-reader';
import { findContacts } from './contacts';

const item = (str: string, x: number, y: number) => ({ str, x, y, width: str.length * 5, height: 10 });

describe('credit systems', () => {
  it('converts each system to quarter credits by its rule', () => {
    expect(toQuarterCredits(3, creditRule('semester', ''))).toBe(4.5);
    expect(toQuarterCredits(4, creditRule('quarter', ''))).toBe(4);
    expect(toQuarterCredits(45, creditRule('clock_hours', ''))).toBe(4.5);
    expect(toQuarterCredits(6, creditRule('ects', ''))).toBe(4.5);
    expect(toQuarterCredits(20, creditRule('uk', ''))).toBe(7.5);
  });

  it('uses the rule a document states', () => {
    expect(toQuarterCredits(3, creditRule('semester', 'One semester credit hour represents 15 contact hours'))).toBe(
      4.5,
    );
    expect(toQuarterCredits(2, creditRule('quarter', '1 quarter credit = 12 contact hours'))).toBe(2.4);
  });

  it('gives nothing for failed, withdrawn and no-credit grades, and for a UK mark under 40', () => {
    for (const grade of ['F', 'W', 'NC', 'FX', 'WF'])
      expect(toQuarterCredits(3, creditRule('semester', ''), grade)).toBe(0);
    expect(gradeEarnsCredit('35', 'uk')).toBe(false);
    expect(gradeEarnsCredit('40', 'uk')).toBe(true);
    expect(gradeEarnsCredit('B+', 'semester')).toBe(true);
    expect(gradeEarnsCredit('E', 'semester')).toBe(false);
    expect(gradeEarnsCredit('E', 'ects')).toBe(true);
  });

  it('reads the system from the credits heading before the text', () => {
    expect(detectCreditSystem('1 semester credit = 15 contact hours', 'ECTS')).toBe('ects');
    expect(
      detectCreditSystem('Credits are semester credit hours. One semester credit hour represents 15 contact hours.'),
    ).toBe('semester');
    expect(detectCreditSystem('All coursework is measured in clock hours.')).toBe('clock_hours');
  });
});

describe('lines from positions', () => {
  it('rebuilds a table row from items given column by column, with cells at the gaps', () => {
    const lines = linesOfPage({
      page: 1,
      items: [
        item('3.0', 380, 700),
        item('PSY 101', 50, 700),
        item('Fall 2022', 50, 715),
        item('Introduction to Psychology', 120, 700),
        item('A', 440, 700),
      ],
    });
    expect(lines.map((l) => l.text)).toEqual(['Fall 2022', 'PSY 101 Introduction to Psychology 3.0 A']);
    expect(lines[1]).toMatchObject({ page: 1, line: 2 });
    expect(lines[1]?.cells.map((c) => c.text)).toEqual(['PSY 101', 'Introduction to Psychology', '3.0', 'A']);
  });
});

describe('readTranscript', () => {
  const page = linesOfPage({
    page: 1,
    items: [
      item('NORTHBRIDGE UNIVERSITY', 200, 760),
      item('Student Name: Jordan A. Rivera', 50, 740),
      item('Degree Conferred: May 18, 2024', 50, 725),
      item('Course', 50, 700),
      item('Title', 120, 700),
      item('Credits', 380, 700),
      item('Grade', 440, 700),
      item('Fall 2022', 50, 685),
      item('PSY 101', 50, 670),
      item('Introduction to Psychology', 120, 670),
      item('3.0', 380, 670),
      item('A', 440, 670),
      item('BIO 105', 50, 655),
      item('Human Biology', 120, 655),
      item('4.0', 380, 655),
      item('F', 440, 655),
    ],
  });

  it('reads the header fields and one row per course with its term, and the line each came from', () => {
    const t = readTranscript('t.pdf', page);
    expect(t).toMatchObject({
      institution: 'Northbridge University',
      student: 'Jordan A. Rivera',
      awardDate: '2024-05-18',
      creditSystem: 'semester',
      quarterCredits: 4.5,
    });
    expect(t.courses).toEqual([
      expect.objectContaining({
        term: 'Fall 2022',
        code: 'PSY 101',
        title: 'Introduction to Psychology',
        credits: 3,
        grade: 'A',
        quarterCredits: 4.5,
      }),
      expect.objectContaining({ code: 'BIO 105', grade: 'F', quarterCredits: 0 }),
    ]);
    expect(t.courses[0]?.evidence).toEqual({
      document: 't.pdf',
      page: 1,
      line: 6,
      quote: 'PSY 101 Introduction to Psychology 3.0 A',
    });
  });

  it('reads a transcript without a table line by line', () => {
    const t = readTranscript(
      't.docx',
      linesOfText('Official Transcript\nPSY 240 Foundations of Counseling Skills - 30 contact hours - Final grade: A-'),
    );
    expect(t.creditSystem).toBe('clock_hours');
    expect(t.courses).toEqual([
      expect.objectContaining({ code: 'PSY 240', credits: 30, grade: 'A-', quarterCredits: 3 }),
    ]);
  });
});

describe('classifyDocument', () => {
  it('reads the kind from the content', () => {
    expect(classifyDocument('Official Academic Transcript\nCumulative GPA: 3.5')).toBe('transcript');
    expect(classifyDocument('Certificate of Completion\nThis certifies that Jane Doe')).toBe('certificate');
    expect(classifyDocument('Week 1: intro\nLearning Objectives\nGrading')).toBe('syllabus');
    expect(classifyDocument('Course Description\nPrerequisite: PSY 101')).toBe('course_description');
    expect(classifyDocument('Bring a yoga mat', 'syllabus')).toBe('syllabus');
    expect(classifyDocument('Bring a yoga mat')).toBe('other');
  });
});

describe('course-by-course equivalency', () => {
  const catalog = [
    { code: 'PSY 101', title: 'Introduction to Psychology', topics: ['memory'], hours: 40, credits: 4 },
    {
      code: 'PSY 270',
      title: 'Developmental Psychology Across the Lifespan',
      topics: ['aging', 'identity'],
      hours: 30,
      credits: 3,
    },
  ];
  const course = (code: string, title: string, quarterCredits = 4.5) => ({
    term: null,
    code,
    title,
    credits: 3,
    grade: 'A',
    quarterCredits,
    evidence: { document: 'd', page: 1, line: 1, quote: title },
  });

  it('matches on title overlap of 70% or more, never a failed course', () => {
    expect(titleOverlap('General Psychology', 'Introduction to Psychology')).toBe(1);
    expect(titleOverlap('Abnormal Psychology', 'Introduction to Psychology')).toBeLessThan(0.7);
    const matches = matchTranscriptCourses(
      [
        course('PSYC 12', 'Developmental Psychology'),
        course('PSY 230', 'Abnormal Psychology'),
        course('PSY 100', 'Introduction to Psychology', 0),
      ],
      catalog,
    );
    expect(matches.map((m) => [m.course.code, m.catalog.code])).toEqual([['PSYC 12', 'PSY 270']]);
  });

  it('matches on a syllabus of the course in the same credential', () => {
    const matches = matchTranscriptCourses([course('PSY 310', 'Lifespan Studies')], catalog, [
      { code: 'PSY 310', title: null, text: 'aging and identity' },
    ]);
    expect(matches.map((m) => m.catalog.code)).toEqual(['PSY 270']);
  });
});

describe('contacts', () => {
  it('never takes an email address as a title', () => {
    expect(findContacts('Helen Marsh\nhmarsh@northbridge.edu Registrar')[0]?.title).toBeNull();
    expect(findContacts('Helen Marsh, Registrar\nhmarsh@northbridge.edu | (617) 555-0142')[0]).toMatchObject({
      name: 'Helen Marsh',
      title: 'Registrar',
    });
  });
});

describe('evidence lines of the criteria', () => {
  const syllabus = [
    'PSY 210 Psychosomatic Medicine',
    'Mind Body Institute',
    'Total contact hours: 36',
    'Learning Objectives:',
    '1. Explain the mind-body connection.',
    '2. Assess clients.',
    '3. Formulate cases.',
    'Week 1: Foundations',
    'Assessment: weekly quiz (20%), case study (40%), final paper (40%).',
  ].join('\n');

  it('quotes the objectives heading, the first line naming an assessment, and the hours', () => {
    const { evidence } = readDocument('syllabus.pdf', syllabus);
    expect(evidence.learningObjectives).toEqual({
      document: 'syllabus.pdf',
      page: 1,
      line: 4,
      quote: 'Learning Objectives:',
    });
    expect(evidence.assessmentMethods).toMatchObject({
      line: 9,
      quote: 'Assessment: weekly quiz (20%), case study (40%), final paper (40%).',
    });
    expect(evidence.contactHours).toMatchObject({ line: 3 });
    expect(evidence.completionEvidence).toBeUndefined();
  });

  it("quotes a certificate's completion sentence", () => {
    const { evidence } = readDocument(
      'certificate.png',
      'Certificate of Completion\nThis certifies that\nMaya Thompson\nhas successfully completed\nCompleted on March 3, 2024',
    );
    expect(evidence.completionEvidence).toMatchObject({ line: 1, quote: 'Certificate of Completion' });
  });

  it('finds the first line that holds a course topic whole', () => {
    const lines = linesOfText(
      'Week 1: Foundations\nWeek 2: Stress and the body\nWeek 3: Somatic psychology in practice',
    );
    expect(findTopicEvidence('s.pdf', lines, ['somatic psychology', 'mind-body'])).toMatchObject({
      line: 3,
      quote: 'Week 3: Somatic psychology in practice',
    });
    expect(findTopicEvidence('s.pdf', lines, ['parts therapy'])).toBeUndefined();
  });
});

describe('transcript rows read by OCR', () => {
  it("reads a grade OCR doubled or lower-cased and a title's closing numeral read as a bar", () => {
    const page = linesOfPage({
      page: 1,
      items: [
        item('Degree Awarded: June 10, 2022', 50, 760),
        item('Program: Bachelor of Science in Psychology', 50, 745),
        item('Course', 50, 700),
        item('Title', 130, 700),
        item('Credits', 400, 700),
        item('Grade', 470, 700),
        item('MATH 1050', 50, 685),
        item('College Algebra', 130, 685),
        item('4.0', 400, 685),
        item('Cc', 470, 685),
        item('SOCI 1010', 50, 670),
        item('Principles of Sociology', 130, 670),
        item('4.0', 400, 670),
        item('w', 470, 670),
        item('ARTS 1500', 50, 655),
        item('Drawing |', 130, 655),
        item('3.0', 400, 655),
        item('B', 470, 655),
      ],
    });
    const transcript = readTranscript('scan.pdf', page);
    expect(transcript.courses.map((c) => `${c.code} ${c.title} ${c.grade} ${c.quarterCredits}`)).toEqual([
      'MATH 1050 College Algebra C 6',
      'SOCI 1010 Principles of Sociology W 0',
      'ARTS 1500 Drawing I B 4.5',
    ]);
    expect(transcript).toMatchObject({ awardDate: '2022-06-10', program: 'Bachelor of Science in Psychology' });
  });
});
