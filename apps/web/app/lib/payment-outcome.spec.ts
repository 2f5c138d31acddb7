import { COHORT_FILLED_NOT_CHARGED_MESSAGE } from '@app/contracts';
import {
  confirmedOrOnItsWay,
  NO_SCRIPT_REFRESH_LIMIT,
  nextPollDelaySeconds,
  paymentOutcome,
  PROCESSING_CHECK_LIMIT_SECONDS,
} from './payment-outcome';

describe('paymentOutcome', () => {
  it('treats an authorised payment waiting for its capture as still processing, like the bank confirming it', () => {
    expect(paymentOutcome('requires_capture', null)).toBe('processing');
    expect(paymentOutcome('processing', null)).toBe('processing');
  });

  it('treats a bank check left unfinished (requires_action on return) as not paid, not as on its way', () => {
    expect(paymentOutcome('requires_action', null)).toBe('not-paid');
  });

  it('says paid only when the provider says succeeded, and not charged when a cohort filled up', () => {
    expect(paymentOutcome('succeeded', null)).toBe('succeeded');
    expect(paymentOutcome('canceled', COHORT_FILLED_NOT_CHARGED_MESSAGE)).toBe('not-charged');
  });

  it('claims nothing when the API could not be asked or did not know the payment', () => {
    expect(paymentOutcome(null, null)).toBe('unconfirmed');
  });

  it('says not paid for a declined or cancelled payment', () => {
    expect(paymentOutcome('requires_payment_method', null)).toBe('not-paid');
    expect(paymentOutcome('canceled', null)).toBe('not-paid');
  });
});

describe('confirmedOrOnItsWay', () => {
  it('goes on to the success page for a charged or authorised payment, not for a failed or unfinished one', () => {
    expect(
      ['succeeded', 'requires_capture', 'processing', 'requires_payment_method', 'requires_action'].map(
        confirmedOrOnItsWay,
      ),
    ).toEqual([true, true, true, false, false]);
  });
});

describe('nextPollDelaySeconds', () => {
  it('waits 3, 6, 12, 24 ... seconds, then stops once the checks add up to about two minutes', () => {
    const delays: number[] = [];
    for (let checks = 0; ; checks++) {
      const delay = nextPollDelaySeconds(checks);
      if (delay === null) break;
      delays.push(delay);
    }
    expect(delays).toEqual([3, 6, 12, 24, 48, 27]);
    expect(delays.reduce((a, b) => a + b, 0)).toBe(PROCESSING_CHECK_LIMIT_SECONDS);
  });

  it('lets the reloads without JavaScript cover the same two minutes', () => {
    expect(NO_SCRIPT_REFRESH_LIMIT).toBe(12);
  });
});
