import {
  PROMOTION_DISCOUNT_TYPES,
  PROMOTION_PURCHASE_KINDS,
  TRAINING_NAMES,
  type SavePromotionCodeRequest,
} from '@app/contracts';
import { z } from 'zod';
import { MAX_PAYMENT_AMOUNT_CENTS } from './enrollment-form';
import { checkForm, lazySchema, type FieldErrors, type FormResult } from './form-schema';
import { PROMOTION_CODE_PATTERN } from './promotions';

/** The admin's promotion code form: one schema for the panel's action and the API. */
export const PROMOTION_FORM_MESSAGES = {
  code: 'A code is 3 to 40 letters, digits, - or _',
  discountType: 'Choose percent or fixed amount',
  percentOff: 'Percent off must be a whole number from 1 to 100',
  amountOffCents: 'Amount off must be more than $0 and at most $1,000,000.00',
  trainings: 'Choose trainings from the list (none for all)',
  purchaseKinds: 'Choose at least one: pay in full, payment plans or bundles',
  validFrom: 'Valid from must be a date (YYYY-MM-DD)',
  validUntil: 'Valid until must be a date (YYYY-MM-DD) on or after valid from',
  maxUses: 'Total uses must be a whole number of at least 1, or empty for no limit',
  oncePerEmail: 'Once per email must be true or false',
  active: 'Active must be true or false',
} as const;

const M = PROMOTION_FORM_MESSAGES;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: string) => DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

const buildSchema = () =>
  z
    .object({
      code: z.string({ error: M.code }).trim().regex(PROMOTION_CODE_PATTERN, { error: M.code }),
      discountType: z.enum(PROMOTION_DISCOUNT_TYPES, { error: M.discountType }),
      percentOff: z
        .number({ error: M.percentOff })
        .int({ error: M.percentOff })
        .min(1, { error: M.percentOff })
        .max(100, { error: M.percentOff })
        .nullable()
        .default(null),
      amountOffCents: z
        .number({ error: M.amountOffCents })
        .int({ error: M.amountOffCents })
        .min(1, { error: M.amountOffCents })
        .max(MAX_PAYMENT_AMOUNT_CENTS, { error: M.amountOffCents })
        .nullable()
        .default(null),
      trainings: z.array(z.enum(TRAINING_NAMES, { error: M.trainings }), { error: M.trainings }).max(3),
      purchaseKinds: z
        .array(z.enum(PROMOTION_PURCHASE_KINDS, { error: M.purchaseKinds }), { error: M.purchaseKinds })
        .min(1, { error: M.purchaseKinds }),
      validFrom: z.string({ error: M.validFrom }).refine(isDay, { error: M.validFrom }).nullable().default(null),
      validUntil: z.string({ error: M.validUntil }).refine(isDay, { error: M.validUntil }).nullable().default(null),
      maxUses: z
        .number({ error: M.maxUses })
        .int({ error: M.maxUses })
        .min(1, { error: M.maxUses })
        .max(1_000_000, { error: M.maxUses })
        .nullable()
        .default(null),
      oncePerEmail: z.boolean({ error: M.oncePerEmail }),
      active: z.boolean({ error: M.active }),
    })
    .superRefine((value, ctx) => {
      if (value.discountType === 'percent' && value.percentOff === null) {
        ctx.addIssue({ code: 'custom', path: ['percentOff'], message: M.percentOff });
      }
      if (value.discountType === 'fixed' && value.amountOffCents === null) {
        ctx.addIssue({ code: 'custom', path: ['amountOffCents'], message: M.amountOffCents });
      }
      if (value.validFrom && value.validUntil && value.validUntil < value.validFrom) {
        ctx.addIssue({ code: 'custom', path: ['validUntil'], message: M.validUntil });
      }
    })
    .transform((value) => ({
      ...value,
      // The field of the other discount type is dropped, so a stored code has one amount.
      percentOff: value.discountType === 'percent' ? value.percentOff : null,
      amountOffCents: value.discountType === 'fixed' ? value.amountOffCents : null,
      trainings: [...new Set(value.trainings)],
      purchaseKinds: [...new Set(value.purchaseKinds)],
    }));

export const promotionFormSchema = lazySchema(buildSchema);

export type PromotionFormField = keyof typeof PROMOTION_FORM_MESSAGES;
export type PromotionFormErrors = FieldErrors<PromotionFormField>;
export type PromotionFormValue = Required<SavePromotionCodeRequest>;
export type PromotionFormResult = FormResult<PromotionFormValue, PromotionFormField>;

const PROMOTION_FORM_FIELDS = Object.keys(PROMOTION_FORM_MESSAGES) as PromotionFormField[];

/** Checks a whole promotion code; the first message of each failing field. */
export function parsePromotionForm(input: Readonly<Record<string, unknown>>): PromotionFormResult {
  return checkForm(promotionFormSchema(), PROMOTION_FORM_FIELDS, input);
}
