import { isLuhnValid, TEST_CARD_MESSAGES as M, validateTestCard } from './test-card';

const NOW = new Date('2026-11-23T19:00:00Z');
const good = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' };

describe('isLuhnValid', () => {
  it.each([
    ['4242424242424242', true],
    ['4000000000000002', true],
    ['4000000000000341', true],
    ['4242424242424241', false],
    ['1234567812345678', false],
    ['', false],
    ['42424242424242a2', false],
  ])('%s → %s', (digits, expected) => {
    expect(isLuhnValid(digits)).toBe(expected);
  });
});

describe('validateTestCard', () => {
  it.each([
    ['the page example', good],
    ['no spaces, MM/YY', { cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' }],
    ['dashes and a four-digit year', { cardNumber: '4000-0000-0000-0002', expiry: '1/2030', cvc: '1234' }],
    ['this month still valid', { ...good, expiry: '11/26' }],
    ['surrounding spaces', { ...good, expiry: ' 11/26 ', cvc: ' 999 ' }],
  ])('accepts %s', (_case, input) => {
    expect(validateTestCard(input, NOW)).toBeNull();
  });

  it.each([
    [
      'a number failing the checksum',
      { ...good, cardNumber: '4242 4242 4242 4241' },
      { cardNumber: [M.numberInvalid] },
    ],
    ['letters in the number', { ...good, cardNumber: '4242 abcd 4242 4242' }, { cardNumber: [M.numberInvalid] }],
    ['a number too short', { ...good, cardNumber: '42' }, { cardNumber: [M.numberInvalid] }],
    ['last month', { ...good, expiry: '10/26' }, { expiry: [M.expiryPast] }],
    ['last year', { ...good, expiry: '12/25' }, { expiry: [M.expiryPast] }],
    ['month 13', { ...good, expiry: '13/30' }, { expiry: [M.expiryMonth] }],
    ['month 0', { ...good, expiry: '00/30' }, { expiry: [M.expiryMonth] }],
    ['nonsense expiry', { ...good, expiry: 'soon' }, { expiry: [M.expiryIncomplete] }],
    ['an empty expiry', { ...good, expiry: '' }, { expiry: [M.expiryIncomplete] }],
    ['a three-digit year', { ...good, expiry: '12/345' }, { expiry: [M.expiryIncomplete] }],
    ['an empty CVC', { ...good, cvc: '' }, { cvc: [M.cvcInvalid] }],
    ['a two-digit CVC', { ...good, cvc: '12' }, { cvc: [M.cvcInvalid] }],
    ['a five-digit CVC', { ...good, cvc: '12345' }, { cvc: [M.cvcInvalid] }],
    ['a CVC with letters', { ...good, cvc: '12a' }, { cvc: [M.cvcInvalid] }],
    [
      'everything wrong at once',
      { cardNumber: '1234', expiry: '01/20', cvc: '' },
      { cardNumber: [M.numberInvalid], expiry: [M.expiryPast], cvc: [M.cvcInvalid] },
    ],
  ])('refuses %s', (_case, input, expected) => {
    expect(validateTestCard(input, NOW)).toEqual(expected);
  });
});
