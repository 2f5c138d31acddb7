import type { TrainingName } from './trainings';

/** The kinds of purchase a promotion code may be limited to: paying in full, the 3- and 6-month plans, bundles. */
export const PROMOTION_PURCHASE_KINDS = ['full', 'plans', 'bundles'] as const;
export type PromotionPurchaseKind = (typeof PROMOTION_PURCHASE_KINDS)[number];

export function isPromotionPurchaseKind(value: unknown): value is PromotionPurchaseKind {
  return typeof value === 'string' && (PROMOTION_PURCHASE_KINDS as readonly string[]).includes(value);
}

export const PROMOTION_DISCOUNT_TYPES = ['percent', 'fixed'] as const;
export type PromotionDiscountType = (typeof PROMOTION_DISCOUNT_TYPES)[number];

/** A promotion code as the admin manages it. Amounts are integer cents, dates ISO strings. */
export interface PromotionCode {
  id: string;
  /** As the admin typed it; matched case-insensitively and unique that way. */
  code: string;
  discountType: PromotionDiscountType;
  /** Whole percent (1 to 100) when discountType is 'percent', else null. */
  percentOff: number | null;
  /** Integer cents off the purchase's total when discountType is 'fixed', else null. */
  amountOffCents: number | null;
  /** The trainings it applies to; empty for all. */
  trainings: TrainingName[];
  /** The kinds of purchase it applies to (at least one). */
  purchaseKinds: PromotionPurchaseKind[];
  validFrom: string | null;
  validUntil: string | null;
  /** Paid purchases allowed in all; null for no limit. */
  maxUses: number | null;
  /** Each email may use it for one paid purchase. */
  oncePerEmail: boolean;
  active: boolean;
  /** Paid purchases that used it. */
  uses: number;
  /** Integer cents given away by those purchases (their first charges and later installments together). */
  discountGivenCents: number;
  createdAt: string;
  updatedAt: string;
}

/** The admin's form: create and edit send the same fields. */
export interface SavePromotionCodeRequest {
  code: string;
  discountType: PromotionDiscountType;
  percentOff?: number | null;
  amountOffCents?: number | null;
  trainings: TrainingName[];
  purchaseKinds: PromotionPurchaseKind[];
  /** 'YYYY-MM-DD' (UTC day, the code is valid from its start) or null. */
  validFrom?: string | null;
  /** 'YYYY-MM-DD' (UTC day, the code is valid to its end) or null. */
  validUntil?: string | null;
  maxUses?: number | null;
  oncePerEmail: boolean;
  active: boolean;
}

/** Why a code was refused; the API and the web page word it (promotionRefusalMessage). */
export const PROMOTION_REFUSAL_REASONS = [
  'unknown',
  'inactive',
  'not_started',
  'expired',
  'training',
  'purchase_kind',
  'used_up',
  'email_used',
] as const;
export type PromotionRefusalReason = (typeof PROMOTION_REFUSAL_REASONS)[number];

export interface PromotionRefusal {
  reason: PromotionRefusalReason;
  /** 'purchase_kind': the kind the purchase is. */
  purchaseKind?: PromotionPurchaseKind;
  /** 'training': a training of the purchase the code does not cover. */
  trainingName?: TrainingName;
}

const KIND_WORDS: Record<PromotionPurchaseKind, string> = {
  full: 'paying in full',
  plans: 'payment plans',
  bundles: 'bundles',
};

/** The sentence a buyer reads for a refused code. */
export function promotionRefusalMessage(refusal: PromotionRefusal): string {
  switch (refusal.reason) {
    case 'unknown':
      return 'This code is not valid';
    case 'inactive':
      return 'This code is no longer active';
    case 'not_started':
      return 'This code is not valid yet';
    case 'expired':
      return 'This code has expired';
    case 'training':
      return refusal.trainingName
        ? `This code does not apply to ${refusal.trainingName}`
        : 'This code does not apply to this training';
    case 'purchase_kind':
      return `This code does not apply to ${refusal.purchaseKind ? KIND_WORDS[refusal.purchaseKind] : 'this purchase'}`;
    case 'used_up':
      return 'This code has been used up';
    case 'email_used':
      return 'This code has already been used with this email address';
  }
}

/** What a checkout's discount is, as the summary shows it. */
export interface AppliedPromotion {
  code: string;
  /** Integer cents off the purchase's total (all installments together). */
  discountCents: number;
  /** The total before and after the discount, integer cents. */
  totalBeforeCents: number;
  totalAfterCents: number;
}
