import type { Page, Row, Styled } from './layout';

/**
 * Transcripts in the layouts institutions issue: a title block, labelled student fields, a statement of the credit
 * system, then a table (term headings between course rows) and a registrar's signature block.
 */

const row = (cells: readonly (readonly [number, string])[]): readonly (readonly [number, string])[] => cells;

/** A US semester transcript: Course / Title / Credits / Grade / Points, with a withdrawal and a failed course. */
export const SEMESTER_TRANSCRIPT: Page = [
  { text: 'NORTHBRIDGE UNIVERSITY', size: 16, bold: true, center: true },
  { text: 'Office of the Registrar - 1200 College Avenue, Northbridge, MA 02145', center: true },
  { text: 'OFFICIAL ACADEMIC TRANSCRIPT', size: 12, bold: true, center: true },
  null,
  row([
    [50, 'Student Name: Jordan A. Rivera'],
    [330, 'Student ID: 20184471'],
  ]),
  row([
    [50, 'Date of Birth: 03/14/1996'],
    [330, 'Date Issued: 06/20/2024'],
  ]),
  'Program: Bachelor of Arts in Psychology',
  'Degree Conferred: May 18, 2024',
  'Credits are semester credit hours. One semester credit hour represents 15 contact hours of instruction.',
  null,
  row([
    [50, 'Course'],
    [120, 'Title'],
    [380, 'Credits'],
    [440, 'Grade'],
    [500, 'Points'],
  ]),
  'Fall 2022',
  row([
    [50, 'PSY 101'],
    [120, 'Introduction to Psychology'],
    [380, '3.0'],
    [440, 'A'],
    [500, '12.0'],
  ]),
  row([
    [50, 'ENG 110'],
    [120, 'College Writing'],
    [380, '3.0'],
    [440, 'B+'],
    [500, '9.9'],
  ]),
  row([
    [50, 'PSY 230'],
    [120, 'Abnormal Psychology'],
    [380, '3.0'],
    [440, 'A-'],
    [500, '11.1'],
  ]),
  row([
    [50, 'MAT 140'],
    [120, 'Statistics for the Behavioral Sciences'],
    [380, '4.0'],
    [440, 'W'],
    [500, '0.0'],
  ]),
  'Spring 2023',
  row([
    [50, 'PSY 240'],
    [120, 'Foundations of Counseling Skills'],
    [380, '3.0'],
    [440, 'B'],
    [500, '9.0'],
  ]),
  row([
    [50, 'PSY 250'],
    [120, 'Trauma-Informed Care'],
    [380, '3.0'],
    [440, 'A'],
    [500, '12.0'],
  ]),
  row([
    [50, 'BIO 105'],
    [120, 'Human Biology'],
    [380, '4.0'],
    [440, 'F'],
    [500, '0.0'],
  ]),
  row([
    [50, 'PSY 260'],
    [120, 'Health Psychology'],
    [380, '3.0'],
    [440, 'B+'],
    [500, '9.9'],
  ]),
  null,
  row([
    [50, 'Total Credits Earned: 18.0'],
    [330, 'Cumulative GPA: 3.52'],
  ]),
  null,
  'Helen Marsh, University Registrar',
  'hmarsh@northbridge.edu | (617) 555-0142',
];

