import type { RouteDefinition, RouteResponse } from '@app/contracts';
import { redirect } from 'react-router';
import { createSignedCookie } from './signed-cookie.server';
import { ApiError, type CallArgs } from './api.server';
import { applicantApi, optionalApplicantId } from './applicant.server';
import { ACCOUNT_COOKIE, APPLICANT_COOKIE } from './cookie-names';
import { webEnv } from './env.server';
import { SESSION_SECRET } from './session.server';

/**
 * Which account the applicant cookie carries, for the header only (the API decides what an account may see, from
 * the applicant token): signed, httpOnly, and valid only while it names the same id as the applicant cookie.
 */
const accountCookie = createSignedCookie(ACCOUNT_COOKIE, {
  httpOnly: true,
  sameSite: 'lax',
  path: '/',
  secure: webEnv.sessionCookieSecure,
  secrets: [SESSION_SECRET],
  maxAge: 180 * 86_400,
});

/** Whether this browser is signed in to an account, as far as its cookies say (no API call: every page asks). */
export async function accountSignedIn(request: Request): Promise<boolean> {
  const applicantId = await optionalApplicantId(request);
  if (!applicantId) return false;
  const value: unknown = await accountCookie.parse(request.headers.get('Cookie'));
  return value === applicantId;
}

/** The Set-Cookie that marks this browser's applicant as an account (after the API said it has an email). */
export function accountCookieFor(applicantId: string): Promise<string> {
  return accountCookie.serialize(applicantId);
}

/** Signing out: both cookies go, so this browser no longer acts for the account. */
export async function signOutHeaders(): Promise<Headers> {
  const headers = new Headers();
  headers.append('Set-Cookie', await accountCookie.serialize('', { maxAge: 0 }));
  headers.append(
    'Set-Cookie',
    `${APPLICANT_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${webEnv.sessionCookieSecure ? '; Secure' : ''}`,
  );
  return headers;
}

/**
 * The signed-in account's applicant id, or a redirect to /account (where the visitor can ask for a sign-in link). The
 * API still checks that this applicant has an account (401 otherwise).
 */
export async function requireAccountApplicant(request: Request): Promise<string> {
  const applicantId = await optionalApplicantId(request);
  if (!applicantId) throw redirect('/account');
  return applicantId;
}

/** A call on behalf of the account; an applicant without an account (401) is sent to /account to sign in. */
export async function accountApi<R extends RouteDefinition>(
  applicantId: string,
  route: R,
  ...args: CallArgs<R>
): Promise<RouteResponse<R>> {
  try {
    return await applicantApi(applicantId, route, ...args);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw redirect('/account');
    if (error instanceof ApiError && error.status === 404) throw new Response('Not found', { status: 404 });
    throw error;
  }
}
