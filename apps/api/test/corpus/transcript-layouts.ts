import { Document, Packer, Paragraph, Table, TableCell, TableRow, WidthType } from 'docx';
import type { CorpusDocument } from './documents';
import { layoutPdf, type Page } from './layout';

/**
 * Transcripts in the layouts real registrars' systems produce and the first readers missed, one layout feature each:
 * single-run lines whose columns are made of spaces, a Word document whose rows are paragraphs, two course tables
 * side by side with an Hours column beside Credits, Attempted beside Earned with term and cumulative totals (and
 * instructor lines, a repeated course, courses in progress, a wrapped title, an 'External Degrees' block), and
 * percentage grades in a Word table.
 */

const pad = (cells: readonly [string, number][]): string => cells.map(([text, width]) => text.padEnd(width)).join('');

/** A text PDF whose every line is one text run: the table's columns are runs of spaces inside it. */
export const SPACE_COLUMN_TRANSCRIPT: Page = [
  'GREYSTONE UNIVERSITY',
  'Office of the Registrar',
  'Student Name: Morgan T. Ellis',
  'Program: Bachelor of Science in Psychology',
  'Degree Awarded: May 15, 2024',
  'All credits are semester credit hours.',
  null,
  pad([
    ['Course', 12],
    ['Title', 42],
    ['Credits', 10],
    ['Grade', 6],
  ]),
  'Fall 2022',
  pad([
    ['PSY 101', 12],
    ['Introduction to Psychology', 42],
    ['3.0', 10],
    ['A', 6],
  ]),
  pad([
    ['ENG 110', 12],
    ['College Writing', 42],
    ['3.0', 10],
    ['B+', 6],
  ]),
  pad([
    ['MAT 140', 12],
    ['Statistics for the Behavioral Sciences', 42],
    ['4.0', 10],
    ['W', 6],
  ]),
  'Spring 2023',
  pad([
    ['PSY 230', 12],
    ['Abnormal Psychology', 42],
    ['3.0', 10],
    ['A-', 6],
  ]),
  pad([
    ['PSY 250', 12],
    ['Trauma-Informed Care', 42],
    ['3.0', 10],
    ['P', 6],
  ]),
];

/** Two course tables side by side on one page; Hours (class hours) beside Credits; scores and letters as grades. */
export const SIDE_BY_SIDE_TRANSCRIPT: Page = [
  { text: 'Riverbend University', size: 14, bold: true, center: true },
  { text: 'Transcript of Academic Record', center: true },
  'Student ID: 20190413 Name: LI NA Gender: Female Major: Applied Psychology',
  null,
  [
    [50, 'Courses'],
    [185, 'Hours'],
    [218, 'Credits'],
    [258, 'Score'],
    [310, 'Courses'],
    [445, 'Hours'],
    [478, 'Credits'],
    [518, 'Score'],
  ],
  [
    [50, 'General Psychology (I)'],
    [190, '64'],
    [225, '4.0'],
    [262, '88'],
    [310, 'Social Psychology'],
    [450, '48'],
    [485, '3.0'],
    [522, 'B'],
  ],
  [
    [50, 'General Psychology (II)'],
    [190, '64'],
    [225, '4.0'],
    [262, '91'],
    [310, 'Developmental Psychology'],
    [450, '48'],
    [485, '3.0'],
    [522, '79'],
  ],
  [
    [50, 'Research Methods'],
    [190, '32'],
    [225, '2.0'],
    [262, 'P'],
    [310, 'Counseling Skills Practice'],
    [450, '32'],
    [485, '1.5'],
    [522, 'A'],
  ],
  [
    [50, 'Biological Psychology'],
    [190, '48'],
    [225, '3.0'],
    [262, '76'],
    [310, 'Psychological Assessment'],
    [450, '48'],
    [485, '3.0'],
    [522, '84'],
  ],
];

const course = (
  code: string,
  title: string,
  attempted: string,
  earned: string,
  grade: string,
  points: string,
): readonly (readonly [number, string])[] => [
  [50, code.split(' ')[0]!],
  [90, code.split(' ')[1]!],
  [140, title],
  [340, attempted],
  [395, earned],
  ...(grade ? [[445, grade] as const] : []),
  [490, points],
];
const HEADING: readonly (readonly [number, string])[] = [
  [50, 'Course'],
  [140, 'Description'],
  [325, 'Attempted'],
  [385, 'Earned'],
  [440, 'Grade'],
  [485, 'Points'],
];
const totals = (label: string, attempted: string, earned: string, points: string) => [
  [50, label.split('|')[0]!] as const,
  [170, label.split('|')[1]!] as const,
  [340, attempted] as const,
  [395, earned] as const,
  [490, points] as const,
];

