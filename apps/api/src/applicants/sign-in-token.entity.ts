import { Entity, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

/** A single-use sign-in link; only the SHA-256 of its secret is stored, so a database read cannot sign anyone in. */
@Entity({ tableName: 'sign_in_tokens' })
export class SignInToken {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'string', length: 64, unique: true })
  tokenHash!: string;

  @Property({ type: 'string', length: 254 })
  email!: string;

  /** The applicant who asked for the link; their anonymous records join the account only in the bound browser. */
  @Property({ type: 'uuid', nullable: true })
  requestedBy: string | null = null;

  /**
   * SHA-256 of the random value the asking browser keeps in its sign-in binding cookie; the asker's records join the
   * account only when the browser using the link presents the same value. Null: bound to no browser.
   */
  @Property({ type: 'string', length: 64, nullable: true })
  browserBindingHash: string | null = null;

  @Property({ type: 'datetime', columnType: 'timestamptz' })
  expiresAt!: Date;

  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  usedAt: Date | null = null;

  @Property({ type: 'datetime', columnType: 'timestamptz' })
  createdAt: Date = new Date();
}
