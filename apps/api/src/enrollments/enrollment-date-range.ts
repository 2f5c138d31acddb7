const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'YYYY-MM-DD' naming a day that exists (no 2027-02-30). */
export function isCalendarDate(value: string): boolean {
  const match = CALENDAR_DATE.exec(value);
  if (!match) return false;
  const date = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/**
 * The creation-time window for inclusive day filters, in UTC: from the start of startDate to the start of the day
 * after endDate (exclusive), so that an enrollment at 23:59:59.999 on endDate is still in.
 */
export function creationWindow(startDate?: string, endDate?: string): { from?: Date; before?: Date } {
  const window: { from?: Date; before?: Date } = {};
  if (startDate) window.from = new Date(`${startDate}T00:00:00.000Z`);
  if (endDate) {
    const before = new Date(`${endDate}T00:00:00.000Z`);
    before.setUTCDate(before.getUTCDate() + 1);
    window.before = before;
  }
  return window;
}
