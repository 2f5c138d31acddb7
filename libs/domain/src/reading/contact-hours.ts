import { normalizeDocumentText } from './normalize-text';
import { allMatches, NUM, toNumber } from './text-patterns';

const HOURS = '(?:hours?|hrs?\\.?)';
const HOUR_QUALIFIER =
  '(?:total\\s+)?(?:contact|instructional|instruction|clock|classroom|class|lecture|training|course|teaching|seat|face[\\s-]to[\\s-]face|direct|didactic|supervised|ce|ceu|cpd)';
const HOURS_OF =
  '(?:of\\s+)?(?:total\\s+)?(?:instruction|training|coursework|course\\s*work|study|classroom|class|lecture|contact|didactic|teaching|supervised|volunteer|(?:community\\s+)?service|practice|(?:continuing\\s+)?education)';
/** A number that is the day of a date ('May 15, 2024') or part of one ('15/05'), not a count of hours. */
const NOT_A_DATE = '(?!\\s*,?\\s*(?:19|20)\\d{2}\\b)(?![/.-]\\d)';
const PER_WEEK = '(?:per|a|each|every|/)\\s*(?:week|wk)';
const RATE_FOLLOWS = /^\s*(?:(?:per|a|each|every|\/)\s*(?:week|wk|day|session|class|month)\b|weekly|daily)/i;
const MAX_PLAUSIBLE_HOURS = 10000;

/** The largest explicit total of instruction hours, or null when none is stated. */
export function findContactHours(rawText: string): number | null {
  const text = normalizeDocumentText(rawText);
  const totals: number[] = [];
  const addUnlessRate = (match: RegExpExecArray, hours: number): void => {
    const end = match.index + match[0].length;
    if (!RATE_FOLLOWS.test(text.slice(end, end + 20))) totals.push(hours);
  };

  for (const m of allMatches(text, `\\b${NUM}\\s*-?\\s*${HOUR_QUALIFIER}\\s*-?\\s*${HOURS}(?![a-z])`)) {
    addUnlessRate(m, toNumber(m[1]));
  }
  for (const m of allMatches(text, `\\b${NUM}\\s*-?\\s*${HOURS}\\s+${HOURS_OF}\\b`)) {
    addUnlessRate(m, toNumber(m[1]));
  }
  for (const m of allMatches(
    text,
    `\\b(?:total\\s+(?:contact\\s+|clock\\s+|instructional\\s+|course\\s+)?|(?:contact|instructional|clock|classroom|training|course|ce)\\s*)${HOURS}(?:\\s+of\\s+instruction)?\\s*[:=-]?\\s*${NUM}\\b${NOT_A_DATE}`,
  )) {
    totals.push(toNumber(m[1]));
  }
  for (const m of allMatches(text, `\\b${HOURS}\\s+of\\s+instruction\\s*[:=-]?\\s*${NUM}\\b${NOT_A_DATE}`)) {
    totals.push(toNumber(m[1]));
  }
  // Key/value headers: 'Hours Completed: 10', 'Hours Earned: 12.5'.
  for (const m of allMatches(
    text,
    `\\b${HOURS}\\s+(?:completed|earned|awarded|attended|credited|approved)\\s*[:=-]?\\s*${NUM}\\b${NOT_A_DATE}`,
  )) {
    totals.push(toNumber(m[1]));
  }
  for (const m of allMatches(
    text,
    `\\b${NUM}\\s*-\\s*hours?\\s+(?:[a-z]+\\s+)?(?:course|program(?:me)?|training|certificate|certification|workshop|seminar|intensive|curriculum)\\b`,
  )) {
    totals.push(toNumber(m[1]));
  }
  for (const m of allMatches(
    text,
    `\\b${NUM}\\s*(?:contact\\s+|class\\s+|lecture\\s+|instructional\\s+)?${HOURS}\\s*${PER_WEEK}\\s*(?:,\\s*)?(?:for|over|x|×|during|across)\\s*${NUM}\\s*weeks?\\b`,
  )) {
    totals.push(toNumber(m[1]) * toNumber(m[2]));
  }
  for (const m of allMatches(
    text,
    `\\b${NUM}\\s*weeks?\\s*(?:,|at|x|×|of)?\\s*${NUM}\\s*(?:contact\\s+|class\\s+)?${HOURS}\\s*${PER_WEEK}`,
  )) {
    totals.push(toNumber(m[1]) * toNumber(m[2]));
  }

  // Layout feature: a workload split into contact and independent hours with 'h.' for hours ('114 h. (32 h. contact
  // work, of which: 16 h. lectures, 16 h. seminars, 82 h. independent work)'): the contact part.
  for (const m of allMatches(
    text,
    `\\b${NUM}\\s*h\\.?\\s+(?:of\\s+)?contact\\s+(?:work|hours|time|teaching|classes)\\b`,
  )) {
    addUnlessRate(m, toNumber(m[1]));
  }

  // Layout feature: a certificate's label over its value ('LENGTH' / '4 HOURS') or beside it ('Length 37.5 total
  // hours'), or a course's length ('Course duration: 40 hours'). A 'Duration: 2 hours' line may be an exam's: not read.
  for (const m of allMatches(
    text,
    `(?:^|\\n)(?:(?:course|program(?:me)?|training)\\s+(?:length|duration)\\s*[:=-]?\\s*|length\\s*:?\\s*|(?:length|duration)\\s*:?\\s*\\n\\s*)${NUM}\\s*(?:total\\s+)?${HOURS}\\s*(?:\\n|$)`,
  )) {
    totals.push(toNumber(m[1]));
  }

  const plausible = totals.filter((h) => Number.isFinite(h) && h > 0 && h <= MAX_PLAUSIBLE_HOURS);
  return plausible.length > 0 ? Math.max(...plausible) : null;
}
