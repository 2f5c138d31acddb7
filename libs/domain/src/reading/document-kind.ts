import type { DocumentKind } from '@app/contracts';

const SIGNS: Readonly<Record<Exclude<DocumentKind, 'other'>, readonly [RegExp, number][]>> = {
  transcript: [
    [/\b(?:official\s+|academic\s+|unofficial\s+)?transcript\b/i, 3],
    [/\brecord\s+of\s+(?:academic\s+)?(?:achievement|record|study|studies)|\bacademic\s+record\b/i, 3],
    [/\bG\.?P\.?A\.?\b|\bgrade\s+point\s+average\b/i, 2],
    [/\b(?:credits?|hours|units)\s+(?:earned|attempted)\b|\bquality\s+points\b/i, 2],
    [/\bregistrar\b/i, 1],
  ],
  certificate: [
    [/\b(?:this\s+is\s+to\s+)?certif(?:y|ies)\s+that\b/i, 4],
    [/\bcertificate\s+of\s+(?:completion|achievement|attendance|participation)\b/i, 4],
    [/\b(?:awarded|presented)\s+to\b/i, 2],
    [/\bcertificate\b/i, 1],
  ],
  syllabus: [
    [/\bsyllabus\b/i, 4],
    [/\b(?:course\s+)?schedule\b|\bweekly\s+(?:topics|schedule)\b/i, 1],
    [/\b(?:week|module|session|unit)\s*1\b/i, 2],
    [/\blearning\s+(?:objectives|outcomes)\b/i, 1],
    [/\b(?:grading|assessment|assignments)\b/i, 1],
    [/\b(?:instructor|office\s+hours)\b/i, 1],
  ],
  course_description: [
    [/\bcourse\s+description\b/i, 4],
    [/\bprerequisites?\b/i, 2],
    [/\bcatalog(?:ue)?\b/i, 1],
  ],
};

/** Four or more course rows with a grade make a transcript whatever its heading says. */
const GRADED_ROW = /^[A-Z]{2,6}[ -]?[A-Z]?\d{2,4}[A-Z]?\b.*\b\d{1,3}(?:\.\d{1,2})?\b.*\b(?:[A-F][+-]?|P|W|NC|CR)\s*$/gm;

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
  const best = scores.reduce((a, b) => (b.score > a.score ? b : a));
  return best.score >= 3 ? best.kind : fallback;
}
