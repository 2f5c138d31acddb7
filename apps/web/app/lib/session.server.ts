import { createCookieSessionStorage, data, redirect, type Session } from 'react-router';
import { randomBytes } from 'node:crypto';
import type { ToastData } from './toast';
import { ROUTES, type RouteDefinition, type RouteResponse } from '@app/contracts';
import { ApiError, callApi, callApiResponse, type CallArgs, type CallOptions } from './api.server';
import { webEnv } from './env.server';
import { ADMIN_SESSION_COOKIE } from './cookie-names';
import { createSignedCookie } from './signed-cookie.server';

export type FlashToast = ToastData;
export type ToastKind = ToastData['kind'];

interface SessionData {
  adminToken: string;
}

interface SessionFlashData {
  toast: FlashToast;
}

/**
 * SESSION_SECRET signs the cookie. Without it every process signs with its own random secret, so sessions end when
 * the web server restarts; that is fine on one machine and the warning says what to set for anything more.
 */
function sessionSecret(): string {
  if (webEnv.sessionSecret) return webEnv.sessionSecret;
  if (webEnv.isProduction)
    console.warn('SESSION_SECRET is unset: admin sessions are signed with a per-process secret and end on restart.');
  return randomBytes(32).toString('hex');
}

/** Signs the admin session and the applicant cookie. */
export const SESSION_SECRET = sessionSecret();

const storage = createCookieSessionStorage<SessionData, SessionFlashData>({
  cookie: createSignedCookie(ADMIN_SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: webEnv.sessionCookieSecure,
    secrets: [SESSION_SECRET],
    // No maxAge or expires: a session cookie that ends with the browser session, like the spec's session storage.
  }),
});

export function getSession(request: Request): Promise<Session<SessionData, SessionFlashData>> {
  return storage.getSession(request.headers.get('Cookie'));
}

export const commitSession = storage.commitSession;

export function newToast(kind: ToastKind, title: string, message?: string): FlashToast {
  return { id: randomBytes(6).toString('hex'), kind, title, ...(message ? { message } : {}) };
}

/** Redirects with a toast for the next page. */
export async function redirectWithToast(request: Request, to: string, toast: FlashToast): Promise<Response> {
  const session = await getSession(request);
  session.flash('toast', toast);
  return redirect(to, { headers: { 'Set-Cookie': await storage.commitSession(session) } });
}

/** Starts the admin session after a successful login; the toast is for admin pages, which show flashed toasts. */
export async function createAdminSession(
  request: Request,
  token: string,
  toast: FlashToast | null,
  to: string,
): Promise<Response> {
  const session = await getSession(request);
  session.set('adminToken', token);
  if (toast) session.flash('toast', toast);
  return redirect(to, { headers: { 'Set-Cookie': await storage.commitSession(session) } });
}

/**
 * Logout, the one way for admins and evaluators (POST /admin/logout): the API revokes the token first, then the
 * cookie is cleared, so neither a replayed cookie nor the bearer token works afterwards. A token the API already
 * refuses (401) just ends the session; when the API cannot revoke it (down, 503), the session stays and the person is
 * told to try again, rather than leaving a token that still works behind a cleared cookie.
 */
export async function logout(request: Request): Promise<Response> {
  const token = await optionalAdminToken(request);
  if (token) {
    try {
      await callApi(ROUTES.adminLogout, { token, request });
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 401)) {
        console.error(`Logout could not revoke the token: ${String(error)}`);
        throw new Response('Logging out failed: your session could not be ended. Try again in a moment.', {
          status: 503,
          headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': '5' },
        });
      }
    }
  }
  return logoutRedirect(request);
}

/** Clears the session cookie and returns to the login page (after logout, or when the API refused the token). */
export async function logoutRedirect(request: Request): Promise<Response> {
  const session = await getSession(request);
  return redirect('/admin', { headers: { 'Set-Cookie': await storage.destroySession(session) } });
}

/** What an admin-only fetcher action answers (401) to a browser without an admin session, or with an ended one. */
export const ADMIN_ONLY_MESSAGE = 'Log in as an admin (at /admin) to do this';

