import type { Cohort } from '@app/contracts';
import { cohortMonthLabel } from '@app/domain';

/** 'March 2027', or 'Parts Therapy Practitioner - March 2027' where cohorts of several trainings are listed together. */
export function cohortOptionLabel(cohort: Cohort, withTraining: boolean): string {
  return withTraining
    ? `${cohort.trainingName} - ${cohortMonthLabel(cohort.cohortMonth)}`
    : cohortMonthLabel(cohort.cohortMonth);
}
