import {
  ASSESSMENT_METHODS,
  findAssessmentMethods,
  findCertificateDetails,
  findContactHours,
  findContacts,
  findDates,
  findEmails,
  findLearningObjectives,
  findModulesOrWeeks,
  normalizeDocumentText,
} from './text-signals';

describe('normalizeDocumentText', () => {
  it('unifies line ends and collapses spaces around them', () => {
    expect(normalizeDocumentText('a \r\n  b\rc\t\t d')).toBe('a\nb\nc d');
  });

  it('replaces ligatures, smart quotes, dashes and non-breaking spaces', () => {
    expect(normalizeDocumentText('\ufb01nal \u201cwork\u201d \u2019s 3\u20134\u00a0weeks')).toBe('final "work" \'s 3-4 weeks');
  });

  it('re-joins a word hyphenated across a line break', () => {
    expect(normalizeDocumentText('hours of instruc-\ntion')).toBe('hours of instruction');
  });

  it('keeps a hyphen before a capitalised next line', () => {
    expect(normalizeDocumentText('Smith-\nJones')).toBe('Smith-\nJones');
  });
});

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

describe('findLearningObjectives', () => {
  it('counts bullets under a Learning Objectives heading', () => {
    const text = `Course Overview
An introduction.

Learning Objectives
- Describe the mind-body connection
- Identify somatic symptoms
- Apply three regulation techniques

Schedule
Week 1: Intro`;
    expect(findLearningObjectives(text)).toBe(3);
  });

  it('counts numbered outcomes after an intro line and skips wrapped lines', () => {
    const text = `LEARNING OUTCOMES:
Upon completion, participants will be able to:
1. Explain parts theory and
the role of protectors
2) Conduct an intake
3. Recognise contraindications
4. Document sessions
Assessment
Quizzes`;
    expect(findLearningObjectives(text)).toBe(4);
  });

  it('accepts many bullet glyphs and lettered items', () => {
    const text = 'Objectives:\n• one\n● two\n▪ three\na) four\n(b) five\n* six\n';
    expect(findLearningObjectives(text)).toBe(6);
  });

  it('treats "students will be able to:" as a heading of its own', () => {
    const text = 'By the end of this course students will be able to:\n- list\n- apply\n';
    expect(findLearningObjectives(text)).toBe(2);
  });

  it('adds up several objective sections', () => {
    const text = 'Module 1 Objectives\n- a1\n- a2\nReading\nModule 2 Objectives\n- b1\n- b2\n- b3\n';
    expect(findLearningObjectives(text)).toBe(5);
  });

  it('allows blank lines between items', () => {
    expect(findLearningObjectives('Course Goals\n\n- one\n\n- two\n\n- three\n')).toBe(3);
  });

  it('counts standalone "students will be able to" sentences', () => {
    const text =
      'Students will be able to describe stress. Students will be able to apply grounding. Participants will be able to reflect on practice.';
    expect(findLearningObjectives(text)).toBe(3);
  });

  it('takes the larger of the list count and the sentence count without double counting', () => {
    const text = 'Objectives\n1. Students will be able to describe X\n2. Students will be able to apply Y\n';
    expect(findLearningObjectives(text)).toBe(2);
  });

  it('finds nothing without objectives', () => {
    expect(findLearningObjectives('Week 1: Intro\n- reading\n- discussion')).toBe(0);
    expect(findLearningObjectives('Learning Objectives: see the handbook.')).toBe(0);
    expect(findLearningObjectives('')).toBe(0);
  });

  it('stops the list at the next heading', () => {
    expect(findLearningObjectives('Objectives\n- a\n- b\nGrading Policy\n- 50% exam\n- 50% paper\n')).toBe(2);
  });
});

describe('findModulesOrWeeks', () => {
  it.each([
    ['Week 1: Intro\nWeek 2: Stress\nWeek 10: Review', 10],
    ['Module 1 ... Module 8', 8],
    ['MODULE 3 and module 5', 5],
    ['A 12-week program', 12],
    ['Delivered in 8 modules', 8],
    ['Delivered over twelve weeks', 12],
    ['3 hours per week for 16 weeks', 16],
    ['Weeks 13-14: Final projects', 14],
    ['Unit 6: Ethics', 6],
    ['Week #4 assignment', 4],
  ])('%p gives %p', (text, count) => {
    expect(findModulesOrWeeks(text)).toBe(count);
  });

  it('finds nothing in unrelated text', () => {
    expect(findModulesOrWeeks('Meets weekly. Per week two readings.')).toBeNull();
    expect(findModulesOrWeeks('')).toBeNull();
  });

  it('ignores implausible numbers', () => {
    expect(findModulesOrWeeks('Week 999')).toBeNull();
  });
});

