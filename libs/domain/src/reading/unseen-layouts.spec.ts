import { findCertificateDetails } from './certificate-details';
import { findContactHours } from './contact-hours';
import { findContacts } from './contacts';
import { gradeEarnsCredit } from './credit-system';
import { classifyDocument } from './document-kind';
import { readInstructionHours } from './instruction-hours';
import { findLearningObjectives } from './learning-objectives';
import { normalizeDocumentText } from './normalize-text';
import { linesOfPage, linesOfText, type TextLine } from './positioned-lines';
import { readDocument } from './read-document';
import { institutionOf, readTranscript } from './transcript-reader';

/**
 * Layouts met on real documents nobody here wrote (public sample transcripts, syllabi and certificates), each made
 * again here in a few lines of its own wording: what the reader got wrong or missed on them, and now reads.
 */

/** A line of cells at the given x, each 5 units a character wide (as a 10-point font roughly is). */
const line = (n: number, cells: readonly (readonly [number, string])[]): TextLine => ({
  page: 1,
  line: n,
  text: cells.map(([, t]) => t).join(' '),
  cells: cells.map(([x, text]) => ({ text, x, end: x + text.length * 5 })),
});

describe('transcripts', () => {
  it('reads two-letter grades (AA, BA … FF) as printed, and the failing ones earn nothing', () => {
    const lines = [
      line(1, [[40, 'Northgate Technical University - Transcript']]),
      line(2, [
        [40, 'Course'],
        [300, 'Credits'],
        [360, 'Grade'],
        [420, 'Semester'],
      ]),
      line(3, [
        [40, 'MECH 101 - Statics'],
        [300, '4'],
        [360, 'AA'],
        [420, 'Fall 2022'],
      ]),
      line(4, [
        [40, 'MECH 102 - Dynamics'],
        [300, '4'],
        [360, 'BA'],
        [420, 'Spr 2023'],
      ]),
      line(5, [
        [40, 'MATH 110 - Calculus'],
        [300, '3'],
        [360, 'FF'],
        [420, 'Spr 2023'],
      ]),
    ];
    const reading = readTranscript(lines.map((l) => l.text).join('\n'), lines);
    expect(reading.courses.map((c) => [c.code, c.title, c.grade])).toEqual([
      ['MECH 101', 'Statics', 'AA'],
      ['MECH 102', 'Dynamics', 'BA'],
      ['MATH 110', 'Calculus', 'FF'],
    ]);
    expect(gradeEarnsCredit('FF')).toBe(false);
    expect(gradeEarnsCredit('FD')).toBe(false);
    expect(gradeEarnsCredit('DD')).toBe(true);
  });

  it('still reads a capital that OCR doubled (Cc) as one letter, but two printed capitals as a grade of their own', () => {
    const lines = [
      line(1, [
        [40, 'Course'],
        [300, 'Credits'],
        [360, 'Grade'],
      ]),
      line(2, [
        [40, 'HIST 210 Modern Europe'],
        [300, '3'],
        [360, 'Cc'],
      ]),
      line(3, [
        [40, 'HIST 220 Early Asia'],
        [300, '3'],
        [360, 'CB'],
      ]),
    ];
    const reading = readTranscript(lines.map((l) => l.text).join('\n'), lines);
    expect(reading.courses.map((c) => c.grade)).toEqual(['C', 'CB']);
  });

  it('is a transcript when its rows end in their term ("… 3.0 B+ 2023/1"), and reads the term from each row', () => {
    const text = [
      'Lakeside Polytechnic University',
      'Study Checklist',
      'Programme BSc Computing',
      'CPT1001 PROGRAMMING BASICS 3.0 B+ 2023/1',
      'CPT1002 DISCRETE STRUCTURES 4.0 A- 2023/1',
      'CPT2001 DATA STRUCTURES 3.0 C 2023/2',
      'CPT2002 NETWORKS 3.0 B 2024/1',
    ].join('\n');
    expect(classifyDocument(text)).toBe('transcript');
    const reading = readTranscript(text, linesOfText(text));
    expect(reading.courses.map((c) => [c.code, c.credits, c.grade, c.term])).toEqual([
      ['CPT1001', 3, 'B+', '2023/1'],
      ['CPT1002', 4, 'A-', '2023/1'],
      ['CPT2001', 3, 'C', '2023/2'],
      ['CPT2002', 3, 'B', '2024/1'],
    ]);
  });

  it('takes no institution from a title that names only a kind of school ("OFFICIAL HIGH SCHOOL TRANSCRIPT")', () => {
    expect(institutionOf(linesOfText('OFFICIAL HIGH SCHOOL TRANSCRIPT\nStudent: Sam Rowe\nID: 4411'))).toBeNull();
    expect(institutionOf(linesOfText('WESTBROOK HIGH SCHOOL\nOfficial Transcript'))?.value).toBe(
      'Westbrook High School',
    );
  });
});

