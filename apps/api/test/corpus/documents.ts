import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DocumentType } from '@app/contracts';
import { Document, HeadingLevel, Packer, Paragraph } from 'docx';
import { makeDoc } from '../fixtures/doc-fixture';
import { flyerPdf, syllabusPdf } from '../fixtures/syllabus';
import { transcriptDocx } from '../fixtures/transcript';
import { layoutImage, layoutPdf, scannedPdf, type Page } from './layout';
import { TRANSCRIPT_LAYOUT_DOCUMENTS } from './transcript-layouts';
import {
  datedMeetingSyllabus,
  instructorsTableSyllabus,
  KEY_VALUE_CERTIFICATE,
  MEETING_PATTERN_SYLLABUS,
  SMALL_CERTIFICATE,
  watermarkedCertificate,
} from './syllabi-and-certificates';
import {
  CLOCK_HOUR_TRANSCRIPT,
  ECTS_TRANSCRIPT,
  FIVE_PAGE_TRANSCRIPT,
  QUARTER_TRANSCRIPT,
  SEMESTER_TRANSCRIPT,
  TWO_PAGE_TRANSCRIPT,
  UK_TRANSCRIPT,
} from './transcripts';

/** A certificate as a page: recipient, issuer, signer, date and hours, centred as certificates are. */
function certificate(
  recipient: string,
  course: string,
  hours: string,
  issuer: string,
  date: string,
  signer: string,
): Page {
  return [
    null,
    null,
    { text: 'Certificate of Completion', size: 26, bold: true, center: true },
    null,
    { text: 'This certifies that', size: 14, center: true },
    { text: recipient, size: 22, bold: true, center: true },
    { text: 'has successfully completed', size: 14, center: true },
    { text: course, size: 14, center: true },
    { text: hours, size: 14, center: true },
    null,
    { text: `Awarded by ${issuer}`, size: 14, center: true },
    { text: `Completed on ${date}`, size: 14, center: true },
    null,
    { text: `${signer}, Program Director`, size: 13, center: true },
  ];
}

const CERTIFICATE_PNG = certificate(
  'Maya Thompson',
  'Trauma-Informed Care Intensive',
  '32 contact hours',
  'Riverside Trauma Institute',
  'March 3, 2024',
  'Dr. Alan Whitfield',
);
const CERTIFICATE_JPG = certificate(
  'Daniel Kim',
  'Somatic Approaches to Chronic Pain',
  '24 contact hours',
  'Northern Lights Academy',
  'October 12, 2023',
  'Rachel Stone',
);
const CERTIFICATE_SCAN = certificate(
  'Sofia Alvarez',
  'Child Resilience and Play Therapy',
  '40 contact hours',
  'Bright Futures Institute',
  'January 20, 2025',
  'Dr. Nora Quinn',
);

const MODULE_SYLLABUS = [
  'Counseling Skills for Helping Professionals',
  'Course code: CSK 220',
  'Eastfield Community College - Department of Behavioral Sciences',
  'Instructor: Grace Liu, Assistant Professor, Eastfield Community College, grace.liu@eastfield.example.edu',
  'This course runs as 6 modules over 10 weeks, 4 contact hours per week for 10 weeks.',
  'Learning Outcomes:',
  'Students will be able to:',
  '1. Demonstrate active listening and empathy in role play.',
  '2. Build a therapeutic relationship with clients from diverse backgrounds, showing cultural competence.',
  '3. Use motivational interviewing and goal setting with clients.',
  '4. Carry out a client assessment and crisis intervention plan.',
  '5. Keep documentation that meets professional ethics standards.',
  'Module 1: Active listening and empathy',
  'Module 2: The therapeutic relationship',
  'Module 3: Motivational interviewing and goal setting',
  'Module 4: Client assessment and crisis intervention',
  'Module 5: Cultural competence',
  'Module 6: Documentation and professional ethics',
  'Assessment: role-play presentation (30%), reflective essay (30%), final exam (40%).',
];

