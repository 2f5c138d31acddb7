import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { PaidWith, ReceiptKind } from '@app/contracts';
import { receiptNumber } from '@app/domain';
import { randomUUID } from 'node:crypto';

/** What a receipt records of its charge or refund, frozen when it is issued. */
export interface NewReceipt {
  kind: ReceiptKind;
  /** Unique per charge or refund: `charge:<payment>:<installment>`, `refund:<provider refund id>`. */
  sourceKey: string;
  paymentId: string;
  installmentNumber: number | null;
  providerPaymentId: string;
  amountCents: number;
  issuedAt: Date;
}

export interface ReceiptRow {
  id: string;
  number: string;
  kind: ReceiptKind;
  paymentId: string;
  installmentNumber: number | null;
  providerPaymentId: string;
  amountCents: number;
  /** The pay-in-full discount of a single training's full payment, as priced when it was issued. */
  discountCents: number | null;
  currency: string;
  buyerName: string;
  buyerEmail: string;
  trainings: string[];
  paymentType: string;
  installmentsTotal: number;
  cardLast4: string | null;
  paidWith: PaidWith;
  /** The purchase's promotion code and what it took off the whole purchase, when it had one. */
  promotionCode: string | null;
  promotionDiscountCents: number | null;
  creditFor: string | null;
  issuedAt: Date;
}

/** A receipt under the row's camelCase names; only the time needs converting (the driver gives it as text). */
const SELECT = `select id, number, kind, payment_id as "paymentId", installment_number as "installmentNumber",
  provider_payment_id as "providerPaymentId", amount as "amountCents", discount as "discountCents", currency,
  buyer_name as "buyerName", buyer_email as "buyerEmail", trainings, payment_type as "paymentType",
  installments_total as "installmentsTotal", card_last4 as "cardLast4", paid_with as "paidWith",
  promotion_code as "promotionCode", promotion_discount as "promotionDiscountCents", credit_for as "creditFor",
  issued_at as "issuedAt" from receipts`;

const toRow = (row: Omit<ReceiptRow, 'issuedAt'> & { issuedAt: Date | string }): ReceiptRow => ({
  ...row,
  issuedAt: new Date(row.issuedAt),
});

/** The only writer of receipts and receipt_counters. */
@Injectable()
export class ReceiptsRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * Issues the receipt of a charge (or the credit note of a refund) inside the caller's transaction, which must hold
   * the payment row's lock (every recorder of a charge or refund updates that row first), so one charge never gets two.
   * The number is the year's counter row plus one, taken in the same transaction: a rollback gives it back, and the
   * counter row's lock makes concurrent charges take numbers one after the other, so the numbers have no gaps.
   * A charge that already has its receipt is left alone. Buyer, trainings and plan are copied from the payment row.
   */
  static async issue(em: EntityManager, receipt: NewReceipt): Promise<void> {
    const connection = em.getConnection();
    const context = em.getTransactionContext();
    const existing = await connection.execute<Array<{ id: string }>>(
      'select id from receipts where source_key = ?',
      [receipt.sourceKey],
      'all',
      context,
    );
    if (existing.length > 0) return;
    const year = receipt.issuedAt.getUTCFullYear();
    const [counter] = await connection.execute<Array<{ last_number: number }>>(
      `insert into receipt_counters (year, last_number) values (?, 1)
       on conflict (year) do update set last_number = receipt_counters.last_number + 1
       returning last_number`,
      [year],
      'all',
      context,
    );
    const sequence = Number(counter.last_number);
    const inserted = await connection.execute<{ affectedRows: number }>(
      `insert into receipts (id, year, sequence, number, kind, source_key, payment_id, installment_number,
         provider_payment_id, amount, discount, currency, buyer_name, buyer_email, trainings, payment_type,
         installments_total, card_last4, paid_with, promotion_code, promotion_discount, credit_for, issued_at)
       select ?, ?, ?, ?, ?, ?, p.id, ?, ?, ?,
         case when ? = 'receipt' and p.kind = 'single' and p.payment_type = 'full' then
           (select tp.full_payment_discount from training_pricing tp
             where tp.training_name = p.trainings::jsonb -> 0 ->> 'name') end,
         p.currency, coalesce(p.customer_name, ''), coalesce(p.customer_email, ''),
         (select coalesce(jsonb_agg(t ->> 'name'), '[]'::jsonb) from jsonb_array_elements(p.trainings::jsonb) t),
         p.payment_type, p.installments_total, p.card_last4, p.paid_with, p.promotion_code,
         case when p.promotion_code is not null then p.discount_cents end,
         case when ? = 'credit-note' then (select r.number from receipts r where r.payment_id = p.id and r.kind = 'receipt'
                                            order by r.sequence limit 1) end,
         ?
       from payments p where p.id = ?`,
      [
        randomUUID(),
        year,
        sequence,
        receiptNumber(year, sequence),
        receipt.kind,
        receipt.sourceKey,
        receipt.installmentNumber,
        receipt.providerPaymentId,
        receipt.amountCents,
        receipt.kind,
        receipt.kind,
        receipt.issuedAt,
        receipt.paymentId,
      ],
      'run',
      context,
    );
    // The number was taken: without its receipt the transaction must not commit, or the year would have a gap.
    if (inserted.affectedRows !== 1) throw new Error(`No payment ${receipt.paymentId} to issue a receipt for`);
  }

  async findById(id: string): Promise<ReceiptRow | null> {
    const rows = await this.em.execute<ReceiptRow[]>(`${SELECT} where id = ?`, [id]);
    return rows[0] ? toRow(rows[0]) : null;
  }

  async forEnrollment(enrollmentId: string): Promise<ReceiptRow[]> {
    const rows = await this.em.execute<ReceiptRow[]>(
      `${SELECT} where payment_id in (select p.id from payments p join enrollments e
         on e.payment_intent_id = p.provider_payment_id where e.id = ?) order by year, sequence`,
      [enrollmentId],
    );
    return rows.map(toRow);
  }

  /** The receipts and credit notes of these payments, oldest first. */
  async forPayments(paymentIds: string[]): Promise<ReceiptRow[]> {
    if (paymentIds.length === 0) return [];
    const rows = await this.em.execute<ReceiptRow[]>(
      `${SELECT} where payment_id in (${paymentIds.map(() => '?').join(', ')}) order by year, sequence`,
      paymentIds,
    );
    return rows.map(toRow);
  }
}