/** A US quarter transcript: Dept/Course No. in one column, Units Attempted and Units Earned, quarter headings. */
export const QUARTER_TRANSCRIPT: Page = [
  { text: 'Pacific Coast College', size: 16, bold: true },
  'Registrar Services, 88 Ocean Drive, Santa Lucia, CA 93001',
  { text: 'Academic Record', size: 13, bold: true },
  'Name: Okafor, Amara N.',
  'Degree Program: Associate of Science in Behavioral Health',
  'Date Awarded: 12/15/2023',
  'All units are quarter units.',
  null,
  row([
    [50, 'Course No.'],
    [130, 'Course Title'],
    [380, 'Attempted'],
    [450, 'Earned'],
    [510, 'Grade'],
  ]),
  'Autumn Quarter 2022',
  row([
    [50, 'PSYC 1'],
    [130, 'General Psychology'],
    [380, '5.0'],
    [450, '5.0'],
    [510, 'A'],
  ]),
  row([
    [50, 'PSYC 12'],
    [130, 'Developmental Psychology'],
    [380, '4.0'],
    [450, '4.0'],
    [510, 'B'],
  ]),
  row([
    [50, 'COMM 2'],
    [130, 'Public Speaking'],
    [380, '3.0'],
    [450, '3.0'],
    [510, 'A-'],
  ]),
  'Winter Quarter 2023',
  row([
    [50, 'PSYC 25'],
    [130, 'Professional Ethics in Psychological Practice'],
    [380, '4.0'],
    [450, '4.0'],
    [510, 'B+'],
  ]),
  row([
    [50, 'PSYC 30'],
    [130, 'Research Methods'],
    [380, '5.0'],
    [450, '0.0'],
    [510, 'NC'],
  ]),
  'Spring Quarter 2023',
  row([
    [50, 'PSYC 41'],
    [130, 'Child Resilience and Development'],
    [380, '4.0'],
    [450, '4.0'],
    [510, 'A'],
  ]),
  null,
  'Total Units Earned: 20.0',
  null,
  'Certified by: Daniel Reyes, Registrar',
  'Email: records@pacificcoast.edu',
];

/** A clock-hour transcript from a vocational school: hours per course, pass or fail. */
export const CLOCK_HOUR_TRANSCRIPT: Page = [
  { text: 'Harborview Institute of Counseling Arts', size: 15, bold: true },
  { text: 'Student Transcript', size: 12, bold: true },
  'Student: Priya Natarajan',
  'Program: Diploma in Counseling Practice',
  'Completion Date: September 30, 2023',
  'All coursework is measured in clock hours.',
  null,
  row([
    [50, 'Code'],
    [110, 'Course Title'],
    [400, 'Clock Hours'],
    [490, 'Grade'],
  ]),
  row([
    [50, 'HC-101'],
    [110, 'Foundations of Counseling Skills'],
    [400, '60'],
    [490, 'P'],
  ]),
  row([
    [50, 'HC-120'],
    [110, 'Trauma-Informed Care'],
    [400, '45'],
    [490, 'P'],
  ]),
  row([
    [50, 'HC-135'],
    [110, 'Parts Therapy and Ego States'],
    [400, '30'],
    [490, 'P'],
  ]),
  row([
    [50, 'HC-150'],
    [110, 'Supervised Practicum'],
    [400, '120'],
    [490, 'P'],
  ]),
  row([
    [50, 'HC-160'],
    [110, 'Group Facilitation'],
    [400, '30'],
    [490, 'F'],
  ]),
  null,
  'Total Clock Hours: 255',
  null,
  'Marisol Vega, Director of Student Records, Harborview Institute of Counseling Arts',
  'marisol.vega@harborview-institute.org',
];

/** A European transcript of records: module codes, ECTS credits and local grades, semesters by academic year. */
export const ECTS_TRANSCRIPT: Page = [
  { text: 'University of Utrecht-Vale', size: 15, bold: true },
  { text: 'Transcript of Records', size: 12, bold: true },
  row([
    [50, 'Student:'],
    [160, 'Lena Hoffmann'],
  ]),
  row([
    [50, 'Programme:'],
    [160, 'Master of Science in Clinical Psychology'],
  ]),
  row([
    [50, 'Date of Award:'],
    [160, '15 July 2022'],
  ]),
  'Credits are expressed in ECTS (European Credit Transfer and Accumulation System); 1 ECTS = 28 hours of student workload.',
  null,
  row([
    [50, 'Module Code'],
    [140, 'Module Title'],
    [400, 'ECTS'],
    [470, 'Grade'],
  ]),
  'Winter Semester 2020/21',
  row([
    [50, 'CP-M101'],
    [140, 'Abnormal Psychology'],
    [400, '6'],
    [470, 'A'],
  ]),
  row([
    [50, 'CP-M104'],
    [140, 'Trauma-Informed Care'],
    [400, '6'],
    [470, 'B'],
  ]),
  row([
    [50, 'CP-M110'],
    [140, 'Advanced Statistics'],
    [400, '6'],
    [470, 'C'],
  ]),
  'Summer Semester 2021',
  row([
    [50, 'CP-M201'],
    [140, 'Health Psychology'],
    [400, '6'],
    [470, 'A'],
  ]),
  row([
    [50, 'CP-M230'],
    [140, 'Neuropsychological Assessment'],
    [400, '5'],
    [470, 'FX'],
  ]),
  null,
  'Total ECTS: 24',
  null,
  'Dr. Katrin Vogel, Head of Examinations Office',
  'k.vogel@utrecht-vale.example.eu',
];

