import type { CourseEquivalency, CredentialDocument } from '@app/contracts';
import {
  ANALYSIS_POLL_INTERVAL_MS,
  analysisPhaseStates,
  analysisProgress,
  analysisStart,
  canStartAnalysis,
  currentEvaluationPhase,
  displayedCourseEquivalencies,
  evaluationPhaseState,
  shouldPollAnalyses,
} from './evaluation-progress';

describe('analysisProgress', () => {
  it.each([
    [[], 0],
    [[1], 17],
    [[1, 2], 33],
    [[1, 2, 3], 50],
    [[1, 2, 3, 4], 67],
    [[1, 2, 3, 4, 5], 83],
    [[1, 2, 3, 4, 5, 6], 100],
  ])('records %p give %i%%', (phases, percent) => {
    expect(analysisProgress(phases)).toBe(percent);
  });

  it('counts a phase once however many records it has', () => {
    expect(analysisProgress([2, 2, 2])).toBe(17);
  });

  it('ignores phases outside 1..6', () => {
    expect(analysisProgress([0, 7, -1, 3])).toBe(17);
  });

  it('does not depend on order', () => {
    expect(analysisProgress([6, 1, 4])).toBe(50);
  });
});

describe('analysisPhaseStates', () => {
  it('marks phases with a record completed and the rest pending', () => {
    const states = analysisPhaseStates([1, 3]);
    expect(states.map((s) => s.state)).toEqual(['completed', 'pending', 'completed', 'pending', 'pending', 'pending']);
    expect(states[4]).toEqual({ phase: 5, title: 'Certificate Details Extraction', state: 'pending' });
  });
});

describe('currentEvaluationPhase', () => {
  it('is 1 with no credentials', () => {
    expect(currentEvaluationPhase([])).toBe(1);
  });

  it('is 1 when all are pending or failed', () => {
    expect(currentEvaluationPhase(['pending', 'failed'])).toBe(1);
  });

  it('is 2 when any is analyzing', () => {
    expect(currentEvaluationPhase(['pending', 'analyzing'])).toBe(2);
  });

  it('is 3 when any is completed, even if another is analyzing', () => {
    expect(currentEvaluationPhase(['analyzing', 'completed', 'failed'])).toBe(3);
  });

  it('is past the last phase once staff verified a credit, so Credit Verification shows done', () => {
    expect(currentEvaluationPhase(['completed'], true)).toBe(4);
    expect(evaluationPhaseState(3, currentEvaluationPhase(['completed'], true))).toBe('done');
    expect(evaluationPhaseState(3, currentEvaluationPhase(['completed'], false))).toBe('active');
  });
});

describe('evaluationPhaseState', () => {
  it.each([
    [1, 1, 'active'],
    [2, 1, 'pending'],
    [3, 1, 'pending'],
    [1, 2, 'done'],
    [2, 2, 'active'],
    [3, 2, 'pending'],
    [1, 3, 'done'],
    [2, 3, 'done'],
    [3, 3, 'active'],
  ] as const)('phase %i with current %i is %s', (phase, current, state) => {
    expect(evaluationPhaseState(phase, current)).toBe(state);
  });
});

const doc: CredentialDocument = {
  id: 'd1',
  fileName: 'transcript.pdf',
  documentType: 'transcript',
  fileSize: 1000,
  fileType: 'application/pdf',
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('analysisStart (the API refuses exactly what the page does not offer)', () => {
  const fresh = { failureKind: null, analysisStartedAt: null } as const;
  const attempt = '2026-01-02T00:00:00.000Z';
  const later = { ...doc, createdAt: '2026-01-03T00:00:00.000Z' };

  it('allows a pending credential with a document', () => {
    expect(canStartAnalysis({ status: 'pending', documents: [doc], ...fresh })).toBe(true);
  });

  it('refuses a pending credential without documents', () => {
    expect(analysisStart({ status: 'pending', documents: [], ...fresh })).toMatchObject({
      ok: false,
      reason: 'no-documents',
    });
  });

  it.each(['analyzing', 'completed'] as const)('refuses a %s credential', (status) => {
    expect(analysisStart({ status, documents: [doc], failureKind: null, analysisStartedAt: attempt })).toMatchObject({
      ok: false,
      reason: status,
    });
  });

  it('allows a failed credential whose attempt was interrupted to start again, documents unchanged', () => {
    expect(
      canStartAnalysis({ status: 'failed', documents: [doc], failureKind: 'interrupted', analysisStartedAt: attempt }),
    ).toBe(true);
  });

  it('refuses a failed credential whose documents could not be read until a document is added after the attempt', () => {
    const failed = { status: 'failed', failureKind: 'documents', analysisStartedAt: attempt } as const;
    expect(analysisStart({ ...failed, documents: [doc] })).toMatchObject({ ok: false, reason: 'failed-unchanged' });
    expect(canStartAnalysis({ ...failed, documents: [doc, later] })).toBe(true);
  });

  it('treats a failure of unknown kind (recorded before kinds were) like unreadable documents', () => {
    const failed = { status: 'failed', failureKind: null, analysisStartedAt: attempt } as const;
    expect(canStartAnalysis({ ...failed, documents: [doc] })).toBe(false);
    expect(canStartAnalysis({ ...failed, documents: [doc, later] })).toBe(true);
  });

  it('refuses a failed credential of unknown cause and unknown attempt time', () => {
    expect(canStartAnalysis({ status: 'failed', documents: [doc], failureKind: null, analysisStartedAt: null })).toBe(
      false,
    );
  });

  it('never starts a failed credential without documents', () => {
    expect(
      canStartAnalysis({ status: 'failed', documents: [], failureKind: 'interrupted', analysisStartedAt: attempt }),
    ).toBe(false);
  });
});

describe('polling', () => {
  it('polls every 2 seconds while anything is analyzing', () => {
    expect(ANALYSIS_POLL_INTERVAL_MS).toBe(2000);
    expect(shouldPollAnalyses(['completed', 'analyzing'])).toBe(true);
    expect(shouldPollAnalyses(['completed', 'pending', 'failed'])).toBe(false);
  });
});

describe('displayedCourseEquivalencies', () => {
  const eq = (n: number): CourseEquivalency => ({ originalCourse: `C${n}`, equivalentCourse: `E${n}`, credits: n });

  it('shows at most three, in order', () => {
    expect(displayedCourseEquivalencies([eq(1), eq(2), eq(3), eq(4)]).map((e) => e.originalCourse)).toEqual([
      'C1',
      'C2',
      'C3',
    ]);
  });

  it('shows fewer when there are fewer', () => {
    expect(displayedCourseEquivalencies([eq(1)])).toHaveLength(1);
    expect(displayedCourseEquivalencies([])).toEqual([]);
  });
});
