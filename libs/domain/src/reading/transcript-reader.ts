import type { TranscriptCourse, TranscriptSummary } from '@app/contracts';
import { findDates } from './dates';
import { creditRule, detectCreditSystem, toQuarterCredits } from './credit-system';
import { evidenceOf } from './evidence';
import type { TextLine } from './positioned-lines';

/**
 * Reads a transcript: who issued it, to whom, for which program and when, and one row per course. Course rows come
 * from the table under a heading row (Course / Title / Credits / Grade in any order), each cell put in the column
 * whose heading starts nearest to it; a transcript without a table ('PSY 101 Ethics - 3 credits - Grade: A') is read
 * line by line.
 */

type Role = 'term' | 'code' | 'course' | 'title' | 'credits' | 'grade' | 'other';

interface Column {
  role: Role;
  x: number;
  heading: string;
}

const CODE = /^[A-Z]{2,6}[ -]?[A-Z]?\d{1,4}[A-Z]?$/;
const CODE_PREFIX = /^([A-Z]{2,6}[ -]?[A-Z]?\d{1,4}[A-Z]?)\s+(.+)$/;
const GRADE = /^(?:[A-E][+-]?|F[X]?|P|S|U|W[FPDU]?|NC|NP|NR|CR|IP|INC|I|AU|X|PASS|FAIL|\d{1,3}(?:[.,]\d{1,2})?%?)\*?$/i;
const NUMBER = /^\d{1,3}(?:[.,]\d{1,2})?$/;
const TERM =
  /^(?:(?:term|semester|session|period)\s*:?\s*)?(?:(?:fall|autumn|spring|summer|winter)(?:\s+(?:semester|quarter|term|session))?\s+\d{4}(?:\s*\/\s*\d{2,4})?|(?:semester|term|trimester|year)\s+[1-4IV]+\s*(?:[,-]\s*)?\d{4}(?:\s*[/-]\s*\d{2,4})?|(?:academic\s+year\s+)?\d{4}\s*[/-]\s*\d{2,4}(?:\s+(?:semester|term)\s+\d)?)$/i;

