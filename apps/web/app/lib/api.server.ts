import {
  routePath,
  type ErrorResponse,
  type RouteBody,
  type RouteDefinition,
  type RouteParams,
  type RouteQuery,
  type RouteResponse,
} from '@app/contracts';
import { STATUS_CODES } from 'node:http';
import { Readable } from 'node:stream';
import { Agent, request, type Dispatcher } from 'undici';
import { webEnv } from './env.server';

/** An API answer that was not ok, with the API's JSON error body when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorResponse | null,
    readonly text: string,
  ) {
    // The spec's request-error form: '{status}: {body text}'.
    super(`${status}: ${text}`);
    this.name = 'ApiError';
  }
}

/** What every call may add, whatever its route. */
export interface ApiCallContext {
  token?: string | null;
  /** Its X-Forwarded-For (the client address server.mjs saw) goes to the API, whose per-client limits key on it. */
  request?: Request;
  /** Extra headers (the applicant token). */
  headers?: Record<string, string>;
}

/** Query values arrive from forms and URLs as text; the keys are the route's, the API validates the values. */
export type QueryInput<Query> = { [Key in keyof Query]?: string | number | null };

/**
 * The options of a call to one route of the contracts' route map: `params` for each `:name` of its path, its body
 * (required when it has one, refused when it has none) and its query keys.
 */
export type CallOptions<R extends RouteDefinition> = ApiCallContext &
  (RouteParams<R> extends Record<string, never> ? { params?: undefined } : { params: RouteParams<R> }) &
  (RouteBody<R> extends undefined ? { body?: undefined } : { body: RouteBody<R> }) &
  (RouteQuery<R> extends undefined ? { query?: undefined } : { query?: QueryInput<RouteQuery<R>> });

/** The options argument, which may be left out when the route needs nothing. */
export type CallArgs<R extends RouteDefinition> =
  Record<string, never> extends CallOptions<R> ? [options?: CallOptions<R>] : [options: CallOptions<R>];

/** The untyped shape every CallOptions has. */
interface AnyCallOptions extends ApiCallContext {
  params?: Record<string, string>;
  body?: unknown;
  query?: Record<string, string | number | null | undefined>;
}

function buildUrl(path: string, query?: AnyCallOptions['query']): string {
  const url = new URL(`${webEnv.apiUrl}${path}`);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  }
  return url.toString();
}

/** What a page says while the API (or its database, Redis or storage) is down; the admin stays logged in. */
export const SERVICE_UNAVAILABLE_TEXT = 'The service is briefly unavailable';

/**
 * A 503 page (the error boundary shows SERVICE_UNAVAILABLE_TEXT) for an outage: the API answered 503 or could not be
 * reached. Thrown as a Response, not an ApiError, so nothing treats it as the end of the admin's session.
 */
export function serviceUnavailable(retryAfter: string | null = null): Response {
  return new Response(SERVICE_UNAVAILABLE_TEXT, {
    status: 503,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': retryAfter ?? '5' },
  });
}

/**
 * The web server's connections to the API: undici's own client (the library behind Node's fetch) through its request
 * API, which skips the Fetch layer's Request, Headers and stream objects: a third of fetch's CPU per call (issue 28's
 * profile: fetch was 13% of a signed-in page view). Keep-alive as fetch's.
 */
const apiAgent = new Agent({ keepAliveTimeout: 10_000 });

/** The API's answer to one call whose status is 2xx: its status, headers and unread body. */
type ApiAnswer = Dispatcher.ResponseData;

/** One call to the API: a 2xx answer, or ApiError (4xx, other 5xx), or a 503 Response (outage, see serviceUnavailable). */
async function send<R extends RouteDefinition>(route: R, options: AnyCallOptions): Promise<ApiAnswer> {
  // The API is next door (loopback, the docker network): its answers come uncompressed, which costs neither side a
  // compression (the API compresses large answers for callers that ask for it).
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-encoding': 'identity',
    ...options.headers,
  };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const forwardedFor = options.request?.headers.get('x-forwarded-for');
  if (forwardedFor) headers['x-forwarded-for'] = forwardedFor;
  let answer: ApiAnswer;
  try {
    answer = await request(buildUrl(routePath(route, (options.params ?? {}) as RouteParams<R>), options.query), {
      method: route.method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      dispatcher: apiAgent,
    });
  } catch {
    // The API itself is not answering (restarting, down): the same outage as its 503.
    throw serviceUnavailable();
  }
  const { statusCode: status } = answer;
  if (status === 503) {
    await answer.body.dump();
    throw serviceUnavailable(headerOf(answer, 'retry-after'));
  }
  if (status < 200 || status > 299) {
    const text = await bodyText(answer);
    let body: ErrorResponse | null;
    try {
      body = JSON.parse(text) as ErrorResponse;
    } catch {
      body = null;
    }
    throw new ApiError(status, body, body?.message ?? (text || STATUS_CODES[status] || String(status)));
  }
  return answer;
}

function headerOf(answer: ApiAnswer, name: string): string | null {
  const value = answer.headers[name];
  return Array.isArray(value) ? value.join(', ') : (value ?? null);
}

/** The answer's body as text; an answer cut off midway (the API went away) is the same outage as its 503. */
async function bodyText(answer: ApiAnswer): Promise<string> {
  try {
    return await answer.body.text();
  } catch {
    throw serviceUnavailable();
  }
}

/**
 * The raw API response of one route (CSV files, PDFs, the status list), streamed as the API sends it; throws ApiError
 * when it is not ok, and a 503 Response during an outage.
 */
export async function callApiResponse<R extends RouteDefinition>(route: R, ...args: CallArgs<R>): Promise<Response> {
  const answer = await send(route, args[0] ?? {});
  const headers = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    if (Array.isArray(value)) for (const each of value) headers.append(name, each);
    else if (value !== undefined) headers.set(name, value);
  }
  const empty = answer.statusCode === 204 || answer.statusCode === 205;
  if (empty) await answer.body.dump();
  return new Response(empty ? null : (Readable.toWeb(answer.body) as ReadableStream<Uint8Array>), {
    status: answer.statusCode,
    headers,
  });
}

/** Calls one route of the API server-side and parses its JSON answer, typed by the route map. */
export async function callApi<R extends RouteDefinition>(route: R, ...args: CallArgs<R>): Promise<RouteResponse<R>> {
  const answer = await send(route, args[0] ?? {});
  if (answer.statusCode === 204) {
    await answer.body.dump();
    return undefined as RouteResponse<R>;
  }
  const text = await bodyText(answer);
  return (text ? JSON.parse(text) : undefined) as RouteResponse<R>;
}
