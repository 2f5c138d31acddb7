import {
  APPLICANT_TOKEN_AUDIENCE,
  APPLICANT_TOKEN_HEADER,
  ROUTES,
  type RouteDefinition,
  type RouteResponse,
} from '@app/contracts';
import { createSignedCookie } from './signed-cookie.server';
import jwt from 'jsonwebtoken';
import { createSecretKey, randomBytes, randomUUID, type KeyObject } from 'node:crypto';
import { callApi, callApiResponse, type CallArgs } from './api.server';
import { APPLICANT_COOKIE, SIGN_IN_BINDING_COOKIE } from './cookie-names';
import { webEnv } from './env.server';
import { SESSION_SECRET } from './session.server';
import { isUuid } from './forms.server';
import { setBounded } from './bounded-map';

/** How long a browser keeps its applicant identity without coming back. */
const COOKIE_DAYS = 180;
/** What the API makes: 32 random bytes, base64url. */
const SESSION_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Whom this browser acts for: its applicant id and, once signed in to an account by email link, the session the API
 * started then (`session`; the API keeps its hash and ends it on sign-out, "sign out everywhere" and erasure). An
 * anonymous browser has no session.
 */
export interface ApplicantRef {
  id: string;
  session: string | null;
}

/**
 * The applicant identity: an id this server chose (and, signed in, the account's id with its session), in a signed,
 * httpOnly, SameSite=Lax cookie. It is created when the visitor first creates something (a credential), never on a
 * page view, and the browser cannot pick or read it.
 */
const applicantCookie = createSignedCookie(APPLICANT_COOKIE, {
  httpOnly: true,
  sameSite: 'lax',
  path: '/',
  secure: webEnv.sessionCookieSecure,
  secrets: [SESSION_SECRET],
  maxAge: COOKIE_DAYS * 86_400,
});

/**
 * The visitor's applicant, or null for a visitor who has created nothing (or whose cookie is not ours). No API call:
 * the API checks the session (one indexed read) when the page's own call reaches it, and answers 401 for an ended one.
 */
export async function optionalApplicant(request: Request): Promise<ApplicantRef | null> {
  const value: unknown = await applicantCookie.parse(request.headers.get('Cookie'));
  // Anonymous: the bare id. Signed in: { id, session }.
  if (typeof value === 'string') return isUuid(value) ? { id: value, session: null } : null;
  if (!value || typeof value !== 'object') return null;
  const { id, session } = value as { id?: unknown; session?: unknown };
  return typeof id === 'string' && isUuid(id) && typeof session === 'string' && SESSION_TOKEN.test(session)
    ? { id, session }
    : null;
}

/** The visitor's applicant, created now when missing; `setCookie` is set when the response must store it. */
export async function ensureApplicant(
  request: Request,
): Promise<{ applicant: ApplicantRef; setCookie: string | null }> {
  const existing = await optionalApplicant(request);
  if (existing) return { applicant: existing, setCookie: null };
  const id = randomUUID();
  return { applicant: { id, session: null }, setCookie: await applicantCookie.serialize(id) };
}

/** After signing in by email link: this browser now carries the account and the session the API started for it. */
export function applicantCookieFor(applicantId: string, session: string): Promise<string> {
  return applicantCookie.serialize({ id: applicantId, session });
}

/** As long as a sign-in link works: the binding is of no use after its links expired. */
const BINDING_MINUTES = 15;
const BINDING = /^[A-Za-z0-9_-]{43}$/;

/**
 * Binds the sign-in links a browser asks for to that browser: a random value in a signed, httpOnly cookie, sent with
 * each link request (the API keeps its SHA-256 with the link) and with the link's use. Only where the values match do
 * the asking browser's records join the account: a link asked for in one browser and used in another gives the
 * account to the browser using it and leaves the asking browser as it was.
 */
const signInBindingCookie = createSignedCookie(SIGN_IN_BINDING_COOKIE, {
  httpOnly: true,
  sameSite: 'lax',
  path: '/',
  secure: webEnv.sessionCookieSecure,
  secrets: [SESSION_SECRET],
  maxAge: BINDING_MINUTES * 60,
});

/** This browser's sign-in binding, or null when it asked for no link in the last 15 minutes. */
export async function optionalSignInBinding(request: Request): Promise<string | null> {
  const value: unknown = await signInBindingCookie.parse(request.headers.get('Cookie'));
  return typeof value === 'string' && BINDING.test(value) ? value : null;
}

/**
 * The binding to send with a link request: this browser's own, kept for 15 more minutes (so every link it asked for
 * stays bound to it), or a new one.
 */
