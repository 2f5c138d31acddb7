import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { ENROLLMENT_TABLE_SELECT, type EnrollmentTableRow } from '../enrollments/enrollment-table.repository';

/** One succeeded charge of a payment: its first charge (installment 1) or a later installment. */
export interface AccountChargeRow {
  paymentId: string;
  installmentNumber: number;
  amountCents: number;
  chargedAt: Date;
  cardLast4: string | null;
}

/**
 * Reads for the trainee's account. An account owns the enrollments whose student email is its email (case aside);
 * it writes nothing: cancellation goes through the enrollments', payments', audit and mail owners.
 */
@Injectable()
export class AccountsRepository {
  constructor(private readonly em: EntityManager) {}

  enrollmentsOf(email: string): Promise<EnrollmentTableRow[]> {
    return this.em.execute<EnrollmentTableRow[]>(
      `${ENROLLMENT_TABLE_SELECT} where lower(e.student_email) = ? order by e.created_at desc, e.id`,
      [email.toLowerCase()],
    );
  }

  /** The enrollment when it is this account's; null for another account's, as for one that does not exist. */
  async ownedEnrollment(id: string, email: string): Promise<EnrollmentTableRow | null> {
    const [row] = await this.em.execute<EnrollmentTableRow[]>(
      `${ENROLLMENT_TABLE_SELECT} where e.id = ? and lower(e.student_email) = ?`,
      [id, email.toLowerCase()],
    );
    return row ?? null;
  }

  /** Whether one of this account's enrollments was paid by the payment. */
  async ownsPayment(paymentId: string, email: string): Promise<boolean> {
    const rows = await this.em.execute<Array<{ id: string }>>(
      `select e.id from enrollments e join payments p on p.provider_payment_id = e.payment_intent_id
       where p.id = ? and lower(e.student_email) = ? limit 1`,
      [paymentId, email.toLowerCase()],
    );
    return rows.length > 0;
  }

  async charges(paymentIds: string[]): Promise<AccountChargeRow[]> {
    if (paymentIds.length === 0) return [];
    const rows = await this.em.execute<
      Array<{
        payment_id: string;
        installment_number: number;
        amount: number;
        created_at: Date;
        card_last4: string | null;
      }>
    >(
      `select i.payment_id, i.installment_number, i.amount, i.created_at, p.card_last4
       from payment_installments i join payments p on p.id = i.payment_id
       where i.status = 'succeeded' and i.payment_id in (${paymentIds.map(() => '?').join(', ')})
       order by i.installment_number`,
      paymentIds,
    );
    return rows.map((row) => ({
      paymentId: row.payment_id,
      installmentNumber: Number(row.installment_number),
      amountCents: Number(row.amount),
      chargedAt: new Date(row.created_at),
      cardLast4: row.card_last4,
    }));
  }
}
