import { ValidateBy } from 'class-validator';
import { FILTER_DATE_YEARS, isFilterDate } from '@app/domain';

/** A query date filter: a real calendar day as YYYY-MM-DD in a sane range (libs/domain); the message names `property`. */
export const calendarDate = (property: string) =>
  ValidateBy({
    name: 'isCalendarDate',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && isFilterDate(value),
      defaultMessage: () =>
        `${property} must be a real date as YYYY-MM-DD, from ${FILTER_DATE_YEARS.min} to ${FILTER_DATE_YEARS.max}`,
    },
  });
