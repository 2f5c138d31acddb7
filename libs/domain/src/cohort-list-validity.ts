/**
 * What a row of the public cohort list says about time: its capacity, and how long after the database's now() (at
 * the read) its first counted seat hold expires (a hold still running, of a payment that has not succeeded), in ms;
 * null when it has none.
 */
export interface CohortListTimeRow {
  capacity: number | null;
  nextHoldExpiresInMs: number | null;
}

/**
 * Until when (epoch ms) the public cohort list, read at `readStartedAt`, stays right by time alone (changes to its
 * tables are another matter: they notify). The list has no date boundary (every cohort is listed, past months
 * included), so time changes it only when a counted seat hold expires and gives its seat back: the earliest such
 * expiry among the cohorts with a capacity (a cohort without one shows no seat count, so its holds change nothing).
 * The delays are measured from the database's now(), which is no earlier than the read's start, so adding them to
 * the start errs early, whatever the two clocks say. null: nothing in the list changes by time.
 */
export function cohortListValidUntil(rows: readonly CohortListTimeRow[], readStartedAt: number): number | null {
  let soonest: number | null = null;
  for (const row of rows) {
    if (row.capacity === null || row.nextHoldExpiresInMs === null) continue;
    // A delay that is not a number or below zero cannot be trusted: the answer holds no longer than its read.
    const delay = Number.isFinite(row.nextHoldExpiresInMs) ? Math.max(0, row.nextHoldExpiresInMs) : 0;
    if (soonest === null || delay < soonest) soonest = delay;
  }
  return soonest === null ? null : readStartedAt + soonest;
}
