/**
 * The proxy's store on unstorage: whatever an instance remembers that others must see
 * (webhook de-duplication, counters of the rate limit and the daily video cap, key look-ups) goes
 * through one `KeyValueStore`, backed by an unstorage driver — memory by default (`memoryStore`),
 * Redis when `DH_STORE=redis://…` (redis-store.ts, Node), Cloudflare KV on the edge.
 *
 * Values are kept with their expiry (`{"v":…,"x":epochMs}`) and checked on read, so a driver
 * without TTLs is still right; drivers that have them are given the TTL too, to clean up.
 * `add` and `increment` must be atomic across instances: a driver with atomic primitives supplies
 * them (`AtomicOps`: Redis `SET NX PX` and `INCRBY` + `PEXPIRE NX`; the memory driver's own Map,
 * read and written in one synchronous step); without, they are made atomic within this process
 * only (one at a time per key), which is right for one instance.
 */
import { createStorage, normalizeKey, type Storage } from 'unstorage';
import memoryDriver from 'unstorage/drivers/memory';
import { changeStoredSet } from './expiring-set.js';
import {
  StoreUnavailable,
  type ExpiringSetChange,
  type ExpiringSetState,
  type KeyValueStore,
  type TallyChange,
  type TallyState,
} from './store.js';
import { changeStoredTally } from './tally.js';

/** The atomic operations of a driver that has them; keys as unstorage normalises them. */
export interface AtomicOps {
  add(key: string, value: string, ttlMs: number): Promise<boolean>;
  increment(key: string, ttlMs: number, by: number): Promise<number>;
  /** A change of an expiring set (expiring-set.ts); without it, one change at a time in this process. */
  expiringSet?(key: string, change: ExpiringSetChange): Promise<ExpiringSetState>;
  /** A change of a tally (tally.ts); without it, one change at a time in this process. */
  tally?(key: string, change: TallyChange): Promise<TallyState>;
}