function roleOf(heading: string): Role | null {
  const h = heading.toLowerCase().replace(/[.:#]/g, '').trim();
  if (/^(?:term|semester|session|period|year|term taken)$/.test(h)) return 'term';
  if (/^(?:course|module|subject)?\s*(?:code|no|number|id)$|^(?:subject|catalog no)$/.test(h)) return 'code';
  if (/^(?:course|module|subject|course name)$/.test(h)) return 'course';
  if (/title|description|name/.test(h)) return 'title';
  if (/^grade|^mark|^result|^final grade/.test(h)) return 'grade';
  if (/attempted|quality|points|^qp$|gpa/.test(h)) return 'other';
  if (/credit|hours|hrs|units|^ects$|^cr$|^sh$|^qh$|earned/.test(h)) return 'credits';
  return null;
}

/** A heading row: at least a credits and a grade column and something naming the course. */
function readHeading(line: TextLine): Column[] | null {
  if (line.cells.length < 3) return null;
  const columns: Column[] = [];
  for (const cell of line.cells) {
    const role = roleOf(cell.text);
    if (role === null) return null;
    columns.push({ role, x: cell.x, heading: cell.text });
  }
  const has = (role: Role): boolean => columns.some((c) => c.role === role);
  if (!has('credits') || !has('grade') || !(has('title') || has('course'))) return null;
  // 'Credits Attempted' and 'Credits Earned': the earned column counts.
  const credits = columns.filter((c) => c.role === 'credits');
  if (credits.length > 1) {
    const earned = credits.find((c) => /earned/i.test(c.heading)) ?? credits[credits.length - 1];
    for (const c of credits) if (c !== earned) c.role = 'other';
  }
  return columns;
}

function nearestColumn(columns: readonly Column[], x: number): Column {
  return columns.reduce((best, c) => (Math.abs(c.x - x) < Math.abs(best.x - x) ? c : best));
}

const number = (text: string): number => Number(text.replace(',', '.'));

/**
 * What OCR makes of a printed grade: a lower-case letter ('w'), a capital read twice ('Cc'); grades are capitals.
 * A text layer's grade is left as it is.
 */
function cleanGrade(grade: string): string {
  const doubled = /^([a-z])\1$/i.exec(grade)?.[1];
  if (doubled !== undefined) return doubled.toUpperCase();
  return /^[a-z]{1,2}[+-]?$/.test(grade) ? grade.toUpperCase() : grade;
}

/** OCR reads a title's closing Roman numeral I as a bar ('Drawing |'). */
const cleanTitle = (title: string): string => title.trim().replace(/\s\|$/, ' I');

function courseFromCells(
  line: TextLine,
  columns: readonly Column[],
): { code: string | null; title: string; credits: number; grade: string | null; term: string | null } | null {
  const values = new Map<Role, string>();
  for (const cell of line.cells) {
    const column = nearestColumn(columns, cell.x);
    values.set(column.role, values.has(column.role) ? `${values.get(column.role)} ${cell.text}` : cell.text);
  }
  let code = values.get('code') ?? null;
  let title = values.get('title') ?? values.get('course') ?? '';
  if (values.has('course') && values.has('title')) code = values.get('course') ?? null;
  if (code === null) {
    const [, prefix, rest] = CODE_PREFIX.exec(title) ?? [];
    if (prefix !== undefined && rest !== undefined) [code, title] = [prefix, rest];
  }
  const credits = values.get('credits') ?? '';
  const rawGrade = values.get('grade');
  const grade = rawGrade === undefined ? null : cleanGrade(rawGrade);
  if (!NUMBER.test(credits) || title.trim() === '' || (grade !== null && !GRADE.test(grade))) return null;
  if (code !== null && !CODE.test(code)) return null;
  return { code, title: cleanTitle(title), credits: number(credits), grade, term: values.get('term') ?? null };
}

/** 'PSY 101 Introduction to Psychology - 40 contact hours - Final grade: A' and the like, for transcripts without a table. */
const INLINE_ROW =
  /^([A-Z]{2,6}[ -]?[A-Z]?\d{2,4}[A-Z]?)\s+(.+?)\s*[-–,|(]\s*(\d{1,3}(?:\.\d{1,2})?)\s*((?:semester|quarter|contact|clock|ECTS|UK)?\s*(?:credit\s+)?(?:credits?|hours?|hrs|units?|ECTS))\)?(?:\s*[-–,|]\s*(?:final\s+)?grade\s*:?\s*([A-Z][+-]?|\w+))?/i;

const LABELS = {
  student: /^(?:student(?:'s)?(?:\s+name)?|name(?:\s+of\s+student)?|name|learner|student\s*\/\s*name)$/i,
  program:
    /^(?:program(?:me)?|degree(?:\s+program(?:me)?)?|major|course\s+of\s+study|degree\s+awarded|award|qualification|field\s+of\s+study)$/i,
  awardDate:
    /^(?:degree\s+conferred|degree\s+awarded|date\s+conferred|conferral\s+date|conferred|date\s+awarded|award(?:ed)?\s+date|date\s+of\s+award|graduation\s+date|date\s+of\s+graduation|completion\s+date|date\s+of\s+completion|date\s+completed)$/i,
};
const LABELLED = /^([A-Za-z' /]+?)\s*:\s*(.*)$/;
/** Another label on the same cell ends a value: 'Student: Jane Doe Student ID: 123'. */
const NEXT_LABEL =
  /\s+(?:student\s+)?(?:id|number|no\.?|date(?:\s+of\s+birth)?|dob|ssn|program|degree|major|page)\s*:.*$/i;

/** The first value under a label that `accept` takes ('Degree Awarded:' names a program on one transcript, a date on another). */
function labelled(
  lines: readonly TextLine[],
  label: RegExp,
  accept: (value: string) => boolean = () => true,
): { value: string; line: TextLine } | null {
  for (const line of lines) {
    const cells = line.cells.length > 0 ? line.cells : [{ text: line.text, x: 0 }];
    for (const [i, cell] of cells.entries()) {
      const next = cells[i + 1];
      const [, name, given] = LABELLED.exec(cell.text) ?? [];
      const bare = label.test(cell.text.replace(/:$/, '').trim());
      if (name !== undefined && label.test(name.trim())) {
        const value = ((given ?? '').trim() || (next && !LABELLED.test(next.text) ? next.text : ''))
          .replace(NEXT_LABEL, '')
          .trim();
        if (value && accept(value)) return { value, line };
      } else if (bare && cell.text.endsWith(':') && next) {
        const value = next.text.replace(NEXT_LABEL, '').trim();
        if (accept(value)) return { value, line };
      }
    }
  }
  return null;
}

/** 'Smith, Jordan A.' -> 'Jordan A. Smith'. */
function personName(value: string): string {
  const [, family, given] = /^([A-Z][A-Za-z'-]+),\s*([A-Z][A-Za-z.' -]+)$/.exec(value.trim()) ?? [];
  return family !== undefined && given !== undefined ? `${given.trim()} ${family}` : value.trim();
}

const INSTITUTION =
  /((?:[A-Z][\w&'.-]*\s+(?:of\s+|for\s+|and\s+|&\s+|the\s+|de\s+)*)*(?:University|College|Institute|Academy|School|Universit[äé]t?|Hochschule|Polytechnic|Seminary|Conservatory)\b(?:\s+(?:of|for|and|&|the|de|in)(?:\s+[A-Z][\w&'.-]*)+)*)/;

function titleCase(text: string): string {
  return text
    .toLowerCase()
    .replace(/\b([a-z])([a-z]*)/g, (word, first: string, rest: string) =>
      /^(?:of|for|and|the|in|de)$/.test(word) ? word : first.toUpperCase() + rest,
    );
}

export function institutionOf(lines: readonly TextLine[]): { value: string; line: TextLine } | null {
  for (const line of lines.filter((l) => l.page === lines[0]?.page).slice(0, 12)) {
    if (/registrar\s*:|signed|certif/i.test(line.text)) continue;
    const text = line.text.replace(/^(?:the|official transcript\s*[-–:]?)\s+/i, '');
    const m = INSTITUTION.exec(/[a-z]/.test(text) ? text : titleCase(text));
    const name = m?.[1];
    if (!m || name === undefined) continue;
    // 'Kingsbridge College London': a single place name that ends the line belongs to the name.
    const after = text.slice(m.index + name.length);
    const place = /^\s+([A-Z][a-z]+)\s*$/.exec(after)?.[1];
    return { value: `${name.replace(/\s+(?:of|for|and|the)$/i, '').trim()}${place ? ` ${place}` : ''}`, line };
  }
  return null;
}

export interface TranscriptReading extends TranscriptSummary {
  /** The total the transcript states, when it states one, to cross-check the rows against. */
  statedTotal: number | null;
}

const TOTAL =
  /\b(?:total|cumulative|overall)\s+(?:credits?|hours|units|ects)(?:\s+earned)?\s*:?\s*(\d{1,4}(?:\.\d{1,2})?)/i;

export function readTranscript(document: string, lines: readonly TextLine[]): TranscriptReading {
  const text = lines.map((l) => l.text).join('\n');
  const rows: {
    line: TextLine;
    code: string | null;
    title: string;
    credits: number;
    grade: string | null;
    term: string | null;
    unit?: string;
  }[] = [];
  let columns: Column[] | null = null;
  let term: string | null = null;
  let creditsHeading = '';
  for (const line of lines) {
    const heading = readHeading(line);
    if (heading) {
      columns = heading;
      creditsHeading = heading.find((c) => c.role === 'credits')?.heading ?? creditsHeading;
      continue;
    }
    const termText = line.text.replace(/^(?:term|semester|session)\s*:\s*/i, '');
    if (TERM.test(line.text) || (/^(?:term|semester|session)\s*:/i.test(line.text) && TERM.test(termText))) {
      term = termText.trim();
      continue;
    }
    const row = columns ? courseFromCells(line, columns) : null;
    if (row) {
      rows.push({ line, ...row, term: row.term ?? term });
      continue;
    }
    const [, inlineCode, inlineTitle, inlineCredits, inlineUnit, inlineGrade] = INLINE_ROW.exec(line.text) ?? [];
    if (inlineCode !== undefined && inlineTitle !== undefined && inlineCredits !== undefined) {
      rows.push({
        line,
        code: inlineCode,
        title: inlineTitle.trim(),
        credits: Number(inlineCredits),
        grade: inlineGrade ?? null,
        term,
        unit: inlineUnit,
      });
    }
  }
  const system = detectCreditSystem(text, creditsHeading || rows.find((r) => r.unit)?.unit || '');
  const rule = creditRule(system, text);
  const courses: TranscriptCourse[] = rows.map((r) => ({
    term: r.term,
    code: r.code,
    title: r.title,
    credits: r.credits,
    grade: r.grade,
    quarterCredits: toQuarterCredits(r.credits, rule, r.grade),
    evidence: evidenceOf(document, r.line),
  }));

  const institution = institutionOf(lines);
  const student = labelled(lines, LABELS.student);
  const datePresent = (value: string): boolean => findDates(value).length > 0;
  const program = labelled(lines, LABELS.program, (value) => !datePresent(value));
  const award = labelled(lines, LABELS.awardDate, datePresent);
  const awardDate = award ? (findDates(award.value)[0] ?? null) : null;
  const systemLine = lines.find(
    (l) =>
      /credit|hours|ECTS/i.test(l.text) &&
      !rows.some((r) => r.line === l) &&
      detectCreditSystem(l.text) === system &&
      /semester|quarter|clock|contact|ECTS|UK|CATS/i.test(l.text),
  );
  const total = lines.map((l) => ({ l, m: TOTAL.exec(l.text) })).find((t) => t.m);
  const evidence: TranscriptSummary['evidence'] = {};
  const put = (key: keyof TranscriptSummary['evidence'], found: { line: TextLine } | null | undefined): void => {
    if (found) evidence[key] = evidenceOf(document, found.line);
  };
  put('institution', institution);
  put('student', student);
  put('program', program);
  put('awardDate', awardDate ? award : null);
  put('creditSystem', systemLine ? { line: systemLine } : null);

  return {
    institution: institution?.value ?? null,
    student: student ? personName(student.value) : null,
    program: program?.value ?? null,
    awardDate,
    creditSystem: system,
    creditRule: rule.description,
    courses,
    quarterCredits: Math.round(courses.reduce((sum, c) => sum + c.quarterCredits, 0) * 100) / 100,
    evidence,
    statedTotal: total?.m ? Number(total.m[1]) : null,
  };
}
