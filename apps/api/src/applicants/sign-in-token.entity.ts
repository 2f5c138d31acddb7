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

  /** The anonymous applicant who asked for the link; their records join the account when it is used. */
  @Property({ type: 'uuid', nullable: true })
  requestedBy: string | null = null;

  @Property({ type: 'datetime', columnType: 'timestamptz' })
  expiresAt!: Date;

  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  usedAt: Date | null = null;

  @Property({ type: 'datetime', columnType: 'timestamptz' })
  createdAt: Date = new Date();
}
