import { Entity, ManyToOne, PrimaryKey, Property, Rel, Unique } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Payment } from './payment.entity';

export type InstallmentStatus = 'processing' | 'succeeded' | 'failed';

/**
 * One charge of an installment plan. The unique (payment, number) key is how the scheduler claims an installment,
 * so two overlapping runs can never charge the same month twice.
 */
@Entity({ tableName: 'payment_installments' })
@Unique({ name: 'payment_installments_payment_number_unique', properties: ['payment', 'installmentNumber'] })
export class PaymentInstallment {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Payment, { fieldName: 'payment_id', deleteRule: 'cascade' })
  payment!: Rel<Payment>;

  @Property({ type: 'integer' })
  installmentNumber!: number;

  @Property({ type: 'integer' })
  amount!: number;

  @Property({ type: 'string' })
  status!: InstallmentStatus;

  @Property({ type: 'string', length: 255, nullable: true })
  providerPaymentId: string | null = null;

  @Property({ type: 'text', nullable: true })
  failureMessage: string | null = null;

  @Property({ type: 'datetime', columnType: 'timestamptz' })
  createdAt: Date = new Date();

  /** When a run last took the charge in hand; a 'processing' claim long past it was left by a crashed run. */
  @Property({ type: 'datetime', columnType: 'timestamptz' })
  claimedAt: Date = new Date();
}
