import { Injectable } from '@nestjs/common';
import type { AppConfig } from '../config/app-config';
import { InjectConfig } from '../config/inject-config.decorator';
import { NotifiedCache, type CacheChannel, type Expiring } from '../database/notified-cache';

/** The channel the triggers of the cohort list's tables notify (migration 20261128090000). */
export const COHORTS_CHANNEL = 'cohorts_changed';

/**
 * The public cohort list with its seats, kept by each API instance while it LISTENs on `cohorts_changed`
 * (NotifiedCache): read on every view of the home and checkout pages, it is one query with seat counting otherwise.
 * The admin panel's answer (the enrollment table's page beside the list, EnrollmentAdminService.panel) is kept here
 * too, under keys of its own: the channel tells of every change to what either reads (migrations 20261128090000 and
 * 20261212090000). An answer also ends when time alone changes it (a seat hold expiring: cohortListValidUntil).
 * COHORT_CACHE=false reads both every time.
 */
@Injectable()
export class CohortListCache {
  private readonly channel: CacheChannel | null;

  constructor(cache: NotifiedCache, @InjectConfig() config: AppConfig) {
    this.channel = config.cohortCache ? cache.channel(COHORTS_CHANNEL) : null;
  }

  async get<T>(key: string, read: (startedAt: number) => Promise<Expiring<T>>): Promise<T> {
    if (!this.channel) return (await read(Date.now())).value;
    return this.channel.getExpiring(key, read);
  }

  /**
   * Runs a change to the channel's tables (cohorts, enrollments, seat holds, payments and their refunds),
   * transaction and commit included, then drops this instance's list at once, whether it succeeded or not: the
   * change's notice arrives a moment after the commit, and the admin's or buyer's next read through this instance
   * must already see it. The notice still drops the list on every other instance (and on this one again).
   */
  async changing<T>(change: () => Promise<T>): Promise<T> {
    try {
      return await change();
    } finally {
      this.channel?.drop();
    }
  }
}
