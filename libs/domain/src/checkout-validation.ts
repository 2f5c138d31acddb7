import type { TrainingName } from '@app/contracts';

/** A user-facing failure: the toast title and its message, with the spec's exact texts. */
export interface ValidationFailure {
  title: string;
  message: string;
}

export const INVALID_BUNDLE_FAILURE: ValidationFailure = {
  title: 'Invalid Bundle',
  message: 'Bundle pricing not found',
};

export function validateCustomer(input: { name: string; email: string }): ValidationFailure | null {
  if (input.name.trim() === '' || input.email.trim() === '') {
    return { title: 'Required Fields', message: 'Please fill in your name and email' };
  }
  return null;
}

export function validateSingleCohort(input: {
  hasCohorts: boolean;
  cohortId: string | null;
}): ValidationFailure | null {
  if (input.hasCohorts && !input.cohortId) {
    return { title: 'Cohort Required', message: 'Please select a cohort' };
  }
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
export function validateBundleTrainings(trainings: readonly TrainingName[], size: number): ValidationFailure | null {
  if (trainings.length < size) {
    return { title: 'Missing Trainings', message: `Please select all ${size} trainings` };
  }
  if (trainings.length > size) {
    return { title: 'Too Many Trainings', message: `Please select exactly ${size} trainings` };
  }
  if (new Set(trainings).size !== trainings.length) {
    return { title: 'Duplicate Training', message: 'Please select different trainings' };
  }
  return null;
}

/** Checks in the spec's order: all slots filled, no duplicates, then a cohort where one is offered. */
export function validateBundleSelection(input: BundleSelectionInput): ValidationFailure | null {
  const chosen = input.trainings.slice(0, input.size).filter((t): t is TrainingName => t !== '');
  const trainingsFailure = validateBundleTrainings(chosen, input.size);
  if (trainingsFailure) return trainingsFailure;
  const missingCohort = chosen.find(
    (training, slot) => input.trainingsWithCohorts.includes(training) && !input.cohortIds[slot],
  );
  if (missingCohort) {
    return { title: 'Cohort Required', message: `Please select a cohort for ${missingCohort}` };
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
