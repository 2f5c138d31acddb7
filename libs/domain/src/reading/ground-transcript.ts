import type { CreditSystem, TranscriptCourse } from '@app/contracts';
import { creditRule, toQuarterCredits } from './credit-system';
import { findDates } from './dates';
import { evidenceOf, findEvidence } from './evidence';
import type { TextLine } from './positioned-lines';
import type { TranscriptReading } from './transcript-reader';
// A transcript as a language model reads it (OpenAI structured outputs), before it is checked against the document:
// the same fields as the local transcript reader, so the two readings can be compared value by value.
import type { ModelCourseRow, ModelTranscript } from '../evaluation/model-signals';

const squash = (s: string): string => s.toLowerCase().replace(/\s+/g, ' ').trim();

function numberOnLine(line: string, value: number): boolean {
  const written = [String(value), value.toFixed(1), value.toFixed(2)].map((v) => v.replace('.', '[.,]'));
  return written.some((v) => new RegExp(`(?<![\\d.,])${v}(?![\\d]|[.,]\\d)`).test(line));
}

const tokenOnLine = (line: string, token: string): boolean =>
  new RegExp(`(?<![A-Za-z0-9])${token.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![A-Za-z0-9+-])`, 'i').test(line);

/** Words a document uses when it counts in that system; the model's system stands only where the text names it. */
const SYSTEM_WORDS: Readonly<Record<CreditSystem, RegExp>> = {
  semester: /\bsemester\b|\bSCH\b/i,
  quarter: /\bquarter\b/i,
  clock_hours: /\bclock\s+hours?\b|\bcontact\s+hours?\b/i,
  ects: /\bECTS\b/i,
  uk: /\bUK\b|\bCATS\b|\bFHEQ\b/i,
};

const sameCourse = (a: { code: string | null; title: string }, b: { code: string | null; title: string }): boolean =>
  a.code !== null && b.code !== null ? squash(a.code) === squash(b.code) : squash(a.title) === squash(b.title);

/**
 * The model's course row where the document backs it: a line holds its title (and code), its credits and its grade;
 * its term, if any, is written in the document. That line is the row's evidence.
 */
function groundRow(
  row: ModelCourseRow,
  lines: readonly TextLine[],
  text: string,
): { row: ModelCourseRow & { credits: number }; line: TextLine } | null {
  if (row.credits === null) return null;
  const line = lines.find(
    (l) =>
      squash(l.text).includes(squash(row.title)) && (row.code === null || squash(l.text).includes(squash(row.code))),
  );
  if (!line || !numberOnLine(line.text, row.credits)) return null;
  if (row.grade !== null && !tokenOnLine(line.text, row.grade)) return null;
  if (row.term !== null && !squash(text).includes(squash(row.term))) return null;
  return { row: { ...row, credits: row.credits }, line };
}

/**
 * The model's transcript, kept only where the document contains it: each course row whose title, credits and grade
 * sit on one line of the document, names and the program written in it, a date it contains, a credit system it
 * names. Anything else is the local reading's value (a row the model got wrong becomes the local reader's row of that
 * course; a row the model left out is added from the local reading), so a model cannot invent a course or credits.
 */
export function groundTranscript(
  model: ModelTranscript,
  local: TranscriptReading | null,
  document: string,
  lines: readonly TextLine[],
): TranscriptReading {
  const text = lines.map((l) => l.text).join('\n');
  const appears = (value: string | null): value is string => value !== null && squash(text).includes(squash(value));
  const localCourses = local?.courses ?? [];
  const system =
    model.creditSystem !== null && SYSTEM_WORDS[model.creditSystem].test(text)
      ? model.creditSystem
      : (local?.creditSystem ?? 'semester');
  const rule = creditRule(system, text);

  const rows: TranscriptCourse[] = [];
  const add = (course: TranscriptCourse): void => {
    if (!rows.some((r) => r.evidence.page === course.evidence.page && r.evidence.line === course.evidence.line))
      rows.push(course);
  };
  for (const modelRow of model.courses) {
    const grounded = groundRow(modelRow, lines, text);
    if (grounded) {
      const { row, line } = grounded;
      add({
        ...row,
        quarterCredits: toQuarterCredits(row.credits, rule, row.grade),
        evidence: evidenceOf(document, line),
      });
    } else {
      const replacement = localCourses.find((c) => sameCourse(c, modelRow));
      if (replacement)
        add({ ...replacement, quarterCredits: toQuarterCredits(replacement.credits, rule, replacement.grade) });
    }
  }
  for (const course of localCourses)
    if (!rows.some((r) => sameCourse(r, course)))
      add({ ...course, quarterCredits: toQuarterCredits(course.credits, rule, course.grade) });
  rows.sort((a, b) => a.evidence.page - b.evidence.page || a.evidence.line - b.evidence.line);

  const evidence: TranscriptReading['evidence'] = { ...(local?.evidence ?? {}) };
  const field = <K extends 'institution' | 'student' | 'program'>(key: K): string | null => {
    const value = model[key];
    if (!appears(value)) return local?.[key] ?? null;
    const line = findEvidence(document, lines, value);
    if (line) evidence[key] = line;
    return value;
  };
  const institution = field('institution');
  const student = field('student');
  const program = field('program');
  const awardDate =
    model.awardDate !== null && findDates(text).includes(model.awardDate)
      ? model.awardDate
      : (local?.awardDate ?? null);
  if (system !== local?.creditSystem || !evidence.creditSystem) {
    delete evidence.creditSystem;
    const line = lines.find(
      (l) =>
        SYSTEM_WORDS[system].test(l.text) &&
        !rows.some((r) => r.evidence.page === l.page && r.evidence.line === l.line),
    );
    if (line) evidence.creditSystem = evidenceOf(document, line);
  }

  return {
    institution,
    student,
    program,
    awardDate,
    creditSystem: system,
    creditRule: rule.description,
    courses: rows,
    quarterCredits: Math.round(rows.reduce((sum, c) => sum + c.quarterCredits, 0) * 100) / 100,
    evidence,
    statedTotal: local?.statedTotal ?? null,
  };
}