describe('syllabi', () => {
  it('is a syllabus, not a course description, when it also has grading, an instructor, a textbook, attendance and meetings', () => {
    const text = [
      'Programming Paradigms',
      'CS-240 Spring 2024',
      'Catalog Course Description: imperative and functional programming.',
      'Prerequisites: CS-120',
      'Instructor: Dr. Mara Quinn, office hours Monday 2-4',
      'Textbook: none required',
      'Grading: homework 40%, exams 60%',
      'Attendance is expected at every class.',
      'Meeting times: MW 10:00-11:15',
    ].join('\n');
    expect(classifyDocument(text)).toBe('syllabus');
    expect(classifyDocument('Course Description\nPSY 210 Learning\nPrerequisites: PSY 101\nCatalog entry')).toBe(
      'course_description',
    );
  });

  it("is a syllabus when titled 'Course Information Document', with objectives, grading, attendance and cheating rules", () => {
    const text = [
      'COURSE INFORMATION DOCUMENT',
      'OBJECTIVES',
      'The student will build programs.',
      'EVALUATION',
      'Grading formula: labs 60%, final 40%',
      'Attendance is taken at the beginning of class.',
      'Any form of cheating results in a zero.',
      'INSTRUCTOR INFORMATION',
    ].join('\n');
    expect(classifyDocument(text)).toBe('syllabus');
  });

  it("reads the course's code and title, never the term, the word Syllabus, the institution or a sentence", () => {
    const own = (text: string) => {
      const r = readDocument('s.pdf', text, undefined, 'syllabus');
      return [r.courseCode, r.courseTitle];
    };
    expect(own('Programming Paradigms\nCS-240 Spring 2024\nCourse Information')).toEqual([
      'CS-240',
      'Programming Paradigms',
    ]);
    expect(own('Hillcrest School of Business\nRoom 12\nBUS4100 Syllabus\nData Design & Use\nFall 2021')).toEqual([
      'BUS4100',
      'Data Design & Use',
    ]);
    expect(own('Course Syllabus - Spring A 2024\nApplied Cryptography (CSE 560)\nCourse Description')).toEqual([
      'CSE 560',
      'Applied Cryptography',
    ]);
    expect(own('COURSE INFORMATION DOCUMENT\n\nWEB 1300\n\nCOURSE TITLE\n\nIntroduction to Web Design')).toEqual([
      'WEB 1300',
      'Introduction to Web Design',
    ]);
    expect(own('LIN7100 – Foundations of Phonology\nSyllabus (Autumn 2025)')).toEqual([
      'LIN7100',
      'Foundations of Phonology',
    ]);
    expect(own('Harbor Tech Academy\nClass\tCIS110: Coding in Ruby (3 credits)\nTerm\tSpring 2020')).toEqual([
      'CIS110',
      'Coding in Ruby',
    ]);
    expect(own('STT 4400/6400, Fall 2019\nMeetings: 3:35 – 4:55 PM Mon/Wed\nInstructor:')).toEqual(['STT 4400', null]);
  });

  it('counts objectives listed without bullets under "the student will:", and after a heading run on into its lead-in', () => {
    const plain = [
      'At the completion of the course, the student will:',
      'Design and develop programs using structured techniques.',
      'Have working experience building desktop applications.',
      'Be able to use a database from an application.',
      'METHODS OF PRESENTATION',
      'Lectures and labs.',
    ].join('\n');
    expect(findLearningObjectives(plain)).toBe(3);
    const runOn = [
      'Course Objectives: By the end of this course, you should be able to demonstrate the',
      'ability to do all of the tasks listed below:',
      '• Write an imperative program in C.',
      '• Write a functional program in Haskell.',
      '– Use higher-order functions.',
    ].join('\n');
    expect(findLearningObjectives(runOn)).toBe(3);
    // Title-case headings under a lead-in are not objectives.
    expect(findLearningObjectives('Students will:\nRequired Prior Knowledge and Skills\nCourse Materials Online')).toBe(
      0,
    );
  });

  it('takes no term length from "the first 8 weeks of class": the outline of weeks gives it', () => {
    const text = [
      'Class Meeting Times: Tuesdays/Thursdays 3:15 pm to 5:00 pm',
      'The midterm covers the first 8 weeks of class.',
      ...Array.from({ length: 16 }, (_, i) => `Week ${i + 1}\tTopic ${i + 1}`),
    ].join('\n');
    const hours = readInstructionHours(linesOfText(text), true);
    expect(hours.hours).toBe(56);
    expect(hours.derivation).toContain('16 weeks');
  });

  it('counts no workload as contact time, even when the heading above the figure is what says so', () => {
    const text = [
      'Estimated Workload/ Time Commitment Per Week',
      'Average of 20 hours per week',
      'Week 1 Intro',
      'Week 2 Tools',
      'Week 3 Attacks',
      'Week 4 Defences',
    ].join('\n');
    expect(readInstructionHours(linesOfText(text), true).hours).toBeNull();
    expect(
      readInstructionHours(linesOfText('Lecture\n3 hours per week\nWeek 1\nWeek 2\nWeek 3\nWeek 4'), true).hours,
    ).toBe(12);
  });

  it('gives an address in a paragraph under a heading no name from the heading, and a numbered mailbox no made-up name', () => {
    const contacts = findContacts(
      [
        'Disability Statement',
        'The university provides accommodations; write to access@hillcrest.edu to request them.',
        'Instructor: Dana Price, dprice@hillcrest.edu',
        'Lecturer: Room 1.13, qx204411@hillcrest.ac.uk',
      ].join('\n'),
    );
    expect(contacts.map((c) => c.name)).not.toContain('Disability Statement');
    expect(contacts.find((c) => c.email === 'dprice@hillcrest.edu')?.name).toBe('Dana Price');
    expect(contacts.find((c) => c.email === 'qx204411@hillcrest.ac.uk')?.name).toBe('qx204411@hillcrest.ac.uk');
  });

  it("reads a LaTeX PDF's accents drawn apart from their letters ('Ad`ele H´enot') as one accented name", () => {
    expect(normalizeDocumentText('Ad`ele H´enot-Mortier')).toBe('Adèle Hénot-Mortier');
    const [contact] = findContacts('Instructor: Ren´e Ch`evre, Hall 2.01, qp100200@uni.ac.uk');
    expect(contact?.name).toBe('René Chèvre');
  });
});

