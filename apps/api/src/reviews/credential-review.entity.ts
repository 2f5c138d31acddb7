import { Entity, OneToOne, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import type { ReviewDecision } from '@app/contracts';
import { randomUUID } from 'node:crypto';
import { Credential } from '../credentials/credential.entity';

/** A staff decision on a completed credential: verified (with the credits awarded) or rejected (with a reason). */
@Entity({ tableName: 'credential_reviews' })
export class CredentialReview {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @OneToOne(() => Credential, { owner: true, unique: true, deleteRule: 'cascade', fieldName: 'credential_id' })
  credential!: Rel<Credential>;

  @Property({ type: 'string', length: 20 })
  decision!: ReviewDecision;

  @Property({ type: 'double', nullable: true })
  awardedCredits: number | null = null;

  @Property({ type: 'text', nullable: true })
  note: string | null = null;

  @Property({ type: 'text', nullable: true })
  rejectionReason: string | null = null;

  @Property({ type: 'uuid', nullable: true })
  reviewerId: string | null = null;

  @Property({ type: 'datetime', columnType: 'timestamptz' })
  decidedAt: Date = new Date();
}
