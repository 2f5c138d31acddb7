import type { AnalysisRecord } from '@app/contracts';
import { analysisPhaseStates, analysisProgress } from '@app/domain';

/** Progress of one analyzing credential: the share of the six phases that have a record. */
export function AnalysisProgress({ credentialName, records }: { credentialName: string; records: AnalysisRecord[] }) {
  const phases = records.map((record) => record.phase);
  const percent = analysisProgress(phases);
  return (
    <div className="mt-3 rounded-lg bg-sky-50 p-3" data-testid="analysis-progress">
      <div className="flex items-center justify-between text-sm">
        <span className="font-medium text-sky-900">Analyzing {credentialName}</span>
        <span className="text-sky-800">{percent}%</span>
      </div>
      <div
        className="mt-2 h-2 overflow-hidden rounded-full bg-sky-100"
        role="progressbar"
        aria-label={`Analysis progress of ${credentialName}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className="h-full bg-sky-600 transition-all" style={{ width: `${percent}%` }} />
      </div>
      <ol className="mt-2 grid gap-1 text-xs sm:grid-cols-2">
        {analysisPhaseStates(phases).map((phase) => (
          <li key={phase.phase} className={phase.state === 'completed' ? 'text-sky-900' : 'text-slate-600'}>
            <span aria-hidden="true">{phase.state === 'completed' ? '✓' : '○'}</span> {phase.phase}. {phase.title}
          </li>
        ))}
      </ol>
    </div>
  );
}
