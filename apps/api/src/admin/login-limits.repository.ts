import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';

/** How long a counter's window lasts: the limits are "per minute". */
export const LOGIN_WINDOW_SECONDS = 60;

/** The counter rows are keyed by a hash, so the table never holds an address or an account name. */
function rowKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/**
 * The only place that touches login_limit_counters. Every count is one statement in PostgreSQL, so concurrent
 * requests, on one API instance or several, can neither read the same count nor lose an increment.
 */
@Injectable()
export class LoginLimitsRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * Adds one to a counter and returns its new value. The window starts at the key's first hit and a hit after it
   * ended starts a new one, so a burst never straddles two windows and gets twice the limit.
   */
  async hit(key: string): Promise<number> {
    const rows = await this.em.getConnection().execute<Array<{ count: number }>>(
      `insert into login_limit_counters as c (key, window_started_at, count) values (?, now(), 1)
       on conflict (key) do update set
         count = case when c.window_started_at > now() - make_interval(secs => ?) then c.count + 1 else 1 end,
         window_started_at = case when c.window_started_at > now() - make_interval(secs => ?) then c.window_started_at else now() end
       returning count`,
      [rowKey(key), LOGIN_WINDOW_SECONDS, LOGIN_WINDOW_SECONDS],
      'all',
    );
    return Number(rows[0].count);
  }

  /** The counter's value in its current window (0 once the window ended). */
  async peek(key: string): Promise<number> {
    const rows = await this.em
      .getConnection()
      .execute<Array<{ count: number }>>(
        `select count from login_limit_counters where key = ? and window_started_at > now() - make_interval(secs => ?)`,
        [rowKey(key), LOGIN_WINDOW_SECONDS],
        'all',
      );
    return rows.length === 0 ? 0 : Number(rows[0].count);
  }

  /** Gives back one hit of the current window (a reservation that turned out not to count). */
  async giveBack(key: string): Promise<void> {
    await this.em.getConnection().execute(
      `update login_limit_counters set count = count - 1
         where key = ? and count > 0 and window_started_at > now() - make_interval(secs => ?)`,
      [rowKey(key), LOGIN_WINDOW_SECONDS],
      'run',
    );
  }

  async clear(key: string): Promise<void> {
    await this.em.getConnection().execute('delete from login_limit_counters where key = ?', [rowKey(key)], 'run');
  }

  /** Rows whose window ended long ago carry nothing; pruned so the table stays as small as the traffic of a minute. */
  async pruneEnded(): Promise<void> {
    await this.em
      .getConnection()
      .execute(
        `delete from login_limit_counters where window_started_at < now() - make_interval(secs => ?)`,
        [LOGIN_WINDOW_SECONDS * 2],
        'run',
      );
  }
}
