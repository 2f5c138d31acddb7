import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { ObjectDeletion } from './object-deletion.entity';

/** The only writer of object_deletions: the stored objects of erased records, deleted by the sweep until gone. */
@Injectable()
export class ErasureRepository {
  constructor(private readonly em: EntityManager) {}

  /** In the erasure's transaction: the objects are deleted only if the rows naming them are. */
  async scheduleObjects(em: EntityManager, keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    const now = new Date();
    for (const objectKey of keys) {
      await em.execute(
        `insert into object_deletions (object_key, attempts, next_attempt_at, last_error, created_at) values (?, 0, ?, null, ?)
         on conflict (object_key) do nothing`,
        [objectKey, now, now],
        'run',
      );
    }
  }

  async due(now: Date, limit: number): Promise<ObjectDeletion[]> {
    return this.em
      .fork()
      .find(ObjectDeletion, { nextAttemptAt: { $lte: now } }, { limit, orderBy: { nextAttemptAt: 'asc' } });
  }

  async done(objectKey: string): Promise<void> {
    await this.em.fork().nativeDelete(ObjectDeletion, { objectKey });
  }

  async retryLater(objectKey: string, attempts: number, nextAttemptAt: Date, error: string): Promise<void> {
    await this.em
      .fork()
      .nativeUpdate(ObjectDeletion, { objectKey }, { attempts, nextAttemptAt, lastError: error.slice(0, 500) });
  }
}
