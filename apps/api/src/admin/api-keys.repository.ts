import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { ApiKeyScope } from '@app/contracts';

export interface ApiKeyRow {
  id: string;
  name: string;
  prefix: string;
  scopes: ApiKeyScope[];
  createdBy: string | null;
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

/** A key that admitted a request, with its count in the current rate-limit window (this request included). */
export interface UsedApiKey {
  id: string;
  name: string;
  prefix: string;
  scopes: ApiKeyScope[];
  createdBy: string;
  expiresAt: Date | null;
  windowCount: number;
}

interface RawRow {
  id: string;
  name: string;
  prefix: string;
  scopes: ApiKeyScope[];
  created_by: string | null;
  created_by_username?: string | null;
  created_at: Date;
  expires_at: Date | null;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

function toRow(row: RawRow): ApiKeyRow {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes,
    createdBy: row.created_by_username ?? null,
    createdAt: new Date(row.created_at),
    expiresAt: row.expires_at ? new Date(row.expires_at) : null,
    lastUsedAt: row.last_used_at ? new Date(row.last_used_at) : null,
    revokedAt: row.revoked_at ? new Date(row.revoked_at) : null,
  };
}

const SELECT = `select k.id, k.name, k.prefix, k.scopes, k.created_by, u.username as created_by_username, k.created_at,
  k.expires_at, k.last_used_at, k.revoked_at
  from api_keys k left join admin_users u on u.id = k.created_by`;

/** The only writer of api_keys. Statements run on the EntityManager's context, so they join the caller's transaction. */
@Injectable()
export class ApiKeysRepository {
  constructor(private readonly em: EntityManager) {}

  async insert(
    em: EntityManager,
    key: {
      id: string;
      name: string;
      prefix: string;
      secretHash: string;
      scopes: ApiKeyScope[];
      createdBy: string;
      expiresAt: Date | null;
    },
  ): Promise<void> {
    await em.execute(
      `insert into api_keys (id, name, prefix, secret_hash, scopes, created_by, created_at, expires_at)
       values (?, ?, ?, ?, ?::text[], ?, now(), ?)`,
      // A PostgreSQL array literal: the query builder would spread a JavaScript array into a list of values.
      [key.id, key.name, key.prefix, key.secretHash, `{${key.scopes.join(',')}}`, key.createdBy, key.expiresAt],
      'run',
    );
  }

  async list(): Promise<ApiKeyRow[]> {
    const rows = await this.em.execute<RawRow[]>(`${SELECT} order by k.created_at desc, k.id`);
    return rows.map(toRow);
  }

  async find(id: string): Promise<ApiKeyRow | null> {
    const [row] = await this.em.execute<RawRow[]>(`${SELECT} where k.id = ?`, [id]);
    return row ? toRow(row) : null;
  }

  /** Revokes once: a second revoke keeps the first time. null when there is no such key. */
  async revoke(em: EntityManager, id: string): Promise<ApiKeyRow | null> {
    await em.execute('update api_keys set revoked_at = coalesce(revoked_at, now()) where id = ?', [id], 'run');
    const [row] = await em.execute<RawRow[]>(`${SELECT} where k.id = ?`, [id]);
    return row ? toRow(row) : null;
  }

  /**
   * One statement per request: the key with this hash, not revoked, not expired, whose creator is still an admin,
   * has its use recorded and is counted in its rate-limit window (which starts at its first request and lasts
   * `windowSeconds`). PostgreSQL serialises the updates of one row, so API instances neither miss a revocation nor
   * lose a count. null when no such key admits requests.
   */
  async use(secretHash: string, windowSeconds: number): Promise<UsedApiKey | null> {
    const [row] = await this.em.getConnection().execute<
      Array<{
        id: string;
        name: string;
        prefix: string;
        scopes: ApiKeyScope[];
        created_by: string;
        expires_at: Date | null;
        window_count: number;
      }>
    >(
      `update api_keys k set
         last_used_at = now(),
         window_count = case when k.window_started_at > now() - make_interval(secs => ?) then k.window_count + 1 else 1 end,
         window_started_at = case when k.window_started_at > now() - make_interval(secs => ?) then k.window_started_at else now() end
       where k.secret_hash = ? and k.revoked_at is null and (k.expires_at is null or k.expires_at > now())
         and exists (select 1 from admin_users u where u.id = k.created_by and u.role = 'admin')
       returning k.id, k.name, k.prefix, k.scopes, k.created_by, k.expires_at, k.window_count`,
      [windowSeconds, windowSeconds, secretHash],
      'all',
    );
    if (!row) return null;
    return {
      id: row.id,
      name: row.name,
      prefix: row.prefix,
      scopes: row.scopes,
      createdBy: row.created_by,
      expiresAt: row.expires_at ? new Date(row.expires_at) : null,
      windowCount: Number(row.window_count),
    };
  }
}
