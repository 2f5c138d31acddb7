import { Entity, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

/** One of the provider's own courses that outside credentials are matched against (topic overlap ≥ 70%). */
@Entity({ tableName: 'catalog_courses' })
export class CatalogCourseEntity {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'string', length: 20, unique: true })
  code!: string;

  @Property({ type: 'string', length: 200 })
  title!: string;

  /** The topics the course covers; a credential matches when it covers at least 70% of them. */
  @Property({ type: 'json' })
  topics!: string[];

  @Property({ type: 'integer' })
  contactHours!: number;

  /** Quarter credits the course is worth. */
  @Property({ type: 'double' })
  credits!: number;

  @Property({ type: 'datetime', columnType: 'timestamptz' })
  createdAt: Date = new Date();
}
