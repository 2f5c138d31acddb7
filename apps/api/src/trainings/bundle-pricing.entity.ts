import { Entity, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

/** A bundle's total price in integer cents; the 2-training price depends on whether Psychosomatic is included. */
@Entity({ tableName: 'bundle_pricing' })
@Unique({ properties: ['bundleType', 'requiresPsychosomatic'] })
export class BundlePricing {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'string', length: 20 })
  bundleType!: '2-training' | '3-training';

  @Property({ type: 'boolean' })
  requiresPsychosomatic!: boolean;

  @Property({ type: 'integer' })
  bundlePrice!: number;
}
