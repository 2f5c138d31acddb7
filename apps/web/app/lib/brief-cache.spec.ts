import { briefCache } from './brief-cache';

/** A read the test settles by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

describe('briefCache', () => {
  let clock: number;
  const now = () => clock;
  beforeEach(() => {
    clock = 1_000;
  });

  it('keeps a value for its lifetime from the start of its read, then reads again', async () => {
    let reads = 0;
    const cache = briefCache(2_000, async () => `answer ${++reads}`, now);
    await expect(cache.get()).resolves.toBe('answer 1');
    clock += 1_999;
    await expect(cache.get()).resolves.toBe('answer 1');
    clock += 1;
    await expect(cache.get()).resolves.toBe('answer 2');
    expect(reads).toBe(2);
  });

  it('shares one read in flight between concurrent callers', async () => {
    const pending = deferred<string>();
    const load = jest.fn(() => pending.promise);
    const cache = briefCache(2_000, load, now);
    const answers = Promise.all([cache.get(), cache.get(), cache.get()]);
    pending.resolve('shared');
    await expect(answers).resolves.toEqual(['shared', 'shared', 'shared']);
    await expect(cache.get()).resolves.toBe('shared');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps no failure: its callers get the error and the next call reads again', async () => {
    const first = deferred<string>();
    const load = jest.fn().mockReturnValueOnce(first.promise).mockResolvedValueOnce('recovered');
    const cache = briefCache(2_000, load, now);
    const both = Promise.allSettled([cache.get(), cache.get()]);
    first.reject(new Error('API down'));
    expect((await both).map((r) => r.status)).toEqual(['rejected', 'rejected']);
    await expect(cache.get()).resolves.toBe('recovered');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('reads anew on refresh, and an older read finishing later never replaces the newer value', async () => {
    const older = deferred<string>();
    const newer = deferred<string>();
    const load = jest.fn().mockReturnValueOnce(older.promise).mockReturnValueOnce(newer.promise);
    const cache = briefCache(2_000, load, now);
    const stale = cache.get();
    clock += 10;
    const fresh = cache.refresh();
    // A caller after the refresh shares the newer read.
    const after = cache.get();
    newer.resolve('after the change');
    older.resolve('before the change');
    await expect(stale).resolves.toBe('before the change');
    await expect(fresh).resolves.toBe('after the change');
    await expect(after).resolves.toBe('after the change');
    await expect(cache.get()).resolves.toBe('after the change');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
