import { BUNDLE_PAYMENT_TYPES, PAYMENT_TYPES, TRAINING_NAMES } from '@app/contracts';
import { z } from 'zod';
import { CUSTOMER_FORM_MESSAGES, customerFieldError } from './customer-form';
import { formChecks, lazySchema, type FieldErrors } from './form-schema';

export const MAX_PROMOTION_CODE_INPUT_LENGTH = 40;
export const MAX_PAYMENT_INTENT_ID_LENGTH = 255;

/**
 * The checkout's request bodies (issue 27, docs/decisions/016): choosing a purchase (one training or a bundle) and
 * storing the buyer. The buyer's name and email are the customer form's rule (`customer-form.ts`, the same words the
 * waitlist shows); the rest are the API's words, which its tests and clients read. Whole-selection rules (a bundle-3
 * takes 3 different trainings, a cohort where one is offered) stay in `checkout-validation.ts` and answer
 * `{ reason, message }`.
 */
export const CHECKOUT_FORM_MESSAGES = {
  trainingName: `trainingName must be one of: ${TRAINING_NAMES.join(', ')}`,
  paymentType: `paymentType must be one of: ${PAYMENT_TYPES.join(', ')}`,
  bundlePaymentType: `paymentType must be one of: ${BUNDLE_PAYMENT_TYPES.join(', ')} (bundles are paid in full)`,
  trainingsList: 'trainings must be a list of 2 or 3 trainings',
  trainingsSize: 'A bundle needs 2 or 3 trainings',
  eachTraining: `each training must be one of: ${TRAINING_NAMES.join(', ')}`,
  paymentIntentId: 'paymentIntentId must be the id create-payment-intent returned',
  cohortId: 'cohortId must be a cohort id',
  promotionCode: `promotionCode must be text of at most ${MAX_PROMOTION_CODE_INPUT_LENGTH} characters`,
  customerName: CUSTOMER_FORM_MESSAGES.required,
  customerEmail: CUSTOMER_FORM_MESSAGES.email,
} as const;

const M = CHECKOUT_FORM_MESSAGES;

const buildSingleSchema = () =>
  z.object({
    trainingName: z.enum(TRAINING_NAMES, { error: M.trainingName }),
    paymentType: z.enum(PAYMENT_TYPES, { error: M.paymentType }),
  });

const buildBundleSchema = () =>
  z.object({
    trainings: z
      .array(z.enum(TRAINING_NAMES, { error: M.eachTraining }), { error: M.trainingsList })
      .min(2, { error: M.trainingsSize, abort: true })
      .max(3, { error: M.trainingsSize, abort: true }),
    paymentType: z.enum(BUNDLE_PAYMENT_TYPES, { error: M.bundlePaymentType }),
  });

const cohortIdRule = () => z.guid({ error: M.cohortId }).nullable();

/** The buyer's details; the name and email go through the customer form's rule (trimmed there and in the service). */
const buildBuyerSchema = () =>
  z.object({
    paymentIntentId: z
      .string({ error: M.paymentIntentId })
      .min(1, { error: M.paymentIntentId })
      .max(MAX_PAYMENT_INTENT_ID_LENGTH, { error: M.paymentIntentId }),
    customerName: z.unknown().superRefine((value, ctx) => {
      const problem = customerFieldError('name', value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
    customerEmail: z.unknown().superRefine((value, ctx) => {
      const problem = customerFieldError('email', value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
    promotionCode: z
      .string({ error: M.promotionCode })
      .max(MAX_PROMOTION_CODE_INPUT_LENGTH, { error: M.promotionCode })
      .nullish(),
    cohortId: cohortIdRule().optional(),
  });

const buildBundleSlotSchema = () =>
  z.object({ name: z.enum(TRAINING_NAMES, { error: M.eachTraining }), cohortId: cohortIdRule().optional() });

export const singlePurchaseSchema = lazySchema(buildSingleSchema);
export const bundlePurchaseSchema = lazySchema(buildBundleSchema);
export const checkoutBuyerSchema = lazySchema(buildBuyerSchema);
export const bundleSlotSchema = lazySchema(buildBundleSlotSchema);

export type SinglePurchaseField = 'trainingName' | 'paymentType';
export type BundlePurchaseField = 'trainings' | 'paymentType';
export type CheckoutBuyerField = 'paymentIntentId' | 'customerName' | 'customerEmail' | 'promotionCode' | 'cohortId';

export const SINGLE_PURCHASE_FIELDS: readonly SinglePurchaseField[] = ['trainingName', 'paymentType'];
export const BUNDLE_PURCHASE_FIELDS: readonly BundlePurchaseField[] = ['trainings', 'paymentType'];
export const CHECKOUT_BUYER_FIELDS: readonly CheckoutBuyerField[] = [
  'paymentIntentId',
  'customerName',
  'customerEmail',
  'promotionCode',
  'cohortId',
];

export type CheckoutBuyerErrors = FieldErrors<CheckoutBuyerField>;

const single = formChecks(singlePurchaseSchema, SINGLE_PURCHASE_FIELDS);
const bundle = formChecks(bundlePurchaseSchema, BUNDLE_PURCHASE_FIELDS);
const buyer = formChecks(checkoutBuyerSchema, CHECKOUT_BUYER_FIELDS);
const slot = formChecks(bundleSlotSchema, ['name', 'cohortId']);

/** Each body's whole check, and one property's message or null (the API DTOs check each property with these). */
export const parseSinglePurchase = single.parse;
export const singlePurchaseFieldError = single.fieldError;
export const parseBundlePurchase = bundle.parse;
export const bundlePurchaseFieldError = bundle.fieldError;
export const parseCheckoutBuyer = buyer.parse;
export const checkoutBuyerFieldError = buyer.fieldError;
export const bundleSlotFieldError = slot.fieldError;
