/**
 * The cohort the admin panel filters its table by: the one `cohortId` names, when it is among `cohorts` and, with a
 * training filtered, of that training (a cohort of another training would show nothing, as the spec's browser-side
 * filter did); otherwise null, and the table is not filtered by cohort.
 */
export function panelCohortFilter<C extends { id: string; trainingName: string }>(
  cohorts: readonly C[],
  cohortId: string | undefined,
  trainingName: string | undefined,
): C | null {
  if (!cohortId) return null;
  return cohorts.find((c) => c.id === cohortId && (!trainingName || c.trainingName === trainingName)) ?? null;
}
