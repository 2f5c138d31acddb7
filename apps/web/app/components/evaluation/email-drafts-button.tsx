import type { GmailSetupStatus } from '@app/contracts';
import { useFetcher, useRouteLoaderData } from '@remix-run/react';
import { useEffect } from 'react';
import { notify } from '~/lib/toast';
import type { EmailDraftsActionData } from '~/routes/resources.email-drafts';

function gmailStatus(data: unknown): GmailSetupStatus | null {
  if (typeof data !== 'object' || data === null || !('gmail' in data)) return null;
  const gmail = (data as { gmail: unknown }).gmail;
  return typeof gmail === 'object' && gmail !== null && 'configured' in gmail ? (gmail as GmailSetupStatus) : null;
}

function draftsMessage(result: Extract<EmailDraftsActionData, { ok: true }>): string {
  const parts = [`${result.created} email draft${result.created === 1 ? '' : 's'} created`];
  if (result.skipped > 0) parts.push(`${result.skipped} already drafted`);
  if (result.withoutEmail > 0) parts.push(`${result.withoutEmail} without an email address`);
  return parts.join(', ');
}

/** 'Create email drafts' for a completed credential's contacts; shown only when Gmail is configured. */
export function EmailDraftsButton({ credentialId, contactCount }: { credentialId: string; contactCount: number }) {
  const gmail = gmailStatus(useRouteLoaderData('routes/evaluation'));
  const fetcher = useFetcher<EmailDraftsActionData>();
  const busy = fetcher.state !== 'idle';

  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data) return;
    if (fetcher.data.ok) notify.success(draftsMessage(fetcher.data));
    else notify.error('Error', fetcher.data.message);
  }, [fetcher.state, fetcher.data]);

  if (!gmail?.configured || contactCount === 0) return null;
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
