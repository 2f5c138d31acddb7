import {
  CUSTOMER_FORM_MESSAGES,
  customerFormMessage,
  type CohortExportProblem,
  type CustomerFormErrors,
  type SelectionProblem,
  type SelectionReason,
} from '@app/domain';

/**
 * The rules in libs/domain answer data (field errors, or a reason with the spec's message); the pages decide how a
 * refusal is shown. These are the spec's notice titles for them, kept in one place for the routes and the checkout
 * island that show the same refusals.
 */
export interface ValidationFailure {
  title: string;
  message: string;
}

const SELECTION_TITLES: Record<SelectionReason, string> = {
  'missing-trainings': 'Missing Trainings',
  'too-many-trainings': 'Too Many Trainings',
  'duplicate-training': 'Duplicate Training',
  'cohort-required': 'Cohort Required',
};

/** A refused bundle or cohort choice as its notice. */
export function selectionNotice(problem: SelectionProblem): ValidationFailure {
  return { title: SELECTION_TITLES[problem.reason], message: problem.message };
}

const EXPORT_TITLES: Record<CohortExportProblem['reason'], string> = {
  'no-cohort': 'No Cohort Selected',
  'no-data': 'No Data',
};

/** A refused cohort export as its notice. */
export function exportNotice(problem: CohortExportProblem): ValidationFailure {
  return { title: EXPORT_TITLES[problem.reason], message: problem.message };
}

const CUSTOMER_TITLES: Record<string, string> = {
  [CUSTOMER_FORM_MESSAGES.required]: 'Required Fields',
  [CUSTOMER_FORM_MESSAGES.email]: 'Invalid Email',
};

/** Refused buyer fields as their one notice: a missing field first ('Required Fields'), else the bad email. */
export function customerNotice(errors: CustomerFormErrors): ValidationFailure | null {
  const message = customerFormMessage(errors);
  if (!message) return null;
  return { title: CUSTOMER_TITLES[message] ?? 'Error', message };
}
