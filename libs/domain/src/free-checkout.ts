/**
 * Free checkouts: a promotion code that leaves nothing to pay. The rule is here once; the API completes such a
 * checkout without the payment provider, and the checkout page offers "Enroll for free" instead of the card form.
 */
/** A purchase's charges as stored on its payment: the first, each later one (null: the first's) and how many. */
export interface CheckoutCharges {
  firstCents: number;
  laterCents: number | null;
  installments: number;
}

/**
 * Whether a checkout is free: nothing is due now and nothing later. Such a checkout is completed without the payment
 * provider (no card is asked for; Stripe refuses a charge of $0 anyway): the code's use is kept, a $0 payment is
 * recorded as paid with the promotion code, and the buyer is enrolled. A plan's first charge is its largest (it
 * carries the leftover cents, `discountedSchedule`), so a 100% code on a monthly plan makes every installment 0; any
 * amount left to pay, however small, is a card payment.
 */
export function isFreeCheckout(charges: CheckoutCharges): boolean {
  if (!Number.isInteger(charges.installments) || charges.installments < 1) {
    throw new RangeError('installments must be at least 1');
  }
  const later = charges.laterCents ?? charges.firstCents;
  return charges.firstCents === 0 && (charges.installments === 1 || later === 0);
}

/**
 * How many installments a checkout settles when it is paid: the first one; a free plan all of them at once, so it is
 * complete from the start (no card saved, nothing for the monthly job to charge).
 */
export function installmentsSettledAtCheckout(charges: CheckoutCharges): number {
  return isFreeCheckout(charges) ? charges.installments : 1;
}
