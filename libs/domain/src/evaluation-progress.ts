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

/** What the start rule reads of a credential: the page has it from the API, the API from its row. */
export type AnalysisStartInput = Pick<Credential, 'status' | 'failureKind' | 'analysisStartedAt'> & {
  documents: ReadonlyArray<Pick<Credential['documents'][number], 'createdAt'>>;
};

export type AnalysisStartVerdict =
  | { ok: true }
  | { ok: false; reason: 'no-documents' | 'analyzing' | 'completed' | 'failed-unchanged'; message: string };

/**
 * Whether a document was added after the attempt that failed began (uploads are refused while one runs); without a
 * known start nothing can be said to have changed.
 */
function documentsChangedSince(credential: AnalysisStartInput): boolean {
  if (!credential.analysisStartedAt) return false;
  const attempt = Date.parse(credential.analysisStartedAt);
  return credential.documents.some((document) => Date.parse(document.createdAt) > attempt);
}

/**
 * Whether an analysis may start: the one rule the API applies (409 with this message otherwise) and the page follows
 * to offer 'Analyze with AI'. A pending credential with a document may start. A failed one may start again when its
 * attempt was interrupted (a restart, a crashed worker, a timeout, an outage: the documents may well read next time),
 * or when its documents changed since that attempt; one whose documents could not be read fails the same way until
 * they change. Analyzing and completed credentials never start.
 */
export function analysisStart(credential: AnalysisStartInput): AnalysisStartVerdict {
  if (credential.status === 'analyzing')
    return { ok: false, reason: 'analyzing', message: 'The analysis of this credential is already running' };
  if (credential.status === 'completed')
    return { ok: false, reason: 'completed', message: 'This credential has already been analyzed' };
  if (credential.documents.length === 0)
    return { ok: false, reason: 'no-documents', message: 'Upload at least one document before starting the analysis' };
  if (credential.status === 'failed' && credential.failureKind !== 'interrupted' && !documentsChangedSince(credential))
    return {
      ok: false,
      reason: 'failed-unchanged',
      message: 'The documents could not be analyzed; upload a readable document and start the analysis again',
    };
  return { ok: true };
}

/** The page offers 'Analyze with AI' exactly when the API will accept it (analysisStart). */
export function canStartAnalysis(credential: AnalysisStartInput): boolean {
  return analysisStart(credential).ok;
}

export function shouldPollAnalyses(statuses: readonly CredentialStatus[]): boolean {
  return statuses.includes('analyzing');
}

export function displayedCourseEquivalencies(list: readonly CourseEquivalency[]): CourseEquivalency[] {
  return list.slice(0, MAX_DISPLAYED_COURSE_EQUIVALENCIES);
}
