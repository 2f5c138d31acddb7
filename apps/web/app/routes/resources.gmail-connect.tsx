import { redirect } from '@remix-run/node';
import { webEnv } from '~/lib/env.server';

/**
 * Same-origin entry for 'Connect Gmail': sends the browser to the API, which sets the CSRF state cookie on its
 * own origin and redirects to Google's consent page; Google then returns the browser to the API's callback.
 */
export function loader() {
  return redirect(`${webEnv.apiUrl}/api/gmail/connect`);
}
