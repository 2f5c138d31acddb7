/** The card fields of test mode's form, as typed. */
export interface TestCardInput {
  cardNumber: string;
  expiry: string;
  cvc: string;
}

export type TestCardField = keyof TestCardInput;

export const TEST_CARD_MESSAGES = {
  numberInvalid: 'Your card number is invalid.',
  expiryIncomplete: "Your card's expiry date is incomplete: use MM / YY.",
  expiryMonth: "Your card's expiry month is invalid.",
  expiryPast: "Your card's expiry date is in the past.",
  cvcInvalid: "Your card's security code must be 3 or 4 digits.",
} as const;

/** The card number without the spaces and dashes people type. */
export function cardDigits(cardNumber: string): string {
  return cardNumber.replace(/[\s-]/g, '');
}

/** The Luhn checksum every real card number carries (Stripe's test numbers too). */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

const EXPIRY = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/;

function expiryError(expiry: string, now: Date): string | null {
  const match = EXPIRY.exec(expiry.trim());
  if (!match) return TEST_CARD_MESSAGES.expiryIncomplete;
  const [, monthText = '', yearText = ''] = match;
  const month = Number(monthText);
  if (month < 1 || month > 12) return TEST_CARD_MESSAGES.expiryMonth;
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  // A card is valid through the last day of its expiry month.
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (year * 12 + (month - 1) < thisMonth) return TEST_CARD_MESSAGES.expiryPast;
  return null;
}

/**
 * What the test-mode form promises: a card number with a valid checksum, any future expiry (MM/YY, the current month
 * included) and a 3 or 4 digit CVC. Returns the messages per field, or null when the card may be tried.
 */
export function validateTestCard(input: TestCardInput, now: Date): Partial<Record<TestCardField, string[]>> | null {
  const errors: Partial<Record<TestCardField, string[]>> = {};
  const digits = cardDigits(input.cardNumber);
  if (digits.length < 12 || digits.length > 19 || !isLuhnValid(digits))
    errors.cardNumber = [TEST_CARD_MESSAGES.numberInvalid];
  const expiry = expiryError(input.expiry, now);
  if (expiry) errors.expiry = [expiry];
  if (!/^\d{3,4}$/.test(input.cvc.trim())) errors.cvc = [TEST_CARD_MESSAGES.cvcInvalid];
  return Object.keys(errors).length === 0 ? null : errors;
}