describe('certificates', () => {
  /** One word's letters drawn as one run with a space between them, as a tracked heading is. */
  const spaced = (word: string, x: number, y: number) => ({
    str: word.split('').join(' '),
    x,
    y,
    width: word.length * 9,
    height: 12,
  });

  it('puts letter-spaced words back together, and reads the recipient and the length under them', () => {
    const lines = linesOfPage({
      page: 1,
      items: [
        spaced('HAS', 100, 400),
        spaced('BEEN', 139, 400),
        spaced('AWARDED', 187, 400),
        spaced('TO', 262, 400),
        { str: 'MARIA ELENA SOTO', x: 100, y: 360, width: 300, height: 24 },
        spaced('FOR', 100, 310),
        spaced('COMPLETING', 139, 310),
        { str: 'Intro to Statistics', x: 100, y: 270, width: 250, height: 24 },
        spaced('LENGTH', 100, 210),
        { str: '6 HOURS', x: 100, y: 180, width: 70, height: 16 },
      ],
    });
    expect(lines.map((l) => l.text)).toEqual([
      'HAS BEEN AWARDED TO',
      'MARIA ELENA SOTO',
      'FOR COMPLETING',
      'Intro to Statistics',
      'LENGTH',
      '6 HOURS',
    ]);
    const text = lines.map((l) => l.text).join('\n');
    expect(classifyDocument(text)).toBe('certificate');
    expect(findCertificateDetails(text).recipientName).toBe('MARIA ELENA SOTO');
    expect(findContactHours(text)).toBe(6);
  });

  it('leaves a long letter-spaced run with no word gap as it is, so no joined-up name is read from it', () => {
    const [signers] = linesOfPage({
      page: 1,
      items: [spaced('JONASPERLMAN', 100, 160), spaced('RITAOKAFORADE', 400, 160)],
    });
    expect(signers?.cells.map((c) => c.text)).toEqual(['J O N A S P E R L M A N', 'R I T A O K A F O R A D E']);
  });

  it('reads the recipient alone on the line between the title and "has successfully attended"', () => {
    const text = 'CERTIFICATE OF ATTENDANCE\nPriya Natarajan\nhas successfully attended the event\nRobotics Day';
    expect(findCertificateDetails(text).recipientName).toBe('Priya Natarajan');
  });

  it('is a certificate when it is one of appreciation "hereby granted to" someone', () => {
    expect(classifyDocument('Eastfield College\nCertificate of Appreciation\nis hereby granted to\nfor service')).toBe(
      'certificate',
    );
  });

  it('reads no exam duration as the hours of a course', () => {
    expect(findContactHours('Final exam\nDuration: 2 hours, closed book')).toBeNull();
    expect(findContactHours('Course duration: 40 hours')).toBe(40);
  });
});

