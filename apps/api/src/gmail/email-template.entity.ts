import { Entity, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

/** An outreach email with {{placeholders}} (libs/domain email-template.ts). */
@Entity({ tableName: 'email_templates' })
export class EmailTemplateEntity {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'string', length: 100, unique: true })
  name!: string;

  @Property({ type: 'string', length: 300 })
  subject!: string;

  @Property({ type: 'text' })
  body!: string;

  /** Used when a drafts request names no template; exactly one template is the default. */
  @Property({ type: 'boolean' })
  isDefault: boolean = false;

  @Property({ type: 'datetime', columnType: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', columnType: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
