/**
 * State the proxy may need to share between instances (serverless, several machines): a small
 * key-value interface with a TTL. The in-memory default suits one process; a site that runs many
 * plugs in Redis, Workers KV or a database with the same three methods.
 */
export interface KeyValueStore {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /**
   * Sets only when the key is absent; true when this call set it (for de-duplication). Must be
   * atomic: of concurrent calls for one key, even from several instances, exactly one gets true
   * (Redis `SET NX PX`, a database insert on a unique key, …).
   */
  add(key: string, value: string, ttlMs: number): Promise<boolean>;
  /** Adds `by` (default 1) to a counter, atomically; a new counter lives ttlMs. Returns the new value. */
  increment(key: string, ttlMs: number, by?: number): Promise<number>;
}

/** The store failed (Redis down, a network error): callers answer 503 and the platform retries. */
export class StoreUnavailable extends Error {
  constructor(cause: unknown) {
    super(`The shared store is not answering: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'StoreUnavailable';
  }
}

/**
 * The in-memory default. Every method does its whole read-check-write in one synchronous step
 * (no await between reading and writing), so concurrent calls in one process cannot interleave:
 * of two concurrent `add()`s of the same key exactly one wins.
 */
export class MemoryStore implements KeyValueStore {
  private readonly map = new Map<string, { value: string; expires: number }>();
  private swept = 0;

  constructor(private readonly now: () => number = Date.now) {}

  async get(key: string): Promise<string | undefined> {
    return this.live(key)?.value;
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    this.put(key, value, ttlMs);
  }

  async add(key: string, value: string, ttlMs: number): Promise<boolean> {
    if (this.live(key)) return false;
    this.put(key, value, ttlMs);
    return true;
  }

  async increment(key: string, ttlMs: number, by = 1): Promise<number> {
    const hit = this.live(key);
    if (!hit) {
      this.put(key, String(by), ttlMs);
      return by;
    }
    hit.value = String(Number(hit.value) + by);
    return Number(hit.value);
  }

  /** The entry of a key unless it has expired (an expired one is dropped). */
  private live(key: string): { value: string; expires: number } | undefined {
    const hit = this.map.get(key);
    if (hit && hit.expires <= this.now()) {
      this.map.delete(key);
      return undefined;
    }
    return hit;
  }

  private put(key: string, value: string, ttlMs: number): void {
    this.sweep();
    this.map.set(key, { value, expires: this.now() + ttlMs });
  }

  /**
   * Drops expired entries now and then (at most once a second, once there are many), so a
   * long-running process does not grow without end and a busy one does not scan on every write.
   */
  private sweep(): void {
    const now = this.now();
    if (this.map.size < 1000 || now - this.swept < 1000) return;
    this.swept = now;
    for (const [k, v] of this.map) if (v.expires <= now) this.map.delete(k);
  }
}