describe('schedules written as list items', () => {
  it('reads dated meetings and week labels that start with a bullet (a Word list gives each one)', () => {
    const text = [
      'Lectures: TR 12.00-12.50pm',
      ...['Tues Jan 10', 'Thurs Jan 12', 'Tues Jan 17', 'Thurs Jan 19', 'Tues Jan 24', 'Thurs Jan 26'].map(
        (d) => `• ${d}: Topic`,
      ),
    ].join('\n');
    const hours = readInstructionHours(linesOfText(text), true);
    expect(hours.hours).toBe(5);
    expect(hours.derivation).toContain('6 dated class meetings');
  });
});

describe('layouts of a second set of documents, kept apart while the first were fixed', () => {
  const own = (text: string) => {
    const r = readDocument('s.docx', text, undefined, 'syllabus');
    return [r.courseCode, r.courseTitle];
  };

  it("takes a title with a subtitle after its colon, but no label's value and no row of a table", () => {
    expect(own('Syllabus\nIntroduction to Urban Data Science: Theory and Practice\nCourse description')).toEqual([
      null,
      'Introduction to Urban Data Science: Theory and Practice',
    ]);
    expect(own('Time and Place of Class Meetings:\nMon 6-9 pm, Hall 241')).toEqual([null, null]);
    expect(
      own('Instructor: Dr. Lee Park\nClass\tClass Title\tEnrolled\tDays & Times\tRoom\nMTH 5301-001\tSTATS\t23'),
    ).toEqual(['MTH 5301', null]);
  });

  it('reads two signers side by side as two people, never one name of four words', () => {
    const lines = [
      line(1, [[200, 'This certificate is proudly presented to']]),
      line(2, [
        [100, 'Ines Moreau'],
        [400, 'Kenji Watanabe'],
      ]),
      line(3, [
        [100, 'Project Manager'],
        [400, 'Supervisor'],
      ]),
    ];
    const text = lines.map((l) => l.text).join('\n');
    expect(findCertificateDetails(text, lines).certificateAuthor).toBe('Ines Moreau');
  });

  it("reads a course's length beside its label, and no issuer from the document's own title", () => {
    expect(findContactHours('Date March 5, 2022\nLength 37.5 total hours')).toBe(37.5);
    const details = findCertificateDetails(
      'HIGH SCHOOL DIPLOMA\nThis certifies that\nJOHN ROE\nhas completed the course\n____\nSchool Principal',
    );
    expect(details.issuingOrganization).toBeNull();
    expect(details.recipientName).toBe('JOHN ROE');
  });

  it('puts a spaced-out certificate word back together even alone on its line', () => {
    const [heading] = linesOfPage({
      page: 1,
      items: [{ str: 'C E R T I F I C A T E', x: 100, y: 500, width: 200, height: 20 }],
    });
    expect(heading?.text).toBe('CERTIFICATE');
  });
});

