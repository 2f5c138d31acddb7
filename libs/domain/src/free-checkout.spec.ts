import { installmentsSettledAtCheckout, isFreeCheckout, type CheckoutCharges } from './free-checkout';
import { discountedSchedule } from './promotions';

/** The charges a code leaves on a purchase, as the checkout stores them. */
function charged(installmentCents: number, installments: number, percentOff: number | null, amountOffCents = 0) {
  const schedule = discountedSchedule(
    installmentCents,
    installments,
    percentOff === null
      ? { discountType: 'fixed', percentOff: null, amountOffCents }
      : { discountType: 'percent', percentOff, amountOffCents: null },
  );
  return {
    firstCents: schedule.firstCents,
    laterCents: installments > 1 ? schedule.laterCents : null,
    installments,
  } satisfies CheckoutCharges;
}

describe('isFreeCheckout', () => {
  it.each([
    ['a 100% code on a payment in full', charged(199_500, 1, 100), true],
    ['a 100% code on a 2-training bundle', charged(350_000, 1, 100), true],
    ['a 100% code on a 3-month plan: every installment 0', charged(71_667, 3, 100), true],
    ['a 100% code on a 6-month plan', charged(35_000, 6, 100), true],
    ['a fixed amount equal to the whole price (floor at zero)', charged(199_500, 1, null, 199_500), true],
    ['a fixed amount larger than a whole plan', charged(71_667, 3, null, 1_000_000), true],
    ['a 99% code leaves something to pay', charged(199_500, 1, 99), false],
    ['no code', charged(199_500, 1, 0), false],
    ['a plan with 2 cents left: the first charge carries them', charged(71_667, 3, null, 71_667 * 3 - 2), false],
  ])('%s', (_, charges, free) => {
    expect(isFreeCheckout(charges)).toBe(free);
  });

  it('a plan whose first charge is 0 but a later one is not (never made by discountedSchedule) is not free', () => {
    expect(isFreeCheckout({ firstCents: 0, laterCents: 100, installments: 3 })).toBe(false);
  });

  it('a later charge of null means the first: a $0 plan without a code is free', () => {
    expect(isFreeCheckout({ firstCents: 0, laterCents: null, installments: 3 })).toBe(true);
  });

  it('refuses a plan of no installments', () => {
    expect(() => isFreeCheckout({ firstCents: 0, laterCents: null, installments: 0 })).toThrow(RangeError);
  });
});

describe('installmentsSettledAtCheckout', () => {
  it('a paid checkout settles its first installment; the monthly job charges the others', () => {
    expect(installmentsSettledAtCheckout(charged(71_667, 3, 20))).toBe(1);
    expect(installmentsSettledAtCheckout(charged(199_500, 1, 20))).toBe(1);
  });

  it('a free plan settles every installment at once: nothing is left to charge', () => {
    expect(installmentsSettledAtCheckout(charged(71_667, 3, 100))).toBe(3);
    expect(installmentsSettledAtCheckout(charged(35_000, 6, 100))).toBe(6);
    expect(installmentsSettledAtCheckout(charged(199_500, 1, 100))).toBe(1);
  });
});