/** The admin's API token, or null; for pages anyone may see that offer admins more. */
export async function optionalAdminToken(request: Request): Promise<string | null> {
  return (await getSession(request)).get('adminToken') ?? null;
}

/** The admin's API token, or a redirect to /admin when there is none. */
export async function requireAdminToken(request: Request): Promise<string> {
  const token = await optionalAdminToken(request);
  if (!token) throw redirect('/admin');
  return token;
}

/** Like takeToast, but sets no cookie when there was no toast (pages any visitor sees stay cookie-free). */
export async function takePendingToast(
  request: Request,
): Promise<{ toast: FlashToast | null; setCookie: string | null }> {
  const session = await getSession(request);
  if (!session.has('toast')) return { toast: null, setCookie: null };
  const toast = session.get('toast') ?? null;
  return { toast, setCookie: await storage.commitSession(session) };
}

/**
 * Reads (and so clears) the pending toast; `headers` go on the answer: the cleared session when there was a toast,
 * nothing otherwise (a view without a toast does not re-sign and re-send an unchanged session, issue 28).
 */
export async function takeToast(
  request: Request,
): Promise<{ toast: FlashToast | null; headers: Record<string, string> }> {
  const { toast, setCookie } = await takePendingToast(request);
  return { toast, headers: setCookie ? { 'Set-Cookie': setCookie } : {} };
}

/**
 * A staff page's loader answer: its data with the toast flashed for it (null when none), and the cookie that clears
 * the toast. The one ending of the admin pages' loaders.
 */
export async function dataWithToast<T extends object>(request: Request, payload: T) {
  const { toast, headers } = await takeToast(request);
  return data({ ...payload, toast }, { headers });
}

export const ADMINS_ONLY_PAGE = 'This page is for admins only: your account may not open it.';

/** What a staff page answers a role that may not see it; the panel's loader tells it apart to send evaluators on. */
export function forbidden(): Response {
  return new Response(ADMINS_ONLY_PAGE, { status: 403, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}

async function withAdminToken<T>(request: Request, call: (token: string) => Promise<T>): Promise<T> {
  const token = await requireAdminToken(request);
  try {
    return await call(token);
  } catch (error) {
    // An expired or revoked token: the session is over, as when the spec's 401 clears session storage.
    if (error instanceof ApiError && error.status === 401) throw await logoutRedirect(request);
    // A role that may not see this (an evaluator on an admin-only page): 403, not a server error.
    if (error instanceof ApiError && error.status === 403) throw forbidden();
    throw error;
  }
}

/** The options of an admin call: everything but the token and request, which come from the session. */
type AdminCallArgs<R extends RouteDefinition> =
  Record<string, never> extends CallOptions<R>
    ? [options?: Omit<CallOptions<R>, 'token' | 'request'>]
    : [options: Omit<CallOptions<R>, 'token' | 'request'>];

function withSession<R extends RouteDefinition>(args: AdminCallArgs<R>, token: string, request: Request): CallArgs<R> {
  return [{ ...args[0], token, request }] as CallArgs<R>;
}

/** An authenticated call to one API route that parses JSON; a 401 ends the session and redirects to /admin. */
export function adminApi<R extends RouteDefinition>(
  request: Request,
  route: R,
  ...args: AdminCallArgs<R>
): Promise<RouteResponse<R>> {
  return withAdminToken(request, (token) => callApi(route, ...withSession(args, token, request)));
}

/** Like adminApi, for answers that are not JSON (the CSV). */
export function adminApiResponse<R extends RouteDefinition>(
  request: Request,
  route: R,
  ...args: AdminCallArgs<R>
): Promise<Response> {
  return withAdminToken(request, (token) => callApiResponse(route, ...withSession(args, token, request)));
}

/** adminApi for the one record a page is about (by an id in its URL): the API's 404 is this page's 404. */
export async function adminRecord<R extends RouteDefinition>(
  request: Request,
  route: R,
  ...args: AdminCallArgs<R>
): Promise<RouteResponse<R>> {
  try {
    return await adminApi(request, route, ...args);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw new Response('Not found', { status: 404 });
    throw error;
  }
}
