import type { PromotionPurchaseKind, PromotionRefusal, TrainingName } from '@app/contracts';
import {
  discountCents,
  discountedSchedule,
  MIN_CHARGE_CENTS,
  endOfUtcDay,
  normalizePromotionCode,
  promotionLimitRefusal,
  promotionPurchaseKind,
  promotionRefusal,
  startOfUtcDay,
  type PromotionDiscount,
  type PromotionRules,
} from './promotions';
import { parsePromotionForm } from './promotion-form';

const percent = (p: number): PromotionDiscount => ({ discountType: 'percent', percentOff: p, amountOffCents: null });
const fixed = (c: number): PromotionDiscount => ({ discountType: 'fixed', percentOff: null, amountOffCents: c });

describe('discountCents', () => {
  it.each([
    ['20% of $2,495', 249500, percent(20), 49900],
    ['percent rounds half a cent up', 250, percent(10), 25],
    ['percent rounds 0.5 cent up', 5, percent(10), 1],
    ['percent rounds 0.4 cent down', 4, percent(10), 0],
    ['15% of $916.67 × 3 = 41250.15 → 41250', 275001, percent(15), 41250],
    ['33% of 1001 cents = 330.33 → 330', 1001, percent(33), 330],
    ['100% is the whole total', 249500, percent(100), 249500],
    ['fixed $100', 249500, fixed(10000), 10000],
    ['fixed more than the total floors at zero', 5000, fixed(10000), 5000],
    ['nothing off a zero total', 0, percent(50), 0],
  ])('%s', (_name, total, discount, expected) => {
    expect(discountCents(total, discount)).toBe(expected);
  });

  it('refuses a percent outside 0 to 100 and fractions of cents', () => {
    expect(() => discountCents(100, percent(101))).toThrow(RangeError);
    expect(() => discountCents(100.5, percent(10))).toThrow(RangeError);
    expect(() => discountCents(100, fixed(-1))).toThrow(RangeError);
  });
});

describe('discountedSchedule', () => {
  it.each([
    // name, monthly, installments, discount, expected installments, discount cents
    ['pay in full, 20%', 249500, 1, percent(20), [199600], 49900],
    ['pay in full, no code', 249500, 1, null, [249500], 0],
    ['3 months of $916.67, no code: the plan unchanged', 91667, 3, null, [91667, 91667, 91667], 0],
    // 275001 × 20% = 55000.2 → 55000; 220001 over 3 = 73333 each, 2 leftover cents on the first.
    ['3 months of $916.67, 20%', 91667, 3, percent(20), [73335, 73333, 73333], 55000],
    ['3 months of $716.67, fixed $100', 71667, 3, fixed(10000), [68335, 68333, 68333], 10000],
    ['6 months of $500, 20%', 50000, 6, percent(20), [40000, 40000, 40000, 40000, 40000, 40000], 60000],
    // 300000 − 10001 = 289999; / 6 = 48333 r 1.
    ['6 months of $500, fixed $100.01', 50000, 6, fixed(10001), [48334, 48333, 48333, 48333, 48333, 48333], 10001],
    ['6 months of $300, 15%', 30000, 6, percent(15), [25500, 25500, 25500, 25500, 25500, 25500], 27000],
    ['6 months, fixed more than the plan: all zero', 30000, 6, fixed(500000), [0, 0, 0, 0, 0, 0], 180000],
    ['bundle of 3 ($4,995), 10%', 499500, 1, percent(10), [449550], 49950],
    ['bundle of 2 ($2,995), fixed $500', 299500, 1, fixed(50000), [249500], 50000],
    // Stripe charges no less than $0.50: a discount leaving 1-49 cents leaves 50 instead; all of it stays free.
    ['pay in full, fixed $1,499.70 off $1,500: $0.50 left, not $0.30', 150000, 1, fixed(149970), [50], 149950],
    ['pay in full, fixed $1,499.50: exactly $0.50 left, unchanged', 150000, 1, fixed(149950), [50], 149950],
    ['pay in full, 100%: free', 150000, 1, percent(100), [0], 150000],
    ['3 months of $500, fixed $1,499.00: $0.50 a month', 50000, 3, fixed(149900), [50, 50, 50], 149850],
    ['6 months of $300, 99%: $18 left, $3 a month', 30000, 6, percent(99), [300, 300, 300, 300, 300, 300], 178200],
  ])('%s', (_name, monthly, count, discount, expected, off) => {
    const schedule = discountedSchedule(monthly, count, discount);
    expect(schedule.installments).toEqual(expected);
    expect(schedule.discountCents).toBe(off);
    // No cent lost or invented, and every later month the same.
    expect(schedule.installments.reduce((a, b) => a + b, 0)).toBe(schedule.totalAfterCents);
    expect(schedule.totalAfterCents).toBe(monthly * count - off);
    expect(schedule.firstCents).toBe(expected[0]);
    expect(schedule.laterCents).toBe(expected[expected.length - 1]);
    expect(schedule.firstCents - schedule.laterCents).toBeLessThan(count);
    expect(schedule.firstCents).toBeGreaterThanOrEqual(schedule.laterCents);
    // Every charge is nothing or one Stripe can make.
    for (const charge of schedule.installments) expect(charge === 0 || charge >= MIN_CHARGE_CENTS).toBe(true);
  });
});

