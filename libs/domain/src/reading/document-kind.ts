import type { DocumentKind } from '@app/contracts';

const SIGNS: Readonly<Record<Exclude<DocumentKind, 'other'>, readonly [RegExp, number][]>> = {
  transcript: [
    // The word on a line of its own or a heading's few words, not in a list asking the reader to send one ('o transcript
    // of records (regarding your current degree programme)' in a course's application steps).
    [
      /^(?![ \t]*(?:[o•●▪◦*-]|\d{1,2}[.)])[ \t])[^\n]{0,60}\b(?:official\s+|academic\s+|unofficial\s+)?transcript\b[^\n]{0,40}$/im,
      3,
    ],
    [/\brecord\s+of\s+(?:academic\s+)?(?:achievement|record|study|studies)|\bacademic\s+record\b/i, 3],
    [/\bG\.?P\.?A\.?\b|\bgrade\s+point\s+average\b/i, 2],
    [/\b(?:credits?|hours|units)\s+(?:earned|attempted)\b|\bquality\s+points\b/i, 2],
    [/\bregistrar\b/i, 1],
  ],
  certificate: [
    [/\b(?:this\s+is\s+to\s+)?certif(?:y|ies)\s+that\b/i, 4],
    [
      /\bcertificate\s+of\s+(?:completion|achievement|attendance|participation|appreciation|recognition|excellence|merit|training)\b/i,
      4,
    ],
    [/\b(?:awarded|presented|granted|conferred)\s+(?:up)?(?:to|on)\b/i, 2],
    // 'THIS IS PROUDLY PRESENTED TO' over a blank line: what only a certificate says.
    [/\b(?:proudly|hereby)\s+(?:presented|awarded|granted)\s+to\b/i, 2],
    [/\bfor\s+(?:successfully\s+)?completing\b|\bhas\s+(?:successfully\s+)?(?:completed|attended|participated)\b/i, 2],
    [/\bcertificate\b/i, 1],
  ],
  syllabus: [
    [/\bsyllabus\b/i, 4],
    [/\b(?:course\s+)?schedule\b|\bweekly\s+(?:topics|schedule)\b/i, 1],
    [/\b(?:week|module|session|unit)\s*1\b/i, 2],
    [/\b(?:learning|course)\s+(?:objectives|outcomes)\b|^\s*objectives\s*:?\s*$/im, 1],
    [/\b(?:grading|assessment|assignments)\b/i, 1],
    [/\b(?:instructor|office\s+hours)\b/i, 1],
    [/\bcourse\s+(?:outline|plan)\b/i, 3],
    [/\bcourse\s+(?:structure|contents?)\b|\blecture\s+(?:list|plan)\b/i, 1],
    [/\b(?:required\s+)?text\s*books?\b|\brequired\s+(?:texts?|readings?|resources)\b/i, 1],
    [/\battendance\b/i, 1],
    [/\bacademic\s+(?:integrity|honesty|dishonesty|misconduct)\b|\bplagiarism\b|\bcheating\b/i, 1],
    [/\b(?:class\s+)?meeting\s+times?\b|\bclass\s+meets\b|^\s*meetings?\s*:/im, 1],
  ],
  course_description: [
    [/\bcourse\s+description\b/i, 4],
    [/\bprerequisites?\b/i, 2],
    [/\bcatalog(?:ue)?\b/i, 1],
  ],
};

/** This many syllabus signs (grading, instructor, textbook, attendance, meeting times…) outweigh a 'Course Description' heading. */
const SYLLABUS_SIGNS_ENOUGH = 5;

/** Four or more course rows with a grade make a transcript whatever its heading says. */
const GRADED_ROW =
  /^[A-Z]{2,6}[ -]?[A-Z]?(?:\d{2,4}|\d[A-Z]\d{1,3})[A-Z]?\b.*\b\d{1,3}(?:\.\d{1,2})?\b.*\b(?:[A-F][+-]?|[A-D][A-D]|F[DF]|P|W|NC|CR)(?:\s+(?:\d{4}\s*[/-]\s*\d{1,2}|(?:Fall|Spring|Summer|Winter|Autumn|Spr|Fa|Sp|Su|Wi|FALL|SPRING|SUMMER|WINTER)\s+\d{4}))?\s*$/gm;

/** How strongly a text shows the signs of one kind (0: none); a model's kind is taken only for a document that shows some. */
export function kindScore(text: string, kind: DocumentKind): number {
  return kind === 'other' ? 0 : SIGNS[kind].reduce((sum, [sign, weight]) => sum + (sign.test(text) ? weight : 0), 0);
}

/** The kind of a document from what it says; the uploader's choice (from the file name) only breaks a silence. */
export function classifyDocument(text: string, fallback: DocumentKind = 'other'): DocumentKind {
  const scores = (Object.keys(SIGNS) as Exclude<DocumentKind, 'other'>[]).map((kind) => ({
    kind,
    score: SIGNS[kind].reduce((sum, [sign, weight]) => sum + (sign.test(text) ? weight : 0), 0),
  }));
  const rows = text.match(GRADED_ROW)?.length ?? 0;
  // Graded rows are the mark of a transcript.
  const transcript = scores.find((s) => s.kind === 'transcript');
  if (transcript && rows >= 4) transcript.score += 4;
  // A syllabus has a section describing the course; a course description has no grading, office hours, textbook,
  // attendance or meeting times. Many signs of a syllabus make one whatever else it names.
  const syllabus = scores.find((s) => s.kind === 'syllabus');
  if (syllabus && syllabus.score >= SYLLABUS_SIGNS_ENOUGH) syllabus.score += 4;
  const best = scores.reduce((a, b) => (b.score > a.score ? b : a));
  return best.score >= 3 ? best.kind : fallback;
}
