import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { ENROLLMENT_PAGE_SIZE, type AuditAction, type AuditPage, type AuditQuery } from '@app/contracts';
import { AuditRepository } from './audit.repository';

/** Who did it: the admin of the request. */
export interface AuditActor {
  id: string;
  username: string;
}

@Injectable()
export class AuditService {
  constructor(private readonly audit: AuditRepository) {}

  /** On the action's transaction's `em` (TransactionRunner.run): the record exists exactly when the change does. */
  record(
    em: EntityManager,
    actor: AuditActor | null,
    action: AuditAction,
    target: { type: string; id: string | null },
    summary: string,
    changes: Record<string, unknown> = {},
  ): Promise<void> {
    return this.audit.insert(em, {
      adminId: actor?.id ?? null,
      adminUsername: actor?.username ?? null,
      action,
      entityType: target.type,
      entityId: target.id,
      summary,
      changes,
    });
  }

  async list(query: AuditQuery): Promise<AuditPage> {
    const page = Math.max(1, query.page ?? 1);
    const pageSize = ENROLLMENT_PAGE_SIZE;
    const { rows, total } = await this.audit.list({
      action: query.action,
      adminUsername: query.adminUsername,
      entityId: query.entityId,
      limit: pageSize,
      offset: (page - 1) * pageSize,
    });
    return { rows, total, page, pageSize, pageCount: Math.max(1, Math.ceil(total / pageSize)) };
  }
}
