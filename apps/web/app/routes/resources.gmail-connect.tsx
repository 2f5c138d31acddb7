import { ROUTES, routePath } from '@app/contracts';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { ApiError } from '~/lib/api.server';
import { webEnv } from '~/lib/env.server';
import { adminApi, newToast, optionalAdminToken, redirectWithToast } from '~/lib/session.server';

/**
 * 'Connect Gmail', for a logged-in admin: asks the API for a single-use ticket and sends the browser to the API with
 * it; the API sets the CSRF state cookie on its own origin and redirects to Google's consent page, and Google returns
 * the browser to the API's callback. Without an admin session the browser logs in first and then comes back here.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  if (!(await optionalAdminToken(request))) {
    return redirectWithToast(
      request,
      '/admin?redirectTo=/resources/gmail-connect',
      newToast('error', 'Error', 'Log in as an admin to connect Gmail'),
    );
  }
  try {
    const { ticket } = await adminApi(request, ROUTES.gmailConnectTicket);
    return redirect(`${webEnv.apiUrl}${routePath(ROUTES.gmailConnect, {})}?ticket=${encodeURIComponent(ticket)}`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) return redirect('/evaluation?gmail=unavailable');
    throw error;
  }
}
