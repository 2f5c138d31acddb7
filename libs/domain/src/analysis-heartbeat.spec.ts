import { ANALYSIS_MISSED_BEATS, isAnalysisOrphaned, orphanedAnalysisCutoff } from './analysis-heartbeat';

describe('analysis heartbeat', () => {
  const now = new Date('2026-11-24T12:00:00.000Z');
  const beat = 10_000;

  it('puts the cutoff three beats back', () => {
    expect(ANALYSIS_MISSED_BEATS).toBe(3);
    expect(orphanedAnalysisCutoff(now, beat).toISOString()).toBe('2026-11-24T11:59:30.000Z');
  });

  it('keeps an analysis that missed one or two beats, and gives up on one that missed three', () => {
    expect(isAnalysisOrphaned(new Date(now.getTime() - beat), now, beat)).toBe(false);
    expect(isAnalysisOrphaned(new Date(now.getTime() - 2 * beat - 9_999), now, beat)).toBe(false);
    expect(isAnalysisOrphaned(new Date(now.getTime() - 3 * beat), now, beat)).toBe(false);
    expect(isAnalysisOrphaned(new Date(now.getTime() - 3 * beat - 1), now, beat)).toBe(true);
  });

  it('scales with the heartbeat interval', () => {
    expect(isAnalysisOrphaned(new Date(now.getTime() - 4_000), now, 1_000)).toBe(true);
    expect(isAnalysisOrphaned(new Date(now.getTime() - 4_000), now, 2_000)).toBe(false);
  });
});