/** Attempted beside Earned: instructor lines, term and cumulative totals, a repeated course, courses in progress. */
export const ATTEMPTED_EARNED_TRANSCRIPT: Page[] = [
  [
    { text: 'Unofficial Transcript - Lakemont Tech', size: 12, bold: true, center: true },
    [
      [50, 'Name:'],
      [95, 'Casey Morgan'],
    ],
    { text: 'External Degrees', center: true },
    'University of Moncton',
    [
      [50, 'Bachelor of Arts'],
      [160, '2016-06-01'],
    ],
    null,
    { text: '2021 Fall', center: true },
    HEADING,
    course('PSY 5010', 'COUNSELING THEORIES', '3.000', '3.000', 'A', '12.000'),
    [
      [50, 'Instructor:'],
      [140, 'Dana R Whitfield'],
    ],
    course('PSY 5020', 'ETHICS AND PROFESSIONAL', '3.000', '3.000', 'B+', '9.990'),
    [[140, 'PRACTICE IN COUNSELING']],
    [
      [50, 'Instructor:'],
      [140, 'Omar Haddad'],
    ],
    [[140, 'Lena Fischer']],
    course('PSY 5900', 'PRACTICUM SEMINAR', '1.000', '1.000', 'P', '0.000'),
    [
      [325, 'Attempted'],
      [385, 'Earned'],
      [430, 'GPA Units'],
      [485, 'Points'],
    ],
    totals('Term GPA 3.665|Term Totals', '7.000', '7.000', '21.990'),
    totals('Cum GPA 3.665|Cum Totals', '7.000', '7.000', '21.990'),
    { text: '2022 Spring', center: true },
    HEADING,
    course('PSY 5100', 'PSYCHOPATHOLOGY', '3.000', '0.000', 'F', '0.000'),
    [
      [50, 'Instructor:'],
      [140, 'Dana R Whitfield'],
    ],
    course('PSY 5900', 'PRACTICUM SEMINAR', '1.000', '1.000', 'P', '0.000'),
    course('PSY 5200', 'GROUP COUNSELING', '3.000', '0.000', '', '0.000'),
    course('PSY 5300', 'CAREER COUNSELING', '3.000', '0.000', '', '0.000'),
    totals('Term GPA 0.000|Term Totals', '10.000', '1.000', '0.000'),
    totals('Cum GPA 2.199|Cum Totals', '17.000', '8.000', '21.990'),
    { text: 'End of Unofficial Transcript - Lakemont Tech', center: true },
  ],
];

/** A quarter-hour transcript written as Word paragraphs, one row a paragraph, single spaces between its words. */
export const PARAGRAPH_QUARTER_TRANSCRIPT: readonly string[] = [
  'Pinecrest Community College',
  'Official Transcript',
  'Student: Avery Quinn',
  'Program: Associate of Applied Science in Human Services',
  'Credits are quarter hours.',
  'Course Title Quarter Hours Grade',
  'Fall Quarter 2023',
  'HUS 101 Introduction to Human Services 4.0 A',
  'PSY 201 General Psychology 5.0 B+',
  'HUS 120 Crisis Intervention 3.0 A-',
  'Winter Quarter 2024',
  'HUS 210 Case Management 4.0 B',
  'PSY 230 Lifespan Development 5.0 NC',
];

/** Percentage grades in a Word table, with a printed total that disagrees with its rows (the rows count). */
export const PERCENTAGE_TABLE: readonly (readonly string[])[] = [
  ['Course Code', 'Course Name', 'Credits', 'Grade'],
  ['PSY101', 'Foundations of Psychology', '4', '86'],
  ['PSY205', 'Cognitive Psychology', '4', '91%'],
  ['STA110', 'Applied Statistics', '3', '74'],
  ['PSY310', 'Clinical Interviewing', '3', '68'],
];

async function paragraphsDocx(lines: readonly string[]): Promise<Buffer> {
  const document = new Document({ sections: [{ children: lines.map((text) => new Paragraph({ text })) }] });
  return Packer.toBuffer(document);
}

async function percentageDocx(): Promise<Buffer> {
  const table = new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: PERCENTAGE_TABLE.map(
      (cells) =>
        new TableRow({ children: cells.map((text) => new TableCell({ children: [new Paragraph({ text })] })) }),
    ),
  });
  const document = new Document({
    sections: [
      {
        children: [
          new Paragraph({ text: 'ASHFORD INSTITUTE OF TECHNOLOGY' }),
          new Paragraph({ text: 'ACADEMIC TRANSCRIPT' }),
          new Paragraph({ text: 'Student: Sam Rivera' }),
          new Paragraph({ text: 'Program: Diploma in Applied Psychology' }),
          table,
          new Paragraph({ text: 'Total Credits: 16' }),
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
}

export const TRANSCRIPT_LAYOUT_DOCUMENTS: readonly CorpusDocument[] = [
  {
    name: 'space-column-transcript',
    fileName: 'greystone-record.pdf',
    documentType: 'transcript',
    make: () => layoutPdf([SPACE_COLUMN_TRANSCRIPT]),
  },
  {
    name: 'side-by-side-transcript',
    fileName: 'record.pdf',
    documentType: 'transcript',
    make: () => layoutPdf([SIDE_BY_SIDE_TRANSCRIPT]),
  },
  {
    name: 'attempted-earned-transcript',
    fileName: 'unofficial.pdf',
    documentType: 'transcript',
    make: () => layoutPdf(ATTEMPTED_EARNED_TRANSCRIPT),
  },
  {
    name: 'paragraph-quarter-transcript',
    fileName: 'pinecrest.docx',
    documentType: 'transcript',
    make: () => paragraphsDocx(PARAGRAPH_QUARTER_TRANSCRIPT),
  },
  {
    name: 'percentage-table-transcript',
    fileName: 'ashford.docx',
    documentType: 'transcript',
    make: percentageDocx,
  },
];
