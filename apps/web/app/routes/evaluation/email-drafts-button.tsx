import { Link, useFetcher } from 'react-router';
import { useEffect } from 'react';
import { notify } from '~/lib/toast';
import type { EmailDraftsActionData } from '~/lib/email-drafts';

/** What the evaluation route's loader knows about outreach: Gmail set up, and an admin signed in on this browser. */
export interface OutreachState {
  gmailConfigured: boolean;
  adminSignedIn: boolean;
}

function draftsMessage(result: Extract<EmailDraftsActionData, { ok: true }>): string {
  const parts = [`${result.created} email draft${result.created === 1 ? '' : 's'} created`];
  if (result.skipped > 0) parts.push(`${result.skipped} already drafted`);
  if (result.withoutEmail > 0) parts.push(`${result.withoutEmail} without an email address`);
  return parts.join(', ');
}

/** 'Create email drafts' for a completed credential's contacts; shown when Gmail is configured, to a logged-in admin. */
export function EmailDraftsButton({
  credentialId,
  contactCount,
  outreach,
}: {
  credentialId: string;
  contactCount: number;
  outreach: OutreachState;
}) {
  const fetcher = useFetcher<EmailDraftsActionData>();
  const busy = fetcher.state !== 'idle';

  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data) return;
    if (fetcher.data.ok) notify.success(draftsMessage(fetcher.data));
    else notify.error('Error', fetcher.data.message);
  }, [fetcher.state, fetcher.data]);

  if (!outreach.gmailConfigured || contactCount === 0) return null;
  if (!outreach.adminSignedIn) {
    return (
      <p className="mt-3 text-sm text-slate-600">
        <Link to="/admin?redirectTo=/evaluation" className="font-medium text-teal-700 underline">
          Log in as an admin
        </Link>{' '}
        to create email drafts for these contacts.
      </p>
    );
  }
  return (
    <fetcher.Form method="post" action="/resources/email-drafts" className="mt-3">
      <input type="hidden" name="credentialId" value={credentialId} />
      <button
        type="submit"
        disabled={busy}
        className="rounded-md bg-teal-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-teal-800 disabled:opacity-60"
      >
        {busy ? 'Creating drafts...' : 'Create email drafts'}
      </button>
    </fetcher.Form>
  );
}
