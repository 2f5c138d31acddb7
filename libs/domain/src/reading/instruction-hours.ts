import { findDates } from './dates';
import { findContactHours } from './contact-hours';
import { quoteHoldsNumber } from './number-evidence';
import { readMeetingPatterns, weeklyMeetings, type MeetingPattern } from './meeting-pattern';
import { normalizeDocumentText } from './normalize-text';
import type { TextLine } from './positioned-lines';
import { datedMeetings, readScheduleRows, weeksFromDates, weeksFromLabels, type ScheduleWeeks } from './schedule';
import { NUM, toNumber } from './text-patterns';

/**
 * A document's contact hours and where they come from: stated on a line, or derived from what the document gives (a
 * count of dated meetings times their length, a meeting pattern times the weeks of the term, credit hours times the
 * rule the document states). `derivation` says how a derived figure was computed, ending in the figure; `missing`
 * says what no line gives when there is no figure.
 */
export interface HoursReading {
  hours: number | null;
  line: TextLine | null;
  derivation: string | null;
  missing: string | null;
}

const round1 = (n: number): number => Math.round(n * 10) / 10;

function hoursAndMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = Math.round(minutes % 60);
  return h === 0 ? `${m} min` : m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/** A figure stated on one line (or a label with its value on the next line, as a key/value table has it). */
function statedHours(lines: readonly TextLine[]): HoursReading | null {
  let best: HoursReading | null = null;
  lines.forEach((line, i) => {
    // The rule for credit hours ('1 credit = 15 contact hours') is a rate, not the course's hours.
    if (CREDIT_RULE.test(normalizeDocumentText(line.text))) return;
    const own = findContactHours(line.text);
    const next = lines[i + 1];
    const joined =
      own === null && next && !CREDIT_RULE.test(normalizeDocumentText(next.text))
        ? findContactHours(`${line.text}\n${next.text}`)
        : null;
    const hours = own ?? joined;
    if (hours === null || (best?.hours ?? -1) >= hours) return;
    // A phrase wrapped over two lines ('300 hours of' / 'coursework') is quoted from the line that writes the figure.
    const source = own !== null || !next || quoteHoldsNumber(line.text, hours) ? line : next;
    best = {
      hours,
      line: source,
      // '3 hours a week for 12 weeks' states the figure by its parts: the line holds them, not the product.
      derivation: quoteHoldsNumber(source.text, hours)
        ? null
        : `the hours a week times the weeks this line states = ${hours} h`,
      missing: null,
    };
  });
  return best;
}

/** Part of the term ('the first 8 weeks of class', 'the last 2 weeks'), not its length. */
const PART_OF_TERM = '(?<!\\b(?:first|last|next|final|initial|remaining|other|these|those|few)\\s+)';
const TERM_WEEKS = new RegExp(
  `\\b(?:over|for|across|during|lasting|runs?|spans?|in)\\s+${NUM}\\s+weeks?\\b|${PART_OF_TERM}\\b${NUM}[\\s-]weeks?\\s+(?:of\\s+(?:instruction|classes|class|teaching|lectures)|term|semester|quarter|course|session|program(?:me)?)\\b`,
  'i',
);

/** Layout feature: the length of the term stated in words ('a 15-week semester', 'over 10 weeks'). */
function statedWeeks(lines: readonly TextLine[]): ScheduleWeeks | null {
  for (const line of lines) {
    const m = TERM_WEEKS.exec(normalizeDocumentText(line.text));
    const weeks = m ? toNumber(m[1] ?? m[2]) : NaN;
    if (Number.isInteger(weeks) && weeks >= 4 && weeks <= 52) return { weeks, how: `${weeks} weeks as stated`, line };
  }
  return null;
}

const NUMERIC_DATE = /\b(\d{1,2})[/.](\d{1,2})[/.](\d{4})\b/g;

/**
 * Layout feature: the first and last dates written beside the meeting pattern ('Tuesdays 12-2, from 23/09/2025 to
 * 02/12/2025'): the weeks they span, first and last counted. Two numeric dates are read in one order, day first when
 * either can only be (a month has no 23rd).
 */
