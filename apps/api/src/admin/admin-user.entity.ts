import { Entity, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import type { StaffRole } from '@app/contracts';
import { randomUUID } from 'node:crypto';

@Entity({ tableName: 'admin_users' })
@Unique({ name: 'admin_users_username_unique', properties: ['username'] })
export class AdminUser {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'string', length: 100 })
  username!: string;

  /** argon2id, in the PHC string format that carries its own salt and parameters. */
  @Property({ type: 'string', length: 255, hidden: true })
  passwordHash!: string;

  /** admin: everything; evaluator: reviews applicants' credentials, nothing of payments, enrollments or cohorts. */
  @Property({ type: 'string', length: 20 })
  role: StaffRole = 'admin';

  /**
   * Carried by every token (`ver`); raised by a password or role change, so every token issued before the change is
   * refused at once.
   */
  @Property({ type: 'integer', default: 0 })
  tokenVersion = 0;

  @Property({ type: 'datetime', columnType: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', columnType: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
