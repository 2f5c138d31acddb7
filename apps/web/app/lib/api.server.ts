import type { ErrorResponse } from '@app/contracts';
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

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  token?: string | null;
  query?: Record<string, string | undefined | null>;
  /** Its X-Forwarded-For (the client address server.mjs saw) goes to the API, whose per-client limits key on it. */
  request?: Request;
}

function buildUrl(path: string, query?: ApiRequestOptions['query']): string {
  const url = new URL(`${webEnv.apiUrl}${path}`);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, value);
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

/** The raw API response; throws ApiError when it is not ok, and a 503 Response during an outage. */
export async function apiResponse(path: string, options: ApiRequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const forwardedFor = options.request?.headers.get('x-forwarded-for');
  if (forwardedFor) headers['x-forwarded-for'] = forwardedFor;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
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

/** Calls the API server-side and parses its JSON answer. */
export async function api<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const response = await apiResponse(path, options);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}
