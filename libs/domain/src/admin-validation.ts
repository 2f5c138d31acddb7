/** Why the cohort CSV cannot be exported; the spec's message for it. The page decides how to show it. */
export type CohortExportProblem =
  | { reason: 'no-cohort'; message: 'Please select a cohort to export' }
  | { reason: 'no-data'; message: 'No enrollments found for this cohort' };

export function validateCohortExport(input: {
  cohortId: string | null;
  enrollmentCount: number;
}): CohortExportProblem | null {
  if (!input.cohortId) return { reason: 'no-cohort', message: 'Please select a cohort to export' };
  if (input.enrollmentCount === 0) return { reason: 'no-data', message: 'No enrollments found for this cohort' };
  return null;
}

export function exportedMessage(count: number): string {
  return `Exported ${count} enrollment(s)`;
}

/**
 * The admin types dollars; the API stores cents. The spec makes a non-numeric amount 0,
 * and a negative one is treated the same since no refund entry exists.
 */
export function parsePaymentAmountCents(raw: string): number {
  const cleaned = raw.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!/^\d+(?:\.\d+)?$/.test(cleaned)) return 0;
  return Math.round(Number(cleaned) * 100);
}
