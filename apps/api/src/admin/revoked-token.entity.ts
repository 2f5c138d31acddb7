import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/** A token ended by logout, by its jti. Rows past expiresAt are useless (the JWT itself has expired) and are pruned. */
@Entity({ tableName: 'revoked_tokens' })
export class RevokedToken {
  @PrimaryKey({ type: 'uuid' })
  jti!: string;

  @Property({ type: 'datetime', columnType: 'timestamptz' })
  expiresAt!: Date;
}
