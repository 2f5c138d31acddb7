import {
  bundlePurchaseFieldError,
  bundleSlotFieldError,
  CHECKOUT_FORM_MESSAGES as M,
  checkoutBuyerFieldError,
  parseBundlePurchase,
  parseCheckoutBuyer,
  parseSinglePurchase,
  singlePurchaseFieldError,
} from './checkout-form';
import { CUSTOMER_FORM_MESSAGES } from './customer-form';

const PARTS = 'Parts Therapy Practitioner';
const RESILIENT = 'Resilient Child Training';
const COHORT = '7f1c8a2e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';

describe('parseSinglePurchase', () => {
  it('accepts a training and a payment type', () => {
    expect(parseSinglePurchase({ trainingName: PARTS, paymentType: '3month' })).toEqual({
      ok: true,
      value: { trainingName: PARTS, paymentType: '3month' },
    });
  });

  it.each([
    [{ trainingName: 'Astrology Basics', paymentType: 'full' }, { trainingName: M.trainingName }],
    [{ trainingName: PARTS, paymentType: 'bundle-2' }, { paymentType: M.paymentType }],
    [{ paymentType: '12month' }, { trainingName: M.trainingName, paymentType: M.paymentType }],
  ])('refuses %j with one message a field', (input, fieldErrors) => {
    expect(parseSinglePurchase(input)).toEqual({ ok: false, fieldErrors });
  });

  it('checks one property by the same rule', () => {
    expect(singlePurchaseFieldError('paymentType', 'full')).toBeNull();
    expect(singlePurchaseFieldError('trainingName', 7)).toBe(M.trainingName);
  });
});

describe('parseBundlePurchase', () => {
  it('accepts 2 or 3 trainings paid as a bundle', () => {
    expect(parseBundlePurchase({ trainings: [PARTS, RESILIENT], paymentType: 'bundle-2' }).ok).toBe(true);
  });

  it.each([
    [{ trainings: [PARTS], paymentType: 'bundle-2' }, { trainings: M.trainingsSize }],
    [{ trainings: [PARTS, PARTS, PARTS, PARTS], paymentType: 'bundle-3' }, { trainings: M.trainingsSize }],
    [{ trainings: [PARTS, 'Astrology Basics'], paymentType: 'bundle-2' }, { trainings: M.eachTraining }],
    [
      { trainings: PARTS, paymentType: 'full' },
      { trainings: M.trainingsList, paymentType: M.bundlePaymentType },
    ],
  ])('refuses %j with one message a field', (input, fieldErrors) => {
    expect(parseBundlePurchase(input)).toEqual({ ok: false, fieldErrors });
  });

  it('leaves "the same number as the bundle" to the selection rule (it needs both fields)', () => {
    expect(bundlePurchaseFieldError('trainings', [PARTS, RESILIENT])).toBeNull();
    expect(bundlePurchaseFieldError('paymentType', 'bundle-3')).toBeNull();
  });
});

describe('parseCheckoutBuyer', () => {
  const buyer = { paymentIntentId: 'pi_123', customerName: 'Ann Lee', customerEmail: 'ann@example.com' };

  it('accepts a buyer with or without a cohort and a code', () => {
    expect(parseCheckoutBuyer(buyer).ok).toBe(true);
    expect(parseCheckoutBuyer({ ...buyer, cohortId: COHORT, promotionCode: 'SPRING' }).ok).toBe(true);
    expect(parseCheckoutBuyer({ ...buyer, cohortId: null, promotionCode: null }).ok).toBe(true);
  });

  it.each([
    [{ ...buyer, customerName: '  ' }, { customerName: CUSTOMER_FORM_MESSAGES.required }],
    [{ ...buyer, customerEmail: 'ann@' }, { customerEmail: CUSTOMER_FORM_MESSAGES.email }],
    [{ ...buyer, customerEmail: '' }, { customerEmail: CUSTOMER_FORM_MESSAGES.required }],
    [{ ...buyer, customerName: 'x'.repeat(201) }, { customerName: CUSTOMER_FORM_MESSAGES.nameLength }],
    [{ ...buyer, paymentIntentId: '' }, { paymentIntentId: M.paymentIntentId }],
    [{ ...buyer, cohortId: 'march' }, { cohortId: M.cohortId }],
    [{ ...buyer, promotionCode: 'x'.repeat(41) }, { promotionCode: M.promotionCode }],
  ])('refuses %j with the field and its message', (input, fieldErrors) => {
    expect(parseCheckoutBuyer(input)).toEqual({ ok: false, fieldErrors });
  });

  it('answers the customer form’s words for the name and email, so the waitlist and checkout say the same', () => {
    expect(checkoutBuyerFieldError('customerEmail', 'ann@')).toBe(CUSTOMER_FORM_MESSAGES.email);
    expect(checkoutBuyerFieldError('customerName', undefined)).toBe(CUSTOMER_FORM_MESSAGES.required);
  });

  it('checks a bundle slot by the same training and cohort rules', () => {
    expect(bundleSlotFieldError('name', PARTS)).toBeNull();
    expect(bundleSlotFieldError('name', 'Astrology Basics')).toBe(M.eachTraining);
    expect(bundleSlotFieldError('cohortId', 'x')).toBe(M.cohortId);
  });
});
