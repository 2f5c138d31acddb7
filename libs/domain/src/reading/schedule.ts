import { normalizeDocumentText } from './normalize-text';
import type { TextLine } from './positioned-lines';

/**
 * A course's schedule as syllabi lay it out: a list or table of weeks ('Week 0' … 'Week 15'), of dated rows ('Thurs
 * Jan 5: Introduction', '9/29 – 10/13  String Manipulation'), or of topics under an outline heading. Each reader
 * names the layout it counts.
 */

const MONTHS: Readonly<Record<string, number>> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};
const WEEKDAY = '(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\\.?,?\\s+';
const MONTH_DAY = '([a-z]{3})[a-z]*\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?(?![\\d/]|:\\d)';
const NUMERIC_DAY = '(\\d{1,2})/(\\d{1,2})(?![\\d/]|:\\d)';
const ONE_DATE = `(?:${MONTH_DAY}|${NUMERIC_DAY})`;
/** A schedule row starts with a date (after an optional weekday), or a range of dates. */
const ROW_START = new RegExp(
  `^(?:${WEEKDAY})?${ONE_DATE}(?:\\s*(?:-|to|through)\\s*(?:${WEEKDAY})?${ONE_DATE})?(?=$|[\\s:,.)-])`,
  'i',
);
const NO_CLASS =
  /\b(?:no\s+class(?:es)?|no\s+lecture|holiday|cancel+ed|university\s+closed|reading\s+(?:week|break))\b/i;
const FINAL_EXAM = /\bfinals?\b/i;

/** Days from 1 January (a year of 365 days; a schedule that runs past December wraps into the next year). */
function dayOfYear(month: number, day: number): number | null {
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const before = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334];
  return (before[month - 1] ?? 0) + day;
}

function dateAt(m: RegExpExecArray, offset: number): number | null {
  const monthName = m[offset];
  if (monthName !== undefined) {
    const month = MONTHS[monthName.toLowerCase()];
    return month === undefined ? null : dayOfYear(month, Number(m[offset + 1]));
  }
  const month = m[offset + 2];
  return month === undefined ? null : dayOfYear(Number(month), Number(m[offset + 3]));
}

export interface ScheduleRow {
  /** First and last day of the row (days from 1 January, wrapped past December); the same for a single date. */
  from: number;
  to: number;
  /** The weekday written before the date, 0 = Sunday … 6 = Saturday, when the row names one. */
  weekday: number | null;
  text: string;
  line: TextLine;
}

const WEEKDAY_NUMBER: readonly [RegExp, number][] = [
  [/^sun/i, 0],
  [/^mon/i, 1],
  [/^tue/i, 2],
  [/^wed/i, 3],
  [/^thu/i, 4],
  [/^fri/i, 5],
  [/^sat/i, 6],
];

/** Layout feature: a dated schedule (a list or a table whose rows start with a date or a range of dates). */
const ROW_BULLET = /^[-*•●▪◦·‣○■□➢➤]\s*/;

export function readScheduleRows(lines: readonly TextLine[]): ScheduleRow[] {
  const rows: ScheduleRow[] = [];
  let wrap = 0;
  let previous = -Infinity;
  for (const [index, line] of lines.entries()) {
    // A row written as a list item ('• Thurs Jan 5: Introduction') starts after its bullet.
    const own = normalizeDocumentText(line.text).trim().replace(ROW_BULLET, '');
    const m = ROW_START.exec(own);
    if (!m) continue;
    // A table read cell by cell puts a row's topic on the line after its date: the row runs to the next date.
    const next = lines[index + 1];
    const nextText = next ? normalizeDocumentText(next.text).trim().replace(ROW_BULLET, '') : '';
    const topicless = !/[a-z]{3}/i.test(own.slice(m[0].length).replace(/\b(?:or|and|to)\b/gi, ''));
    const text = topicless && next && !ROW_START.test(nextText) ? `${own} ${nextText}` : own;
    const first = dateAt(m, 1);
    if (first === null) continue;
    const last = m[5] !== undefined || m[7] !== undefined ? dateAt(m, 5) : first;
    if (last === null) continue;
    // Dates run forward through a term; one far before the last is the next year (a December-to-January schedule).
    if (first + wrap < previous - 180) wrap += 365;
    const from = first + wrap;
    const to = last + wrap < from ? last + wrap + 365 : last + wrap;
    previous = to;
    const weekday = WEEKDAY_NUMBER.find(([p]) => p.test(text))?.[1] ?? null;
    rows.push({ from, to, weekday, text, line });
  }
  // A date here and there is not a schedule: at least four rows, running forward.
  return rows.length >= 4 ? rows : [];
}

