import type { BundlePricing, TrainingPricing } from '@app/contracts';
import {
  bundlePaymentTypeFor,
  bundleSizeOf,
  formatUsd,
  installmentCount,
  paymentOptionTitle,
  planTotal,
  priceForPlan,
  selectBundlePrice,
} from './pricing';

const parts: TrainingPricing = {
  id: 'p1',
  trainingName: 'Parts Therapy Practitioner',
  fullPaymentPrice: 250000,
  fullPaymentDiscount: 50000,
  threeMonthPrice: 91667,
  sixMonthPrice: 50000,
};

const bundles: BundlePricing[] = [
  { id: 'b1', bundleType: '2-training', requiresPsychosomatic: true, bundlePrice: 450000 },
  { id: 'b2', bundleType: '2-training', requiresPsychosomatic: false, bundlePrice: 400000 },
  { id: 'b3', bundleType: '3-training', requiresPsychosomatic: false, bundlePrice: 600000 },
];

describe('priceForPlan', () => {
  it('charges the full price when paying in full', () => {
    expect(priceForPlan(parts, 'full')).toBe(250000);
  });

  it('charges one monthly installment for the 3-month plan', () => {
    expect(priceForPlan(parts, '3month')).toBe(91667);
  });

  it('charges one monthly installment for the 6-month plan', () => {
    expect(priceForPlan(parts, '6month')).toBe(50000);
  });
});

describe('installmentCount and planTotal', () => {
  it.each([
    ['full', 1],
    ['3month', 3],
    ['6month', 6],
  ] as const)('%s has %i installment(s)', (type, count) => {
    expect(installmentCount(type)).toBe(count);
  });

  it('totals every installment of a plan', () => {
    expect(planTotal(parts, 'full')).toBe(250000);
    expect(planTotal(parts, '3month')).toBe(275001);
    expect(planTotal(parts, '6month')).toBe(300000);
  });

  it('makes the full-payment discount the difference to the 6-month total in the sample data', () => {
    expect(planTotal(parts, '6month') - planTotal(parts, 'full')).toBe(parts.fullPaymentDiscount);
  });
});

describe('bundle sizes', () => {
  it('maps bundle payment types to sizes and back', () => {
    expect(bundleSizeOf('bundle-2')).toBe(2);
    expect(bundleSizeOf('bundle-3')).toBe(3);
    expect(bundlePaymentTypeFor(2)).toBe('bundle-2');
    expect(bundlePaymentTypeFor(3)).toBe('bundle-3');
  });

  it('has no bundle for 1 or 4 trainings', () => {
    expect(bundlePaymentTypeFor(1)).toBeNull();
    expect(bundlePaymentTypeFor(4)).toBeNull();
  });
});

describe('selectBundlePrice', () => {
  it('uses the with-Psychosomatic row when Psychosomatic Practitioner is one of two', () => {
    expect(selectBundlePrice(bundles, ['Parts Therapy Practitioner', 'Psychosomatic Practitioner'])?.id).toBe('b1');
  });

  it('uses the without-Psychosomatic row otherwise', () => {
    expect(selectBundlePrice(bundles, ['Parts Therapy Practitioner', 'Resilient Child Training'])?.id).toBe('b2');
  });

  it('uses the 3-training row for all three, whatever the order', () => {
    expect(
      selectBundlePrice(bundles, [
        'Resilient Child Training',
        'Psychosomatic Practitioner',
        'Parts Therapy Practitioner',
      ])?.bundlePrice,
    ).toBe(600000);
  });

  it('returns null for duplicates', () => {
    expect(selectBundlePrice(bundles, ['Psychosomatic Practitioner', 'Psychosomatic Practitioner'])).toBeNull();
  });

  it('returns null for one or no training', () => {
    expect(selectBundlePrice(bundles, ['Psychosomatic Practitioner'])).toBeNull();
    expect(selectBundlePrice(bundles, [])).toBeNull();
  });

  it('returns null when the matching row is missing', () => {
    const onlyThree = bundles.filter((b) => b.bundleType === '3-training');
    expect(selectBundlePrice(onlyThree, ['Psychosomatic Practitioner', 'Resilient Child Training'])).toBeNull();
    expect(
      selectBundlePrice([], ['Psychosomatic Practitioner', 'Resilient Child Training', 'Parts Therapy Practitioner']),
    ).toBeNull();
  });
});

describe('formatUsd', () => {
  it.each([
    [0, '$0'],
    [5, '$0.05'],
    [99, '$0.99'],
    [100, '$1'],
    [125000, '$1,250'],
    [125050, '$1,250.50'],
    [125001, '$1,250.01'],
    [123456789, '$1,234,567.89'],
    [100000000, '$1,000,000'],
    [-25000, '-$250'],
  ])('%i cents is %s', (cents, text) => {
    expect(formatUsd(cents)).toBe(text);
  });

  it('rounds fractional cents to the nearest cent', () => {
    expect(formatUsd(1999.6)).toBe('$20');
  });
});

describe('paymentOptionTitle', () => {
  it('shows the full-payment discount from the pricing', () => {
    expect(paymentOptionTitle(parts, 'full')).toBe('Pay in Full ($500 Discount)');
  });

  it('shows the fixed $250 discount text for the 3-month plan', () => {
    expect(paymentOptionTitle({ fullPaymentDiscount: 1 }, '3month')).toBe('3 month payment plan ($250 Discount)');
  });

  it('shows no discount for the 6-month plan', () => {
    expect(paymentOptionTitle(parts, '6month')).toBe('6 Month Payment Plan');
  });
});
