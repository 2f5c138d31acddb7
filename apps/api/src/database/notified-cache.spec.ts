import { EventEmitter } from 'node:events';
import type { MikroORM } from '@mikro-orm/postgresql';
import {
  HEARTBEAT_MS,
  HEARTBEAT_TIMEOUT_MS,
  MAX_CHANNEL_ENTRIES,
  MAX_ENTRY_AGE_MS,
  NotifiedCache,
  type CacheChannel,
} from './notified-cache';

/** A stand-in for pg's Client: LISTEN succeeds unless told otherwise; the test emits notices and errors. */
class FakeClient extends EventEmitter {
  static instances: FakeClient[] = [];
  static refuse = false;
  /** A half-open connection: queries are sent and never answered, and no error comes. */
  static hang = false;
  ended = false;
  queries: string[] = [];
  constructor() {
    super();
    FakeClient.instances.push(this);
  }
  async connect(): Promise<void> {
    if (FakeClient.refuse) throw new Error('connection refused');
  }
  query(text: string): Promise<void> {
    this.queries.push(text);
    return FakeClient.hang ? new Promise(() => undefined) : Promise.resolve();
  }
  async end(): Promise<void> {
    this.ended = true;
  }
  notify(channel: string): void {
    this.emit('notification', { channel, processId: 1 });
  }
}

jest.mock('pg', () => ({ Client: jest.fn().mockImplementation(() => new FakeClient()) }));