/** A UK transcript: credit level, UK credits and percentage marks (40 is the pass mark). */
export const UK_TRANSCRIPT: Page = [
  { text: 'Kingsbridge College London', size: 15, bold: true },
  { text: 'Higher Education Achievement Report - Transcript', size: 12, bold: true },
  'Student Name: Thomas Ellery',
  'Award: BSc (Hons) Psychology',
  'Date of Award: 1 July 2021',
  'Credit values are UK credits (CATS); 120 UK credits are one full-time year.',
  null,
  row([
    [50, 'Module Code'],
    [140, 'Module Title'],
    [400, 'Credits'],
    [470, 'Mark'],
  ]),
  'Academic Year 2019/20',
  row([
    [50, 'PS4001'],
    [140, 'Developmental Psychology'],
    [400, '20'],
    [470, '68'],
  ]),
  row([
    [50, 'PS4002'],
    [140, 'Health Psychology'],
    [400, '20'],
    [470, '72'],
  ]),
  row([
    [50, 'PS4003'],
    [140, 'Research Design'],
    [400, '20'],
    [470, '35'],
  ]),
  null,
  'Total Credits: 40',
  null,
  'Registry Office, Kingsbridge College London, registry@kingsbridge.example.ac.uk',
];

const SECOND_PAGE_HEADING = row([
  [50, 'Course'],
  [120, 'Title'],
  [380, 'Credits'],
  [440, 'Grade'],
]);

/** A two-page semester transcript: the table carries on to page 2 under a repeated heading. */
export const TWO_PAGE_TRANSCRIPT: readonly Page[] = [
  [
    { text: 'Lakeshore State University', size: 16, bold: true },
    'Official Transcript',
    'Student Name: Marcus Bell',
    'Degree: Bachelor of Science in Psychology',
    'Graduation Date: 2023-05-12',
    'Semester credit hours',
    null,
    SECOND_PAGE_HEADING,
    'Fall 2020',
    row([
      [50, 'PSY 1010'],
      [120, 'Introduction to Psychology'],
      [380, '3'],
      [440, 'A'],
    ]),
    row([
      [50, 'SOC 1010'],
      [120, 'Introduction to Sociology'],
      [380, '3'],
      [440, 'B'],
    ]),
    'Spring 2021',
    row([
      [50, 'PSY 2300'],
      [120, 'Developmental Psychology'],
      [380, '3'],
      [440, 'A-'],
    ]),
    row([
      [50, 'PSY 2410'],
      [120, 'Abnormal Psychology'],
      [380, '3'],
      [440, 'B+'],
    ]),
    null,
    'Continued on next page',
  ],
  [
    'Lakeshore State University - Official Transcript - Page 2',
    'Student Name: Marcus Bell',
    null,
    SECOND_PAGE_HEADING,
    'Fall 2021',
    row([
      [50, 'PSY 3200'],
      [120, 'Health Psychology'],
      [380, '3'],
      [440, 'A'],
    ]),
    row([
      [50, 'PSY 3350'],
      [120, 'Trauma-Informed Care'],
      [380, '3'],
      [440, 'W'],
    ]),
    'Spring 2022',
    row([
      [50, 'PSY 4100'],
      [120, 'Professional Ethics in Psychological Practice'],
      [380, '3'],
      [440, 'A'],
    ]),
    null,
    'Total Credits: 18',
    null,
    'Angela Brooks, Registrar, Lakeshore State University, abrooks@lakeshore.example.edu',
  ],
];

