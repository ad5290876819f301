/**
 * State the proxy may need to share between instances (serverless, several machines): a small
 * key-value interface with a TTL. The in-memory default suits one process; a site that runs many
 * plugs in Redis, Workers KV or a database with the same three methods.
 */
export interface KeyValueStore {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** Sets only when the key is absent; true when this call set it (for de-duplication). */
  add(key: string, value: string, ttlMs: number): Promise<boolean>;
  /** Adds `by` (default 1) to a counter, atomically; a new counter lives ttlMs. Returns the new value. */
  increment(key: string, ttlMs: number, by?: number): Promise<number>;
}

export class MemoryStore implements KeyValueStore {
  private readonly map = new Map<string, { value: string; expires: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async get(key: string): Promise<string | undefined> {
    const hit = this.map.get(key);
    if (!hit) return undefined;
    if (hit.expires <= this.now()) {
      this.map.delete(key);
      return undefined;
    }
    return hit.value;
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    this.sweep();
    this.map.set(key, { value, expires: this.now() + ttlMs });
  }

  async add(key: string, value: string, ttlMs: number): Promise<boolean> {
    if ((await this.get(key)) !== undefined) return false;
    await this.set(key, value, ttlMs);
    return true;
  }

  async increment(key: string, ttlMs: number, by = 1): Promise<number> {
    const hit = this.map.get(key);
    if (!hit || hit.expires <= this.now()) {
      await this.set(key, String(by), ttlMs);
      return by;
    }
    hit.value = String(Number(hit.value) + by);
    return Number(hit.value);
  }

  /** Drops expired entries now and then, so a long-running process does not grow without end. */
  private sweep(): void {
    if (this.map.size < 1000) return;
    const now = this.now();
    for (const [k, v] of this.map) if (v.expires <= now) this.map.delete(k);
  }
}
