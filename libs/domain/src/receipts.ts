import { isPaymentType, type ReceiptDocument } from '@app/contracts';
import { formatCents } from './enrollment-billing';
import { formatLongDateUtc } from './installments';
import { paymentTypeLabel } from './payment-type-label';

/** '2026-000042': the year, then the year's gapless sequence. */
export function receiptNumber(year: number, sequence: number): string {
  if (!Number.isInteger(year) || year < 2000 || year > 9999) throw new RangeError('year must be a 4-digit year');
  if (!Number.isInteger(sequence) || sequence < 1 || sequence > 999_999) {
    throw new RangeError('sequence must be between 1 and 999999');
  }
  return `${year}-${String(sequence).padStart(6, '0')}`;
}

/** The payment record types (payments.payment_type) as a buyer reads them: a training's plans as the checkout names them. */
export function paymentPlanLabel(paymentType: string): string {
  if (isPaymentType(paymentType)) return paymentTypeLabel(paymentType);
  switch (paymentType) {
    case 'bundle-2':
      return 'Bundle of 2 trainings';
    case 'bundle-3':
      return 'Bundle of 3 trainings';
    default:
      return paymentType;
  }
}

export function receiptTitle(kind: ReceiptDocument['kind']): string {
  return kind === 'credit-note' ? 'Credit note' : 'Receipt';
}

/**
 * The lines of a receipt, label and value, in order: the PDF and the HTML page both print these, so they always say
 * the same thing.
 */
export function receiptLines(receipt: ReceiptDocument): Array<[string, string]> {
  const lines: Array<[string, string]> = [
    [`${receiptTitle(receipt.kind)} number`, receipt.number],
    ['Date', formatLongDateUtc(new Date(receipt.issuedAt))],
    ['Seller', [receipt.seller.name, receipt.seller.address].filter(Boolean).join(', ')],
    ['Buyer', [receipt.buyer.name, receipt.buyer.email].filter(Boolean).join(', ')],
    [receipt.trainings.length > 1 ? 'Trainings' : 'Training', receipt.trainings.join(', ')],
    ['Plan', receipt.planLabel],
  ];
  if (receipt.installmentLabel) lines.push(['Installment', receipt.installmentLabel]);
  lines.push([
    receipt.kind === 'credit-note' ? 'Amount refunded' : 'Amount paid',
    `${formatCents(receipt.amountCents)} ${receipt.currency.toUpperCase()}`,
  ]);
  if (receipt.discountCents) lines.push(['Discount', `${formatCents(receipt.discountCents)} (paid in full)`]);
  if (receipt.promotion) {
    lines.push([
      'Promotion code',
      `${receipt.promotion.code} (${formatCents(receipt.promotion.discountCents)} off the purchase)`,
    ]);
  }
  if (receipt.paidWith === 'promotion') lines.push(['Paid with', 'promotion code (no card charged)']);
  else lines.push(['Card', receipt.cardLast4 ? `ending in ${receipt.cardLast4}` : 'not stored']);
  lines.push([receipt.kind === 'credit-note' ? 'Refund id' : 'Payment id', receipt.providerPaymentId]);
  if (receipt.creditFor) lines.push(['Credit for receipt', receipt.creditFor]);
  return lines;
}
