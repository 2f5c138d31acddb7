import type { Enrollment } from '@app/contracts';
import { cohortMonthLabel } from './cohort-month';

export type CsvValue = string | number | boolean | null | undefined;

const CRLF = '\r\n';
// Spreadsheet apps run a cell that starts with these as a formula (CSV injection).
const FORMULA_START = /^[=+\-@\t\r]/;

function csvCell(value: CsvValue): string {
  const text = value === null || value === undefined ? '' : String(value);
  const safe = typeof value === 'string' && FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** RFC 4180: every value quoted, quotes doubled, CRLF after every record. */
export function toCsv(headers: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [headers, ...rows].map((row) => row.map(csvCell).join(',') + CRLF).join('');
}

export const COHORT_CSV_HEADERS = ['Student Name', 'Email'] as const;

export function cohortStudentsCsv(enrollments: readonly Pick<Enrollment, 'studentName' | 'studentEmail'>[]): string {
  return toCsv(
    COHORT_CSV_HEADERS,
    enrollments.map((e) => [e.studentName, e.studentEmail]),
  );
}

/** 'Parts_Therapy_Practitioner_March_2027.csv'. */
export function cohortCsvFileName(trainingName: string, cohortMonth: string): string {
  const base = `${trainingName} ${cohortMonthLabel(cohortMonth)}`
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return `${base || 'cohort'}.csv`;
}
