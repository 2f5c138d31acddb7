import type { TrainingName } from './trainings';

/** cohortMonth is 'YYYY-MM'; createdAt is an ISO 8601 timestamp. */
export interface Cohort {
  id: string;
  trainingName: TrainingName;
  cohortMonth: string;
  createdAt: string;
}

export interface CreateCohortRequest {
  trainingName: TrainingName;
  cohortMonth: string;
}
