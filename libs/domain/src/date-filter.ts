const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The years a date filter may name: wider than any enrollment's life, narrow enough for every store and client. */
export const FILTER_DATE_YEARS = { min: 1900, max: 2999 } as const;

/**
 * A date filter (startDate, endDate): 'YYYY-MM-DD' naming a day that exists (no 2027-02-30), in a sane range of
 * years. 9999-12-31 is refused: the day after it (an inclusive end's bound) has five digits in ISO form, which
 * PostgreSQL does not read. The API answers 400 for anything else; the admin panel drops such a filter.
 */
export function isFilterDate(value: string): boolean {
  const match = CALENDAR_DATE.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  if (year < FILTER_DATE_YEARS.min || year > FILTER_DATE_YEARS.max) return false;
  const date = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}
