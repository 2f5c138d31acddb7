import { MONTH_NAMES } from './cohort-month';
/**
 * Splits a total in integer cents into `parts` shares that add up to it exactly; the first shares take the
 * leftover cents so no cent is lost or invented (a bundle price spread over its trainings).
 */
export function splitCents(total: number, parts: number): number[] {
  if (!Number.isInteger(total) || total < 0) throw new RangeError('total must be a non-negative integer of cents');
  if (!Number.isInteger(parts) || parts < 1) throw new RangeError('parts must be a positive integer');
  const base = Math.floor(total / parts);
  const leftover = total - base * parts;
  return Array.from({ length: parts }, (_, i) => base + (i < leftover ? 1 : 0));
}

/**
 * The same day `months` later in UTC, moved back to the month's last day when that month is shorter
 * (31 January + 1 month = 28 or 29 February), so a monthly plan never skips a month.
 */
export function addMonthsUtc(from: Date, months: number): Date {
  const year = from.getUTCFullYear();
  const month = from.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(from.getUTCDate(), lastDay),
      from.getUTCHours(),
      from.getUTCMinutes(),
      from.getUTCSeconds(),
      from.getUTCMilliseconds(),
    ),
  );
}

/** When each installment of a plan is due: the first at `firstChargedAt`, then one a month. */
export function installmentDueDates(firstChargedAt: Date, count: number): Date[] {
  return Array.from({ length: count }, (_, i) => addMonthsUtc(firstChargedAt, i));
}

/** The installments of a plan still to be charged after `paid` of them, with their due dates and amounts. */
export function remainingInstallments(
  firstChargedAt: Date,
  count: number,
  paid: number,
  amount: number,
): Array<{ number: number; dueAt: Date; amount: number }> {
  return installmentDueDates(firstChargedAt, count)
    .map((dueAt, i) => ({ number: i + 1, dueAt, amount }))
    .filter((installment) => installment.number > paid);
}

/** 'March 5, 2027' for the UTC day of the date, so a mail reads the same day the database holds. */
export function formatLongDateUtc(date: Date): string {
  return `${MONTH_NAMES[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** A declined installment is tried again this many days later, by the hourly job, with the card on file. */
export const INSTALLMENT_RETRY_DAYS = 3;
/** Declines of one installment before the job stops trying and waits for a new card. */
export const INSTALLMENT_MAX_DECLINES = 3;

/**
 * When a declined installment is charged again by itself: `INSTALLMENT_RETRY_DAYS` after its `declines`-th decline,
 * or null once it has been declined `INSTALLMENT_MAX_DECLINES` times (then only a new card pays it).
 */
export function nextInstallmentRetry(declinedAt: Date, declines: number): Date | null {
  if (declines >= INSTALLMENT_MAX_DECLINES) return null;
  return new Date(declinedAt.getTime() + INSTALLMENT_RETRY_DAYS * 24 * 60 * 60 * 1000);
}
