import {
  routePath,
  type ErrorResponse,
  type RouteBody,
  type RouteDefinition,
  type RouteParams,
  type RouteQuery,
  type RouteResponse,
} from '@app/contracts';
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
 * The raw API response of one route (CSV files); throws ApiError when it is not ok, and a 503 Response during an
 * outage.
 */
export async function callApiResponse<R extends RouteDefinition>(route: R, ...args: CallArgs<R>): Promise<Response> {
  const options: AnyCallOptions = args[0] ?? {};
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
  let response: Response;
  try {
    response = await fetch(buildUrl(routePath(route, (options.params ?? {}) as RouteParams<R>), options.query), {
      method: route.method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch {
    // The API itself is not answering (restarting, down): the same outage as its 503.
    throw serviceUnavailable();
  }
  if (response.status === 503) {
    await response.body?.cancel();
    throw serviceUnavailable(response.headers.get('retry-after'));
  }
  if (!response.ok) {
    const text = await response.text();
    let body: ErrorResponse | null;
    try {
      body = JSON.parse(text) as ErrorResponse;
    } catch {
      body = null;
    }
    throw new ApiError(response.status, body, body?.message ?? (text || response.statusText));
  }
  return response;
}

/** Calls one route of the API server-side and parses its JSON answer, typed by the route map. */
export async function callApi<R extends RouteDefinition>(route: R, ...args: CallArgs<R>): Promise<RouteResponse<R>> {
  const response = await callApiResponse(route, ...args);
  if (response.status === 204) return undefined as RouteResponse<R>;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as RouteResponse<R>;
}
