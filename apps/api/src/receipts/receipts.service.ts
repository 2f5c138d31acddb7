import { Injectable } from '@nestjs/common';
import type { ReceiptDocument, ReceiptSummary } from '@app/contracts';
import { paymentPlanLabel } from '@app/domain';
import type { AppConfig } from '../config/app-config';
import { InjectConfig } from '../config/inject-config.decorator';
import { receiptPdf } from './receipt-pdf';
import { ReceiptNotFoundError } from './receipts.errors';
import { ReceiptsRepository, type ReceiptRow } from './receipts.repository';

export function toReceiptSummary(row: ReceiptRow): ReceiptSummary {
  return {
    id: row.id,
    number: row.number,
    kind: row.kind,
    amountCents: row.amountCents,
    issuedAt: row.issuedAt.toISOString(),
  };
}

/** Receipts as documents: the stored facts of the charge with the seller of the configuration, as JSON or PDF. */
@Injectable()
export class ReceiptsService {
  constructor(
    private readonly receipts: ReceiptsRepository,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  toDocument(row: ReceiptRow): ReceiptDocument {
    return {
      ...toReceiptSummary(row),
      seller: this.config.seller,
      buyer: { name: row.buyerName, email: row.buyerEmail },
      trainings: row.trainings,
      planLabel: paymentPlanLabel(row.paymentType),
      installmentLabel:
        row.kind === 'receipt' && row.installmentsTotal > 1 && row.installmentNumber !== null
          ? `${row.installmentNumber} of ${row.installmentsTotal}`
          : null,
      discountCents: row.discountCents,
      currency: row.currency,
      cardLast4: row.cardLast4,
      paidWith: row.paidWith,
      promotion: row.promotionCode ? { code: row.promotionCode, discountCents: row.promotionDiscountCents ?? 0 } : null,
      providerPaymentId: row.providerPaymentId,
      creditFor: row.creditFor,
    };
  }

  /** A receipt by id, when `allowed` says the caller may see it; otherwise 404, as for an id that does not exist. */
  async document(id: string, allowed: (row: ReceiptRow) => boolean = () => true): Promise<ReceiptDocument> {
    const row = await this.receipts.findById(id);
    if (!row || !allowed(row)) throw new ReceiptNotFoundError();
    return this.toDocument(row);
  }

  async pdf(id: string, allowed?: (row: ReceiptRow) => boolean): Promise<{ fileName: string; content: Uint8Array }> {
    const document = await this.document(id, allowed);
    const prefix = document.kind === 'credit-note' ? 'credit-note' : 'receipt';
    return { fileName: `${prefix}-${document.number}.pdf`, content: await receiptPdf(document) };
  }

  row(id: string): Promise<ReceiptRow | null> {
    return this.receipts.findById(id);
  }

  /** The receipts of the payment an enrollment came from; none for a manual entry. */
  forEnrollment(enrollmentId: string): Promise<ReceiptRow[]> {
    return this.receipts.forEnrollment(enrollmentId);
  }

  async forPayments(paymentIds: string[]): Promise<ReceiptRow[]> {
    return this.receipts.forPayments(paymentIds);
  }
}
