import type { EventLog, EventLogOptions } from './event-log.js';

/**
 * State the proxy may need to share between instances (serverless, several machines): a small
 * key-value interface with a TTL. The default (`memoryStore()`, shared-store.ts) is unstorage's
 * memory driver and suits one process; a site that runs many sets `DH_STORE=redis://…`, binds
 * Workers KV, or plugs in its own database with the same four methods.
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
  /**
   * The event log that goes with this store, when it has one: `redisStore()`'s is a Redis Stream on
   * the same Redis (redis-event-log.ts). createProxy takes it unless it is given `eventLog`; a store
   * without one gets a log in the process's memory.
   */
  eventLog?(options: EventLogOptions): EventLog;
}

/** The store failed (Redis down, a network error): callers answer 503 and the platform retries. */
export class StoreUnavailable extends Error {
  constructor(cause: unknown) {
    super(
      `The shared store is not answering: ${cause instanceof Error ? cause.message : String(cause)}`,
      { cause },
    );
    this.name = 'StoreUnavailable';
  }
}