const FIVE_PAGE_TERMS: readonly (readonly [string, readonly (readonly [string, string, string, string])[]])[] = [
  [
    'Fall 2019',
    [
      ['PSYC 1100', 'Introduction to Psychology', '4.0', 'A'],
      ['ENGL 1010', 'Academic Writing', '4.0', 'B+'],
      ['MATH 1050', 'College Algebra', '4.0', 'C'],
    ],
  ],
  [
    'Winter 2020',
    [
      ['PSYC 2100', 'Developmental Psychology', '4.0', 'A-'],
      ['BIOL 1200', 'Human Anatomy', '5.0', 'B'],
      ['COMM 1100', 'Interpersonal Communication', '3.0', 'A'],
    ],
  ],
  [
    'Spring 2020',
    [
      ['PSYC 2300', 'Abnormal Psychology', '4.0', 'B+'],
      ['SOCI 1010', 'Principles of Sociology', '4.0', 'W'],
      ['PHIL 1100', 'Introduction to Ethics', '4.0', 'A'],
    ],
  ],
  [
    'Fall 2020',
    [
      ['PSYC 3100', 'Health Psychology', '4.0', 'A'],
      ['PSYC 3150', 'Research Methods in Psychology', '5.0', 'B'],
      ['STAT 2000', 'Applied Statistics', '4.0', 'B-'],
    ],
  ],
  [
    'Winter 2021',
    [
      ['PSYC 3300', 'Trauma-Informed Care', '4.0', 'A'],
      ['PSYC 3400', 'Cognitive Psychology', '4.0', 'F'],
      ['ANTH 2100', 'Cultural Anthropology', '4.0', 'A-'],
    ],
  ],
  [
    'Spring 2021',
    [
      ['PSYC 3500', 'Foundations of Counseling Skills', '4.0', 'A'],
      ['PSYC 3600', 'Social Psychology', '4.0', 'B+'],
      ['HLTH 2200', 'Nutrition and Wellness', '3.0', 'A'],
    ],
  ],
  [
    'Fall 2021',
    [
      ['PSYC 4100', 'Professional Ethics in Psychological Practice', '4.0', 'A'],
      ['PSYC 4200', 'Biological Psychology', '5.0', 'B'],
      ['PSYC 4250', 'Psychology of Learning', '4.0', 'NC'],
    ],
  ],
  [
    'Winter 2022',
    [
      ['PSYC 4300', 'Child Resilience and Development', '4.0', 'A'],
      ['PSYC 4350', 'Group Dynamics', '4.0', 'A-'],
      ['ARTS 1500', 'Drawing I', '3.0', 'B'],
    ],
  ],
  [
    'Spring 2022',
    [
      ['PSYC 4400', 'Parts Therapy and Ego States', '4.0', 'A'],
      ['PSYC 4900', 'Senior Seminar in Psychology', '4.0', 'A'],
    ],
  ],
];

/**
 * A five-page quarter transcript, as a scanner makes of a long record: a running head on every page, the table
 * heading repeated, two terms a page, the totals and the registrar on the last page.
 */
export const FIVE_PAGE_TRANSCRIPT: readonly Page[] = Array.from({ length: 5 }, (_, index): Page => {
  const terms = FIVE_PAGE_TERMS.slice(index * 2, index * 2 + 2);
  const head: (Row | Styled)[] =
    index === 0
      ? [
          { text: 'CASCADE VALLEY UNIVERSITY', size: 16, bold: true, center: true },
          { text: 'Office of the Registrar - Official Transcript', center: true },
          null,
          'Student Name: Elena M. Sorensen',
          'Program: Bachelor of Science in Psychology',
          'Degree Awarded: June 10, 2022',
          'Credits are quarter credit hours.',
          null,
        ]
      : [`Cascade Valley University - Official Transcript - Elena M. Sorensen - Page ${index + 1} of 5`, null];
  const rows = terms.flatMap(([term, courses]) => [
    term,
    ...courses.map(([code, title, credits, grade]) =>
      row([
        [50, code],
        [130, title],
        [400, credits],
        [470, grade],
      ]),
    ),
  ]);
  const tail: (Row | Styled)[] =
    index === 4
      ? [
          null,
          'Total Credits Earned: 92.0',
          null,
          'Karen Holt, University Registrar',
          'registrar@cascadevalley.example.edu',
        ]
      : [null, 'Continued on next page'];
  return [
    ...head,
    row([
      [50, 'Course'],
      [130, 'Title'],
      [400, 'Credits'],
      [470, 'Grade'],
    ]),
    ...rows,
    ...tail,
  ];
});
