import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { IssuedUpload } from './issued-upload.entity';

/** The only place that queries and writes issued upload keys. */
@Injectable()
export class UploadsRepository {
  constructor(private readonly em: EntityManager) {}

  /** Erasure: the issued-upload records of erased objects go, so nothing may register those keys again. */
  static async forgetObjects(em: EntityManager, objectKeys: string[]): Promise<void> {
    if (objectKeys.length === 0) return;
    await em.execute(
      `delete from issued_uploads where object_key in (${objectKeys.map(() => '?').join(', ')})`,
      objectKeys,
      'run',
    );
  }

  async recordIssued(objectKey: string, expiresAt: Date, applicantId: string | null): Promise<void> {
    await this.em.insert(IssuedUpload, { objectKey, issuedAt: new Date(), expiresAt, spentAt: null, applicantId });
  }

  findIssued(objectKey: string): Promise<IssuedUpload | null> {
    return this.em.findOne(IssuedUpload, { objectKey }, { disableIdentityMap: true });
  }

  /** Marks the key used; false when another request already did (only one registration may win). */
  async spend(objectKey: string): Promise<boolean> {
    const changed = await this.em.nativeUpdate(IssuedUpload, { objectKey, spentAt: null }, { spentAt: new Date() });
    return changed === 1;
  }

  /** Gives a key back after an unexpected failure, so the same upload can be registered on a retry. */
  async unspend(objectKey: string): Promise<void> {
    await this.em.nativeUpdate(IssuedUpload, { objectKey }, { spentAt: null });
  }

  /** Registered keys whose upload URL expired in [from, before). */
  async findRegisteredExpiredBetween(from: Date, before: Date, limit: number): Promise<string[]> {
    const rows = await this.em.find(
      IssuedUpload,
      { spentAt: { $ne: null }, expiresAt: { $gte: from, $lt: before } },
      { fields: ['objectKey'], limit, orderBy: { expiresAt: 'asc' }, disableIdentityMap: true },
    );
    return rows.map((row) => row.objectKey);
  }

  /** Keys never registered whose registration window closed before `before`. */
  async findAbandoned(before: Date, limit: number): Promise<string[]> {
    const rows = await this.em.find(
      IssuedUpload,
      { spentAt: null, expiresAt: { $lt: before } },
      { fields: ['objectKey'], limit, orderBy: { expiresAt: 'asc' }, disableIdentityMap: true },
    );
    return rows.map((row) => row.objectKey);
  }
}
