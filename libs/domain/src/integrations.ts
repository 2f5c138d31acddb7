import {
  API_KEY_SCOPES,
  API_KEY_TOKEN_PREFIX,
  isApiKeyScope,
  isWebhookEventType,
  WEBHOOK_EVENT_TYPES,
  type ApiKeyScope,
  type WebhookEventType,
} from '@app/contracts';
import ipaddr from 'ipaddr.js';
import type { FieldErrors, FormResult } from './form-schema';

// API keys

/** `tk_` + a 12-character id (lowercase letters and digits) + `_` + a 43-character base64url secret (256 bits). */
const API_KEY_PATTERN = /^tk_([a-z0-9]{12})_([A-Za-z0-9_-]{43})$/;

/** Whether a bearer credential is meant as an API key (rather than a staff token): it has the key's prefix. */
export function isApiKeyBearer(bearer: string): boolean {
  return bearer.startsWith(API_KEY_TOKEN_PREFIX);
}

/** The public start of a well-formed key (`tk_<id>`), or null for anything else. */
export function apiKeyPrefixOf(key: string): string | null {
  const match = API_KEY_PATTERN.exec(key);
  return match ? `${API_KEY_TOKEN_PREFIX}${match[1]}` : null;
}

/** Whether a key with these scopes reaches a route that these scopes reach: one in common is enough. */
export function apiKeyReaches(keyScopes: readonly string[], routeScopes: readonly ApiKeyScope[]): boolean {
  return routeScopes.some((scope) => keyScopes.includes(scope));
}

export type ApiKeyState = 'active' | 'expired' | 'revoked';

export function apiKeyState(key: { revokedAt: Date | null; expiresAt: Date | null }, now: Date): ApiKeyState {
  if (key.revokedAt) return 'revoked';
  if (key.expiresAt && key.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'active';
}

export const API_KEY_NAME_MAX = 80;

export interface ApiKeyFormInput {
  name: unknown;
  scopes: unknown;
  expiresAt?: unknown;
}

export interface ApiKeyForm {
  name: string;
  scopes: ApiKeyScope[];
  expiresAt: Date | null;
}

/**
 * The one check of a new key's fields (API and panel): a name, at least one known scope (each once, in the order of
 * API_KEY_SCOPES), and an expiry in the future if any. Returns the clean values or the messages per field.
 */
export function parseApiKeyForm(
  input: ApiKeyFormInput,
  now: Date,
): FormResult<ApiKeyForm, 'name' | 'scopes' | 'expiresAt'> {
  const fieldErrors: FieldErrors<'name' | 'scopes' | 'expiresAt'> = {};
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  if (!name) fieldErrors.name = 'Give the key a name';
  else if (name.length > API_KEY_NAME_MAX) fieldErrors.name = `At most ${API_KEY_NAME_MAX} characters`;
  const rawScopes = Array.isArray(input.scopes) ? (input.scopes as unknown[]) : [input.scopes].filter(Boolean);
  const unknown = rawScopes.filter((scope) => !isApiKeyScope(scope));
  const scopes = API_KEY_SCOPES.filter((scope) => rawScopes.includes(scope));
  if (unknown.length > 0) fieldErrors.scopes = `Unknown scope; choose among ${API_KEY_SCOPES.join(', ')}`;
  else if (scopes.length === 0) fieldErrors.scopes = 'Choose at least one scope';
  let expiresAt: Date | null = null;
  if (input.expiresAt !== undefined && input.expiresAt !== null && input.expiresAt !== '') {
    const parsed = typeof input.expiresAt === 'string' ? parseDateOrDateTime(input.expiresAt) : null;
    if (!parsed) fieldErrors.expiresAt = 'A date (YYYY-MM-DD) or an ISO date-time';
    else if (parsed.getTime() <= now.getTime()) fieldErrors.expiresAt = 'The expiry must be in the future';
    else expiresAt = parsed;
  }
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  return { ok: true, value: { name, scopes, expiresAt } };
}

/** A date alone means the end of that day (UTC): a key "expiring on the 5th" works through the 5th. */
function parseDateOrDateTime(raw: string): Date | null {
  const value = raw.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const date = new Date(`${value}T23:59:59.999Z`);
    return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value ? null : date;
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

// Webhooks

/**
 * Delays before each retry of a webhook delivery, after the first attempt (the Standard Webhooks schedule): 5 s,
 * 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, 10 h — the last attempt comes about 37.6 hours after the first, so a
 * receiver down for a day still gets every event.
 */
export const WEBHOOK_RETRY_DELAYS_SECONDS = [5, 300, 1800, 7200, 18000, 36000, 36000, 36000] as const;

/** Attempts in all: the first and one per delay. */
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_SECONDS.length + 1;

/** Seconds to wait after a failed attempt number `attempts` (1-based), or null when that was the last one. */
export function webhookRetryDelaySeconds(attempts: number): number | null {
  return WEBHOOK_RETRY_DELAYS_SECONDS[attempts - 1] ?? null;
}

/** An endpoint that has failed without a single success for this long is turned off and the admins are told. */
export const WEBHOOK_DISABLE_AFTER_DAYS = 5;

export function shouldDisableEndpoint(failingSince: Date | null, now: Date): boolean {
  return failingSince !== null && now.getTime() - failingSince.getTime() >= WEBHOOK_DISABLE_AFTER_DAYS * 86_400_000;
}

export interface WebhookUrlPolicy {
  /** Production: only https. */
  requireHttps: boolean;
  /** Development only (WEBHOOK_ALLOW_LOOPBACK): loopback addresses are allowed, for a receiver on this machine. */
  allowLoopback: boolean;
}

/** Why a webhook URL is refused before any address is looked up, or null when its form is fine. */
export function webhookUrlProblem(raw: string, policy: WebhookUrlPolicy): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'Not a valid URL';
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && !policy.requireHttps)) {
    return policy.requireHttps ? 'The URL must start with https://' : 'The URL must start with https:// or http://';
  }
  if (url.username || url.password) return 'The URL must not carry a user name or password';
  if (raw.length > 2000) return 'The URL is too long (2000 characters at most)';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (ipaddr.isValid(host)) return webhookAddressProblem(host, policy);
  if (host === 'localhost' || host.endsWith('.localhost')) {
    return policy.allowLoopback ? null : 'The URL points at this machine (localhost)';
  }
  return null;
}

