import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { AuditAction, AuditEventView } from '@app/contracts';
import { randomUUID } from 'node:crypto';

export interface NewAuditEvent {
  adminId: string | null;
  adminUsername: string | null;
  action: AuditAction;
  entityType: string;
  entityId: string | null;
  summary: string;
  changes: Record<string, unknown>;
}

export interface AuditFilter {
  action?: string;
  adminUsername?: string;
  entityId?: string;
  limit: number;
  offset: number;
}

interface AuditRow {
  id: string;
  admin_username: string | null;
  action: AuditAction;
  entity_type: string;
  entity_id: string | null;
  summary: string;
  changes: Record<string, unknown>;
  created_at: Date;
}

/** The only writer of audit_events: an event is written on the `em` of the action's transaction and commits with it. */
@Injectable()
export class AuditRepository {
  constructor(private readonly em: EntityManager) {}

  async insert(em: EntityManager, event: NewAuditEvent): Promise<void> {
    await em.execute(
      `insert into audit_events (id, admin_id, admin_username, action, entity_type, entity_id, summary, changes, created_at)
       values (?, ?, ?, ?, ?, ?, ?, ?::jsonb, clock_timestamp())`,
      [
        randomUUID(),
        event.adminId,
        event.adminUsername,
        event.action,
        event.entityType,
        event.entityId,
        event.summary,
        JSON.stringify(event.changes),
      ],
      'run',
    );
  }

  async list(filter: AuditFilter): Promise<{ rows: AuditEventView[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.action) {
      where.push('action = ?');
      params.push(filter.action);
    }
    if (filter.adminUsername) {
      where.push('admin_username = ?');
      params.push(filter.adminUsername);
    }
    if (filter.entityId) {
      where.push('entity_id = ?');
      params.push(filter.entityId);
    }
    const clause = where.length ? `where ${where.join(' and ')}` : '';
    const [{ count }] = await this.em.execute<Array<{ count: string }>>(
      `select count(*) as count from audit_events ${clause}`,
      params,
    );
    const rows = await this.em.execute<AuditRow[]>(
      `select id, admin_username, action, entity_type, entity_id, summary, changes, created_at from audit_events ${clause}
       order by created_at desc, id limit ? offset ?`,
      [...params, filter.limit, filter.offset],
    );
    return {
      total: Number(count),
      rows: rows.map((row) => ({
        id: row.id,
        adminUsername: row.admin_username,
        action: row.action,
        entityType: row.entity_type,
        entityId: row.entity_id,
        summary: row.summary,
        changes: row.changes,
        createdAt: new Date(row.created_at).toISOString(),
      })),
    };
  }
}
