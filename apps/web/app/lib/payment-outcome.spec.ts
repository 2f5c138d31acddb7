import { COHORT_FILLED_NOT_CHARGED_MESSAGE } from '@app/contracts';
import { confirmedOrOnItsWay, paymentOutcome } from './payment-outcome';

describe('paymentOutcome', () => {
  it('treats an authorised payment waiting for its capture as still processing, like the bank confirming it', () => {
    expect(paymentOutcome('requires_capture', null)).toBe('processing');
    expect(paymentOutcome('processing', null)).toBe('processing');
    expect(paymentOutcome('requires_action', null)).toBe('processing');
  });

  it('says paid when succeeded (or when the API could not be asked), and not charged when a cohort filled up', () => {
    expect(paymentOutcome('succeeded', null)).toBe('succeeded');
    expect(paymentOutcome(null, null)).toBe('succeeded');
    expect(paymentOutcome('canceled', COHORT_FILLED_NOT_CHARGED_MESSAGE)).toBe('not-charged');
  });

  it('says not paid for a declined or cancelled payment', () => {
    expect(paymentOutcome('requires_payment_method', null)).toBe('not-paid');
    expect(paymentOutcome('canceled', null)).toBe('not-paid');
  });
});

describe('confirmedOrOnItsWay', () => {
  it('goes on to the success page for a charged or authorised payment, not for a failed one', () => {
    expect(['succeeded', 'requires_capture', 'processing', 'requires_payment_method'].map(confirmedOrOnItsWay)).toEqual(
      [true, true, true, false],
    );
  });
});
