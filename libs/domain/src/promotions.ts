import type {
  PaymentType,
  PromotionDiscountType,
  PromotionPurchaseKind,
  PromotionRefusal,
  TrainingName,
} from '@app/contracts';

/**
 * Promotion codes: what a code takes off a purchase, how that is spread over a plan's installments, and whether a
 * code applies. Every amount is integer cents; the API prices with these rules and the browser only shows them.
 */

export interface PromotionDiscount {
  discountType: PromotionDiscountType;
  /** Whole percent, 1 to 100 ('percent'). */
  percentOff: number | null;
  /** Integer cents ('fixed'). */
  amountOffCents: number | null;
}

/** The purchase kind a checkout's payment type is. */
export function promotionPurchaseKind(paymentType: PaymentType | 'bundle-2' | 'bundle-3'): PromotionPurchaseKind {
  if (paymentType === 'full') return 'full';
  if (paymentType === '3month' || paymentType === '6month') return 'plans';
  return 'bundles';
}

/**
 * Cents off a total: a percent of it rounded to the nearest cent (half a cent up), or the fixed amount; never more
 * than the total, so a purchase never costs less than nothing (floor at zero).
 */
export function discountCents(totalCents: number, discount: PromotionDiscount): number {
  if (!Number.isInteger(totalCents) || totalCents < 0) throw new RangeError('total must be whole cents, at least 0');
  let off: number;
  if (discount.discountType === 'percent') {
    const percent = discount.percentOff ?? 0;
    if (!Number.isInteger(percent) || percent < 0 || percent > 100) throw new RangeError('percent must be 0 to 100');
    // Integer maths: (total × percent + 50) / 100 rounded down is the total × percent / 100 rounded half up.
    off = Math.floor((totalCents * percent + 50) / 100);
  } else {
    const amount = discount.amountOffCents ?? 0;
    if (!Number.isInteger(amount) || amount < 0) throw new RangeError('amount off must be whole cents, at least 0');
    off = amount;
  }
  return Math.min(off, totalCents);
}

export interface DiscountedSchedule {
  /** The plan's total before the discount: the monthly price times the installments (or the one price). */
  totalBeforeCents: number;
  discountCents: number;
  totalAfterCents: number;
  /** Each charge in order: the first is charged at checkout, the others one a month. Adds up to totalAfterCents. */
  installments: number[];
  /** The first charge. */
  firstCents: number;
  /** Every later charge (equal); the first when there is only one. */
  laterCents: number;
}

/** The smallest card charge Stripe makes in US dollars: 50 cents. */
export const MIN_CHARGE_CENTS = 50;

/**
 * A purchase's charges after a discount. The discount is taken off the whole plan (the monthly price times the
 * installments) and the discounted total is spread evenly: every installment is the total divided by the number of
 * installments rounded down to the cent, and the leftover cents (fewer than the installments) are charged with the
 * first one. So the later months are all the same amount, the buyer never pays more than the discounted total, and
 * no cent is lost or invented. A discount that would leave a charge below MIN_CHARGE_CENTS (but not nothing) is
 * reduced to leave each charge that minimum. Without a discount the schedule is the plan's own (its installments are
 * equal).
 */
export function discountedSchedule(
  installmentCents: number,
  installments: number,
  discount: PromotionDiscount | null,
): DiscountedSchedule {
  if (!Number.isInteger(installments) || installments < 1) throw new RangeError('installments must be at least 1');
  const totalBeforeCents = installmentCents * installments;
  let off = discount ? discountCents(totalBeforeCents, discount) : 0;
  // A card charge below the minimum cannot be made (Stripe refuses it): a discount that leaves something to pay leaves
  // at least MIN_CHARGE_CENTS a charge, and gives way where it would leave less; one that takes everything is free.
  const leastCharged = MIN_CHARGE_CENTS * installments;
  if (off > 0 && off < totalBeforeCents && totalBeforeCents - off < leastCharged) {
    off = Math.max(0, totalBeforeCents - leastCharged);
  }
  const totalAfterCents = totalBeforeCents - off;
  const laterCents = Math.floor(totalAfterCents / installments);
  const firstCents = totalAfterCents - laterCents * (installments - 1);
  return {
    totalBeforeCents,
    discountCents: off,
    totalAfterCents,
    installments: Array.from({ length: installments }, (_, i) => (i === 0 ? firstCents : laterCents)),
    firstCents,
    laterCents: installments === 1 ? firstCents : laterCents,
  };
}

/** The code as applicability needs it. */
export interface PromotionRules {
  active: boolean;
  /** Empty: every training. */
  trainings: readonly TrainingName[];
  purchaseKinds: readonly PromotionPurchaseKind[];
  validFrom: Date | null;
  validUntil: Date | null;
  maxUses: number | null;
  oncePerEmail: boolean;
}

export interface PromotionUse {
  /** Paid uses, and uses held by other checkouts not yet paid (this checkout's own aside). */
  usesByOthers: number;
  /** Of those, by the buyer's email (case-insensitive). */
  usesByEmail: number;
}

/**
 * Whether a code applies to a purchase now; null when it does, else why not. A bundle needs every one of its
 * trainings covered by the code. The checks run in the order a buyer would want to hear them: a code that is off or
 * outside its dates says so before saying what it does not apply to, and the limits come last.
 */
export function promotionRefusal(
  code: PromotionRules | null,
  purchase: { trainings: readonly TrainingName[]; kind: PromotionPurchaseKind; at: Date },
  use: PromotionUse,
): PromotionRefusal | null {
  if (!code) return { reason: 'unknown' };
  if (!code.active) return { reason: 'inactive' };
  if (code.validFrom && purchase.at < code.validFrom) return { reason: 'not_started' };
  if (code.validUntil && purchase.at > code.validUntil) return { reason: 'expired' };
  if (!code.purchaseKinds.includes(purchase.kind)) return { reason: 'purchase_kind', purchaseKind: purchase.kind };
  if (code.trainings.length > 0) {
    const uncovered = purchase.trainings.find((name) => !code.trainings.includes(name));
    if (uncovered) return { reason: 'training', trainingName: uncovered };
  }
  return promotionLimitRefusal(code, use);
}

/**
 * The code's limits alone: its total uses and once per email. Also checked again when a payment is captured, since a
 * checkout's held use may have lapsed while the buyer waited and others may have taken the code's last uses.
 */
export function promotionLimitRefusal(
  code: Pick<PromotionRules, 'maxUses' | 'oncePerEmail'>,
  use: PromotionUse,
): PromotionRefusal | null {
  if (code.maxUses !== null && use.usesByOthers >= code.maxUses) return { reason: 'used_up' };
  if (code.oncePerEmail && use.usesByEmail > 0) return { reason: 'email_used' };
  return null;
}

/** Codes are matched case-insensitively, without surrounding spaces. */
export function normalizePromotionCode(code: string): string {
  return code.trim().toUpperCase();
}

/** A code an admin may create: 3 to 40 letters, digits, '-' or '_'. */
export const PROMOTION_CODE_PATTERN = /^[A-Za-z0-9_-]{3,40}$/;

/** The first UTC instant of a 'YYYY-MM-DD' day (valid from). */
export function startOfUtcDay(day: string): Date {
  return new Date(`${day}T00:00:00.000Z`);
}

/** The last UTC millisecond of a 'YYYY-MM-DD' day (valid until, inclusive). */
export function endOfUtcDay(day: string): Date {
  return new Date(`${day}T23:59:59.999Z`);
}
