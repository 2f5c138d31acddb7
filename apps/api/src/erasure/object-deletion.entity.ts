import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/** A stored object whose records were erased; the sweep deletes it and retries until storage says it is gone. */
@Entity({ tableName: 'object_deletions' })
export class ObjectDeletion {
  @PrimaryKey({ type: 'string', length: 300 })
  objectKey!: string;

  @Property({ type: 'integer' })
  attempts = 0;

  @Property({ type: 'datetime', columnType: 'timestamptz' })
  nextAttemptAt: Date = new Date();

  @Property({ type: 'text', nullable: true })
  lastError: string | null = null;

  @Property({ type: 'datetime', columnType: 'timestamptz' })
  createdAt: Date = new Date();
}