describe('findAssessmentMethods', () => {
  it('finds distinct methods in a fixed order', () => {
    const text =
      'Grading: weekly quizzes (20%), a midterm exam (20%), a research paper, two case studies, a final project and a portfolio. Quiz 1.';
    expect(findAssessmentMethods(text)).toEqual(['exam', 'quiz', 'paper', 'project', 'case study', 'portfolio', 'midterm', 'final']);
  });

  it('recognises plural and variant spellings', () => {
    expect(findAssessmentMethods('Examinations, Essays, Presentations, Practica, Assignments, Mid-term')).toEqual([
      'exam',
      'essay',
      'presentation',
      'practicum',
      'assignment',
      'midterm',
    ]);
  });

  it('is case-insensitive', () => {
    expect(findAssessmentMethods('CASE STUDY AND PRACTICUM')).toEqual(['case study', 'practicum']);
  });

  it('does not count "final" on its own', () => {
    expect(findAssessmentMethods('In the final week we review.')).toEqual([]);
  });

  it('counts "finals"', () => {
    expect(findAssessmentMethods('Finals are in June')).toEqual(['final']);
  });

  it('does not match inside other words', () => {
    expect(findAssessmentMethods('The projector and the examiner')).toEqual([]);
  });

  it('can name every method', () => {
    expect(ASSESSMENT_METHODS).toHaveLength(12);
  });
});

describe('findEmails', () => {
  it('finds distinct lower-cased addresses in order', () => {
    expect(findEmails('Write to Jane.Smith@Example.EDU or info@somatic-institute.org; again jane.smith@example.edu.')).toEqual([
      'jane.smith@example.edu',
      'info@somatic-institute.org',
    ]);
  });

  it('joins an address split by OCR spaces around @', () => {
    expect(findEmails('contact: jane @ example.org')).toEqual(['jane@example.org']);
  });

  it('reads addresses inside brackets', () => {
    expect(findEmails('Jane <jane@x.org>, (bob@y.co.uk)')).toEqual(['jane@x.org', 'bob@y.co.uk']);
  });

  it('finds none without a domain suffix', () => {
    expect(findEmails('twitter @handle and user@localhost')).toEqual([]);
  });
});

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

  it.each(['February 30, 2026', '2026-13-01', '31/31/2026', '2025-02-29', 'June 2026', '99/99/9999'])('skips %p', (text) => {
    expect(findDates(text)).toEqual([]);
  });

  it('accepts 29 February in a leap year', () => {
    expect(findDates('Feb 29, 2028')).toEqual(['2028-02-29']);
  });
});

describe('findCertificateDetails', () => {
  it('reads a typical certificate', () => {
    const text = `Somatic Healing Institute
Certificate of Completion
This certifies that
JANE A. DOE
has successfully completed the 40-hour Psychosomatic Practitioner training
on June 5, 2026

Maria Lopez
Program Director`;
    expect(findCertificateDetails(text)).toEqual({
      recipientName: 'JANE A. DOE',
      issuingOrganization: 'Somatic Healing Institute',
      certificateAuthor: 'Maria Lopez',
      completionDate: '2026-06-05',
    });
  });

  it('reads awarded to / issued by / signed', () => {
    const text =
      'Certificate awarded to John Smith for completing Parts Therapy. Issued by the Center for Parts Therapy, Boulder. Date of completion: 03/15/2025. Signed, Dr. Amy Chen';
    expect(findCertificateDetails(text)).toEqual({
      recipientName: 'John Smith',
      issuingOrganization: 'the Center for Parts Therapy',
      certificateAuthor: 'Dr. Amy Chen',
      completionDate: '2025-03-15',
    });
  });

  it('reads presented to and a name with its title on one line', () => {
    const text = 'Presented to Li Wei\nIssuing organization: Resilience Academy\nAnna Berg, Director of Training\n2024-11-02';
    const details = findCertificateDetails(text);
    expect(details.recipientName).toBe('Li Wei');
    expect(details.issuingOrganization).toBe('Resilience Academy');
    expect(details.certificateAuthor).toBe('Anna Berg');
    expect(details.completionDate).toBe('2024-11-02');
  });

  it('prefers a completion date to a birth date', () => {
    const text = 'This certifies that Sam Green (date of birth: 01/02/1990) completed the course on 2025-05-20.';
    expect(findCertificateDetails(text).completionDate).toBe('2025-05-20');
  });

  it('strips post-nominals from names', () => {
    const text = 'This is to certify that Jane Roe, PhD has completed.\nSignature: Mark Twain, LCSW';
    const details = findCertificateDetails(text);
    expect(details.recipientName).toBe('Jane Roe');
    expect(details.certificateAuthor).toBe('Mark Twain');
  });

  it('does not take the recipient as the author', () => {
    const text = 'This certifies that Jane Doe\nJane Doe\nInstructor';
    expect(findCertificateDetails(text).certificateAuthor).toBeNull();
  });

  it('falls back to an organization phrase anywhere in the text', () => {
    expect(findCertificateDetails('Welcome to the UNIVERSITY OF OREGON continuing education.').issuingOrganization).toBe(
      'UNIVERSITY OF OREGON',
    );
  });

  it('returns nulls for text with nothing to read', () => {
    expect(findCertificateDetails('lorem ipsum dolor sit amet')).toEqual({
      recipientName: null,
      issuingOrganization: null,
      certificateAuthor: null,
      completionDate: null,
    });
  });

  it('does not take a month as a recipient', () => {
    expect(findCertificateDetails('Awarded on June 5, 2026').recipientName).toBeNull();
  });
});

