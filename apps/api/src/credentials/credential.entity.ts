import type { AnalysisFailureKind } from '@app/contracts';
import { Collection, Entity, Index, OneToMany, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { CredentialDocument } from './credential-document.entity';

@Entity({ tableName: 'credentials' })
export class Credential {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'string', length: 200 })
  name!: string;

  /** The applicant who owns it (applicants.id). */
  @Index({ properties: ['ownerId', 'createdAt'] })
  @Property({ type: 'uuid' })
  ownerId!: string;

  @Property({ type: 'string', length: 20 })
  status: 'pending' | 'analyzing' | 'completed' | 'failed' = 'pending';

  /** Why the analysis failed, in words the page can show. */
  @Property({ type: 'text', nullable: true })
  failureReason: string | null = null;

  /** Why a failed analysis failed: interrupted (may start again) or unreadable documents (once they change). */
  @Property({ type: 'text', nullable: true })
  failureKind: AnalysisFailureKind | null = null;

  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  analysisStartedAt: Date | null = null;

  /** Without Redis: the API process running the analysis, which refreshes the heartbeat below while it holds it. */
  @Property({ type: 'text', nullable: true })
  analysisRunner: string | null = null;

  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  analysisHeartbeatAt: Date | null = null;

  @OneToMany(() => CredentialDocument, (document) => document.credential, { orderBy: { createdAt: 'asc' } })
  documents = new Collection<CredentialDocument>(this);

  @Index()
  @Property({ type: 'datetime', columnType: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', columnType: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
