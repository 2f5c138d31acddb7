import { EVALUATION_PHASES } from '@app/contracts';
import { evaluationPhaseState, type EvaluationPhaseState } from '@app/domain';

const CIRCLE: Record<EvaluationPhaseState, string> = {
  done: 'border-teal-600 bg-teal-600 text-white',
  active: 'border-teal-600 bg-white text-teal-700 ring-4 ring-teal-100',
  // slate-600 on white is 7.5:1; the pending phases stay readable (WCAG AA needs 4.5:1 for text).
  pending: 'border-slate-400 bg-white text-slate-600',
};

/**
 * The three-phase indicator; `current` comes from the domain rule currentEvaluationPhase (4: every phase done, once
 * staff verified a credit, whose total then replaces the third phase's description).
 */
export function EvaluationProcess({
  current,
  awardedCredits = null,
}: {
  current: 1 | 2 | 3 | 4;
  awardedCredits?: number | null;
}) {
  return (
    <section
      aria-labelledby="evaluation-process-title"
      className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="evaluation-process-title" className="text-lg font-semibold">
        Evaluation Process
      </h2>
      <ol className="mt-4 grid gap-4 sm:grid-cols-3">
        {EVALUATION_PHASES.map((phase) => {
          const state = evaluationPhaseState(phase.id, current);
          const highlighted = state !== 'pending';
          return (
            <li
              key={phase.id}
              className="flex items-start gap-3"
              data-testid={`evaluation-phase-${phase.id}`}
              data-state={state}
              aria-current={state === 'active' ? 'step' : undefined}
            >
              <span
                className={`flex h-9 w-9 shrink-0 items-center justify-center rounded-full border-2 text-sm font-semibold ${CIRCLE[state]}`}
              >
                {state === 'done' ? (
                  <svg viewBox="0 0 20 20" fill="currentColor" className="h-5 w-5" role="img" aria-label="Done">
                    <path
                      fillRule="evenodd"
                      d="M16.7 5.3a1 1 0 0 1 0 1.4l-7.5 7.5a1 1 0 0 1-1.4 0L3.3 9.7a1 1 0 1 1 1.4-1.4l3.8 3.8 6.8-6.8a1 1 0 0 1 1.4 0Z"
                      clipRule="evenodd"
                    />
                  </svg>
                ) : (
                  phase.id
                )}
              </span>
              <div>
                <p className={`font-medium ${highlighted ? 'text-teal-800' : 'text-slate-700'}`}>{phase.title}</p>
                <p
                  className={`text-sm ${highlighted ? 'text-slate-700' : 'text-slate-600'}`}
                  data-testid={`evaluation-phase-${phase.id}-description`}
                >
                  {phase.id === 3 && state === 'done' && awardedCredits !== null
                    ? `Credit awarded: ${awardedCredits} quarter credit${awardedCredits === 1 ? '' : 's'}`
                    : phase.description}
                </p>
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
