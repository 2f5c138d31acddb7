import {
  allocateRefund,
  billingRestartProblem,
  billingSummary,
  planCharges,
  stopsPlan,
  canTraineeCancelPlan,
  cohortSeatsSuffix,
  formatCents,
  parseDollarsToCents,
  refundProblem,
  seatsLeft,
  upcomingInstallments,
  type BillingPlan,
} from './enrollment-billing';

const plan = (overrides: Partial<BillingPlan> = {}): BillingPlan => ({
  installmentsTotal: 6,
  installmentsPaid: 2,
  installmentCents: 40000,
  planStatus: 'active',
  nextInstallmentAt: new Date('2027-03-01T10:00:00Z'),
  ...overrides,
});

describe('billingSummary', () => {
  it('a 6-month plan two months in: 2 of 6 paid, $1,600 left, next charge date', () => {
    const summary = billingSummary({ enrollmentStatus: 'active', chargedCents: 80000, refundedCents: 0, plan: plan() });
    expect(summary).toEqual({
      status: 'active',
      paidCents: 80000,
      refundedCents: 0,
      totalCents: 240000,
      balanceCents: 160000,
      installmentsPaid: 2,
      installmentsTotal: 6,
      progressLabel: '2 of 6 paid',
      nextChargeAt: new Date('2027-03-01T10:00:00Z'),
    });
  });

  it('a payment in full is paid with nothing left and no plan', () => {
    const summary = billingSummary({ enrollmentStatus: 'active', chargedCents: 199500, refundedCents: 0, plan: null });
    expect(summary).toMatchObject({
      status: 'paid',
      balanceCents: 0,
      totalCents: 199500,
      progressLabel: null,
      nextChargeAt: null,
    });
  });

  it('a completed plan is paid', () => {
    const summary = billingSummary({
      enrollmentStatus: 'active',
      chargedCents: 3 * 71667,
      refundedCents: 0,
      plan: plan({
        installmentsTotal: 3,
        installmentsPaid: 3,
        installmentCents: 71667,
        planStatus: 'completed',
        nextInstallmentAt: null,
      }),
    });
    expect(summary).toMatchObject({ status: 'paid', balanceCents: 0, progressLabel: '3 of 3 paid' });
  });

  it('a declined installment is past due, still owes the rest, and has no next charge', () => {
    const summary = billingSummary({
      enrollmentStatus: 'active',
      chargedCents: 80000,
      refundedCents: 0,
      plan: plan({ planStatus: 'past_due' }),
    });
    expect(summary).toMatchObject({ status: 'past_due', balanceCents: 160000, nextChargeAt: null });
  });

  it('a cancelled plan owes nothing more and is not charged again', () => {
    const summary = billingSummary({
      enrollmentStatus: 'cancelled',
      chargedCents: 80000,
      refundedCents: 0,
      plan: plan(),
    });
    expect(summary).toMatchObject({ status: 'cancelled', balanceCents: 0, paidCents: 80000, nextChargeAt: null });
  });

  it('a refund wins over every other state; paid is net of it', () => {
    const partial = billingSummary({
      enrollmentStatus: 'cancelled',
      chargedCents: 80000,
      refundedCents: 30000,
      plan: plan({ planStatus: 'past_due' }),
    });
    expect(partial).toMatchObject({
      status: 'refunded',
      paidCents: 50000,
      refundedCents: 30000,
      balanceCents: 0,
      nextChargeAt: null,
    });
    const full = billingSummary({
      enrollmentStatus: 'active',
      chargedCents: 199500,
      refundedCents: 199500,
      plan: null,
    });
    expect(full).toMatchObject({ status: 'refunded', paidCents: 0 });
  });

  it('a completed course whose plan still runs keeps charging', () => {
    const summary = billingSummary({
      enrollmentStatus: 'completed',
      chargedCents: 80000,
      refundedCents: 0,
      plan: plan(),
    });
    expect(summary).toMatchObject({ status: 'active', balanceCents: 160000 });
  });
});

