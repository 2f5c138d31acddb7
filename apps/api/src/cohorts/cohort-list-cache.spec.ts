import type { AppConfig } from '../config/app-config';
import type { NotifiedCache } from '../database/notified-cache';
import { COHORTS_CHANNEL, CohortListCache } from './cohort-list-cache';

function setUp(cohortCache: boolean) {
  const events: string[] = [];
  const channel = {
    getExpiring: jest.fn(async () => 'cached'),
    drop: jest.fn(() => events.push('drop')),
  };
  const notified = { channel: jest.fn(() => channel) };
  const cache = new CohortListCache(notified as unknown as NotifiedCache, { cohortCache } as AppConfig);
  return { cache, channel, notified, events };
}

describe('CohortListCache', () => {
  it('caches on the cohorts_changed channel', async () => {
    const { cache, notified } = setUp(true);
    expect(notified.channel).toHaveBeenCalledWith(COHORTS_CHANNEL);
    expect(await cache.get('', async () => ({ value: 'read', validUntil: null }))).toBe('cached');
  });

  it("drops this instance's list once a change has committed, before answering its writer", async () => {
    const { cache, events } = setUp(true);
    const answer = await cache.changing(async () => {
      events.push('commit');
      return 'changed';
    });
    expect(answer).toBe('changed');
    expect(events).toEqual(['commit', 'drop']);
  });

  it('drops it when the change fails as well (a commit may have happened before the error)', async () => {
    const { cache, channel } = setUp(true);
    await expect(
      cache.changing(async () => {
        throw new Error('connection lost during commit');
      }),
    ).rejects.toThrow('connection lost during commit');
    expect(channel.drop).toHaveBeenCalledTimes(1);
  });

  it('with COHORT_CACHE=false reads every time and listens on nothing', async () => {
    const { cache, notified } = setUp(false);
    let reads = 0;
    const read = async () => ({ value: ++reads, validUntil: null });
    expect(await cache.get('', read)).toBe(1);
    expect(await cache.get('', read)).toBe(2);
    expect(await cache.changing(async () => 'changed')).toBe('changed');
    expect(notified.channel).not.toHaveBeenCalled();
  });
});
