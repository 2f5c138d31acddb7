import { Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Cohort } from '../cohorts/cohort.entity';

/**
 * One student in one training. Paid enrollments carry the payment intent they came from;
 * the unique key (paymentIntentId, trainingName) makes webhook and reconciliation enroll exactly once.
 */
@Entity({ tableName: 'enrollments' })
@Unique({ name: 'enrollments_payment_training_unique', properties: ['paymentIntentId', 'trainingName'] })
export class Enrollment {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'string', length: 200 })
  studentName!: string;

  @Property({ type: 'string', length: 254 })
  studentEmail!: string;

  @Property({ type: 'string', length: 100 })
  trainingName!: string;

  @ManyToOne(() => Cohort, { nullable: true, deleteRule: 'restrict', fieldName: 'cohort_id' })
  cohort: Cohort | null = null;

  @Property({ type: 'string', length: 10 })
  paymentType!: 'full' | '3month' | '6month';

  /** Amount paid so far, in integer cents. */
  @Property({ type: 'integer' })
  paymentAmount!: number;

  @Property({ type: 'string', length: 20 })
  enrollmentStatus: 'active' | 'completed' | 'cancelled' = 'active';

  @Property({ type: 'text', nullable: true })
  notes: string | null = null;

  @Property({ type: 'boolean' })
  isManualEntry: boolean = false;

  @Property({ type: 'string', length: 255, nullable: true })
  paymentIntentId: string | null = null;

  @Index()
  @Property({ type: 'datetime', columnType: 'timestamptz' })
  createdAt: Date = new Date();
}