describe('stopped plans (issue 25: a reactivated refunded plan must not charge again)', () => {
  it('the job charges a running plan with an enrollment not cancelled, and nothing else', () => {
    expect(planCharges({ planStatus: 'active', enrollmentStatuses: ['active'] })).toBe(true);
    expect(planCharges({ planStatus: 'past_due', enrollmentStatuses: ['completed'] })).toBe(true);
    expect(planCharges({ planStatus: 'stopped', enrollmentStatuses: ['active'] })).toBe(false);
    expect(planCharges({ planStatus: 'active', enrollmentStatuses: ['cancelled'] })).toBe(false);
    expect(planCharges({ planStatus: 'active', enrollmentStatuses: [] })).toBe(false);
    expect(planCharges({ planStatus: 'completed', enrollmentStatuses: ['active'] })).toBe(false);
    expect(planCharges({ planStatus: 'none', enrollmentStatuses: ['active'] })).toBe(false);
  });

  it('a refund or cancellation stops only a plan that runs', () => {
    expect(stopsPlan('active')).toBe(true);
    expect(stopsPlan('past_due')).toBe(true);
    expect(stopsPlan('completed')).toBe(false);
    expect(stopsPlan('none')).toBe(false);
  });

  it('a refunded plan whose enrollment was reactivated stays refunded, owes nothing and has no next charge', () => {
    const summary = billingSummary({
      enrollmentStatus: 'active',
      chargedCents: 80000,
      refundedCents: 80000,
      plan: plan({ planStatus: 'stopped' }),
    });
    expect(summary).toMatchObject({ status: 'refunded', balanceCents: 0, nextChargeAt: null });
  });

  it('a cancelled plan reactivated without restarting billing is still cancelled for billing', () => {
    const summary = billingSummary({
      enrollmentStatus: 'active',
      chargedCents: 80000,
      refundedCents: 0,
      plan: plan({ planStatus: 'stopped' }),
    });
    expect(summary).toMatchObject({ status: 'cancelled', balanceCents: 0, nextChargeAt: null });
  });

  it('after an explicit restart the panel shows what the job will do: active, the balance, the next charge', () => {
    const summary = billingSummary({
      enrollmentStatus: 'active',
      chargedCents: 80000,
      refundedCents: 10000,
      plan: plan({ planStatus: 'active' }),
    });
    expect(summary).toMatchObject({
      status: 'active',
      balanceCents: 160000,
      paidCents: 70000,
      nextChargeAt: new Date('2027-03-01T10:00:00Z'),
    });
  });

  it('billing restarts only for a stopped plan with installments left and an enrollment active again', () => {
    const base = {
      planStatus: 'stopped' as const,
      enrollmentStatus: 'active',
      installmentsPaid: 2,
      installmentsTotal: 6,
    };
    expect(billingRestartProblem(base)).toBeNull();
    expect(billingRestartProblem({ ...base, enrollmentStatus: 'cancelled' })).toMatch(/Reactivate the enrollment/);
    expect(billingRestartProblem({ ...base, planStatus: 'active' })).toMatch(/not stopped/);
    expect(billingRestartProblem({ ...base, installmentsPaid: 6 })).toMatch(/Every installment/);
    expect(billingRestartProblem({ ...base, planStatus: 'none', installmentsTotal: 1 })).toMatch(/no installment plan/);
  });
});

describe('refunds', () => {
  it.each([
    [0, 1000, 'The refund amount must be a positive number of cents'],
    [-5, 1000, 'The refund amount must be a positive number of cents'],
    [10.5, 1000, 'The refund amount must be a positive number of cents'],
    [100, 0, 'Nothing is left to refund on this payment'],
    [1001, 1000, 'The refund amount is more than is left to refund ($10.00)'],
    [1000, 1000, null],
    [1, 1000, null],
  ])('%p of %p refundable: %p', (amountCents, refundableCents, problem) => {
    expect(refundProblem({ amountCents, refundableCents })).toBe(problem);
  });

  it('spreads a refund over charges newest first, each capped at what is left on it', () => {
    expect(
      allocateRefund(60000, [
        { providerPaymentId: 'pi_2', refundableCents: 40000 },
        { providerPaymentId: 'pi_1', refundableCents: 40000 },
      ]),
    ).toEqual([
      { providerPaymentId: 'pi_2', amountCents: 40000 },
      { providerPaymentId: 'pi_1', amountCents: 20000 },
    ]);
    expect(
      allocateRefund(100, [
        { providerPaymentId: 'pi_1', refundableCents: 0 },
        { providerPaymentId: 'pi_0', refundableCents: 500 },
      ]),
    ).toEqual([{ providerPaymentId: 'pi_0', amountCents: 100 }]);
    expect(() => allocateRefund(900, [{ providerPaymentId: 'pi_1', refundableCents: 500 }])).toThrow(RangeError);
  });
});