describe('objective lists across a page foot, with bullets a font maps to other characters', () => {
  it('counts the items on both sides of a page number, and bullets drawn as control or private-use characters', () => {
    const acrossPages = [
      'Learning Objectives',
      'By the end of the course, students should be able to:',
      '• Define the field and how it differs from others',
      '• Explain the strengths of its methods',
      '1',
      '• Apply its methods to a question',
      '• Evaluate published research',
      'Activities',
    ].join('\n');
    expect(findLearningObjectives(acrossPages)).toBe(4);
    const mapped = [
      'Course Goals',
      'At the end of the course, students should understand:',
      '\u0088 Filesystems',
      '\u0088 Virtual memory',
      '\uf0b7 Device drivers',
    ].join('\n');
    expect(findLearningObjectives(mapped)).toBe(3);
  });
});

describe('objectives as the sentences of one table cell', () => {
  it("counts each sentence of the cell beside 'Objectives' in a Word table's row", () => {
    const row =
      'Objectives\tUse Ruby data types, including strings and hashes. Identify object types. Design and test programs. Handle errors in applications.';
    expect(findLearningObjectives(`Course Description\tAn introduction.\n${row}\nRequired Textbook\tNone`)).toBe(4);
    // A cell of one or two sentences is a paragraph about the course, not a list of objectives.
    expect(findLearningObjectives('Objectives\tStudents learn Ruby. They build an app.')).toBe(0);
  });
});

