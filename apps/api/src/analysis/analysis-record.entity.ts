import { Entity, ManyToOne, PrimaryKey, Property, Unique, type Rel } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Credential } from '../credentials/credential.entity';

/** The stored result of one analysis phase; (credential, phase) is unique so a retried job never duplicates it. */
@Entity({ tableName: 'analysis_records' })
@Unique({ name: 'analysis_records_credential_phase_unique', properties: ['credential', 'phase'] })
export class AnalysisRecord {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Credential, { deleteRule: 'cascade', fieldName: 'credential_id' })
  credential!: Rel<Credential>;

  @Property({ type: 'integer' })
  phase!: number;

  @Property({ type: 'json' })
  results!: unknown;

  @Property({ type: 'datetime', columnType: 'timestamptz' })
  createdAt: Date = new Date();
}