/** Keys as unstorage normalises them, remembered (the rate limit asks for the same few keys every request). */
const normalizedKeys = new Map<string, string>();
function normalized(key: string): string {
  let done = normalizedKeys.get(key);
  if (done === undefined) {
    done = normalizeKey(key);
    if (normalizedKeys.size >= 4096) normalizedKeys.clear();
    normalizedKeys.set(key, done);
  }
  return done;
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** A stored value with its expiry, or undefined when absent, expired, damaged or not ours. */
function readEntry(raw: unknown, now: number): { v: string; x: number } | undefined {
  if (raw === null || raw === undefined) return undefined;
  // The memory store's counters: kept as objects in its Map, nothing to parse per request.
  if (raw instanceof Counter) return raw.x > now ? { v: String(raw.n), x: raw.x } : undefined;
  const text =
    typeof raw === 'string'
      ? raw
      : raw instanceof Uint8Array
        ? new TextDecoder().decode(raw)
        : String(raw);
  // A bare integer is a Redis counter (INCRBY, its TTL kept by Redis); everything else is {v, x}.
  if (/^-?\d+$/.test(text)) return { v: text, x: Number.POSITIVE_INFINITY };
  try {
    const e = JSON.parse(text) as { v?: unknown; x?: unknown };
    if (typeof e.v === 'string' && typeof e.x === 'number' && e.x > now) return { v: e.v, x: e.x };
  } catch {
    // Not ours, or damaged: read as absent.
  }
  return undefined;
}

const entry = (v: string, x: number) => JSON.stringify({ v, x });

/** A counter of the memory store: its value and expiry. */
class Counter {
  constructor(
    public n: number,
    readonly x: number,
  ) {}
}

export class UnstorageStore implements KeyValueStore {
  /** Per-key queues for add and increment when the driver has no atomic ones. */
  readonly #queues = new Map<string, Promise<unknown>>();

  constructor(
    readonly storage: Storage,
    private readonly atomic?: AtomicOps,
    private readonly now: () => number = Date.now,
    /** True for the one-process default (`memoryStore`): nothing here is seen by another instance. */
    readonly inMemory = false,
    /** Awaited before each call to the driver (a Redis Cluster's first connection: redis-store.ts). */
    private readonly ready?: () => Promise<void>,
  ) {}

  async get(key: string): Promise<string | undefined> {
    return readEntry(await this.#try(() => this.storage.getItemRaw<string>(key)), this.now())?.v;
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    await this.#try(() =>
      this.storage.setItemRaw(key, entry(value, this.now() + ttlMs), { ttl: seconds(ttlMs) }),
    );
  }

  async add(key: string, value: string, ttlMs: number): Promise<boolean> {
    if (this.atomic)
      return this.#try(() =>
        this.atomic!.add(normalized(key), entry(value, this.now() + ttlMs), ttlMs),
      );
    return this.#oneAtATime(key, async () => {
      if ((await this.get(key)) !== undefined) return false;
      await this.set(key, value, ttlMs);
      return true;
    });
  }

  async increment(key: string, ttlMs: number, by = 1): Promise<number> {
    // The memory store's Map cannot fail: its counters (the rate limit's, each request) go straight to it.
    if (this.atomic && this.inMemory) return this.atomic.increment(normalized(key), ttlMs, by);
    if (this.atomic) return this.#try(() => this.atomic!.increment(normalized(key), ttlMs, by));
    return this.#oneAtATime(key, async () => {
      const current = readEntry(
        await this.#try(() => this.storage.getItemRaw<string>(key)),
        this.now(),
      );
      const value = Number(current?.v ?? 0) + by;
      // A counter keeps the expiry it was born with (a fixed window), as Redis's PEXPIRE NX does.
      const expires = current?.x ?? this.now() + ttlMs;
      await this.#try(() =>
        this.storage.setItemRaw(key, entry(String(value), expires), {
          ttl: seconds(expires - this.now()),
        }),
      );
      return value;
    });
  }

  async expiringSet(key: string, change: ExpiringSetChange): Promise<ExpiringSetState> {
    if (this.atomic?.expiringSet)
      return this.#try(() => this.atomic!.expiringSet!(normalized(key), change));
    // The memory store's too: one process, so one change at a time in it is atomic.
    return changeStoredSet(this, key, change);
  }

  /**
   * Whether `tally` counts exactly across everything that shares this store: the driver's own
   * atomic one (Redis), or one process's memory. Otherwise (an upstash or vercel-kv driver, say)
   * it is get and set, approximate across instances (conversation-insights.ts says and lets go).
   */
  get atomicTally(): boolean {
    return this.inMemory || this.atomic?.tally !== undefined;
  }

  async tally(key: string, change: TallyChange): Promise<TallyState> {
    if (this.atomic?.tally) return this.#try(() => this.atomic!.tally!(normalized(key), change));
    // The memory store's too (one process), as for expiring sets.
    return changeStoredTally(this, key, change);
  }

  async #try<T>(op: () => Promise<T>): Promise<T> {
    try {
      await this.ready?.();
      return await op();
    } catch (err) {
      throw err instanceof StoreUnavailable ? err : new StoreUnavailable(err);
    }
  }

  #oneAtATime<T>(name: string, op: () => Promise<T>): Promise<T> {
    // One queue per key as the driver sees it (`a/b` and `a:b` are one key to unstorage).
    const key = normalized(name);
    const before = this.#queues.get(key) ?? Promise.resolve();
    const run = before.then(op, op);
    const settled = run.catch(() => undefined);
    this.#queues.set(key, settled);
    void settled.then(() => this.#queues.get(key) === settled && this.#queues.delete(key));
    return run;
  }
}

/** Expired entries of the memory store are dropped at most this often. */
const SWEEP_EVERY_MS = 5000;

/**
 * The default store of one process: unstorage's memory driver, with `add` and `increment` done on
 * the driver's own Map in one synchronous step (atomic in a process, and as cheap as a Map: the
 * rate limit counts every request). The driver ignores TTLs, so expired entries are dropped
 * every 5 s, also in one synchronous step: a sweep never removes a value written after it looked.
 */
export function memoryStore(now: () => number = Date.now): UnstorageStore {
  const driver = memoryDriver();
  const map = driver.getInstance!() as Map<string, unknown>;
  let swept = now();
  const sweep = (t: number) => {
    if (t - swept < SWEEP_EVERY_MS) return;
    swept = t;
    for (const [key, raw] of map) if (!readEntry(raw, t)) map.delete(key);
  };
  const atomic: AtomicOps = {
    async add(key, value) {
      const t = now();
      sweep(t);
      if (readEntry(map.get(key), t)) return false;
      map.set(key, value);
      return true;
    },
    async increment(key, ttlMs, by) {
      const t = now();
      sweep(t);
      const hit = map.get(key);
      if (hit instanceof Counter && hit.x > t) return (hit.n += by);
      // A new window, or a value some other way wrote: counted from it.
      const current = readEntry(hit, t);
      const counter = new Counter(Number(current?.v ?? 0) + by, current?.x ?? t + ttlMs);
      map.set(key, counter);
      return counter.n;
    },
  };
  return new UnstorageStore(createStorage({ driver }), atomic, now, true);
}