describe('formatCents and seatsLeft', () => {
  it('formats dollars with thousands and two decimals', () => {
    expect(formatCents(200000)).toBe('$2,000.00');
    expect(formatCents(71667)).toBe('$716.67');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(123456789)).toBe('$1,234,567.89');
    expect(formatCents(-150000)).toBe('-$1,500.00');
  });

  it("groups the dollars as en-US's number format does", () => {
    for (const dollars of [0, 7, 99, 999, 1000, 9999, 10000, 123456, 999999, 1000000, 987654321, 2 ** 40]) {
      expect(formatCents(dollars * 100 + 1)).toBe(`$${dollars.toLocaleString('en-US')}.01`);
    }
  });

  it('counts seats left, never below zero, unlimited without a capacity', () => {
    expect(seatsLeft(10, 3)).toBe(7);
    expect(seatsLeft(1, 2)).toBe(0);
    expect(seatsLeft(null, 50)).toBeNull();
  });

  it('labels seats for the cohort selector', () => {
    expect(cohortSeatsSuffix(null)).toBe('');
    expect(cohortSeatsSuffix(0)).toBe(' (Full)');
    expect(cohortSeatsSuffix(1)).toBe(' (1 seat left)');
    expect(cohortSeatsSuffix(12)).toBe(' (12 seats left)');
  });
});

describe('parseDollarsToCents', () => {
  it.each([
    ['120', 12000],
    ['120.5', 12050],
    ['$1,200.05', 120005],
    [' 0.01 ', 1],
    ['', null],
    ['12.345', null],
    ['-5', null],
    ['ten', null],
    ['1e3', null],
  ])('%p is %p', (text, cents) => {
    expect(parseDollarsToCents(text)).toBe(cents);
  });
});

describe('billingSummary with a promotion code on a plan', () => {
  it('counts the first month that carries the leftover cents once', () => {
    // 3 months of $916.67 with 20% off: 733.35, then 733.33 twice (discountedSchedule).
    const summary = billingSummary({
      enrollmentStatus: 'active',
      chargedCents: 73335,
      refundedCents: 0,
      plan: {
        installmentsTotal: 3,
        installmentsPaid: 1,
        installmentCents: 73333,
        firstInstallmentCents: 73335,
        planStatus: 'active',
        nextInstallmentAt: new Date('2027-04-01T00:00:00Z'),
      },
    });
    expect(summary.totalCents).toBe(220001);
    expect(summary.balanceCents).toBe(146666);
  });
});

describe('upcoming installments and cancelling a plan from the account', () => {
  const march = new Date('2027-03-01T10:00:00Z');

  it('lists the months after the paid ones, one a month from the next date, for a charging plan', () => {
    const input = { enrollmentStatus: 'active' as const, chargedCents: 80000, refundedCents: 0, plan: plan() };
    const summary = billingSummary(input);
    expect(upcomingInstallments(summary, input.plan)).toEqual([
      { number: 3, dueAt: march, amountCents: 40000 },
      { number: 4, dueAt: new Date('2027-04-01T10:00:00Z'), amountCents: 40000 },
      { number: 5, dueAt: new Date('2027-05-01T10:00:00Z'), amountCents: 40000 },
      { number: 6, dueAt: new Date('2027-06-01T10:00:00Z'), amountCents: 40000 },
    ]);
    expect(canTraineeCancelPlan(summary)).toBe(true);
  });

  it('keeps the declined month first for a past-due plan, and it may be cancelled', () => {
    const input = {
      enrollmentStatus: 'active' as const,
      chargedCents: 80000,
      refundedCents: 0,
      plan: plan({ planStatus: 'past_due' }),
    };
    const summary = billingSummary(input);
    expect(summary.nextChargeAt).toBeNull();
    expect(upcomingInstallments(summary, input.plan)[0]).toEqual({ number: 3, dueAt: march, amountCents: 40000 });
    expect(canTraineeCancelPlan(summary)).toBe(true);
  });

  it('lists nothing, and allows no cancellation, once cancelled, refunded or paid, or without a plan', () => {
    const cancelled = { enrollmentStatus: 'cancelled' as const, chargedCents: 80000, refundedCents: 0, plan: plan() };
    // A refund stops the plan (planStatus 'stopped', issue 25): it charges again only after an admin restarts billing.
    const refunded = {
      enrollmentStatus: 'active' as const,
      chargedCents: 80000,
      refundedCents: 100,
      plan: plan({ planStatus: 'stopped' }),
    };
    const paid = {
      enrollmentStatus: 'active' as const,
      chargedCents: 240000,
      refundedCents: 0,
      plan: plan({ installmentsPaid: 6, planStatus: 'completed', nextInstallmentAt: null }),
    };
    for (const input of [cancelled, refunded, paid]) {
      const summary = billingSummary(input);
      expect(upcomingInstallments(summary, input.plan)).toEqual([]);
      expect(canTraineeCancelPlan(summary)).toBe(false);
    }
    const full = billingSummary({ enrollmentStatus: 'active', chargedCents: 199500, refundedCents: 0, plan: null });
    expect(upcomingInstallments(full, null)).toEqual([]);
    expect(canTraineeCancelPlan(full)).toBe(false);
  });
});
