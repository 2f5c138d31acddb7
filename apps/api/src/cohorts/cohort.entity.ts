import { Entity, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

@Entity({ tableName: 'cohorts' })
@Unique({ properties: ['trainingName', 'cohortMonth'] })
export class Cohort {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'string', length: 100 })
  trainingName!: string;

  /** 'YYYY-MM' */
  @Property({ type: 'string', length: 7 })
  cohortMonth!: string;

  /** Seats for sale; null for no limit. */
  @Property({ type: 'integer', nullable: true })
  capacity: number | null = null;

  @Property({ type: 'datetime', columnType: 'timestamptz' })
  createdAt: Date = new Date();
}