function spanBeside(patterns: readonly MeetingPattern[]): ScheduleWeeks | null {
  for (const pattern of patterns) {
    const text = normalizeDocumentText(pattern.line.text);
    const numeric = Array.from(text.matchAll(NUMERIC_DATE), (m) => [Number(m[1]), Number(m[2]), Number(m[3])]);
    const dayFirst = numeric.some(([a]) => (a ?? 0) > 12);
    // '02/10/2025 to 11/12/2025' reads either way: no span is taken from it.
    if (numeric.length === 2 && !dayFirst && !numeric.some(([, b]) => (b ?? 0) > 12)) continue;
    const dates =
      numeric.length === 2
        ? numeric.map(([a = 0, b = 0, y = 0]) => Date.UTC(y, (dayFirst ? b : a) - 1, dayFirst ? a : b))
        : findDates(text).map((d) => Date.parse(d));
    const [from, to] = dates;
    if (dates.length !== 2 || from === undefined || to === undefined || Number.isNaN(from) || Number.isNaN(to))
      continue;
    const days = (to - from) / 86_400_000;
    if (days < 21 || days > 366) continue;
    const weeks = Math.floor(days / 7) + 1;
    return { weeks, how: `${weeks} weeks from the first to the last date beside it`, line: pattern.line };
  }
  return null;
}

/** The weeks of the term: stated, or counted from a weekly outline, or spanned by a dated schedule. */
export function termWeeks(lines: readonly TextLine[]): ScheduleWeeks | null {
  return statedWeeks(lines) ?? weeksFromLabels(lines) ?? weeksFromDates(readScheduleRows(lines));
}

const CREDITS_STATED =
  /\b(\d{1,2}(?:\.\d)?)\s*(?:semester\s+|quarter\s+|us\s+)?credit(?:s|\s+hours?)?\b|\bcredit(?:s|\s+hours?)\s*:?\s*(\d{1,2}(?:\.\d)?)\b/i;
const CREDIT_RULE = new RegExp(
  `\\b(?:one|1|each|every|a)\\s+(?:semester\\s+|quarter\\s+)?credit(?:\\s+hour)?\\s*(?:=|equals|is\\s+equal\\s+to|represents|corresponds\\s+to|requires|is)\\s*(?:a\\s+minimum\\s+of\\s+|at\\s+least\\s+)?${NUM}\\s*(?:contact|instructional|class(?:room)?|clock|lecture)\\s+hours\\b`,
  'i',
);

/** Layout feature: credit hours with the rule the document itself gives for them ('1 credit hour = 15 contact hours'). */
function creditRuleHours(lines: readonly TextLine[]): HoursReading | null {
  const rule = lines.find((l) => CREDIT_RULE.test(normalizeDocumentText(l.text)));
  if (!rule) return null;
  const perCredit = toNumber(CREDIT_RULE.exec(normalizeDocumentText(rule.text))?.[1]);
  for (const [i, line] of lines.entries()) {
    const text = `${normalizeDocumentText(line.text)} ${i + 1 < lines.length && line.text.length < 30 ? (lines[i + 1]?.text ?? '') : ''}`;
    if (line === rule) continue;
    const m = CREDITS_STATED.exec(text);
    const credits = Number(m?.[1] ?? m?.[2]);
    if (!(credits > 0 && credits <= 20) || !(perCredit > 0)) continue;
    const hours = round1(credits * perCredit);
    return {
      hours,
      line,
      derivation: `${credits} credit hours × ${perCredit} contact hours a credit (the rule the document states: "${rule.text.trim().slice(0, 80)}") = ${hours} h`,
      missing: null,
    };
  }
  return null;
}

const WEEKLY_RATE = new RegExp(
  `\\b${NUM}\\s*(?:contact\\s+|class\\s+|lecture\\s+|teaching\\s+)?(?:hours?|hrs?)\\.?\\s*(?:per|a|each|every|/)\\s*(?:week|wk)\\b`,
  'i',
);
/** Time a student spends outside class is not contact time. */
const NOT_CONTACT =
  /\b(?:outside|self[-\s]?(?:study|directed)|independent|private\s+study|preparation|homework|office|workload|time\s+commitment|study\s+time|expect(?:ed)?\s+to\s+(?:work|spend)|per\s+credit)\b/i;
const RATE_TOTAL = /\b(?:contact|class|teaching|total|scheduled)\s+(?:hours|time)\b/i;
const RATE_COMPONENT =
  /\b(?:lectures?|tutorials?|labs?|laborator(?:y|ies)|seminars?|workshops?|practicals?|studios?|discussions?)\b/i;

/**
 * Layout feature: an outline that states the hours a week, as a total ('Contact hours: 3 hours per week') or by
 * component ('Lecture: 2 hours per week', 'Tutorial: 1 hour per week', added up).
 */
