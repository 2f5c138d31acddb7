import { EventEmitter } from 'node:events';
import type { MikroORM } from '@mikro-orm/postgresql';
import { PricingCache } from './pricing-cache';

/** A stand-in for pg's Client: LISTEN succeeds unless told otherwise; the test emits notices and errors. */
class FakeClient extends EventEmitter {
  static instances: FakeClient[] = [];
  static refuse = false;
  ended = false;
  constructor() {
    super();
    FakeClient.instances.push(this);
  }
  async connect(): Promise<void> {
    if (FakeClient.refuse) throw new Error('connection refused');
  }
  async query(): Promise<void> {}
  async end(): Promise<void> {
    this.ended = true;
  }
}

jest.mock('pg', () => ({ Client: jest.fn().mockImplementation(() => new FakeClient()) }));

const orm = { config: { getClientUrl: () => 'postgres://fake' } } as unknown as MikroORM;
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('PricingCache', () => {
  let cache: PricingCache;
  let reads: number;
  const read = async () => ++reads;

  beforeEach(async () => {
    FakeClient.instances = [];
    FakeClient.refuse = false;
    reads = 0;
    cache = new PricingCache(orm);
  });
  afterEach(() => cache.onApplicationShutdown());

  it('reads the database each time until it is listening, then keeps the answer', async () => {
    expect(await cache.get('prices', read)).toBe(1);
    cache.onModuleInit();
    await settle();
    expect(await cache.get('prices', read)).toBe(2);
    expect(await cache.get('prices', read)).toBe(2);
    expect(reads).toBe(2);
  });

  it('drops the answer on a pricing_changed notice', async () => {
    cache.onModuleInit();
    await settle();
    expect(await cache.get('prices', read)).toBe(1);
    FakeClient.instances[0].emit('notification', { channel: 'pricing_changed' });
    expect(await cache.get('prices', read)).toBe(2);
    expect(await cache.get('prices', read)).toBe(2);
  });

  it('does not keep a read that a change overtook', async () => {
    cache.onModuleInit();
    await settle();
    let finish!: (value: string) => void;
    const slow = cache.get('prices', () => new Promise<string>((resolve) => (finish = resolve)));
    FakeClient.instances[0].emit('notification', { channel: 'pricing_changed' });
    finish('old prices');
    expect(await slow).toBe('old prices');
    expect(await cache.get('prices', async () => 'new prices')).toBe('new prices');
  });

  it('caches nothing while its connection is lost, and again once LISTEN is back', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate'] });
    try {
      cache.onModuleInit();
      await settle();
      expect(await cache.get('prices', read)).toBe(1);
      FakeClient.instances[0].emit('error', new Error('terminated'));
      expect(FakeClient.instances[0].ended).toBe(true);
      expect(await cache.get('prices', read)).toBe(2);
      expect(await cache.get('prices', read)).toBe(3);
      jest.advanceTimersByTime(1000);
      await settle();
      expect(FakeClient.instances).toHaveLength(2);
      expect(await cache.get('prices', read)).toBe(4);
      expect(await cache.get('prices', read)).toBe(4);
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
      expect(await cache.get('prices', read)).toBe(1);
      expect(await cache.get('prices', read)).toBe(2);
      FakeClient.refuse = false;
      jest.advanceTimersByTime(1000);
      await settle();
      expect(await cache.get('prices', read)).toBe(3);
      expect(await cache.get('prices', read)).toBe(3);
    } finally {
      jest.useRealTimers();
    }
  });
});
