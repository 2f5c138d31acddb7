import { normalizeDocumentText } from './normalize-text';

const OBJECTIVES_HEADING =
  /^(?:#+\s*)?(?:[\dIVX]+[.)]\s*)?(?:(?:module|week|unit|session)\s*\d+\s*[:.-]?\s*)?(?:(?:course|program(?:me)?|student|module|training|specific|general|expected|key)\s+)?(?:learning\s+)?(?:objectives|outcomes|goals|aims)(?:\s*\([^)]*\))?\s*:?$/i;
/** The heading with its lead-in run on after it: 'Course Objectives: By the end of this course, you should …'. */
const HEADING_RUN_ON = /^(?:(?:course|learning|student)\s+)+(?:objectives|outcomes)\s*:\s*[A-Z]/i;
const LEAD_IN =
  /(?:(?:will|should)\s+be\s+able\s+to|(?:students?|participants?|learners?|trainees?|graduates?)\s+will)\s*:?$/i;
/**
 * Layout feature: the lead-in inside a bulleted line, its colon followed by the first item ('• At the conclusion of
 * the course, students should be able to have: • Capability of …'), the other items bulleted on the lines after it.
 */
const LEAD_IN_INSIDE = /^(?:[-*•●▪◦]\s*)?[^:]{0,80}\b(?:will|should)\s+be\s+able\s+to(?:\s+have)?\s*:\s*[-*•●▪◦]/i;
/**
 * Layout feature: items printed without bullets under a lead-in that ends in a colon ('At the completion of the
 * course, the student will:' over 'Design and develop C# programs …'), each a short sentence starting with a capital,
 * until a heading (a line in capitals) or a line that introduces something else.
 */
const PLAIN_ITEM = /^[A-Z][a-z]+\b[^:]{8,200}$/;
/** Bullets, including those a PDF's font maps to a control or private-use character ('\u0088', '\uf0b7'). */
const LIST_ITEM =
  /^(?:[-*•●▪◦·‣○■□➢➤✓✔>«»\u0080-\u009f\uf000-\uf0ff]|o(?=\s)|\(?\d{1,2}[.)]|\(?[a-z][.)]|\(?(?:i{1,3}|iv|vi{0,3}|ix|x)[.)])\s*\S/i;
/** Layout feature: outcomes written as unbulleted paragraphs, each a sentence about what students will do. */
const OUTCOME_PARAGRAPH =
  /^(?:students|participants|learners|trainees|graduates|you)\s+(?:will|can|should|must|are\s+able\s+to)\s+(?:be\s+able\s+to\s+)?[a-z]/i;
const ABLE_TO_SENTENCE =
  /\b(?:students|participants|learners|trainees|graduates|you)\s+will\s+be\s+able\s+to[ \t]+[a-z]/gi;

/** A section of a syllabus other than its objectives: a heading of one of these is never a sub-heading of the list. */
const OTHER_SECTION =
  /\b(?:grad(?:e|es|ing)|assessments?|evaluation|exams?|text\s*books?|readings?|materials|schedule|calendar|polic(?:y|ies)|prerequisites?|attendance|office|instructors?|contact|description|overview|requirements?\s+for|week|module|unit)\b/i;
/**
 * Layout feature: a sub-heading or two between the objectives heading and its first item ('Learning Outcomes' /
 * 'Skills to be acquired' / 'Object-oriented design' / '• …'): a short line that is no sentence and no other section.
 */
function isSubheading(line: string): boolean {
  const words = line.split(/\s+/);
  return (
    words.length <= 8 &&
    /^[A-Z]/.test(line) &&
    !/[.:;!?]$/.test(line) &&
    !LIST_ITEM.test(line) &&
    !OTHER_SECTION.test(line)
  );
}

function countListAfter(lines: readonly string[], start: number, plainItems: boolean): { count: number; next: number } {
  let count = 0;
  let subheadings = 0;
  let introAllowed = true;
  let plain = plainItems;
  let j = start;
  for (; j < lines.length; j++) {
    const line = (lines[j] ?? '').trim();
    // A page's number at its foot, between two items of a list that runs on to the next page, is not in the list.
    if (line === '' || /^(?:page\s+)?\d{1,3}(?:\s+of\s+\d{1,3})?$/i.test(line)) continue;
    if (LIST_ITEM.test(line) || (OUTCOME_PARAGRAPH.test(line) && !LEAD_IN.test(line))) {
      count++;
      plain = false;
      continue;
    }
    // A plain item is a sentence (lower-case words in it), not a heading in title case; bullets, once seen, end them.
    const lowerWords = line.split(/\s+/).filter((w) => /^[a-z]/.test(w)).length;
    if (plain && PLAIN_ITEM.test(line) && line.split(/\s+/).length <= 30 && lowerWords >= 3) {
      count++;
      continue;
    }
    if (count === 0 && introAllowed && (line.endsWith(':') || LEAD_IN.test(line))) {
      introAllowed = false;
      plain = LEAD_IN.test(line) && line.endsWith(':');
      continue;
    }
    // A wrapped item continues on a line that starts in lower case.
    if (count > 0 && /^[a-z]/.test(line)) continue;
    if (count === 0 && !plain && subheadings < 2 && isSubheading(line)) {
      subheadings++;
      continue;
    }
    break;
  }
  return { count, next: j };
}

/** Listed objectives under an objectives heading or lead-in, or 'students will be able to' sentences: the larger. */
export function findLearningObjectives(rawText: string): number {
  const text = normalizeDocumentText(rawText);
  const lines = text.split('\n');
  let listed = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] ?? '').trim();
    if (OBJECTIVES_HEADING.test(line) || LEAD_IN.test(line) || HEADING_RUN_ON.test(line) || LEAD_IN_INSIDE.test(line)) {
      const { count, next } = countListAfter(lines, i + 1, LEAD_IN.test(line) && line.endsWith(':'));
      listed += count;
      i = Math.max(i, next - 1);
    }
  }
  const sentences = Array.from(text.matchAll(ABLE_TO_SENTENCE)).length;
  // The cells of a Word table's row are tab-separated in the raw text (normalizing makes the tabs spaces).
  return Math.max(listed, sentences, objectivesInOneCell(rawText.replace(/\r\n?/g, '\n')), numberedInline(lines));
}

