import { PAYMENT_TYPES } from '@app/contracts';
import { paymentTypeLabel } from './payment-type-label';

describe('paymentTypeLabel', () => {
  it.each([
    ['full', 'Pay in Full'],
    ['3month', '3 Month Plan'],
    ['6month', '6 Month Plan'],
  ] as const)('%s is shown as %s', (type, label) => {
    expect(paymentTypeLabel(type)).toBe(label);
  });

  it('gives every payment type a distinct label', () => {
    expect(new Set(PAYMENT_TYPES.map(paymentTypeLabel)).size).toBe(PAYMENT_TYPES.length);
  });
});
