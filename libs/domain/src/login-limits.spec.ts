import { accountSlowdownMs, judgeLoginAttempt, type LoginCounts } from './login-limits';

const limits = { attemptsPerClient: 5, failuresPerAccount: 10 };
const counts = (overrides: Partial<LoginCounts>): LoginCounts => ({
  clientAttempts: 1,
  accountFailures: 0,
  pairFailures: 0,
  ...overrides,
});

describe('judgeLoginAttempt', () => {
  it.each([
    ['the first attempt of a client', counts({}), { allowed: true, delayMs: 0 }],
    [
      'the last attempt within the client limit',
      counts({ clientAttempts: 5, pairFailures: 4, accountFailures: 4 }),
      { allowed: true, delayMs: 0 },
    ],
    ['one attempt over the client limit', counts({ clientAttempts: 6 }), { allowed: false }],
    [
      'a client that failed before on an account not under attack',
      counts({ pairFailures: 3, accountFailures: 9 }),
      { allowed: true, delayMs: 0 },
    ],
    [
      'a client that failed on an account under attack',
      counts({ pairFailures: 1, accountFailures: 10 }),
      { allowed: false },
    ],
    [
      'a fresh client on an account under attack: checked, slowed',
      counts({ accountFailures: 10 }),
      { allowed: true, delayMs: 6000 },
    ],
    [
      'a fresh client on an account far past its limit: still checked',
      counts({ accountFailures: 500 }),
      { allowed: true, delayMs: 6000 },
    ],
    [
      'a fresh client over its own limit on an account under attack',
      counts({ clientAttempts: 6, accountFailures: 10 }),
      { allowed: false },
    ],
  ])('%s', (_case, input, expected) => {
    expect(judgeLoginAttempt(limits, input)).toEqual(expected);
  });
});

describe('accountSlowdownMs', () => {
  it.each([
    [10, 6000],
    [1, 60_000],
    [7, 8572],
    [1000, 60],
  ])('spreads %i failures over a minute: %i ms a check', (failuresPerAccount, expected) => {
    expect(accountSlowdownMs({ attemptsPerClient: 5, failuresPerAccount })).toBe(expected);
  });
});