describe('promotionPurchaseKind', () => {
  it.each([
    ['full', 'full'],
    ['3month', 'plans'],
    ['6month', 'plans'],
    ['bundle-2', 'bundles'],
    ['bundle-3', 'bundles'],
  ] as const)('%s is %s', (paymentType, kind) => {
    expect(promotionPurchaseKind(paymentType)).toBe(kind);
  });
});

describe('promotionRefusal', () => {
  const now = new Date('2027-03-15T12:00:00Z');
  const base: PromotionRules = {
    active: true,
    trainings: [],
    purchaseKinds: ['full', 'plans', 'bundles'],
    validFrom: startOfUtcDay('2027-03-01'),
    validUntil: endOfUtcDay('2027-03-31'),
    maxUses: 10,
    oncePerEmail: true,
  };
  const parts: TrainingName = 'Parts Therapy Practitioner';
  const child: TrainingName = 'Resilient Child Training';
  interface Purchase {
    trainings: TrainingName[];
    kind: PromotionPurchaseKind;
    at: Date;
  }
  const single: Purchase = { trainings: [parts], kind: 'plans', at: now };
  const free = { usesByOthers: 0, usesByEmail: 0 };

  it.each<[string, PromotionRules | null, typeof single, typeof free, PromotionRefusal | null]>([
    ['applies', base, single, free, null],
    ['unknown code', null, single, free, { reason: 'unknown' }],
    ['deactivated', { ...base, active: false }, single, free, { reason: 'inactive' }],
    [
      'before its first day',
      base,
      { ...single, at: new Date('2027-02-28T23:59:59Z') },
      free,
      { reason: 'not_started' },
    ],
    ['on its first day', base, { ...single, at: new Date('2027-03-01T00:00:00Z') }, free, null],
    ['on its last day, to the end', base, { ...single, at: new Date('2027-03-31T23:59:59Z') }, free, null],
    ['after its last day', base, { ...single, at: new Date('2027-04-01T00:00:00Z') }, free, { reason: 'expired' }],
    [
      'no dates: always',
      { ...base, validFrom: null, validUntil: null },
      { ...single, at: new Date('2030-01-01') },
      free,
      null,
    ],
    [
      'not for bundles',
      { ...base, purchaseKinds: ['full', 'plans'] },
      { ...single, trainings: [parts, child], kind: 'bundles' },
      free,
      { reason: 'purchase_kind', purchaseKind: 'bundles' },
    ],
    [
      'not for plans',
      { ...base, purchaseKinds: ['full'] },
      single,
      free,
      { reason: 'purchase_kind', purchaseKind: 'plans' },
    ],
    ['another training', { ...base, trainings: [child] }, single, free, { reason: 'training', trainingName: parts }],
    [
      'a bundle needs every training covered',
      { ...base, trainings: [child] },
      { ...single, trainings: [child, parts], kind: 'bundles' },
      free,
      { reason: 'training', trainingName: parts },
    ],
    [
      'a bundle all covered',
      { ...base, trainings: [child, parts] },
      { ...single, trainings: [child, parts], kind: 'bundles' },
      free,
      null,
    ],
    ['the last use left', base, single, { usesByOthers: 9, usesByEmail: 0 }, null],
    ['used up', base, single, { usesByOthers: 10, usesByEmail: 0 }, { reason: 'used_up' }],
    ['no limit', { ...base, maxUses: null }, single, { usesByOthers: 5000, usesByEmail: 0 }, null],
    ['already used by this email', base, single, { usesByOthers: 1, usesByEmail: 1 }, { reason: 'email_used' }],
    ['once per email off', { ...base, oncePerEmail: false }, single, { usesByOthers: 1, usesByEmail: 1 }, null],
    [
      'expired wins over used up',
      base,
      { ...single, at: new Date('2027-05-01') },
      { usesByOthers: 10, usesByEmail: 1 },
      { reason: 'expired' },
    ],
  ])('%s', (_name, code, purchase, use, expected) => {
    expect(promotionRefusal(code, purchase, use)).toEqual(expected);
  });
});

