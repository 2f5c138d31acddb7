import type { TrainingName } from './trainings';

/** cohortMonth is 'YYYY-MM'; createdAt is an ISO 8601 timestamp. */
export interface Cohort {
  id: string;
  trainingName: TrainingName;
  cohortMonth: string;
  createdAt: string;
  /** Seats for sale; null for no limit. */
  capacity: number | null;
  /** Seats still for sale (enrollments and checkouts in progress hold one each); null for no limit. */
  seatsLeft: number | null;
}

export interface CreateCohortRequest {
  trainingName: TrainingName;
  cohortMonth: string;
  /** Optional: seats for sale, omitted or null for no limit. */
  capacity?: number | null;
}
