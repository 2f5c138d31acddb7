import { normalizeDocumentText } from './normalize-text';
import type { TextLine } from './positioned-lines';

/**
 * Layout feature: a meeting pattern, the days a class meets and the time it meets ('MW 11:00-12:20', 'Monday and
 * Wednesday, 11:00 - 12:20', 'T, Th 1:30 – 3:10 p.m.', 'Lab: Th 8:00am–9:50am'). Office hours, exams and help
 * sessions are written the same way and are not class meetings.
 */
export interface MeetingPattern {
  /** Days of the week the class meets, 0 = Sunday … 6 = Saturday. */
  days: number[];
  /** Length of one meeting in minutes. */
  minutes: number;
  /** 'lecture', 'lab', 'seminar'… as the line labels it; null when it names none. */
  component: string | null;
  /** The text of the pattern as written ('Monday and Wednesday, 11:00 - 12:20'). */
  text: string;
  line: TextLine;
}

const DAY_NAMES: readonly [RegExp, number][] = [
  [/^sun(?:day)?s?$/i, 0],
  [/^mon(?:day)?s?$/i, 1],
  [/^tue?s?(?:day)?s?$/i, 2],
  [/^wed(?:nesday)?s?$/i, 3],
  [/^thu?r?s?(?:day)?s?$/i, 4],
  [/^fri(?:day)?s?$/i, 5],
  [/^sat(?:urday)?s?$/i, 6],
];
/** Letter codes run together: M T W R F S U, with Tu Th Sa Su (MWF, TR, TTh, TuTh, MW). */
const LETTER_CODE = /^(?:M|Tu|Th|T|W|R|F|Sa|Su|S|U)+$/;
const LETTER_DAY: Readonly<Record<string, number>> = {
  M: 1,
  T: 2,
  Tu: 2,
  W: 3,
  R: 4,
  Th: 4,
  F: 5,
  S: 6,
  Sa: 6,
  Su: 0,
  U: 0,
};

function dayOfWord(word: string): number[] | null {
  const bare = word.replace(/\.$/, '');
  for (const [pattern, day] of DAY_NAMES) if (pattern.test(bare)) return [day];
  if (LETTER_CODE.test(bare) && bare.length <= 6) {
    return Array.from(bare.matchAll(/Tu|Th|Sa|Su|[MTWRFSU]/g), (m) => LETTER_DAY[m[0]] ?? -1).filter((d) => d >= 0);
  }
  return null;
}

/**
 * The days written just before a time: the last run of day words, joined by 'and', commas, slashes or '&', and
 * where in the text that run starts (what is before it is the line's label).
 */
export function daysBefore(text: string): { days: number[]; start: number } {
  const tokens = Array.from(text.matchAll(/[A-Za-z.]+/g));
  const days: number[] = [];
  let start = text.length;
  for (let i = tokens.length - 1; i >= 0; i--) {
    const token = tokens[i];
    if (!token) break;
    const between = text.slice(
      token.index + token[0].length,
      i === tokens.length - 1 ? text.length : tokens[i + 1]?.index,
    );
    if (!/^[\s,/&:;-]*$/.test(between)) break;
    if (/^and$/i.test(token[0]) && days.length > 0) continue;
    const found = dayOfWord(token[0]);
    if (!found) break;
    days.unshift(...found);
    start = token.index;
  }
  return { days: Array.from(new Set(days)).sort((a, b) => a - b), start };
}

const CLOCK = '(\\d{1,2})(?:[:.](\\d{2}))?\\s*(a\\.?m\\.?|p\\.?m\\.?|noon)?';
const TIME_RANGE = new RegExp(`${CLOCK}\\s*(?:-|to|until)\\s*${CLOCK}(?![\\d/])`, 'gi');

function minutesOfDay(hour: number, minute: number, meridiem: string | undefined): number {
  const m = meridiem?.toLowerCase().replace(/\./g, '');
  let h = hour % 12;
  if (m === 'pm' || (m === 'noon' && hour === 12)) h += 12;
  if (m === undefined) h = hour;
  return h * 60 + minute;
}

/** Length in minutes of '11:00 - 12:20', '10:00am–10:50am', '12.00-12.50pm', '1-1.50pm', '1:30 – 3:10 p.m.'. */
export function rangeMinutes(match: RegExpMatchArray): number | null {
  const [, h1, m1, p1, h2, m2, p2] = match;
  // A time needs minutes or am/pm on at least one side: '1-2' alone is a range of numbers, not of hours.
  if (m1 === undefined && m2 === undefined && p1 === undefined && p2 === undefined) return null;
  const startHour = Number(h1);
  const endHour = Number(h2);
  if (startHour > 23 || endHour > 23) return null;
  const end = minutesOfDay(endHour, Number(m2 ?? 0), p2);
  // The start takes the end's half of the day unless it says its own; then the 12-hour clock wraps at noon.
  let start = minutesOfDay(startHour, Number(m1 ?? 0), p1 ?? (p2 && startHour <= endHour ? p2 : undefined));
  let minutes = end - start;
  if (minutes <= 0 && p1 === undefined) {
    start = minutesOfDay(startHour, Number(m1 ?? 0), undefined);
    minutes = end - start;
    if (minutes <= 0) minutes += 12 * 60;
  }
  return minutes >= 20 && minutes <= 300 ? minutes : null;
}

