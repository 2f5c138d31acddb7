/** The two configured login limits, both per minute. */
export interface LoginLimits {
  /** Attempts a client may make in a minute, whatever the account (ADMIN_LOGIN_ATTEMPTS_PER_MINUTE). */
  attemptsPerClient: number;
  /** Failures of one account from all clients together after which the account is treated as under attack. */
  failuresPerAccount: number;
}

/** The counters of the current minute, read when an attempt arrives. */
export interface LoginCounts {
  /** The client's attempts, this one included (reserved before the password is checked). */
  clientAttempts: number;
  /** Failed logins of this account from every client. */
  accountFailures: number;
  /** Failed logins of this account from this client. */
  pairFailures: number;
}

export type LoginVerdict = { allowed: false } | { allowed: true; delayMs: number };

/**
 * How long each check of an account under attack waits: the pace at which the account's failure limit would be
 * spent by one client guessing in turn.
 */
export function accountSlowdownMs(limits: LoginLimits): number {
  return Math.ceil(60_000 / limits.failuresPerAccount);
}

/**
 * Whether a login attempt is checked at all. A client over its limit is refused. An account under attack is never
 * locked for everyone, since that would lock the real admin out too: a client that already failed on it is refused
 * (the client×account pair is locked), and a client that has not failed is checked after a delay.
 */
export function judgeLoginAttempt(limits: LoginLimits, counts: LoginCounts): LoginVerdict {
  if (counts.clientAttempts > limits.attemptsPerClient) return { allowed: false };
  if (counts.accountFailures < limits.failuresPerAccount) return { allowed: true, delayMs: 0 };
  if (counts.pairFailures > 0) return { allowed: false };
  return { allowed: true, delayMs: accountSlowdownMs(limits) };
}
