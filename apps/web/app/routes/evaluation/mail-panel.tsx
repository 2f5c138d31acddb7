import type { GmailSetupStatus } from '@app/contracts';
import { useFetcher, useSearchParams } from 'react-router';
import { useEffect } from 'react';
import { notify } from '~/lib/toast';

/**
 * The mail-draft integration state; `status` is null when GET /api/gmail/setup-status could not be read. Anyone sees
 * it; connecting (through the admin login) and disconnecting are for admins.
 */
export function MailPanel({ status, adminSignedIn }: { status: GmailSetupStatus | null; adminSignedIn: boolean }) {
  const configured = status?.configured === true;
  const disconnect = useFetcher<GmailSetupStatus | { message: string }>();
  const [searchParams] = useSearchParams();
  const returned = searchParams.get('gmail');

  // The API's OAuth callback sends the browser back here with ?gmail=connected (or denied).
  useEffect(() => {
    if (returned === 'connected') notify.success('Gmail connected', status?.userEmail ?? undefined);
    if (returned === 'denied') notify.error('Gmail not connected', 'access was not allowed');
    if (returned === 'unavailable')
      notify.error('Gmail not connected', status?.nextStep ?? 'Gmail cannot be connected yet');
    // Only once per return from Google, not on every status refresh.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [returned]);

  useEffect(() => {
    if (disconnect.state !== 'idle' || !disconnect.data) return;
    if ('configured' in disconnect.data) notify.success('Gmail disconnected');
    else notify.error('Error', disconnect.data.message);
  }, [disconnect.state, disconnect.data]);

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
      {configured ? (
        <p className="mt-3 text-sm text-slate-600">
          Completed evaluations offer &lsquo;Create email drafts&rsquo; for their contacts; drafts appear in this
          account&rsquo;s Gmail.
        </p>
      ) : (
        <p className="mt-3 text-sm text-slate-600" data-testid="mail-next-step">
          {status?.nextStep ?? 'The mail integration status could not be loaded from the server.'}
        </p>
      )}
      <div className="mt-4 flex flex-wrap gap-3">
        {status?.hasCredentials && !configured && (
          <a
            href="/resources/gmail-connect"
            className="rounded-md bg-teal-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-teal-800"
          >
            Connect Gmail
          </a>
        )}
        {configured && adminSignedIn && (
          <disconnect.Form method="post" action="/resources/gmail-disconnect">
            <button
              type="submit"
              disabled={disconnect.state !== 'idle'}
              className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-700 hover:bg-slate-50 disabled:opacity-60"
            >
              Disconnect
            </button>
          </disconnect.Form>
        )}
      </div>
    </section>
  );
}
