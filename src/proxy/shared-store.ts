/**
 * The proxy's store on unstorage (issue 16): whatever an instance remembers that others must see
 * (webhook de-duplication, counters of the rate limit and the daily video cap, key look-ups) goes
 * through one `KeyValueStore`, backed by an unstorage driver — memory by default, Redis when
 * `DH_STORE=redis://…` (redis-store.ts, Node), Cloudflare KV on the edge.
 *
 * Values are kept with their expiry (`{"v":…,"x":epochMs}`) and checked on read, so a driver
 * without TTLs is still right; drivers that have them are given the TTL too, to clean up.
 * `add` and `increment` must be atomic across instances: a driver with atomic primitives supplies
 * them (`AtomicOps`, Redis `SET NX PX` and `INCRBY` + `PEXPIRE NX`); without, they are made atomic
 * within this process only (one at a time per key), which is right for one instance.
 */
import { createStorage, normalizeKey, type Storage } from 'unstorage';
import memoryDriver from 'unstorage/drivers/memory';
import { StoreUnavailable, type KeyValueStore } from './store.js';

/** The atomic operations of a driver that has them; keys as unstorage normalises them. */
export interface AtomicOps {
  add(key: string, value: string, ttlMs: number): Promise<boolean>;
  increment(key: string, ttlMs: number, by: number): Promise<number>;
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

export class UnstorageStore implements KeyValueStore {
  /** Per-key queues for add and increment when the driver has no atomic ones. */
  readonly #queues = new Map<string, Promise<unknown>>();

  constructor(
    readonly storage: Storage = createStorage({ driver: memoryDriver() }),
    private readonly atomic?: AtomicOps,
    private readonly now: () => number = Date.now,
  ) {}

  async get(key: string): Promise<string | undefined> {
    return this.#entry(await this.#try(() => this.storage.getItemRaw<string>(key)))?.v;
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    await this.#try(() => this.storage.setItemRaw(key, this.#write(value, ttlMs), { ttl: seconds(ttlMs) }));
  }

  async add(key: string, value: string, ttlMs: number): Promise<boolean> {
    if (this.atomic) return this.#try(() => this.atomic!.add(normalizeKey(key), this.#write(value, ttlMs), ttlMs));
    return this.#oneAtATime(key, async () => {
      if ((await this.get(key)) !== undefined) return false;
      await this.set(key, value, ttlMs);
      return true;
    });
  }

  async increment(key: string, ttlMs: number, by = 1): Promise<number> {
    if (this.atomic) return this.#try(() => this.atomic!.increment(normalizeKey(key), ttlMs, by));
    return this.#oneAtATime(key, async () => {
      const raw = await this.#try(() => this.storage.getItemRaw<string>(key));
      const current = this.#entry(raw);
      const value = Number(current?.v ?? 0) + by;
      // A counter keeps the expiry it was born with (a fixed window), as Redis's PEXPIRE NX does.
      const expires = current?.x ?? this.now() + ttlMs;
      await this.#try(() => this.storage.setItemRaw(key, JSON.stringify({ v: String(value), x: expires }), { ttl: seconds(expires - this.now()) }));
      return value;
    });
  }

  #write(value: string, ttlMs: number): string {
    return JSON.stringify({ v: value, x: this.now() + ttlMs });
  }

  #entry(raw: unknown): { v: string; x: number } | undefined {
    if (raw === null || raw === undefined) return undefined;
    const text = typeof raw === 'string' ? raw : raw instanceof Uint8Array ? new TextDecoder().decode(raw) : String(raw);
    // A bare integer is a Redis counter (INCRBY); everything else is {v, x}.
    if (/^-?\d+$/.test(text)) return { v: text, x: Number.POSITIVE_INFINITY };
    try {
      const e = JSON.parse(text) as { v?: unknown; x?: unknown };
      if (typeof e.v === 'string' && typeof e.x === 'number' && e.x > this.now()) return { v: e.v, x: e.x };
    } catch {
      // Not ours, or damaged: read as absent.
    }
    return undefined;
  }

  async #try<T>(op: () => Promise<T>): Promise<T> {
    try {
      return await op();
    } catch (err) {
      throw err instanceof StoreUnavailable ? err : new StoreUnavailable(err);
    }
  }

  #oneAtATime<T>(key: string, op: () => Promise<T>): Promise<T> {
    const before = this.#queues.get(key) ?? Promise.resolve();
    const run = before.then(op, op);
    const settled = run.catch(() => undefined);
    this.#queues.set(key, settled);
    void settled.then(() => this.#queues.get(key) === settled && this.#queues.delete(key));
    return run;
  }
}
