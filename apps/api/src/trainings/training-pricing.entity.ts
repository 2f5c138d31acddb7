import { Entity, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

/** Prices of one training, in integer cents. threeMonthPrice and sixMonthPrice are monthly installments. */
@Entity({ tableName: 'training_pricing' })
export class TrainingPricing {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'string', length: 100, unique: true })
  trainingName!: string;

  @Property({ type: 'integer' })
  fullPaymentPrice!: number;

  @Property({ type: 'integer' })
  fullPaymentDiscount!: number;

  @Property({ type: 'integer' })
  threeMonthPrice!: number;

  @Property({ type: 'integer' })
  sixMonthPrice!: number;
}
