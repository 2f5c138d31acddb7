import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * Whoever owns credentials: anonymous (no email) from the first credential a browser creates, an account once
 * they sign in with an email link. The web server keeps the id in a signed, httpOnly cookie.
 */
@Entity({ tableName: 'applicants' })
export class Applicant {
  @PrimaryKey({ type: 'uuid' })
  id!: string;

  /** Lower-cased; set when the applicant signed in by email link. */
  @Property({ type: 'string', length: 254, nullable: true, unique: true })
  email: string | null = null;

  @Property({ type: 'datetime', columnType: 'timestamptz' })
  createdAt: Date = new Date();
}