const COURSE_DESCRIPTION = [
  'Course Description',
  'PSY 305 Psychopathology and Diagnosis',
  'Westgate University, School of Psychology',
  'Prerequisite: PSY 101 Introduction to Psychology',
  'Credits: 3 semester credit hours (45 contact hours)',
  'This course surveys psychopathology and diagnosis using the DSM: anxiety disorders, mood disorders, personality disorders,',
  'psychotic disorders and substance use, with treatment planning and professional ethics in clinical practice.',
  'Learning objectives: students will be able to:',
  '1. Describe the major classes of disorders in the DSM.',
  '2. Distinguish anxiety disorders from mood disorders.',
  '3. Write a treatment planning note for a case.',
  'Assessment: two exams and a case study.',
  'Contact: Prof. Ruth Adeyemi, Department Chair, ruth.adeyemi@westgate.example.edu',
];

const COURSE_DESCRIPTION_DOC = [
  'Course Description',
  'PSY 270 Human Development Across the Lifespan',
  'Meadowbrook College',
  'Prerequisite: PSY 101',
  'This course follows child development, adolescence, adulthood and aging: attachment, cognitive development,',
  'language development, moral development, identity and family systems.',
  'Format: 15 weeks, 3 contact hours per week for 15 weeks.',
  'Assessment: quizzes, a research paper and a final exam.',
  'Questions: Lisa Moreno, Academic Advisor, lmoreno@meadowbrook.example.edu',
];