describe('promotionLimitRefusal', () => {
  it.each<[string, { maxUses: number | null; oncePerEmail: boolean }, number, number, PromotionRefusal | null]>([
    ['room left', { maxUses: 2, oncePerEmail: false }, 1, 0, null],
    ['used up by others meanwhile', { maxUses: 1, oncePerEmail: false }, 1, 0, { reason: 'used_up' }],
    ['this email used it meanwhile', { maxUses: null, oncePerEmail: true }, 1, 1, { reason: 'email_used' }],
    ['no limits', { maxUses: null, oncePerEmail: false }, 50, 3, null],
  ])('%s', (_name, code, usesByOthers, usesByEmail, expected) => {
    expect(promotionLimitRefusal(code, { usesByOthers, usesByEmail })).toEqual(expected);
  });
});

describe('normalizePromotionCode', () => {
  it('matches whatever the case and surrounding spaces', () => {
    expect(normalizePromotionCode('  spring20 ')).toBe('SPRING20');
    expect(normalizePromotionCode('Spring20')).toBe(normalizePromotionCode('SPRING20'));
  });
});

describe('parsePromotionForm', () => {
  const valid = {
    code: 'SPRING20',
    discountType: 'percent',
    percentOff: 20,
    amountOffCents: 500,
    trainings: ['Parts Therapy Practitioner'],
    purchaseKinds: ['plans'],
    validFrom: '2027-03-01',
    validUntil: '2027-03-31',
    maxUses: 10,
    oncePerEmail: true,
    active: true,
  };

  it('accepts a code and keeps only the amount of its type', () => {
    const result = parsePromotionForm(valid);
    expect(result).toEqual({ ok: true, value: { ...valid, amountOffCents: null } });
  });

  it.each([
    ['a code too short', { code: 'ab' }, 'code'],
    ['a code with spaces', { code: 'SPRING 20' }, 'code'],
    ['percent over 100', { percentOff: 101 }, 'percentOff'],
    ['percent missing', { percentOff: null }, 'percentOff'],
    ['fixed without an amount', { discountType: 'fixed', amountOffCents: null }, 'amountOffCents'],
    ['fixed of zero', { discountType: 'fixed', amountOffCents: 0 }, 'amountOffCents'],
    ['no purchase kind', { purchaseKinds: [] }, 'purchaseKinds'],
    ['an unknown training', { trainings: ['Cooking'] }, 'trainings'],
    ['until before from', { validUntil: '2027-02-01' }, 'validUntil'],
    ['a bad date', { validFrom: '2027-13-45' }, 'validFrom'],
    ['zero uses', { maxUses: 0 }, 'maxUses'],
  ])('refuses %s', (_name, change, field) => {
    const result = parsePromotionForm({ ...valid, ...change });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.fieldErrors)).toContain(field);
  });
});
