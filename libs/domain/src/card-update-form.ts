import { z } from 'zod';
import { formChecks, lazySchema } from './form-schema';

export const MAX_UPDATE_CARD_TOKEN_LENGTH = 2000;

/**
 * The update-card page's form (issue 27, docs/decisions/016): the signed token of the declined-installment mail, and
 * either the test-mode card fields or, with Stripe, the SetupIntent the card element confirmed. Which of the two a
 * deployment needs is the API's to say (it knows its payment mode): `cardNumberRequired` is its message in test mode.
 */
export const CARD_UPDATE_FORM_MESSAGES = {
  token: 'token is required',
  cardNumber: 'Please enter a card number',
  cardNumberLength: 'The card number must be at most 30 characters',
  expiry: 'The expiry must be at most 10 characters',
  cvc: 'The CVC must be at most 4 characters',
  setupIntentId: 'setupIntentId must be the id of a SetupIntent',
} as const;

const M = CARD_UPDATE_FORM_MESSAGES;

/** Optional text of at most `max` characters, trimmed; empty text is absent. */
const optionalText = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, { error: message })
    .optional()
    .transform((value) => value || undefined);

const buildSchema = () =>
  z.object({
    token: z
      .string({ error: M.token })
      .trim()
      .min(1, { error: M.token })
      .max(MAX_UPDATE_CARD_TOKEN_LENGTH, { error: M.token }),
    cardNumber: optionalText(30, M.cardNumberLength),
    expiry: optionalText(10, M.expiry),
    cvc: optionalText(4, M.cvc),
    setupIntentId: optionalText(255, M.setupIntentId),
  });

export const cardUpdateFormSchema = lazySchema(buildSchema);

export type CardUpdateField = 'token' | 'cardNumber' | 'expiry' | 'cvc' | 'setupIntentId';
export const CARD_UPDATE_FIELDS: readonly CardUpdateField[] = ['token', 'cardNumber', 'expiry', 'cvc', 'setupIntentId'];

const checks = formChecks(cardUpdateFormSchema, CARD_UPDATE_FIELDS);

/** The whole form's check, and one property's message or null (the API DTO checks each property with it). */
export const parseCardUpdateForm = checks.parse;
export const cardUpdateFieldError = checks.fieldError;
