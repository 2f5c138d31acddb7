/** A value kept for a short time in this process: the one way the web server keeps an API answer that is the same for everyone. */
export interface BriefCache<T> {
  /** The kept value while it is younger than the lifetime, else a new read; concurrent callers share one read. */
  get(): Promise<T>;
  /** A new read whatever is kept (the caller may have just changed what it reads); it replaces the kept value. */
  refresh(): Promise<T>;
}

/**
 * Keeps what `load` answers for `ttlMs` from the moment its read began, so nothing served is older than that. A read
 * that fails is not kept: the caller gets its error, and the next call reads again. A read that began before a newer
 * one (a `refresh`) never replaces the newer one's value.
 */
export function briefCache<T>(
  ttlMs: number,
  load: () => Promise<T>,
  now: () => number = performance.now.bind(performance),
): BriefCache<T> {
  let kept: { value: T; readAt: number } | null = null;
  let inFlight: Promise<T> | null = null;

  function read(): Promise<T> {
    const readAt = now();
    const promise = load().then(
      (value) => {
        if (!kept || kept.readAt <= readAt) kept = { value, readAt };
        if (inFlight === promise) inFlight = null;
        return value;
      },
      (error: unknown) => {
        if (inFlight === promise) inFlight = null;
        throw error;
      },
    );
    inFlight = promise;
    return promise;
  }

  return {
    get() {
      if (kept && now() - kept.readAt < ttlMs) return Promise.resolve(kept.value);
      return inFlight ?? read();
    },
    refresh: read,
  };
}
