export const CONTACT_HOURS_PER_QUARTER_CREDIT = 10;

/**
 * 1 quarter credit = 10 contact hours, kept to one decimal (36 h -> 3.6) so partial
 * work is visible; rounding half up on the tenth. No hours, or nonsense, earns 0.
 */
export function quarterCreditsFromHours(hours: number): number {
  if (!Number.isFinite(hours) || hours <= 0) return 0;
  return Math.round((hours * 10) / CONTACT_HOURS_PER_QUARTER_CREDIT) / 10;
}

/** The contact hours quarter credits stand for (a transcript's hours), to one decimal: the inverse of the above. */
export function contactHoursFromQuarterCredits(credits: number): number {
  return Math.round(credits * CONTACT_HOURS_PER_QUARTER_CREDIT * 10) / 10;
}

/** Sum of credits in tenths, so 0.1 + 0.2 stays 0.3. */
export function sumCredits(credits: readonly number[]): number {
  return credits.reduce((total, c) => total + Math.round(c * 10), 0) / 10;
}
