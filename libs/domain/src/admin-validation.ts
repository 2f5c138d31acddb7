import type { ValidationFailure } from './checkout-validation';

export function validateCohortForm(input: {
  trainingName: string;
  month: string;
  year: string;
}): ValidationFailure | null {
  if (!input.trainingName.trim() || !input.month.trim() || !input.year.trim()) {
    return { title: 'Error', message: 'Please fill in all fields' };
  }
  return null;
}

export function validateCohortExport(input: {
  cohortId: string | null;
  enrollmentCount: number;
}): ValidationFailure | null {
  if (!input.cohortId) {
    return { title: 'No Cohort Selected', message: 'Please select a cohort to export' };
  }
  if (input.enrollmentCount === 0) {
    return { title: 'No Data', message: 'No enrollments found for this cohort' };
  }
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
