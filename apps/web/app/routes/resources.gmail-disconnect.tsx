import type { GmailSetupStatus } from '@app/contracts';
import type { ActionFunctionArgs } from '@remix-run/node';
import { api, ApiError } from '~/lib/api.server';

/** Disconnects the Gmail account; answers the new setup status for the mail panel's toast. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return Response.json({ message: 'Method not allowed' }, { status: 405 });
  try {
    return Response.json(await api<GmailSetupStatus>('/api/gmail/disconnect', { method: 'POST', request }));
  } catch (error) {
    if (error instanceof ApiError) return Response.json({ message: error.text }, { status: error.status });
    throw error;
  }
}
