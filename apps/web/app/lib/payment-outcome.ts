import { PAYMENT_SUCCEEDED_STATUS, isPaymentProcessing } from '@app/contracts';

/**
 * What the success page says: paid; still on its way (the bank is confirming, or the card is authorised and the
 * server is securing the seat before it captures: 'requires_capture'); not charged because a cohort filled up
 * meanwhile; not paid at all; or unconfirmed (the API could not be asked, or did not know the payment): then the page
 * claims nothing, and the mail confirms the enrollment if the payment went through.
 */
export type PaymentOutcome = 'succeeded' | 'processing' | 'not-charged' | 'not-paid' | 'unconfirmed';

export function paymentOutcome(status: string | null, notChargedMessage: string | null): PaymentOutcome {
  if (notChargedMessage) return 'not-charged';
  if (status === null) return 'unconfirmed';
  if (status === PAYMENT_SUCCEEDED_STATUS) return 'succeeded';
  if (isPaymentProcessing(status)) return 'processing';
  return 'not-paid';
}

/** After the browser confirmed the card: anything but a failure goes on to the success page, which settles it. */
export function confirmedOrOnItsWay(status: string): boolean {
  return status === PAYMENT_SUCCEEDED_STATUS || isPaymentProcessing(status);
}

/** Without JavaScript the processing page reloads itself (a meta refresh inside <noscript>) this often... */
export const NO_SCRIPT_REFRESH_SECONDS = 10;
/** ...and, like the polling with JavaScript, stops after about this long; the mail then tells the outcome. */
export const PROCESSING_CHECK_LIMIT_SECONDS = 120;
/** How many reloads without JavaScript fit in that time. */
export const NO_SCRIPT_REFRESH_LIMIT = Math.floor(PROCESSING_CHECK_LIMIT_SECONDS / NO_SCRIPT_REFRESH_SECONDS);

const FIRST_POLL_SECONDS = 3;

/**
 * With JavaScript, the seconds to wait before the next check of a processing payment, after `checksDone` checks:
 * 3, 6, 12, 24 ... doubling, the last one shortened so that all of them add up to the limit; null once it is reached.
 */
export function nextPollDelaySeconds(checksDone: number): number | null {
  let waited = 0;
  let delay = FIRST_POLL_SECONDS;
  for (let i = 0; i < checksDone; i++) {
    waited += delay;
    delay *= 2;
  }
  const left = PROCESSING_CHECK_LIMIT_SECONDS - waited;
  return left > 0 ? Math.min(delay, left) : null;
}
