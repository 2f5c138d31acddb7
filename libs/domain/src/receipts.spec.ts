import type { ReceiptDocument } from '@app/contracts';
import { paymentPlanLabel, receiptLines, receiptNumber, receiptTitle } from './receipts';

const receipt = (overrides: Partial<ReceiptDocument> = {}): ReceiptDocument => ({
  id: 'r1',
  number: '2026-000007',
  kind: 'receipt',
  amountCents: 71667,
  issuedAt: '2026-11-26T10:00:00.000Z',
  seller: { name: 'Psychology Training Institute LLC', address: '1 Main St' },
  buyer: { name: 'Ada Trainee', email: 'ada@example.com' },
  trainings: ['Parts Therapy Practitioner'],
  planLabel: '3 Month Plan',
  installmentLabel: '1 of 3',
  discountCents: null,
  currency: 'usd',
  cardLast4: '4242',
  paidWith: 'card',
  promotion: null,
  providerPaymentId: 'pi_1',
  creditFor: null,
  ...overrides,
});

describe('receipt numbers', () => {
  it('are the year and a six-digit sequence', () => {
    expect(receiptNumber(2026, 1)).toBe('2026-000001');
    expect(receiptNumber(2027, 123456)).toBe('2027-123456');
  });

  it('refuse a sequence out of range and a year that is not 4 digits', () => {
    expect(() => receiptNumber(2026, 0)).toThrow(RangeError);
    expect(() => receiptNumber(2026, 1_000_000)).toThrow(RangeError);
    expect(() => receiptNumber(2026, 1.5)).toThrow(RangeError);
    expect(() => receiptNumber(26, 1)).toThrow(RangeError);
  });
});

describe('receipt lines', () => {
  it('name the seller, buyer, training, plan, installment, amount, card and payment id, in order', () => {
    expect(receiptLines(receipt())).toEqual([
      ['Receipt number', '2026-000007'],
      ['Date', 'November 26, 2026'],
      ['Seller', 'Psychology Training Institute LLC, 1 Main St'],
      ['Buyer', 'Ada Trainee, ada@example.com'],
      ['Training', 'Parts Therapy Practitioner'],
      ['Plan', '3 Month Plan'],
      ['Installment', '1 of 3'],
      ['Amount paid', '$716.67 USD'],
      ['Card', 'ending in 4242'],
      ['Payment id', 'pi_1'],
    ]);
  });

  it('say a credit note refunds, which receipt it credits, and that no card was stored', () => {
    const lines = receiptLines(
      receipt({
        kind: 'credit-note',
        installmentLabel: null,
        cardLast4: null,
        creditFor: '2026-000001',
        providerPaymentId: 're_1',
      }),
    );
    expect(lines).toContainEqual(['Credit note number', '2026-000007']);
    expect(lines).toContainEqual(['Amount refunded', '$716.67 USD']);
    expect(lines).toContainEqual(['Card', 'not stored']);
    expect(lines).toContainEqual(['Refund id', 're_1']);
    expect(lines).toContainEqual(['Credit for receipt', '2026-000001']);
    expect(lines.map(([label]) => label)).not.toContain('Installment');
  });

  it('show the pay-in-full discount after the amount when there is one', () => {
    const lines = receiptLines(receipt({ planLabel: 'Pay in Full', installmentLabel: null, discountCents: 40500 }));
    const labels = lines.map(([label]) => label);
    expect(lines).toContainEqual(['Discount', '$405.00 (paid in full)']);
    expect(labels.indexOf('Discount')).toBe(labels.indexOf('Amount paid') + 1);
  });

  it('name the promotion code and what it took off the purchase', () => {
    const lines = receiptLines(receipt({ promotion: { code: 'SPRING20', discountCents: 43000 } }));
    expect(lines).toContainEqual(['Promotion code', 'SPRING20 ($430.00 off the purchase)']);
    expect(lines).toContainEqual(['Card', 'ending in 4242']);
  });

  it('say a free checkout was $0.00, paid with its code and no card', () => {
    const lines = receiptLines(
      receipt({
        amountCents: 0,
        planLabel: 'Pay in Full',
        installmentLabel: null,
        cardLast4: null,
        paidWith: 'promotion',
        promotion: { code: 'FREE100', discountCents: 199500 },
      }),
    );
    expect(lines).toContainEqual(['Amount paid', '$0.00 USD']);
    expect(lines).toContainEqual(['Promotion code', 'FREE100 ($1,995.00 off the purchase)']);
    expect(lines).toContainEqual(['Paid with', 'promotion code (no card charged)']);
    expect(lines.map(([label]) => label)).not.toContain('Card');
  });

  it('list every training of a bundle and title the kinds', () => {
    expect(receiptLines(receipt({ trainings: ['A', 'B'] }))).toContainEqual(['Trainings', 'A, B']);
    expect(receiptTitle('receipt')).toBe('Receipt');
    expect(receiptTitle('credit-note')).toBe('Credit note');
    expect(paymentPlanLabel('bundle-3')).toBe('Bundle of 3 trainings');
    expect(paymentPlanLabel('6month')).toBe('6 Month Plan');
  });
});