export function weeklyHours(lines: readonly TextLine[]): { hours: number; lines: TextLine[] } | null {
  const rates = lines.flatMap((line, i) => {
    const text = normalizeDocumentText(line.text);
    const m = WEEKLY_RATE.exec(text);
    const hours = m ? toNumber(m[1]) : NaN;
    // Layout feature: the rate alone under a heading that says what it is ('Estimated Workload / Time Commitment
    // Per Week' over 'Average of 20 hours per week'): the heading's words count as the line's.
    const above = normalizeDocumentText(lines[i - 1]?.text ?? '');
    const heading = text.split(/\s+/).length <= 8 && !/\d/.test(above) && above.split(/\s+/).length <= 10 ? above : '';
    return m && hours > 0 && hours <= 40 && !NOT_CONTACT.test(text) && !NOT_CONTACT.test(heading)
      ? [{ hours, line, text }]
      : [];
  });
  const total = rates.find((r) => RATE_TOTAL.test(r.text));
  if (total) return { hours: total.hours, lines: [total.line] };
  const components = rates.filter((r) => RATE_COMPONENT.test(r.text));
  if (components.length > 0)
    return { hours: components.reduce((sum, r) => sum + r.hours, 0), lines: components.map((r) => r.line) };
  const first = rates[0];
  return first ? { hours: first.hours, lines: [first.line] } : null;
}

function patternText(patterns: readonly MeetingPattern[]): string {
  return patterns.map((p) => `${p.text} (${p.days.length} × ${p.minutes} min)`).join(' + ');
}

/** Contact hours: stated, else derived from the schedule or the meeting pattern, else what is missing. */
export function readInstructionHours(lines: readonly TextLine[], derive: boolean): HoursReading {
  const stated = statedHours(lines);
  if (stated) return stated;
  if (!derive)
    return { hours: null, line: null, derivation: null, missing: 'no line in the documents states contact hours' };

  const patterns = readMeetingPatterns(lines);
  const { minutes: weekly, counted } = weeklyMeetings(patterns);
  const rows = readScheduleRows(lines);
  const meetings = datedMeetings(rows);
  const first = counted[0];
  if (meetings.length > 0 && first) {
    // Each dated meeting lasts as long as the pattern's meeting on its weekday (the most common length otherwise).
    const lengths = counted.map((p) => p.minutes);
    const usual =
      lengths.sort((a, b) => lengths.filter((x) => x === b).length - lengths.filter((x) => x === a).length)[0] ??
      first.minutes;
    const total = meetings.reduce(
      (sum, m) => sum + (counted.find((p) => m.weekday !== null && p.days.includes(m.weekday))?.minutes ?? usual),
      0,
    );
    const hours = round1(total / 60);
    const same = meetings.every(
      (m) => (counted.find((p) => m.weekday !== null && p.days.includes(m.weekday))?.minutes ?? usual) === usual,
    );
    return {
      hours,
      line: first.line,
      derivation: `${meetings.length} dated class meetings in the schedule × ${same ? `${usual} min` : 'their length on each weekday'} (${patternText(counted)}) = ${hours} h`,
      missing: null,
    };
  }
  if (first) {
    const weeks = termWeeks(lines);
    if (weeks) {
      const hours = round1((weekly * weeks.weeks) / 60);
      return {
        hours,
        line: first.line,
        derivation: `${patternText(counted)} = ${hoursAndMinutes(weekly)} a week × ${weeks.how} = ${hours} h`,
        missing: null,
      };
    }
    // The dates beside a pattern bound that pattern's meetings only: patterns on other lines (office hours written
    // like a class, another section) are not multiplied by them.
    const span = spanBeside(counted);
    if (span) {
      const own = counted.filter((p) => p.line === span.line);
      const minutes = own.reduce((sum, p) => sum + p.minutes * p.days.length, 0);
      const hours = round1((minutes * span.weeks) / 60);
      return {
        hours,
        line: span.line,
        derivation: `${patternText(own)} = ${hoursAndMinutes(minutes)} a week × ${span.how} = ${hours} h`,
        missing: null,
      };
    }
  }
  const rate = first ? null : weeklyHours(lines);
  const rateLine = rate?.lines[0];
  if (rate && rateLine) {
    const weeks = termWeeks(lines);
    if (weeks) {
      const hours = round1(rate.hours * weeks.weeks);
      const said = rate.lines.map((l) => l.text.trim()).join(' + ');
      return {
        hours,
        line: rateLine,
        derivation: `${rate.hours} h a week (${said}) × ${weeks.how} = ${hours} h`,
        missing: null,
      };
    }
  }
  const byCredits = creditRuleHours(lines);
  if (byCredits) return byCredits;
  if (rate) {
    return {
      hours: null,
      line: null,
      derivation: null,
      missing: `the course meets ${rate.hours} h a week, but no line states the weeks of the term, so contact hours cannot be derived`,
    };
  }
  if (first) {
    return {
      hours: null,
      line: null,
      derivation: null,
      missing: `the class meets ${hoursAndMinutes(weekly)} a week (${patternText(counted)}), but no line states the weeks of the term, so contact hours cannot be derived`,
    };
  }
  return {
    hours: null,
    line: null,
    derivation: null,
    missing: 'no line in the documents states contact hours, a meeting pattern or a schedule of meetings',
  };
}
