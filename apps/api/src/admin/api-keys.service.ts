import { Injectable } from '@nestjs/common';
import {
  API_KEY_TOKEN_PREFIX,
  ROUTE_SCOPES,
  type ApiKeyView,
  type CreateApiKeyRequest,
  type CreatedApiKey,
  type RouteName,
} from '@app/contracts';
import { apiKeyPrefixOf, apiKeyReaches, apiKeyState, parseApiKeyForm } from '@app/domain';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { AuditService } from '../audit/audit.service';
import { TransactionRunner } from '../database/transaction-runner';
import { ValidationFailedError } from '../common/errors/app-error';
import type { AppConfig } from '../config/app-config';
import { InjectConfig } from '../config/inject-config.decorator';
import type { AuthenticatedAdmin } from './admin-auth.types';
import { ApiKeyNotFoundError, ApiKeyRateLimitedError, ApiKeyRefusedError, ApiKeyScopeError } from './api-keys.errors';
import { ApiKeysRepository, type ApiKeyRow } from './api-keys.repository';

/** The rate limit counts requests per key per minute. */
export const API_KEY_WINDOW_SECONDS = 60;

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** The stored form of a key: it is 256 random bits, so a SHA-256 cannot be reversed by guessing. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

function newKey(): { key: string; prefix: string } {
  const id = Array.from(randomBytes(12), (byte) => ID_ALPHABET[byte % ID_ALPHABET.length]).join('');
  const prefix = `${API_KEY_TOKEN_PREFIX}${id}`;
  return { key: `${prefix}_${randomBytes(32).toString('base64url')}`, prefix };
}

/** How the audit trail names a change made with a key (admin_username holds 100 characters). */
export function apiKeyActorName(key: { name: string; prefix: string }): string {
  return `API key "${key.name.slice(0, 60)}" (${key.prefix})`;
}

function toView(row: ApiKeyRow, now: Date): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    state: apiKeyState(row, now),
  };
}

@Injectable()
export class ApiKeysService {
  private readonly requestsPerMinute: number;

  constructor(
    private readonly keys: ApiKeysRepository,
    private readonly audit: AuditService,
    private readonly tx: TransactionRunner,
    @InjectConfig() config: AppConfig,
  ) {
    this.requestsPerMinute = config.integrations.apiKeyRequestsPerMinute;
  }

  async list(): Promise<ApiKeyView[]> {
    const now = new Date();
    return (await this.keys.list()).map((row) => toView(row, now));
  }

  async create(request: CreateApiKeyRequest, admin: AuthenticatedAdmin): Promise<CreatedApiKey> {
    const form = parseApiKeyForm(request, new Date());
    if (!form.ok) throw ValidationFailedError.fromForm('Check the highlighted fields', form.fieldErrors);
    const { key, prefix } = newKey();
    const id = randomUUID();
    const row = await this.tx.run(async (em) => {
      await this.keys.insert(em, { id, prefix, secretHash: hashApiKey(key), createdBy: admin.id, ...form.value });
      await this.audit.record(em, admin, 'api_key.create', { type: 'api_key', id }, `API key ${prefix} created`, {
        name: form.value.name,
        scopes: form.value.scopes,
        expiresAt: form.value.expiresAt?.toISOString() ?? null,
      });
      return this.keys.find(id);
    });
    if (!row) throw new ApiKeyNotFoundError();
    return { apiKey: toView(row, new Date()), secret: key };
  }

  async revoke(id: string, admin: AuthenticatedAdmin): Promise<ApiKeyView> {
    const row = await this.tx.run(async (em) => {
      const revoked = await this.keys.revoke(em, id);
      if (!revoked) throw new ApiKeyNotFoundError();
      await this.audit.record(
        em,
        admin,
        'api_key.revoke',
        { type: 'api_key', id },
        `API key ${revoked.prefix} revoked`,
      );
      return revoked;
    });
    return toView(row, new Date());
  }

  /**
   * The actor behind an API key for one request to the named route: the key must exist, be neither revoked nor
   * expired (asked of PostgreSQL on every request), stay within its rate limit, and have a scope the route lists.
   * The actor acts with the key's creator's account (reviews and audit rows point at a real admin), and is named
   * after the key in the audit trail.
   */
  async authenticate(key: string, route: RouteName | null): Promise<AuthenticatedAdmin> {
    if (!apiKeyPrefixOf(key)) throw new ApiKeyRefusedError();
    const used = await this.keys.use(hashApiKey(key), API_KEY_WINDOW_SECONDS);
    if (!used) throw new ApiKeyRefusedError();
    if (used.windowCount > this.requestsPerMinute) throw new ApiKeyRateLimitedError(this.requestsPerMinute);
    if (!route || !apiKeyReaches(used.scopes, ROUTE_SCOPES[route])) throw new ApiKeyScopeError();
    return {
      id: used.createdBy,
      username: apiKeyActorName(used),
      role: 'admin',
      jti: used.id,
      expiresAt: used.expiresAt ?? new Date(8.64e15),
      apiKey: { id: used.id, name: used.name, prefix: used.prefix, scopes: used.scopes },
    };
  }
}
