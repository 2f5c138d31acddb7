/**
 * The creation-time window for inclusive day filters, in UTC: from the start of startDate to the start of the day
 * after endDate (exclusive), so that an enrollment at 23:59:59.999 on endDate is still in. The dates were checked by
 * libs/domain's isFilterDate (the DTOs' calendarDate), so both bounds are dates PostgreSQL reads.
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