/** Full day names run together ('Tuesdays', 'Monday and Wednesday'), as a bare-hour range needs before it. */
const FULL_DAY_NAMES = /^(?:(?:mon|tues|wednes|thurs|fri|satur|sun)days?(?:\s*(?:,|\/|&|and)\s*|\s+)?)+$/i;
const MEETING_LABEL = /\b(?:when|times?|meets?|meetings?|class(?:es)?|lectures?|seminars?)\b/i;

/**
 * Layout feature: a range of bare hours after the full name of the day under a meeting label ('When: Tuesdays 12-2'):
 * the end is the next such hour after the start (12-2 is noon to two), at most five hours on.
 */
function bareHoursMinutes(match: RegExpMatchArray): number | null {
  const [, h1, m1, p1, h2, m2, p2] = match;
  if (m1 !== undefined || m2 !== undefined || p1 !== undefined || p2 !== undefined) return null;
  const start = Number(h1);
  const end = Number(h2);
  if (start < 1 || start > 12 || end < 1 || end > 12) return null;
  const hours = (end - start + 12) % 12;
  return hours >= 1 && hours <= 5 ? hours * 60 : null;
}

/** A time range that is not a class meeting: office or student hours, help sessions, exams, a break, a deadline. */
const NOT_A_MEETING =
  /\b(?:office|student|drop-in|help|tutoring|consultation|appointment|exam(?:ination)?s?|finals?|midterm|quiz|due|deadline|break|lunch|reception)\b/i;
const COMPONENT =
  /\b(lecture|lab(?:oratory)?|seminar|tutorial|discussion|recitation|studio|practicum|workshop|class(?:es)?|section)\b/i;

/** Every meeting pattern of the document, each with its line. */
export function readMeetingPatterns(lines: readonly TextLine[]): MeetingPattern[] {
  const patterns: MeetingPattern[] = [];
  lines.forEach((line, index) => {
    const text = normalizeDocumentText(line.text);
    for (const match of text.matchAll(TIME_RANGE)) {
      const before = text.slice(0, match.index);
      const { days, start } = daysBefore(before);
      if (days.length === 0) continue;
      const bare =
        FULL_DAY_NAMES.test(before.slice(start).trim()) && MEETING_LABEL.test(before.slice(0, start))
          ? bareHoursMinutes(match)
          : null;
      const minutes = rangeMinutes(match) ?? bare;
      if (minutes === null) continue;
      // The label is the text before the days on the line (after any earlier sentence), or the line above when the
      // line starts with the days ('Meeting Times' over 'T, Th 1:30 – 3:10 p.m.').
      const prefix = before.slice(0, start);
      const label = (prefix.split(/[;.]\s/).at(-1) ?? '').trim();
      const above = index > 0 ? normalizeDocumentText(lines[index - 1]?.text ?? '') : '';
      const letters = /[A-Za-z]{2}/;
      const context = letters.test(label) ? label : letters.test(prefix) ? prefix : above.length <= 60 ? above : '';
      if (NOT_A_MEETING.test(context)) continue;
      const component = COMPONENT.exec(context)?.[1]?.toLowerCase() ?? null;
      patterns.push({
        days,
        minutes,
        component:
          component === 'laboratory' ? 'lab' : component === 'classes' || component === 'section' ? 'class' : component,
        text: `${component ? `${component.charAt(0).toUpperCase()}${component.slice(1)} ` : ''}${text.slice(start, match.index + match[0].length).trim()}`,
        line,
      });
    }
  });
  return patterns;
}

/**
 * The minutes a week the class meets: patterns of one component on days that overlap are alternatives (sections
 * of the same lecture at different times), so the first one counts; patterns on other days, or of another
 * component (a lecture and its lab), add up.
 */
export function weeklyMeetings(patterns: readonly MeetingPattern[]): { minutes: number; counted: MeetingPattern[] } {
  const counted: MeetingPattern[] = [];
  for (const pattern of patterns) {
    const alternative = counted.some(
      (c) =>
        (c.component ?? 'class') === (pattern.component ?? 'class') && c.days.some((d) => pattern.days.includes(d)),
    );
    if (!alternative) counted.push(pattern);
  }
  return { minutes: counted.reduce((sum, p) => sum + p.minutes * p.days.length, 0), counted };
}
