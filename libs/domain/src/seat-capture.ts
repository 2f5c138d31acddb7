/** A chosen cohort at the moment an authorised payment is about to be captured, counted under the cohort's lock. */
export interface CohortSeatCount {
  cohortId: string;
  /** null: the cohort has no seat limit. */
  capacity: number | null;
  /** Seats taken by enrollments and by other payments' live holds (never this payment's own hold). */
  takenByOthers: number;
}

/** Whether a cohort still has a seat for this payment: unlimited, or fewer seats taken by others than it has. */
export function hasSeatFor(seats: { capacity: number | null; takenByOthers: number }): boolean {
  return seats.capacity === null || seats.takenByOthers < seats.capacity;
}

export type CaptureDecision = { action: 'capture' } | { action: 'cancel'; fullCohortIds: string[] };

/**
 * An authorised payment is captured only when every cohort it chose still has a seat for it; otherwise the
 * authorisation is cancelled (the buyer is never charged) and the full cohorts are named. A payment with no cohort
 * (or only unlimited ones) is always captured.
 */
export function decideCapture(cohorts: CohortSeatCount[]): CaptureDecision {
  const fullCohortIds = cohorts.filter((cohort) => !hasSeatFor(cohort)).map((cohort) => cohort.cohortId);
  return fullCohortIds.length === 0 ? { action: 'capture' } : { action: 'cancel', fullCohortIds };
}
