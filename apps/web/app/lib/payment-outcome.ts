import { isPaymentProcessing, PAYMENT_SUCCEEDED_STATUS } from '@app/contracts';

/** While the payment is on its way the success page reloads itself (a meta refresh: no JavaScript needed). */
export const PROCESSING_REFRESH_SECONDS = 3;

/**
 * What the success page says: paid; still on its way (the bank is confirming, or the card is authorised and the
 * server is securing the seat before it captures: 'requires_capture'); not charged because a cohort filled up
 * meanwhile; or not paid at all.
 */
export type PaymentOutcome = 'succeeded' | 'processing' | 'not-charged' | 'not-paid';

export function paymentOutcome(status: string | null, notChargedMessage: string | null): PaymentOutcome {
  if (notChargedMessage) return 'not-charged';
  // Unknown (the API could not be asked): the page says what it always said, and the mail confirms the enrollment.
  if (status === null || status === PAYMENT_SUCCEEDED_STATUS) return 'succeeded';
  if (isPaymentProcessing(status)) return 'processing';
  return 'not-paid';
}

/** After the browser confirmed the card: anything but a failure goes on to the success page, which settles it. */
export function confirmedOrOnItsWay(status: string): boolean {
  return status === PAYMENT_SUCCEEDED_STATUS || isPaymentProcessing(status);
}
