import type { TrainingName } from '@app/contracts';

/**
 * Why a checkout selection is refused, with the spec's message; the reason lets the page choose its heading (the
 * web app's toast titles are in app/lib/form-notices.ts). Rules answer data, never a toast.
 */
export type SelectionReason = 'missing-trainings' | 'too-many-trainings' | 'duplicate-training' | 'cohort-required';

export interface SelectionProblem {
  reason: SelectionReason;
  message: string;
}

export function validateSingleCohort(input: { hasCohorts: boolean; cohortId: string | null }): SelectionProblem | null {
  if (input.hasCohorts && !input.cohortId) return { reason: 'cohort-required', message: 'Please select a cohort' };
  return null;
}

export interface BundleSelectionInput {
  size: number;
  /** One slot per bundle position; '' marks a slot not chosen yet. */
  trainings: readonly (TrainingName | '')[];
  /** Cohort chosen per slot, aligned with trainings. */
  cohortIds: readonly (string | null | undefined)[];
  trainingsWithCohorts: readonly TrainingName[];
}

/**
 * The bundle rule the checkout form and the API share: exactly `size` trainings (a bundle-2 takes 2, a bundle-3
 * takes 3), all different.
 */
export function validateBundleTrainings(trainings: readonly TrainingName[], size: number): SelectionProblem | null {
  if (trainings.length < size) {
    return { reason: 'missing-trainings', message: `Please select all ${size} trainings` };
  }
  if (trainings.length > size) {
    return { reason: 'too-many-trainings', message: `Please select exactly ${size} trainings` };
  }
  if (new Set(trainings).size !== trainings.length) {
    return { reason: 'duplicate-training', message: 'Please select different trainings' };
  }
  return null;
}

/** Checks in the spec's order: all slots filled, no duplicates, then a cohort where one is offered. */
export function validateBundleSelection(input: BundleSelectionInput): SelectionProblem | null {
  const chosen = input.trainings.slice(0, input.size).filter((t): t is TrainingName => t !== '');
  const trainingsFailure = validateBundleTrainings(chosen, input.size);
  if (trainingsFailure) return trainingsFailure;
  const missingCohort = chosen.find(
    (training, slot) => input.trainingsWithCohorts.includes(training) && !input.cohortIds[slot],
  );
  if (missingCohort) {
    return { reason: 'cohort-required', message: `Please select a cohort for ${missingCohort}` };
  }
  return null;
}

export const MAX_EMAIL_LENGTH = 254;
const MAX_EMAIL_LOCAL_LENGTH = 64;
const EMAIL_LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const EMAIL_DOMAIN = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

/** RFC 5321-lite: dot-atom local part and a dotted hostname; no quoted or IP-literal forms. */
export function isValidEmail(value: string): boolean {
  if (value.length > MAX_EMAIL_LENGTH) return false;
  const at = value.lastIndexOf('@');
  if (at <= 0) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  return local.length <= MAX_EMAIL_LOCAL_LENGTH && EMAIL_LOCAL.test(local) && EMAIL_DOMAIN.test(domain);
}