const orm = { config: { getClientUrl: () => 'postgres://fake' } } as unknown as MikroORM;
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('NotifiedCache', () => {
  let cache: NotifiedCache;
  let prices: CacheChannel;
  let reads: number;
  const read = async () => ++reads;

  beforeEach(async () => {
    FakeClient.instances = [];
    FakeClient.refuse = false;
    FakeClient.hang = false;
    reads = 0;
    cache = new NotifiedCache(orm);
    prices = cache.channel('pricing_changed');
  });
  afterEach(() => cache.onApplicationShutdown());

  it('reads the database each time until it is listening, then keeps the answer', async () => {
    expect(await prices.get('prices', read)).toBe(1);
    cache.onModuleInit();
    await settle();
    expect(await prices.get('prices', read)).toBe(2);
    expect(await prices.get('prices', read)).toBe(2);
    expect(reads).toBe(2);
  });

  it('keeps at most MAX_CHANNEL_ENTRIES values a channel, dropping the oldest first', async () => {
    cache.onModuleInit();
    await settle();
    for (let key = 0; key <= MAX_CHANNEL_ENTRIES; key++) await prices.get(`filter ${key}`, read);
    expect(reads).toBe(MAX_CHANNEL_ENTRIES + 1);
    // The newest are kept; the first was dropped to make room for the last.
    expect(await prices.get(`filter ${MAX_CHANNEL_ENTRIES}`, read)).toBe(MAX_CHANNEL_ENTRIES + 1);
    expect(await prices.get('filter 1', read)).toBe(2);
    expect(await prices.get('filter 0', read)).toBe(MAX_CHANNEL_ENTRIES + 2);
  });

  it("drops a channel's answers on its notice", async () => {
    cache.onModuleInit();
    await settle();
    expect(await prices.get('prices', read)).toBe(1);
    FakeClient.instances[0].notify('pricing_changed');
    expect(await prices.get('prices', read)).toBe(2);
    expect(await prices.get('prices', read)).toBe(2);
  });

  it('listens on every channel over one connection, and a notice drops only its own channel', async () => {
    const cohorts = cache.channel('cohorts_changed');
    expect(cache.channel('cohorts_changed')).toBe(cohorts);
    cache.onModuleInit();
    await settle();
    expect(FakeClient.instances).toHaveLength(1);
    expect(FakeClient.instances[0].queries).toEqual(['listen pricing_changed; listen cohorts_changed;']);
    expect(await prices.get('prices', async () => 'prices v1')).toBe('prices v1');
    expect(await cohorts.get('cohorts', async () => 'cohorts v1')).toBe('cohorts v1');
    FakeClient.instances[0].notify('cohorts_changed');
    expect(await prices.get('prices', async () => 'prices v2')).toBe('prices v1');
    expect(await cohorts.get('cohorts', async () => 'cohorts v2')).toBe('cohorts v2');
  });

  it('LISTENs on a channel asked for after the start, and caches it once LISTEN is confirmed', async () => {
    cache.onModuleInit();
    await settle();
    const late = cache.channel('cohorts_changed');
    expect(late.listening).toBe(false);
    await settle();
    expect(FakeClient.instances).toHaveLength(1);
    expect(FakeClient.instances[0].queries).toEqual(['listen pricing_changed;', 'listen cohorts_changed;']);
    expect(await late.get('cohorts', read)).toBe(1);
    expect(await late.get('cohorts', read)).toBe(1);
  });

  it('opens no connection while no channel is asked for (the analysis worker process)', async () => {
    const idle = new NotifiedCache(orm);
    FakeClient.instances = [];
    idle.onModuleInit();
    await settle();
    expect(FakeClient.instances).toHaveLength(0);
    idle.channel('cohorts_changed');
    await settle();
    expect(FakeClient.instances).toHaveLength(1);
    await idle.onApplicationShutdown();
  });

  it("drops at once on the instance's own change (drop), before its notice arrives", async () => {
    cache.onModuleInit();
    await settle();
    expect(await prices.get('prices', read)).toBe(1);
    prices.drop();
    expect(await prices.get('prices', read)).toBe(2);
  });

  it('does not keep a read that a change overtook', async () => {
    cache.onModuleInit();
    await settle();
    let finish!: (value: string) => void;
    const slow = prices.get('prices', () => new Promise<string>((resolve) => (finish = resolve)));
    FakeClient.instances[0].notify('pricing_changed');
    finish('old prices');
    expect(await slow).toBe('old prices');
    expect(await prices.get('prices', async () => 'new prices')).toBe('new prices');
  });

  it('shares one read among concurrent misses, but not with a request that comes after a change', async () => {
    cache.onModuleInit();
    await settle();
    const finishers: Array<(value: string) => void> = [];
    const slowRead = () => new Promise<string>((resolve) => finishers.push(resolve));
    const first = prices.get('prices', slowRead);
    const second = prices.get('prices', slowRead);
    expect(finishers).toHaveLength(1);
    prices.drop();
    const third = prices.get('prices', slowRead);
    expect(finishers).toHaveLength(2);
    finishers[0]('before the change');
    finishers[1]('after the change');
    expect(await Promise.all([first, second, third])).toEqual([
      'before the change',
      'before the change',
      'after the change',
    ]);
    expect(await prices.get('prices', async () => 'again')).toBe('after the change');
  });

  it('reads again once an answer is past its validUntil, with no notice', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate'], now: 1_000_000 });
    try {
      cache.onModuleInit();
      await settle();
      const startedAt: number[] = [];
      const expiring = (startedAtMs: number) => {
        startedAt.push(startedAtMs);
        return Promise.resolve({ value: ++reads, validUntil: startedAtMs + 5000 });
      };
      expect(await prices.getExpiring('seats', expiring)).toBe(1);
      expect(startedAt).toEqual([1_000_000]);
      jest.advanceTimersByTime(4999);
      expect(await prices.getExpiring('seats', expiring)).toBe(1);
      jest.advanceTimersByTime(1);
      expect(await prices.getExpiring('seats', expiring)).toBe(2);
      expect(startedAt).toEqual([1_000_000, 1_005_000]);
      expect(await prices.getExpiring('seats', expiring)).toBe(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('caches nothing while its connection is lost, and again once LISTEN is back', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate'] });
    try {
      cache.onModuleInit();
      await settle();
      expect(await prices.get('prices', read)).toBe(1);
      FakeClient.instances[0].emit('error', new Error('terminated'));
      expect(FakeClient.instances[0].ended).toBe(true);
      expect(await prices.get('prices', read)).toBe(2);
      expect(await prices.get('prices', read)).toBe(3);
      jest.advanceTimersByTime(1000);
      await settle();
      expect(FakeClient.instances).toHaveLength(2);
      expect(await prices.get('prices', read)).toBe(4);
      expect(await prices.get('prices', read)).toBe(4);
    } finally {
      jest.useRealTimers();
    }
  });

  it('keeps retrying while LISTEN is refused, reading the database meanwhile', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate'] });
    try {
      FakeClient.refuse = true;
      cache.onModuleInit();
      await settle();
      expect(await prices.get('prices', read)).toBe(1);
      expect(await prices.get('prices', read)).toBe(2);
      FakeClient.refuse = false;
      jest.advanceTimersByTime(1000);
      await settle();
      expect(await prices.get('prices', read)).toBe(3);
      expect(await prices.get('prices', read)).toBe(3);
    } finally {
      jest.useRealTimers();
    }
  });
  it('keeps no value longer than the maximum age, even with no notice', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate'], now: 1_000_000 });
    try {
      cache.onModuleInit();
      await settle();
      expect(await prices.get('prices', read)).toBe(1);
      await jest.advanceTimersByTimeAsync(MAX_ENTRY_AGE_MS - 1);
      expect(await prices.get('prices', read)).toBe(1);
      await jest.advanceTimersByTimeAsync(1);
      expect(await prices.get('prices', read)).toBe(2);
      expect(await prices.get('prices', read)).toBe(2);
      // An answer that says it holds longer is still kept no longer than the maximum age.
      const long = () => Promise.resolve({ value: ++reads, validUntil: Date.now() + 10 * MAX_ENTRY_AGE_MS });
      expect(await prices.getExpiring('seats', long)).toBe(3);
      await jest.advanceTimersByTimeAsync(MAX_ENTRY_AGE_MS);
      expect(await prices.getExpiring('seats', long)).toBe(4);
    } finally {
      jest.useRealTimers();
    }
  });

  it('drops everything when the listening connection stops answering its check, and caches again once LISTEN is back', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate'] });
    try {
      cache.onModuleInit();
      await settle();
      expect(await prices.get('prices', read)).toBe(1);
      await jest.advanceTimersByTimeAsync(HEARTBEAT_MS);
      expect(FakeClient.instances[0].queries).toContain('select 1');
      expect(await prices.get('prices', read)).toBe(1);

      FakeClient.hang = true;
      await jest.advanceTimersByTimeAsync(HEARTBEAT_MS + HEARTBEAT_TIMEOUT_MS);
      expect(FakeClient.instances[0].ended).toBe(true);
      expect(await prices.get('prices', read)).toBe(2);
      expect(await prices.get('prices', read)).toBe(3);

      FakeClient.hang = false;
      await jest.advanceTimersByTimeAsync(1000);
      expect(FakeClient.instances).toHaveLength(2);
      expect(await prices.get('prices', read)).toBe(4);
      expect(await prices.get('prices', read)).toBe(4);
    } finally {
      jest.useRealTimers();
    }
  });

  it('opens its listening connection with TCP keepalive', async () => {
    const { Client } = jest.requireMock<{ Client: jest.Mock }>('pg');
    cache.onModuleInit();
    await settle();
    expect(Client).toHaveBeenLastCalledWith(expect.objectContaining({ keepAlive: true }));
  });
});
