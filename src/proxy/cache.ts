/**
 * A TTL cache in which concurrent identical misses share one load: 500 cold requests for the
 * catalogue make one upstream call. A failed load is not cached.
 */
export class CoalescingCache<T> {
  private readonly entries = new Map<string, { value: T; expires: number }>();
  private readonly inflight = new Map<string, Promise<{ value: T; expires: number }>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 500,
    private readonly now: () => number = Date.now,
  ) {}

  async get(key: string, load: () => Promise<T>): Promise<{ value: T; expires: number }> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > this.now()) return hit;
    let pending = this.inflight.get(key);
    if (!pending) {
      pending = (async () => {
        try {
          const entry = { value: await load(), expires: this.now() + this.ttlMs };
          if (this.entries.size >= this.maxEntries)
            this.entries.delete(this.entries.keys().next().value!);
          this.entries.set(key, entry);
          return entry;
        } finally {
          this.inflight.delete(key);
        }
      })();
      this.inflight.set(key, pending);
    }
    return pending;
  }

  /** Whether `key` has a value that is still fresh (a get would not load it). */
  fresh(key: string): boolean {
    const hit = this.entries.get(key);
    return !!hit && hit.expires > this.now();
  }

  delete(key: string): void {
    this.entries.delete(key);
  }
}
