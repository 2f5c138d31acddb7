/**
 * Every cookie this app reads. The web server (server.mjs) takes this list from the server build (entry.server
 * exports it): a page view carrying none of them renders exactly what a visitor with no cookie at all sees, so it may
 * share that render, whatever other cookies (a proxy's, an analytics script's) the browser sends. A new cookie the app
 * reads belongs here.
 */
export const ADMIN_SESSION_COOKIE = '__admin_session';
export const APPLICANT_COOKIE = '__applicant';
/** The browser that asked for a sign-in link: a random value whose hash the link keeps (applicant.server.ts). */
export const SIGN_IN_BINDING_COOKIE = '__sign_in_binding';
/**
 * Set by earlier versions once the applicant cookie carried an account; now the applicant cookie's session says so.
 * Read no more (so not in APP_COOKIES), but still cleared on sign-out, so a browser that has one loses it.
 */
export const ACCOUNT_COOKIE = '__account';
export const APP_COOKIES: readonly string[] = [ADMIN_SESSION_COOKIE, APPLICANT_COOKIE, SIGN_IN_BINDING_COOKIE];
