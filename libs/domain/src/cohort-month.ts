export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

export type MonthName = (typeof MONTH_NAMES)[number];

export const MIN_COHORT_YEAR = 2000;
export const MAX_COHORT_YEAR = 2100;
export const COHORT_YEAR_OPTION_COUNT = 5;

const COHORT_MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function parseCohortMonth(value: string): { year: number; month: number } | null {
  const match = COHORT_MONTH.exec(value);
  if (!match) return null;
  const year = Number(match[1]);
  if (year < MIN_COHORT_YEAR || year > MAX_COHORT_YEAR) return null;
  return { year, month: Number(match[2]) };
}

export function isCohortMonth(value: string): boolean {
  return parseCohortMonth(value) !== null;
}

/** 'March 2027'. Read from the text itself, never through Date, so no time zone can shift the month. */
export function cohortMonthLabel(cohortMonth: string): string {
  const parsed = parseCohortMonth(cohortMonth);
  // A stored value that is not YYYY-MM is shown as is rather than breaking the page.
  if (!parsed) return cohortMonth;
  return `${MONTH_NAMES[parsed.month - 1]} ${parsed.year}`;
}

export function cohortMonthFromParts(year: number, month: number): string {
  if (!Number.isInteger(year) || year < MIN_COHORT_YEAR || year > MAX_COHORT_YEAR) {
    throw new RangeError(`Cohort year must be an integer from ${MIN_COHORT_YEAR} to ${MAX_COHORT_YEAR}`);
  }
  if (!Number.isInteger(month) || month < 1 || month > 12) {
    throw new RangeError('Cohort month must be an integer from 1 to 12');
  }
  return `${year}-${String(month).padStart(2, '0')}`;
}

/** The current year and the next four. */
export function cohortYearOptions(now: Date): number[] {
  const year = now.getFullYear();
  return Array.from({ length: COHORT_YEAR_OPTION_COUNT }, (_, i) => year + i);
}
