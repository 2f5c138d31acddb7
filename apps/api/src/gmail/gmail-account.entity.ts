import { Entity, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

/** The one connected Google account that drafts are created in. Connecting again replaces it. */
@Entity({ tableName: 'gmail_accounts' })
export class GmailAccount {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'string', length: 254 })
  email!: string;

  /** AES-256-GCM ciphertext (see token-cipher.ts); the plain refresh token is never stored. */
  @Property({ type: 'text' })
  encryptedRefreshToken!: string;

  /** Space-separated OAuth scopes Google granted. */
  @Property({ type: 'text' })
  scopes!: string;

  @Property({ type: 'datetime', columnType: 'timestamptz' })
  connectedAt: Date = new Date();
}