async function signInBindingFor(request: Request): Promise<{ binding: string; setCookie: string }> {
  const binding = (await optionalSignInBinding(request)) ?? randomBytes(32).toString('base64url');
  return { binding, setCookie: await signInBindingCookie.serialize(binding) };
}

/**
 * A sign-in link request for `email`, bound to this browser: only here do this browser's records join the account
 * without a question. `headers` (the binding's cookie, and the applicant's if it is new) go on the answer whatever
 * `send()` answers.
 */
export async function signInLinkRequest(
  request: Request,
  email: string,
): Promise<{ headers: Headers; send: () => Promise<RouteResponse<typeof ROUTES.signInLink>> }> {
  const { applicant, setCookie } = await ensureApplicant(request);
  const binding = await signInBindingFor(request);
  const headers = new Headers({ 'Set-Cookie': binding.setCookie });
  if (setCookie) headers.append('Set-Cookie', setCookie);
  const send = () =>
    applicantApi(applicant, ROUTES.signInLink, { body: { email, browserBinding: binding.binding }, request });
  return { headers, send };
}

/** Forgets the binding once a link was used. */
export function clearSignInBinding(): Promise<string> {
  return signInBindingCookie.serialize('', { maxAge: 0 });
}

/**
 * The shared secret as a key made once: given a string, jsonwebtoken first tries to read it as a PEM private key
 * (which throws) and then makes a secret key of it, on every token (issue 28's profile). The same bytes, the same
 * tokens.
 */
let signingKey: { secret: string; key: KeyObject } | null = null;

/** How long each token is good for; the API refuses any token issued more than 5 minutes ago, whatever it says. */
const TOKEN_SECONDS = 60;
/**
 * How long a token signed for an applicant (and session) is used again for their next calls: half its minute, so a
 * token sent always has 30 s or more left. Signing one per call was 2.5% of the web server's time on a signed-in
 * page (issue 28's profile).
 */
const TOKEN_REUSE_MS = 30_000;
/** The most applicants whose last token is kept; beyond that the oldest kept goes first. */
const TOKENS_KEPT = 1_000;
const recentTokens = new Map<string, { token: string; until: number }>();

function signApplicantToken(applicant: ApplicantRef, key: KeyObject): string {
  const claims = applicant.session ? { sub: applicant.id, sid: applicant.session } : { sub: applicant.id };
  return jwt.sign(claims, key, { audience: APPLICANT_TOKEN_AUDIENCE, expiresIn: TOKEN_SECONDS, algorithm: 'HS256' });
}

/**
 * A token the API verifies with the shared APPLICANT_TOKEN_SECRET: this request acts for this applicant (and, signed
 * in, names its session, which the API checks), for a minute; the same one for up to TOKEN_REUSE_MS of their calls.
 */
export function applicantToken(applicant: ApplicantRef, now = Date.now()): string {
  if (!webEnv.applicantTokenSecret) {
    throw new Error('APPLICANT_TOKEN_SECRET is not set on the web server; set the same value as the API’s');
  }
  const secret = webEnv.applicantTokenSecret;
  if (signingKey?.secret !== secret) {
    signingKey = { secret, key: createSecretKey(Buffer.from(secret, 'utf8')) };
    recentTokens.clear();
  }
  const reuseKey = `${applicant.id} ${applicant.session ?? ''}`;
  const kept = recentTokens.get(reuseKey);
  if (kept && now < kept.until) return kept.token;
  const token = signApplicantToken(applicant, signingKey.key);
  setBounded(recentTokens, reuseKey, { token, until: now + TOKEN_REUSE_MS }, TOKENS_KEPT);
  return token;
}

function withApplicant<R extends RouteDefinition>(applicant: ApplicantRef, args: CallArgs<R>): CallArgs<R> {
  const options = args[0];
  return [
    { ...options, headers: { ...options?.headers, [APPLICANT_TOKEN_HEADER]: applicantToken(applicant) } },
  ] as CallArgs<R>;
}

/** A call to one API route on behalf of the visiting applicant. */
export function applicantApi<R extends RouteDefinition>(
  applicant: ApplicantRef,
  route: R,
  ...args: CallArgs<R>
): Promise<RouteResponse<R>> {
  return callApi(route, ...withApplicant(applicant, args));
}

/** The raw answer of one API route on behalf of the visiting applicant (files: a receipt's PDF). */
export function applicantApiResponse<R extends RouteDefinition>(
  applicant: ApplicantRef,
  route: R,
  ...args: CallArgs<R>
): Promise<Response> {
  return callApiResponse(route, ...withApplicant(applicant, args));
}
