import { CHECKLIST_PHASE_KEYS, type ChecklistPhaseStatus, type ChecklistStatus } from '@app/contracts';
import { CHECKLIST_PHASE_TITLES, checklistItemLabel } from '@app/domain';

const STATUS_STYLE: Record<ChecklistPhaseStatus, string> = {
  completed: 'bg-teal-100 text-teal-800',
  in_progress: 'bg-sky-100 text-sky-800',
  pending: 'bg-slate-100 text-slate-600',
};
const STATUS_LABEL: Record<ChecklistPhaseStatus, string> = {
  completed: 'Completed',
  in_progress: 'In progress',
  pending: 'Pending',
};

/** The system implementation checklist; `status` is null when GET /api/system/checklist-status could not be read. */
export function SystemStatusPanel({ status }: { status: ChecklistStatus | null }) {
  return (
    <section
      aria-labelledby="system-status-title"
      className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id="system-status-title" className="text-lg font-semibold">
          System Implementation Status
        </h2>
        {status ? (
          <span className="text-sm font-semibold text-slate-700" data-testid="checklist-completion">
            {Math.round(status.overall_completion)}% complete
          </span>
        ) : (
          <span className="rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold text-amber-800">
            Setup Required
          </span>
        )}
      </div>
      {status ? (
        <>
          <div
            className="mt-3 h-2 w-full overflow-hidden rounded-full bg-slate-100"
            role="progressbar"
            aria-label="Overall completion"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={status.overall_completion}
          >
            <div className="h-full bg-teal-600" style={{ width: `${status.overall_completion}%` }} />
          </div>
          <p className="mt-2 text-sm text-slate-600" data-testid="checklist-readiness">
            {!status.ready_for_production
              ? 'Not ready for production yet.'
              : status.overall_completion < 100
                ? 'Ready for production: the core services work; the open items are optional integrations.'
                : 'Ready for production.'}
          </p>
          <ul className="mt-4 space-y-3">
            {CHECKLIST_PHASE_KEYS.map((key) => {
              const phase = status[key];
              return (
                <li
                  key={key}
                  className="rounded-lg border border-slate-100 p-3"
                  data-testid="checklist-phase"
                  data-phase={key}
                >
                  <div className="flex items-center justify-between gap-2">
                    <span className="font-medium">{CHECKLIST_PHASE_TITLES[key]}</span>
                    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[phase.status]}`}>
                      {STATUS_LABEL[phase.status]}
                    </span>
                  </div>
                  <ul className="mt-2 grid gap-1 text-sm sm:grid-cols-2">
                    {Object.entries(phase.items).map(([item, done]) => (
                      <li key={item} className={done ? 'text-slate-700' : 'text-slate-600'}>
                        <span aria-hidden="true">{done ? '✓' : '○'}</span> {checklistItemLabel(item)}
                        <span className="sr-only">{done ? ' (done)' : ' (not done)'}</span>
                      </li>
                    ))}
                  </ul>
                </li>
              );
            })}
          </ul>
          {status.missing_components.length > 0 && (
            <p className="mt-4 text-sm text-slate-600">
              <span className="font-semibold text-slate-800">Missing:</span> {status.missing_components.join(', ')}
            </p>
          )}
          {status.next_steps.length > 0 && (
            <div className="mt-4">
              <h3 className="text-sm font-semibold">Next steps</h3>
              <ul className="mt-1 list-disc pl-5 text-sm text-slate-700">
                {status.next_steps.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ul>
            </div>
          )}
        </>
      ) : (
        <p className="mt-3 text-sm text-slate-600">The implementation checklist could not be loaded from the server.</p>
      )}
    </section>
  );
}