/**
 * Why a resolved address may not receive webhooks, or null for a public unicast address: loopback (unless allowed),
 * private ranges, link-local (the cloud metadata address 169.254.169.254), unique-local, carrier-grade NAT,
 * multicast, reserved and unspecified addresses are refused; an IPv4-mapped IPv6 address is judged as its IPv4.
 */
export function webhookAddressProblem(address: string, policy: Pick<WebhookUrlPolicy, 'allowLoopback'>): string | null {
  if (!ipaddr.isValid(address)) return 'Not an IP address';
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  const range = parsed.range();
  if (range === 'loopback') return policy.allowLoopback ? null : 'The address is this machine (loopback)';
  if (range === 'unicast') return null;
  return `The address is not public (${range})`;
}

export interface WebhookEndpointForm {
  url: string;
  description: string;
  events: WebhookEventType[];
}

/** The one check of a new endpoint's fields (API and panel): a URL the policy allows in form, and known events. */
export function parseWebhookEndpointForm(
  input: { url: unknown; description?: unknown; events: unknown },
  policy: WebhookUrlPolicy,
): FormResult<WebhookEndpointForm, 'url' | 'description' | 'events'> {
  const fieldErrors: FieldErrors<'url' | 'description' | 'events'> = {};
  const url = typeof input.url === 'string' ? input.url.trim() : '';
  const urlProblem = url ? webhookUrlProblem(url, policy) : 'Enter the URL that receives the events';
  if (urlProblem) fieldErrors.url = urlProblem;
  const description = typeof input.description === 'string' ? input.description.trim() : '';
  if (description.length > 200) fieldErrors.description = 'At most 200 characters';
  const raw = Array.isArray(input.events) ? (input.events as unknown[]) : [input.events].filter(Boolean);
  const events = WEBHOOK_EVENT_TYPES.filter((type) => raw.includes(type));
  if (raw.some((type) => !isWebhookEventType(type))) fieldErrors.events = 'Unknown event type';
  else if (events.length === 0) fieldErrors.events = 'Choose at least one event';
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  return { ok: true, value: { url, description, events } };
}
