import { ROUTES, type RouteDefinition, type RouteResponse } from '@app/contracts';
import { redirect } from 'react-router';
import { ApiError, type CallArgs } from './api.server';
import { applicantApi, optionalApplicant, type ApplicantRef } from './applicant.server';
import { ACCOUNT_COOKIE, APPLICANT_COOKIE } from './cookie-names';
import { webEnv } from './env.server';

/**
 * Whether this browser is signed in to an account, as far as its cookie says (no API call: every page asks): its
 * applicant cookie carries a session. The API decides whether that session is still live (401 once it ended).
 */
export async function accountSignedIn(request: Request): Promise<boolean> {
  return (await optionalApplicant(request))?.session != null;
}

function expired(name: string): string {
  return `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${webEnv.sessionCookieSecure ? '; Secure' : ''}`;
}

/**
 * The cookies of a browser that no longer acts for the account: the applicant cookie, and the `__account` marker
 * earlier versions set. Sent on sign-out and when the API says the cookie's session has ended (signed out elsewhere,
 * erased, expired), so that browser shows the signed-out view from then on.
 */
export function signedOutHeaders(): Headers {
  const headers = new Headers();
  headers.append('Set-Cookie', expired(ACCOUNT_COOKIE));
  headers.append('Set-Cookie', expired(APPLICANT_COOKIE));
  return headers;
}

/**
 * Signing out: the API ends this browser's session (or, `everywhere`, every session of the account) at once, so a
 * copy of the cookie stops working too; then the cookies go. A session that had ended already (401) is signed out.
 */
export async function signOut(request: Request, everywhere: boolean): Promise<Headers> {
  const applicant = await optionalApplicant(request);
  if (applicant?.session) {
    try {
      await applicantApi(applicant, ROUTES.applicantSignOut, { body: { everywhere }, request });
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 401)) throw error;
    }
  }
  return signedOutHeaders();
}

/**
 * The signed-in account's applicant, or a redirect to /account (where the visitor can ask for a sign-in link). The
 * API still checks that this applicant has an account and a live session (401 otherwise).
 */
export async function requireAccountApplicant(request: Request): Promise<ApplicantRef> {
  const applicant = await optionalApplicant(request);
  if (!applicant?.session) throw redirect('/account');
  return applicant;
}

/** A call on behalf of the account; an ended session or no account (401) is sent to /account to sign in. */
export async function accountApi<R extends RouteDefinition>(
  applicant: ApplicantRef,
  route: R,
  ...args: CallArgs<R>
): Promise<RouteResponse<R>> {
  try {
    return await applicantApi(applicant, route, ...args);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw redirect('/account');
    if (error instanceof ApiError && error.status === 404) throw new Response('Not found', { status: 404 });
    throw error;
  }
}