/** A label of objectives with its first item numbered on the same line: 'Learning objectives / competences: 1) …'. */
const INLINE_LABEL = /\b(?:objectives|outcomes|competences|competencies)\b[^:]{0,40}:\s*(?=\(?1[.)]\s)/i;
/** A line that starts another label ('Prerequisites: Statistics') ends the paragraph of numbered objectives. */
const NEXT_LABEL = /^[A-Z][A-Za-z &/-]{2,40}:/;

/**
 * Layout feature: objectives numbered inside one paragraph, run on after their label and wrapped over several lines
 * ('Learning objectives: 1) Students will … 2) Students will …'): items numbered 1, 2, 3 … in order are counted.
 */
function numberedInline(lines: readonly string[]): number {
  let most = 0;
  for (const [i, line] of lines.entries()) {
    const label = INLINE_LABEL.exec(line);
    if (!label) continue;
    let paragraph = line.slice(label.index + label[0].length);
    for (const next of lines.slice(i + 1)) {
      if (next.trim() === '' || NEXT_LABEL.test(next.trim())) break;
      paragraph += ` ${next.trim()}`;
    }
    let expected = 1;
    for (const m of paragraph.matchAll(/(?:^|\s)\(?(\d{1,2})[.)]\s+[A-Z]/g)) if (Number(m[1]) === expected) expected++;
    most = Math.max(most, expected - 1 >= 2 ? expected - 1 : 0);
  }
  return most;
}

/** 'Objectives' in one cell of a header table, its objectives as sentences in the cell beside it. */
const OBJECTIVES_CELL = /^(?:(?:course|learning|student)\s+)?(?:objectives|outcomes)\s*:?\t+(.+)$/gim;

/**
 * Layout feature: a Word table row 'Objectives | Use Python data types. Identify object types. Design programs. …':
 * each sentence of the cell is an objective.
 */
function objectivesInOneCell(text: string): number {
  let most = 0;
  for (const m of text.matchAll(OBJECTIVES_CELL)) {
    const sentences = (m[1] ?? '').split(/(?<=[.;])\s+(?=[A-Z])/).filter((s) => /[a-z]{3}/.test(s));
    most = Math.max(most, sentences.length >= 3 ? sentences.length : 0);
  }
  return most;
}

/** Whether a line introduces the objectives (a heading, a 'will be able to' lead-in or sentence); for the evidence line. */
export function introducesObjectives(line: string): boolean {
  const text = normalizeDocumentText(line).trim();
  return (
    OBJECTIVES_HEADING.test(text) ||
    LEAD_IN.test(text) ||
    HEADING_RUN_ON.test(text) ||
    /^(?:(?:course|learning|student)\s+)?(?:objectives|outcomes)\s+[A-Z][a-z]+\s.*[.;]\s+[A-Z]/.test(text) ||
    new RegExp(ABLE_TO_SENTENCE.source, 'i').test(text)
  );
}
