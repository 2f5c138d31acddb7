import { isValidEmail } from './checkout-validation';

/**
 * How long a checkout keeps its seat between the details step and the card: minutes, not half an hour. A Stripe
 * buyer whose 3-D Secure step outlasts it is still captured if the seat is free (the capture decision), and test mode
 * holds the seat again before it charges.
 */
export const SEAT_HOLD_MINUTES = 10;
export const SEAT_HOLD_MS = SEAT_HOLD_MINUTES * 60 * 1000;
/** How many checkouts (payments) of one client may hold seats at once; its newest win. */
export const SEAT_HOLDING_CHECKOUTS_PER_CLIENT = 2;

/** A live seat hold of a client's earlier checkout, not decided yet (an authorised payment's holds never count). */
export interface ClientSeatHold {
  paymentId: string;
  cohortId: string;
  createdAt: Date;
}

/**
 * Who may hold a seat: a buyer who has given a name and a valid email and goes on to the card. An anonymous intent
 * with only a cohort id holds nothing.
 */
export function mayHoldSeats(buyer: { name: string | null | undefined; email: string | null | undefined }): boolean {
  return Boolean(buyer.name?.trim()) && isValidEmail((buyer.email ?? '').trim());
}

/**
 * The earlier checkouts of a client whose holds a new checkout's hold releases, the newest winning: every earlier
 * checkout holding a seat in a cohort the new one picks (the client started the checkout again, abandoning the
 * earlier one; a client never holds two seats of one cohort), then, of the rest, the oldest beyond the limit (the new
 * checkout counts as one). So one client holds at most one seat a cohort and seats for at most `maxCheckouts`
 * checkouts, however many intents it creates. Each checkout's id once, oldest first.
 */
export function checkoutsReleasedByNewHold(input: {
  cohortIds: readonly string[];
  earlier: readonly ClientSeatHold[];
  maxCheckouts?: number;
}): string[] {
  const max = input.maxCheckouts ?? SEAT_HOLDING_CHECKOUTS_PER_CLIENT;
  const byAge = [...input.earlier].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const checkouts: string[] = [];
  for (const hold of byAge) if (!checkouts.includes(hold.paymentId)) checkouts.push(hold.paymentId);
  const sameCohort = new Set(
    byAge.filter((hold) => input.cohortIds.includes(hold.cohortId)).map((hold) => hold.paymentId),
  );
  const rest = checkouts.filter((paymentId) => !sameCohort.has(paymentId));
  const overLimit = rest.slice(0, Math.max(0, rest.length - (max - 1)));
  return checkouts.filter((paymentId) => sameCohort.has(paymentId) || overLimit.includes(paymentId));
}

/** When a hold taken now lapses. */
export function seatHoldExpiry(now: Date): Date {
  return new Date(now.getTime() + SEAT_HOLD_MS);
}
