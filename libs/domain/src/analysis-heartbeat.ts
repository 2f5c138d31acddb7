/**
 * Without Redis an analysis runs in the API process that queued it, which refreshes a heartbeat on the credential
 * while it holds the job. Another instance may only fail the analysis once that process is gone: when the heartbeat
 * has missed this many beats, not after one late beat (a busy event loop or a slow database).
 */
export const ANALYSIS_MISSED_BEATS = 3;

/** Analyses whose last heartbeat is before this time have lost their process. */
export function orphanedAnalysisCutoff(now: Date, heartbeatMs: number): Date {
  return new Date(now.getTime() - ANALYSIS_MISSED_BEATS * heartbeatMs);
}

/** Whether an analysis last seen alive at `lastBeat` (its start when it never beat) has lost its process. */
export function isAnalysisOrphaned(lastBeat: Date, now: Date, heartbeatMs: number): boolean {
  return lastBeat.getTime() < orphanedAnalysisCutoff(now, heartbeatMs).getTime();
}
