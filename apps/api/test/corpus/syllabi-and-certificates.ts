import { Document, HeadingLevel, Packer, Paragraph, Table, TableCell, TableRow } from 'docx';
import { degrees, PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import type { Page } from './layout';

/**
 * Corpus documents for the layouts of syllabi and certificates that real documents use and the first corpus lacked:
 * a meeting pattern with a weekly outline, a schedule of dated meetings, instructors and teaching assistants in a
 * Word table, a certificate with a key/value header, one under a diagonal watermark, and one drawn small.
 */

/** Layout: 'MW 11:00-12:20' and a weekly outline numbered from Week 0 (2 × 80 min × 15 weeks = 40 h). */
export const MEETING_PATTERN_SYLLABUS: Page = [
  { text: 'Syllabus for Group Dynamics in Counseling (PSY-340)', size: 13, bold: true },
  'Dr. Helena Brandt - Lakeview College Dept. of Psychology',
  'Course credits: 3 Credits.',
  'Regular course hours and location: Monday and Wednesday, 11:00 - 12:20, Hall 210.',
  'Instructor contact information: Email: hbrandt7@lakeview.example.edu, Office: Hall 118.',
  'Office hours: Tuesday 1:00-2:30 pm.',
  'Course Objectives:',
  '• To describe the stages of group development',
  '• To facilitate a counseling group with professional ethics',
  '• To assess group cohesion and conflict',
  'Grading: two exams (25% each), a group project (30%) and participation (20%).',
  'Course Outline:',
  ...Array.from(
    { length: 15 },
    (_, i) => `${i + 1}. Week ${i}: ${['Group stages', 'Cohesion', 'Conflict', 'Ethics', 'Leadership'][i % 5]}`,
  ),
];

/** Layout: 'TR 9:00-9:50am' and 'F 10:00-10:50am' with one dated row per meeting (40 × 50 min = 33.3 h). */
export function datedMeetingSyllabus(): Promise<Buffer> {
  const meetings: string[] = [];
  const names = ['Tues', 'Thurs', 'Fri'];
  const months: [string, number][] = [
    ['Jan', 31],
    ['Feb', 28],
    ['Mar', 31],
    ['Apr', 30],
  ];
  let day = 9;
  let month = 0;
  let weekday = 0;
  const steps = [2, 1, 4];
  while (meetings.length < 40) {
    const [name] = months[month] ?? ['Apr'];
    meetings.push(
      `${names[weekday]} ${name} ${day}: ${['Theories of learning', 'Memory', 'Motivation', 'Review'][meetings.length % 4]}`,
    );
    day += steps[weekday] ?? 1;
    weekday = (weekday + 1) % 3;
    const length = months[month]?.[1] ?? 30;
    if (day > length) {
      day -= length;
      month += 1;
    }
  }
  const lines = [
    'EDU 2210: Learning and Cognition',
    'Instructor Information',
    'Instructor: Dr. Priya Natarajan',
    'Email: pnatarajan@northshore.example.edu',
    'Course Information',
    'TR 9.00-9.50am',
    'F 10-10.50am',
    'Learning goals:',
    'Students will be able to:',
    '• explain the major theories of learning',
    '• apply memory research to teaching',
    '• design a motivation plan for a classroom',
    'Method of Evaluation',
    'Assignments - 30%',
    'Midterm exam - 30%',
    'Final Exam - 40%',
    'Schedule',
    ...meetings,
  ];
  const document = new Document({
    sections: [
      {
        children: lines.map((text, i) => new Paragraph({ text, ...(i === 0 ? { heading: HeadingLevel.TITLE } : {}) })),
      },
    ],
  });
  return Packer.toBuffer(document);
}

/** Layout: instructors and teaching assistants in a Word table, each address in a cell before the role's cell. */
export function instructorsTableSyllabus(): Promise<Buffer> {
  const cell = (text: string) => new TableCell({ children: [new Paragraph(text)] });
  const row = (...texts: string[]) => new TableRow({ children: texts.map(cell) });
  const document = new Document({
    sections: [
      {
        children: [
          new Paragraph({ text: 'SOC 1150 Introduction to Social Work', heading: HeadingLevel.TITLE }),
          new Paragraph('Riverbend University'),
          new Paragraph('Teaching team'),
          new Table({
            rows: [
              row('Name', 'Email', 'Role'),
              row('Dr. Tomas Lindqvist', 'tlindqvist@riverbend.example.edu', 'Instructor'),
              row('Dr. Amara Okafor', 'aokafor@riverbend.example.edu', 'Instructor'),
              row('Kevin Marsh', 'kmarsh@riverbend.example.edu', 'Teaching Assistant'),
              row('Lina Duarte', 'lduarte@riverbend.example.edu', 'Teaching Assistant'),
            ],
          }),
          new Paragraph('This course runs over 14 weeks.'),
          new Paragraph('Meets MWF 1:00-1:50 pm.'),
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
}

/** Layout: a key/value header (keys left, values right) over a completion statement and a signature block. */
export const KEY_VALUE_CERTIFICATE: Page = [
  { text: 'Statement of Completion', size: 18, bold: true, center: true },
  null,
  [
    [50, 'Participant:'],
    [160, 'Noah Bergstrom'],
    [330, 'Program:'],
    [420, 'Crisis Line Training'],
  ],
  [
    [50, 'Start Date:'],
    [160, '09/02/2024'],
    [330, 'Supervisor:'],
    [420, 'Carla Mendes'],
  ],
  [
    [50, 'Date Issued:'],
    [160, 'October 4th, 2024'],
    [330, 'Reference:'],
    [420, '5518230'],
  ],
  [[50, 'Hours Completed: 24']],
  null,
  'This letter verifies that the participant completed 24 hours of supervised training, sponsored by',
  'the Harbor Community Fund.',
  null,
  'Respectfully submitted,',
  'Irene Castillo, LCSW',
  'Training Director, Bayside Crisis Center',
];

/** Layout: a centred certificate under a diagonal 'SAMPLE' watermark drawn across the page. */
export async function watermarkedCertificate(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage([612, 792]);
  const centre = (text: string, y: number, size: number, font = regular) =>
    page.drawText(text, { x: (612 - font.widthOfTextAtSize(text, size)) / 2, y, size, font });
  centre('Certificate of Achievement', 680, 26, bold);
  centre('This certificate is presented to', 620, 14);
  centre('Olivia Marchetti', 590, 22, bold);
  centre('has successfully completed Motivational Interviewing Foundations', 560, 13);
  centre('a 16-hour training', 540, 13);
  centre('Awarded by Summit Behavioral Institute', 500, 13);
  centre('Completed on May 17, 2025', 480, 13);
  centre('Dr. Elena Park, Program Director', 420, 13);
  for (const [x, y] of [
    [80, 150],
    [200, 400],
    [330, 620],
  ] as const)
    page.drawText('SAMPLE', { x, y, size: 90, font: bold, color: rgb(0.85, 0.85, 0.85), rotate: degrees(35) });
  return Buffer.from(await pdf.save());
}

/** Layout: a web certificate drawn small (a screenshot), so OCR reads it enlarged. */
export const SMALL_CERTIFICATE: Page = [
  null,
  { text: 'Issued June 2, 2023', size: 11, center: true },
  { text: 'This certifies that', size: 12, center: true },
  { text: 'jdoe_learns', size: 16, bold: true, center: true },
  { text: 'has successfully completed the Data Ethics course', size: 12, center: true },
  { text: 'representing approximately 40 hours of coursework.', size: 12, center: true },
  null,
  { text: 'Marcus Hale', size: 12, bold: true, center: true },
  { text: 'Executive Director, OpenLearn Academy', size: 12, center: true },
];
