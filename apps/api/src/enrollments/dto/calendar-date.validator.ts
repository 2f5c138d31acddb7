import { ValidateBy } from 'class-validator';
import { isCalendarDate } from '../enrollment-date-range';

/** A query date filter: a real calendar day as YYYY-MM-DD; the message names the query `property`. */
export const calendarDate = (property: string) =>
  ValidateBy({
    name: 'isCalendarDate',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && isCalendarDate(value),
      defaultMessage: () => `${property} must be a real date as YYYY-MM-DD`,
    },
  });