describe('layouts of a third set of documents (round 2), read before any of these changes', () => {
  it('is no transcript for asking applicants to send one, and a course page with structure and objectives is a syllabus', () => {
    const text = [
      'School of Economics',
      'WINTER MODULE COURSE',
      'Title: Applied Forecasting for Managers',
      'Course period: Term: ECTS:',
      'March 3-7 winter semester 2022 6',
      'Learning objectives: 1) Students will build forecasts. 2) Students will judge them.',
      'Course Structure:',
      '1 Smoothing',
      'Assessment:',
      'Project report',
      'Application:',
      'o transcript of records (from your current programme)',
      'o short CV',
    ].join('\n');
    expect(classifyDocument(text)).toBe('syllabus');
    const r = readDocument('c.pdf', text, undefined, 'other');
    expect(r.transcript).toBeNull();
    expect(r.courseTitle).toBe('Applied Forecasting for Managers');
    // The word as a heading still makes a transcript.
    expect(classifyDocument('Lakeside University\nUnofficial Transcript\nStudent: A. Roe')).toBe('transcript');
  });

  it('is a syllabus when it is a course plan with a lecture list', () => {
    const text = 'Marine Ecology - course plan\nLecture list\n1. Oceans (12/01)\n2. Reefs (14/01)';
    expect(classifyDocument(text)).toBe('syllabus');
    expect(readDocument('p.pdf', text, undefined, 'other').courseTitle).toBe('Marine Ecology');
  });

  it('is a certificate when OCR reads only "THIS IS PROUDLY PRESENTED TO" over a blank and a workshop line', () => {
    expect(
      classifyDocument('THIS IS PROUDLY PRESENTED TO\n\nfor joining the Robotics Workshop\nHeld on 2nd May 2025'),
    ).toBe('certificate');
  });

  it("takes the title between the document's name and its term, never 'Course Outline' or a bilingual header", () => {
    const own = (text: string) => {
      const r = readDocument('s.docx', text, undefined, 'syllabus');
      return [r.courseCode, r.courseTitle];
    };
    expect(own('Syllabus – Applied Bayesian Methods – Autumn 2021\n\nModels are formal theories of data.')).toEqual([
      null,
      'Applied Bayesian Methods',
    ]);
    // An institution beside its department is no document name: the title line above stands.
    expect(own('Group Counseling Methods\nCourse code: GCM 310\nLakeview College - Department of Social Work')).toEqual(
      ['GCM 310', 'Group Counseling Methods'],
    );
    expect(own('Eastbay Course Outline 中文\n(中) 資料庫\nCourse Name\n(Eng.) Databases\nCredits 3')).toEqual([
      null,
      'Databases',
    ]);
    expect(
      own('MATH 210 (LEC A1\nWinter 2022\nMATH 210 A1 A2 General Course Outline\nGrades\nLectures Video\nLabs'),
    ).toEqual(['MATH 210', null]);
  });

  it('leaves out every person listed under a TAs heading, and markers', () => {
    const text = [
      'Instructor: Ann Reyes',
      'Email: areyes@example.edu',
      'Office hours: Monday 4-5pm',
      'Lab TAs',
      'Tom Ito tito@example.edu',
      'Eve Park epark@example.edu',
      'Marker (assignments)',
      'Raj Das rdas@example.edu',
    ].join('\n');
    expect(findContacts(text).map((c) => c.email)).toEqual(['areyes@example.edu']);
  });

  it("reads the contact part of a workload written with 'h.' for hours", () => {
    expect(
      findContactHours('Scope\t4 credits, 152 h. (48 h. contact work, of which: 24 h. lectures, 104 h. self-study)'),
    ).toBe(48);
  });

  it('reads the recipient printed alone and again as the subject of the completion sentence', () => {
    const text = [
      'Growing future engineers',
      'Maria Lopez',
      'Data Engineering Job Simulation',
      'Certificate of Completion',
      'Over the period of March to April 2023, Maria Lopez has completed practical tasks in:',
      'Building pipelines',
    ].join('\n');
    expect(findCertificateDetails(text).recipientName).toBe('Maria Lopez');
    // A capitalised line the sentence does not repeat is no recipient.
    expect(
      findCertificateDetails('Data Engineering\nCertificate of Completion\nFor practical tasks').recipientName,
    ).toBeNull();
  });

  it('counts objectives numbered inside the paragraph after their label, up to the next label', () => {
    const text = [
      'Learning objectives / competences: 1) Students will know the basics. 2) Students will',
      'tell models apart. 3) Students will apply them to data.',
      'Prerequisites: Statistics 1) only',
    ].join('\n');
    expect(findLearningObjectives(text)).toBe(3);
    expect(findLearningObjectives('Outcomes: 1) Read charts.\nPrerequisites: none')).toBe(0);
  });

  it('counts objectives under a sub-heading or two of their own, but never the items of another section', () => {
    const grouped = [
      'Learning Outcomes',
      'Skills you will gain',
      'Network design',
      '• routing',
      '• addressing',
      '• naming',
    ];
    expect(findLearningObjectives(grouped.join('\n'))).toBe(3);
    expect(
      findLearningObjectives(['Course Objectives', 'Grading', '• Exams 50%', '• Labs 30%', '• Quizzes 20%'].join('\n')),
    ).toBe(0);
  });

  it('reads the recipient above the completion phrase when OCR put a dash before the name', () => {
    const text = 'Certificate of Completion\nSE\n— Ines Marquez\nhas successfully completed the\nSailing Basics';
    expect(findCertificateDetails(text).recipientName).toBe('Ines Marquez');
  });

  it('counts the bulleted items after a lead-in written inside a bulleted line, with its first item after the colon', () => {
    const text = [
      'Scope\t2 credits',
      '• By the end of the course, students should be able to have: • Skill in reading balance sheets',
      '',
      '• be able to value a bond',
      '',
      '• compute returns on a portfolio',
      '',
      '• explain the yield curve',
      'Course contents',
    ].join('\n');
    expect(findLearningObjectives(text)).toBe(3);
  });

  it("reads course codes with a letter inside their number ('AVN1B02', 'MEDC1D04') as codes of their rows", () => {
    const text = [
      'Lakeside Polytechnic University',
      'Study Checklist',
      'CPT1001 PROGRAMMING BASICS 3.0 B+ 2023/1',
      'AVN1B02 INTRODUCTION TO AIRLINE OPERATIONS 3.0 B 2023/2',
      'MEDC1D04 HERBAL REMEDIES 3.0 C 2023/1',
      'CPT2002 NETWORKS 3.0 B 2024/1',
    ].join('\n');
    expect(classifyDocument(text)).toBe('transcript');
    expect(readTranscript(text, linesOfText(text)).courses.map((c) => [c.code, c.title, c.grade])).toEqual([
      ['CPT1001', 'PROGRAMMING BASICS', 'B+'],
      ['AVN1B02', 'INTRODUCTION TO AIRLINE OPERATIONS', 'B'],
      ['MEDC1D04', 'HERBAL REMEDIES', 'C'],
      ['CPT2002', 'NETWORKS', 'B'],
    ]);
  });

  it("derives contact hours from bare hours after a day name ('Tuesdays 12-2') and the dates beside them", () => {
    const lines = linesOfText(
      ['Phonetics Workshop – ABC 1234', 'When: Thursdays 10-1, from 16/10/2025 to 18/12/2025', 'Where: Room 4'].join(
        '\n',
      ),
    );
    const reading = readInstructionHours(lines, true);
    // 16 Oct to 18 Dec 2025: 10 Thursdays, 3 hours each.
    expect(reading.hours).toBe(30);
    expect(reading.derivation).toContain('10 weeks');
    // Bare numbers after a day name with no meeting label are no meeting ('Thursday 3-4' chapters).
    expect(
      readInstructionHours(linesOfText('Reading: Thursday 3-4\nfrom 02/10/2025 to 11/12/2025'), true).hours,
    ).toBeNull();
    // Dates that read either way ('02/10' is 2 October or February 10) give no weeks.
    expect(
      readInstructionHours(linesOfText('When: Thursdays 10-1, from 02/10/2025 to 11/12/2025'), true).hours,
    ).toBeNull();
    // Office hours written like a class on another line are not multiplied by the lecture's dates.
    const twoLines = linesOfText(
      ['Days and Time Monday: 19:00 – 21:00', 'STAT 1010 Lecture Tu 6:00PM - 8:50PM Sep 2, 2025 - Dec 9, 2025'].join(
        '\n',
      ),
    );
    expect(readInstructionHours(twoLines, true).hours).toBe(42.5);
  });
});
