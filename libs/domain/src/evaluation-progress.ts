import type { Credential, CredentialStatus, CourseEquivalency } from '@app/contracts';
import { ANALYSIS_PHASES } from '@app/contracts';

export const ANALYSIS_POLL_INTERVAL_MS = 2000;
export const MAX_DISPLAYED_COURSE_EQUIVALENCIES = 3;

/** Percent (0..100, whole) of the six analysis phases that have a record. */
export function analysisProgress(recordPhases: readonly number[]): number {
  const known = new Set<number>(ANALYSIS_PHASES.map((p) => p.phase));
  const done = new Set(recordPhases.filter((p) => known.has(p)));
  return Math.round((done.size / ANALYSIS_PHASES.length) * 100);
}

export type AnalysisPhaseState = 'completed' | 'pending';

export function analysisPhaseStates(
  recordPhases: readonly number[],
): { phase: number; title: string; state: AnalysisPhaseState }[] {
  return ANALYSIS_PHASES.map(({ phase, title }) => ({
    phase,
    title,
    state: recordPhases.includes(phase) ? 'completed' : 'pending',
  }));
}

/**
 * 4 (every phase done) once staff verified a credential's credit, else 3 when any credential is completed, else 2 when
 * any is analyzing, else 1.
 */
export function currentEvaluationPhase(statuses: readonly CredentialStatus[], anyVerified = false): 1 | 2 | 3 | 4 {
  if (anyVerified) return 4;
  if (statuses.includes('completed')) return 3;
  if (statuses.includes('analyzing')) return 2;
  return 1;
}

export type EvaluationPhaseState = 'done' | 'active' | 'pending';

export function evaluationPhaseState(phaseId: number, current: number): EvaluationPhaseState {
  if (current > phaseId) return 'done';
  if (current === phaseId) return 'active';
  return 'pending';
}

/** Analysis may start only from pending and with something to read. */
export function canStartAnalysis(credential: Pick<Credential, 'status' | 'documents'>): boolean {
  return credential.status === 'pending' && credential.documents.length > 0;
}

export function shouldPollAnalyses(statuses: readonly CredentialStatus[]): boolean {
  return statuses.includes('analyzing');
}

export function displayedCourseEquivalencies(list: readonly CourseEquivalency[]): CourseEquivalency[] {
  return list.slice(0, MAX_DISPLAYED_COURSE_EQUIVALENCIES);
}
