import type { GmailSetupStatus } from '@app/contracts';

/** The mail-draft integration state; `status` is null when GET /api/gmail/setup-status could not be read. */
export function MailPanel({ status }: { status: GmailSetupStatus | null }) {
  const configured = status?.configured === true;
  return (
    <section aria-labelledby="mail-panel-title" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex items-center justify-between gap-3">
        <h2 id="mail-panel-title" className="text-lg font-semibold">
          Email Draft Integration
        </h2>
        <span
          className={`rounded-full px-3 py-1 text-xs font-semibold ${configured ? 'bg-teal-100 text-teal-800' : 'bg-amber-100 text-amber-800'}`}
          data-testid="mail-status"
        >
          {configured ? 'Configured' : 'Setup Required'}
        </span>
      </div>
      <dl className="mt-4 text-sm">
        <dt className="text-slate-500">User email</dt>
        <dd className="font-medium text-slate-900" data-testid="mail-user-email">
          {status?.userEmail ?? 'Not configured'}
        </dd>
      </dl>
      {!configured && (
        <p className="mt-3 text-sm text-slate-600">
          Drafting outreach emails to the contacts found in evaluations needs a connected mail account.
        </p>
      )}
    </section>
  );
}