async function docx(lines: readonly string[]): Promise<Buffer> {
  const [title, ...rest] = lines;
  const document = new Document({
    sections: [
      {
        children: [
          new Paragraph({ text: title, heading: HeadingLevel.TITLE }),
          ...rest.map((line) => new Paragraph({ text: line })),
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
}

export interface CorpusDocument {
  /** Also the gold file's name: gold/<name>.json. */
  name: string;
  fileName: string;
  /** What the uploader's file name suggests; the reader must not depend on it. */
  documentType: DocumentType;
  make(): Promise<Buffer> | Buffer;
}

export const CORPUS: readonly CorpusDocument[] = [
  {
    name: 'semester-transcript',
    fileName: 'records-2024.pdf',
    documentType: 'other',
    make: () => layoutPdf([SEMESTER_TRANSCRIPT]),
  },
  {
    name: 'quarter-transcript',
    fileName: 'pcc-transcript.pdf',
    documentType: 'transcript',
    make: () => layoutPdf([QUARTER_TRANSCRIPT]),
  },
  {
    name: 'clock-hour-transcript',
    fileName: 'harborview-transcript.pdf',
    documentType: 'transcript',
    make: () => layoutPdf([CLOCK_HOUR_TRANSCRIPT]),
  },
  {
    name: 'ects-transcript',
    fileName: 'transcript-of-records.pdf',
    documentType: 'transcript',
    make: () => layoutPdf([ECTS_TRANSCRIPT]),
  },
  {
    name: 'uk-transcript',
    fileName: 'hear-transcript.pdf',
    documentType: 'transcript',
    make: () => layoutPdf([UK_TRANSCRIPT]),
  },
  {
    name: 'two-page-transcript',
    fileName: 'lakeshore.pdf',
    documentType: 'other',
    make: () => layoutPdf(TWO_PAGE_TRANSCRIPT),
  },
  {
    name: 'scanned-transcript',
    fileName: 'scan0001.pdf',
    documentType: 'other',
    make: () => scannedPdf([SEMESTER_TRANSCRIPT]),
  },
  {
    name: 'five-page-scanned-transcript',
    fileName: 'scan0003.pdf',
    documentType: 'transcript',
    make: () => scannedPdf(FIVE_PAGE_TRANSCRIPT),
  },
  { name: 'docx-transcript', fileName: 'official-transcript.docx', documentType: 'transcript', make: transcriptDocx },
  { name: 'syllabus-weeks', fileName: 'syllabus.pdf', documentType: 'syllabus', make: syllabusPdf },
  { name: 'syllabus-modules', fileName: 'csk220.docx', documentType: 'other', make: () => docx(MODULE_SYLLABUS) },
  {
    name: 'certificate-png',
    fileName: 'certificate.png',
    documentType: 'certificate',
    make: () => layoutImage(CERTIFICATE_PNG, 'png'),
  },
  {
    name: 'certificate-jpg',
    fileName: 'IMG_2041.jpg',
    documentType: 'other',
    make: () => layoutImage(CERTIFICATE_JPG, 'jpeg', { photo: true }),
  },
  {
    name: 'certificate-scan',
    fileName: 'certificate-scan.pdf',
    documentType: 'certificate',
    make: () => scannedPdf([CERTIFICATE_SCAN]),
  },
  {
    name: 'course-description-docx',
    fileName: 'psy305.docx',
    documentType: 'other',
    make: () => docx(COURSE_DESCRIPTION),
  },
  {
    name: 'course-description-doc',
    fileName: 'course-psy270.doc',
    documentType: 'course_description',
    make: () => makeDoc(COURSE_DESCRIPTION_DOC.join('\n')),
  },
  { name: 'flyer', fileName: 'workshop-flyer.pdf', documentType: 'other', make: flyerPdf },
  ...TRANSCRIPT_LAYOUT_DOCUMENTS,
  {
    name: 'syllabus-meeting-pattern',
    fileName: 'psy340-syllabus.pdf',
    documentType: 'syllabus',
    make: () => layoutPdf([MEETING_PATTERN_SYLLABUS]),
  },
  {
    name: 'syllabus-dated-meetings',
    fileName: 'edu2210.docx',
    documentType: 'syllabus',
    make: datedMeetingSyllabus,
  },
  {
    name: 'syllabus-instructors-table',
    fileName: 'soc1150.docx',
    documentType: 'syllabus',
    make: instructorsTableSyllabus,
  },
  {
    name: 'certificate-key-value',
    fileName: 'statement.pdf',
    documentType: 'certificate',
    make: () => layoutPdf([KEY_VALUE_CERTIFICATE]),
  },
  {
    name: 'certificate-watermark',
    fileName: 'sample-certificate.pdf',
    documentType: 'certificate',
    make: watermarkedCertificate,
  },
  {
    name: 'certificate-image-pdf',
    fileName: 'certificate-image.pdf',
    documentType: 'certificate',
    make: () => scannedPdf([KEY_VALUE_CERTIFICATE], 2),
  },
  {
    name: 'certificate-small-png',
    fileName: 'screenshot.png',
    documentType: 'certificate',
    make: () => layoutImage(SMALL_CERTIFICATE, 'png', { scale: 1.2 }),
  },
];

/** The expected fields of one corpus document; only the fields listed are scored. */
export interface Gold {
  kind?: string;
  transcript?: {
    institution?: string | null;
    student?: string | null;
    program?: string | null;
    awardDate?: string | null;
    creditSystem?: string;
    quarterCredits?: number;
    /** 'term | code | title | credits | grade' per row. */
    courses?: string[];
  };
  contactHours?: number | null;
  totalCredits?: number;
  /** 'original => equivalent (credits)'. */
  equivalencies?: string[];
  criteria?: Record<string, boolean>;
  certificate?: Record<string, string | null>;
  /** 'name | title | email | organization'. */
  contacts?: string[];
}

export function readGold(name: string): Gold {
  // The compiled script runs from dist/apps/api-eval/…; the gold files stay beside this source file.
  const folder = join(__dirname.replace(/[\\/]dist[\\/]apps[\\/]api-eval(?=[\\/])/, ''), 'gold');
  return JSON.parse(readFileSync(join(folder, `${name}.json`), 'utf8')) as Gold;
}
