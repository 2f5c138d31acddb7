/**
 * Failed logins per account name within a sliding minute. The per-client limit (LoginThrottlerGuard) keys on the
 * client address, which a caller can vary; this one caps guesses against any one account whatever the address.
 * In memory, like the throttler's store: it suits one API process.
 */
export class AccountLoginLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  isBlocked(username: string): boolean {
    return this.recent(username).length >= this.limit;
  }

  recordFailure(username: string): void {
    const key = username.toLowerCase();
    this.failures.set(key, [...this.recent(key), this.now()]);
  }

  reset(username: string): void {
    this.failures.delete(username.toLowerCase());
  }

  private recent(username: string): number[] {
    const key = username.toLowerCase();
    const since = this.now() - this.windowMs;
    const kept = (this.failures.get(key) ?? []).filter((at) => at > since);
    if (kept.length === 0) this.failures.delete(key);
    else this.failures.set(key, kept);
    return kept;
  }
}
