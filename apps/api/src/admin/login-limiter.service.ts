import { Injectable } from '@nestjs/common';
import { judgeLoginAttempt, type LoginLimits, type LoginVerdict } from '@app/domain';
import type { AppConfig } from '../config/app-config';
import { InjectConfig } from '../config/inject-config.decorator';
import { LoginLimitsRepository } from './login-limits.repository';

/** The counters one login attempt touches. Account names are compared without case, as before. */
function keysOf(client: string, username: string) {
  const account = username.toLowerCase();
  return { client: `client\n${client}`, account: `account\n${account}`, pair: `pair\n${client}\n${account}` };
}

/**
 * Login limits kept in PostgreSQL, so every API instance counts against the same numbers. The client's attempt is
 * reserved (counted) before its password is checked, so no number of concurrent requests gets past the limit.
 */
@Injectable()
export class LoginLimiterService {
  private readonly limits: LoginLimits;

  constructor(
    private readonly counters: LoginLimitsRepository,
    @InjectConfig() config: AppConfig,
  ) {
    this.limits = {
      attemptsPerClient: config.auth.loginAttemptsPerMinute,
      failuresPerAccount: config.auth.loginFailuresPerAccountPerMinute,
    };
  }

  async admit(client: string, username: string): Promise<LoginVerdict> {
    const keys = keysOf(client, username);
    const clientAttempts = await this.counters.hit(keys.client);
    const [accountFailures, pairFailures] = await Promise.all([
      this.counters.peek(keys.account),
      this.counters.peek(keys.pair),
    ]);
    return judgeLoginAttempt(this.limits, { clientAttempts, accountFailures, pairFailures });
  }

  async recordFailure(client: string, username: string): Promise<void> {
    const keys = keysOf(client, username);
    await Promise.all([this.counters.hit(keys.account), this.counters.hit(keys.pair)]);
    await this.counters.pruneEnded();
  }

  /** A successful login gives its reserved attempt back and clears the client's failures on this account. */
  async recordSuccess(client: string, username: string): Promise<void> {
    const keys = keysOf(client, username);
    await Promise.all([this.counters.giveBack(keys.client), this.counters.clear(keys.pair)]);
  }
}
