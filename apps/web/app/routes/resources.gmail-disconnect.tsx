import { ROUTES } from '@app/contracts';
import type { ActionFunctionArgs } from 'react-router';
import { ApiError, callApi } from '~/lib/api.server';
import { ADMIN_ONLY_MESSAGE, optionalAdminToken } from '~/lib/session.server';

/** Disconnects the Gmail account (admins only); answers the new setup status for the mail panel's toast. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return Response.json({ message: 'Method not allowed' }, { status: 405 });
  const token = await optionalAdminToken(request);
  if (!token) return Response.json({ message: ADMIN_ONLY_MESSAGE }, { status: 401 });
  try {
    return Response.json(await callApi(ROUTES.gmailDisconnect, { token, request }));
  } catch (error) {
    if (error instanceof ApiError) {
      return Response.json(
        { message: error.status === 401 ? ADMIN_ONLY_MESSAGE : error.text },
        { status: error.status },
      );
    }
    throw error;
  }
}
