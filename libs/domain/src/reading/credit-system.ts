import type { CreditSystem } from '@app/contracts';
import { CONTACT_HOURS_PER_QUARTER_CREDIT } from '../credits';

/**
 * Credit systems and their conversion to quarter credits (the spec: 1 quarter credit = 10 contact hours).
 * - semester: 1 semester credit = 15 contact hours = 1.5 quarter credits (US federal credit-hour definition).
 * - quarter: 1 quarter credit = 10 contact hours.
 * - clock hours: 10 clock (contact) hours = 1 quarter credit.
 * - ECTS: 60 ECTS are a full-time year, which US evaluators count as 30 semester = 45 quarter credits, so
 *   1 ECTS = 0.75 quarter credits.
 * - UK: 120 UK (CATS) credits are a full-time year, 2 UK credits = 1 ECTS, so 1 UK credit = 0.375 quarter credits.
 * A document that states its own rule ('1 credit = 12 contact hours') is converted by that rule instead.
 */
export const QUARTER_CREDITS_PER_UNIT: Readonly<Record<CreditSystem, number>> = {
  semester: 1.5,
  quarter: 1,
  clock_hours: 1 / CONTACT_HOURS_PER_QUARTER_CREDIT,
  ects: 0.75,
  uk: 0.375,
};

const UNIT_NAMES: Readonly<Record<CreditSystem, string>> = {
  semester: 'semester credit',
  quarter: 'quarter credit',
  clock_hours: 'clock hour',
  ects: 'ECTS credit',
  uk: 'UK credit',
};

export interface CreditRule {
  system: CreditSystem;
  /** Quarter credits one unit of the document's credits is worth. */
  quarterCreditsPerUnit: number;
  /** Set when the document states its own contact hours per credit. */
  statedContactHoursPerUnit: number | null;
  description: string;
}

const SIGNS: readonly [CreditSystem, RegExp][] = [
  ['ects', /\bECTS\b|european\s+credit\s+transfer/i],
  ['uk', /\bUK\s+credits?\b|\bCATS\b|\bFHEQ\b|\bSCQF\b|credit\s+level\s*\d/i],
  [
    'quarter',
    /\bquarter\s+(?:credit\s+)?(?:hours?|credits?|units?)\b|\bquarter\s+system\b|\b(?:autumn|fall|winter|spring|summer)\s+quarter\b/i,
  ],
  ['semester', /\bsemester\s+(?:credit\s+)?(?:hours?|credits?|units?)\b|\bsemester\s+system\b|\bSCH\b/i],
  ['clock_hours', /\bclock[\s-]+hours?\b|\bcontact[\s-]+hours?\b/i],
];

/**
 * The credit system a transcript uses. A sentence that names it ('credits are semester hours') or the credits
 * column's heading decides; the first sign in the order above wins, because a semester transcript often also
 * explains that a credit hour is 15 contact hours, and a European one may mention hours of workload.
 */
export function detectCreditSystem(text: string, creditsHeading = ''): CreditSystem {
  const heading = SIGNS.find(([, sign]) => sign.test(creditsHeading));
  if (heading) return heading[0];
  if (/\b(?:hours|hrs)\b/i.test(creditsHeading) && /\bclock|contact\b/i.test(text)) return 'clock_hours';
  return SIGNS.find(([, sign]) => sign.test(text))?.[0] ?? 'semester';
}

/** '1 quarter credit = 12 contact hours', 'one credit hour equals 15 hours of instruction': the hours per credit. */
export function statedContactHoursPerCredit(text: string): number | null {
  const m =
    /\b(?:1|one)\s+(?:semester\s+|quarter\s+)?credit(?:\s+hour)?\s*(?:=|equals|is\s+equal\s+to|represents|corresponds\s+to)\s*(\d{1,2})\s+(?:contact|clock|class|instructional)?\s*hours?\b/i.exec(
      text,
    );
  const hours = m ? Number(m[1]) : NaN;
  return hours >= 5 && hours <= 40 ? hours : null;
}

export function creditRule(system: CreditSystem, text: string): CreditRule {
  const stated =
    system === 'clock_hours' || system === 'ects' || system === 'uk' ? null : statedContactHoursPerCredit(text);
  const perUnit = stated !== null ? stated / CONTACT_HOURS_PER_QUARTER_CREDIT : QUARTER_CREDITS_PER_UNIT[system];
  const description =
    stated !== null
      ? `1 ${UNIT_NAMES[system]} = ${stated} contact hours (as the document states) = ${round(perUnit)} quarter credits`
      : system === 'clock_hours'
        ? `${CONTACT_HOURS_PER_QUARTER_CREDIT} clock hours = 1 quarter credit`
        : `1 ${UNIT_NAMES[system]} = ${round(perUnit)} quarter credits`;
  return { system, quarterCreditsPerUnit: perUnit, statedContactHoursPerUnit: stated, description };
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/** Grades that earn nothing: failed, withdrawn, no credit, not passed, incomplete, in progress, audit. */
const NO_CREDIT_GRADES = new Set([
  'F',
  'FX',
  // The failing grades of two-letter scales (AA … DD pass).
  'FF',
  'FD',
  'E',
  'W',
  'WF',
  'WP',
  'WD',
  'WU',
  'NC',
  'NP',
  'NR',
  'U',
  'I',
  'IP',
  'INC',
  'AU',
  'X',
  'FAIL',
  'FAILED',
  'UNSATISFACTORY',
  'WITHDRAWN',
]);

/**
 * Whether a row with this grade earns its credits; a UK mark below 40 is a fail. No grade (a credit-only row) earns.
 * E fails on US transcripts but is the lowest pass of the ECTS scale (A to E pass, FX and F fail).
 */
export function gradeEarnsCredit(grade: string | null, system?: CreditSystem): boolean {
  if (grade === null) return true;
  const g = grade.trim().toUpperCase().replace(/\*$/, '');
  if (system === 'ects' && g === 'E') return true;
  if (NO_CREDIT_GRADES.has(g)) return false;
  if (system === 'uk' && /^\d{1,3}(?:\.\d+)?%?$/.test(g)) return Number(g.replace('%', '')) >= 40;
  return true;
}

/** A course row's credits in quarter credits, to two decimals; nothing for a grade that earns nothing. */
export function toQuarterCredits(credits: number | null, rule: CreditRule, grade: string | null = null): number {
  // A row without credits (a Course / Grade table) counts in no total.
  if (credits === null || !Number.isFinite(credits) || credits <= 0 || !gradeEarnsCredit(grade, rule.system)) return 0;
  return Math.round(credits * rule.quarterCreditsPerUnit * 100) / 100;
}