export interface ScheduleWeeks {
  weeks: number;
  /** How the weeks were counted, for the evidence. */
  how: string;
  line: TextLine;
}

const WEEK_LABEL = /^(?:\d{1,2}[.)]\s*)?weeks?\s*#?\s*(\d{1,2})(?:\s*(?:-|to|&|and)\s*(\d{1,2}))?\b/i;

/** Layout feature: a weekly outline, 'Week N' at the start of its lines; the weeks are the distinct labels. */
export function weeksFromLabels(lines: readonly TextLine[]): ScheduleWeeks | null {
  const seen = new Set<number>();
  let lastLine: TextLine | null = null;
  let low = Infinity;
  let high = -Infinity;
  for (const line of lines) {
    const m = WEEK_LABEL.exec(normalizeDocumentText(line.text).trim().replace(ROW_BULLET, ''));
    if (!m) continue;
    const a = Number(m[1]);
    const b = m[2] !== undefined ? Number(m[2]) : a;
    if (b < a || b - a > 30) continue;
    for (let n = a; n <= b; n++) seen.add(n);
    low = Math.min(low, a);
    high = Math.max(high, b);
    lastLine = line;
  }
  if (seen.size < 4 || !lastLine) return null;
  return { weeks: seen.size, how: `${seen.size} weeks listed (Week ${low} to Week ${high})`, line: lastLine };
}

/** Layout feature: a dated schedule; its weeks are the span from the first to the last dated row (a final exam aside). */
export function weeksFromDates(rows: readonly ScheduleRow[]): ScheduleWeeks | null {
  const taught = rows.filter((r) => !FINAL_EXAM.test(r.text));
  const first = taught[0];
  const last = taught.at(-1);
  if (!first || !last) return null;
  const weeks = Math.max(1, Math.round((last.to - first.from) / 7));
  if (weeks < 2) return null;
  return {
    weeks,
    how: `${weeks} weeks from the first dated row of the schedule to the last`,
    line: last.line,
  };
}

/**
 * Layout feature: a schedule of dated class meetings, one row a meeting ('Tues Jan 10: Introduction'); most rows
 * are single dates (a table of weekly date ranges is not). Rows that say there is no class are not meetings.
 */
export function datedMeetings(rows: readonly ScheduleRow[]): ScheduleRow[] {
  const single = rows.filter((r) => r.from === r.to);
  if (single.length < 6 || single.length < rows.length * 0.8) return [];
  const seen = new Set<number>();
  return single.filter((r) => !NO_CLASS.test(r.text) && !seen.has(r.from) && seen.add(r.from) !== undefined);
}

const OUTLINE_HEADING =
  /^(?:\d+[.)]\s*)?(?:course\s+|tentative\s+|class\s+)?(?:outline|content|contents|topics|schedule|calendar|modules|units|syllabus)(?:\s+of\s+(?:course\s+)?(?:content|topics))?(?:\s*\(.*\))?\s*:?$|^(?:outline|schedule)\s+of\b/i;
const BULLET =
  /^(?:[-*•●▪◦·‣○■□➢➤✓✔\uf0b7\uf0a7\uf076\uf0d8\uf0fc]|\(?\d{1,2}[.)]|(?:module|unit|topic|part|session)\s+\d{1,2}\b)\s*\S/i;

/** Layout feature: an outline of topics or modules, a list under an 'Outline', 'Course Content' or 'Topics' heading. */
export function modulesFromOutline(lines: readonly TextLine[]): { modules: number; line: TextLine } | null {
  let best: { modules: number; line: TextLine } | null = null;
  for (let i = 0; i < lines.length; i++) {
    const heading = lines[i];
    if (!heading || !OUTLINE_HEADING.test(normalizeDocumentText(heading.text).trim())) continue;
    let count = 0;
    let j = i + 1;
    for (; j < lines.length; j++) {
      const text = normalizeDocumentText(lines[j]?.text ?? '').trim();
      if (BULLET.test(text)) count++;
      else if (count === 0 && j - i > 3) break;
      // A wrapped item goes on in lower case or after an item that did not end its sentence.
      else if (count > 0 && /^[a-z(]/.test(text)) continue;
      else if (count > 0) break;
    }
    if (count >= 2 && (!best || count > best.modules)) best = { modules: count, line: heading };
  }
  return best;
}
