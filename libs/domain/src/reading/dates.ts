import { normalizeDocumentText } from './normalize-text';
import { allMatches } from './text-patterns';

const MONTHS: Readonly<Record<string, number>> = {
  january: 1,
  february: 2,
  march: 3,
  april: 4,
  may: 5,
  june: 6,
  july: 7,
  august: 8,
  september: 9,
  october: 10,
  november: 11,
  december: 12,
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  sept: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};
export const MONTH = `(${Object.keys(MONTHS).join('|')})`;

function isRealDate(year: number, month: number, day: number): boolean {
  if (year < 1900 || year > 2100 || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return day <= (days[month - 1] ?? 0);
}

/** A month's number from its name; an unknown name gives 0, which no real date has. */
function monthNumber(name: string | undefined): number {
  return MONTHS[name?.toLowerCase() ?? ''] ?? 0;
}

function iso(year: number, month: number, day: number): string {
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function datesWithIndex(text: string): { iso: string; index: number }[] {
  const found: { iso: string; index: number }[] = [];
  const add = (index: number, year: number, month: number, day: number): void => {
    if (isRealDate(year, month, day)) found.push({ iso: iso(year, month, day), index });
  };
  for (const m of allMatches(text, `\\b${MONTH}\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?\\s*,?\\s+(\\d{4})\\b`)) {
    add(m.index, Number(m[3]), monthNumber(m[1]), Number(m[2]));
  }
  for (const m of allMatches(text, `\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH}\\.?\\s*,?\\s+(\\d{4})\\b`)) {
    add(m.index, Number(m[3]), monthNumber(m[2]), Number(m[1]));
  }
  for (const m of allMatches(text, '\\b(\\d{4})-(\\d{1,2})-(\\d{1,2})\\b')) {
    add(m.index, Number(m[1]), Number(m[2]), Number(m[3]));
  }
  for (const m of allMatches(text, '\\b(\\d{1,2})[/.](\\d{1,2})[/.](\\d{4})\\b')) {
    const first = Number(m[1]);
    const second = Number(m[2]);
    // US month-first unless the first number cannot be a month.
    if (first > 12) add(m.index, Number(m[3]), second, first);
    else add(m.index, Number(m[3]), first, second);
  }
  return found.sort((a, b) => a.index - b.index);
}

/** Distinct dates as 'YYYY-MM-DD', in order of appearance; impossible dates are skipped. */
export function findDates(rawText: string): string[] {
  return Array.from(new Set(datesWithIndex(normalizeDocumentText(rawText)).map((d) => d.iso)));
}