describe('findContacts', () => {
  it('reads name, title and email from one comma-separated line', () => {
    expect(findContacts('Dr. Jane Smith, Program Director, jane.smith@example.edu')).toEqual([
      { name: 'Dr. Jane Smith', title: 'Program Director', email: 'jane.smith@example.edu', organization: null },
    ]);
  });

  it('reads a labelled instructor with the email in brackets', () => {
    expect(findContacts('Instructor: Jane Smith (jane@x.org)')).toEqual([
      { name: 'Jane Smith', title: 'Instructor', email: 'jane@x.org', organization: null },
    ]);
  });

  it('reads the organization on the same line', () => {
    expect(findContacts('Contact: Tom Reed | Registrar | Boulder Somatic Institute | Email: treed@bsi.org')).toEqual([
      { name: 'Tom Reed', title: 'Registrar', email: 'treed@bsi.org', organization: 'Boulder Somatic Institute' },
    ]);
  });

  it('reads a signature block above the email', () => {
    const text = 'Questions?\nMaria Lopez, PhD\nDirector of Admissions\nCenter for Somatic Studies\nmaria@css.edu';
    expect(findContacts(text)).toEqual([
      { name: 'Maria Lopez', title: 'Director of Admissions', email: 'maria@css.edu', organization: 'Center for Somatic Studies' },
    ]);
  });

  it('does not borrow details from another contact above', () => {
    const text = 'Jane Smith\njane@x.org\nbob.jones@x.org';
    expect(findContacts(text).map((c) => c.name)).toEqual(['Jane Smith', 'Bob Jones']);
  });

  it('names a contact from the mailbox when no name is near', () => {
    expect(findContacts('Email admissions@college.edu for details')).toEqual([
      { name: 'Admissions', title: null, email: 'admissions@college.edu', organization: null },
    ]);
  });

  it('lists each address once', () => {
    expect(findContacts('Jane Smith jane@x.org\nJane Smith <jane@x.org>')).toHaveLength(1);
  });

  it('tolerates upper-case OCR text', () => {
    expect(findContacts('INSTRUCTOR: JANE SMITH - JANE@X.ORG')[0]).toEqual({
      name: 'JANE SMITH',
      title: 'INSTRUCTOR',
      email: 'jane@x.org',
      organization: null,
    });
  });

  it('finds nobody without an email', () => {
    expect(findContacts('Dr. Jane Smith, Program Director')).toEqual([]);
  });
});

describe('large input', () => {
  it('reads a long noisy document in reasonable time', () => {
    const words = ['The', 'Institute', 'of', 'Somatic', 'Studies', 'week', '12', 'hours', 'Jane', 'Smith,', 'jane@x.org', '-', '•', 'Objectives\n', 'on', 'June', '5,', '2026'];
    const text = Array.from({ length: 40000 }, (_, i) => words[(i * 7 + (i % 5)) % words.length]).join(' ');
    const started = Date.now();
    findContactHours(text);
    findLearningObjectives(text);
    findModulesOrWeeks(text);
    findAssessmentMethods(text);
    findDates(text);
    findCertificateDetails(text);
    expect(findContacts(text).length).toBeGreaterThan(0);
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
