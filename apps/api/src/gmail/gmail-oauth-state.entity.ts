import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/** A consent flow in progress: its random state is accepted once, before expiresAt, against CSRF. */
@Entity({ tableName: 'gmail_oauth_states' })
export class GmailOAuthState {
  @PrimaryKey({ type: 'string', length: 64 })
  state!: string;

  @Property({ type: 'datetime', columnType: 'timestamptz' })
  expiresAt!: Date;
}
