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
   * Changes a set of members that each expire on their own (a head's running sessions and the
   * launch links not started yet: session-budget.ts) in one atomic step, and tells what it holds
   * now. Optional: a store without it has the set changed with `get` and `set`, one change at a
   * time in each process (exact for one instance; expiring-set.ts).
   */
  expiringSet?(key: string, change: ExpiringSetChange): Promise<ExpiringSetState>;
  /**
   * Changes a tally, numbers by name (a head's day of conversation insights:
   * conversation-insights.ts), in one atomic step, and reads it. Optional: a store without it has
   * the tally changed with `get` and `set`, one change at a time in each process (exact for one
   * instance; tally.ts).
   */
  tally?(key: string, change: TallyChange): Promise<TallyState>;
  /**
   * The event log that goes with this store, when it has one: `redisStore()`'s is a Redis Stream on
   * the same Redis (redis-event-log.ts). createProxy takes it unless it is given `eventLog`; a store
   * without one gets a log in the process's memory.
   */
  eventLog?(options: EventLogOptions): EventLog;
}

/**
 * One change of an expiring set, applied in this order: members whose time is up (`until` at or
 * before `now`) are dropped, `remove` takes its members out, `add` puts its member in, then
 * `removeFirst` takes one out, only when `add` put its member in now (or there is no `add`): a
 * change repeated (a delivery sent again) takes nothing more.
 */
export interface ExpiringSetChange {
  /** The caller's clock (ms), so every instance, and a test's clock, reads the set the same way. */
  now: number;
  /** Members to take out. */
  remove?: readonly string[];
  /** Takes out the member that expires first among the others whose name starts with this. */
  removeFirst?: string;
  /** A member to put in with its expiry (epoch ms); one that is there already keeps its own. */
  add?: { member: string; until: number };
  /** `add` only while fewer than this many members are there. */
  limit?: number;
  /** Answer how many members there are (`count`), not which (`members` empty): less to send back. */
  countOnly?: boolean;
  /** The set is kept this long after a change (ms). */
  ttlMs: number;
}

/** What an expiring set holds after a change. */
export interface ExpiringSetState {
  /** Whether `add`'s member is in the set now (put in, or there already). */
  added: boolean;
  /** The member `removeFirst` took out, if any. */
  removedFirst?: string;
  /** The members now, with their expiry, the first to expire first (none with `countOnly`). */
  members: [member: string, until: number][];
  /** How many members there are now (a store of your own may leave it out without `countOnly`). */
  count?: number;
  /** The members this change dropped because their time was up: each is told to one caller only. */
  expired: [member: string, until: number][];
}

/**
 * One change of a tally, in this order: when `once` was seen on this tally (within `onceMs`) the
 * change does nothing; otherwise `add` adds to its fields, `max` raises its fields to at least its
 * values, and `ranked` counts its field among at most `limit` fields of its kind. Numbers are whole.
 */
export interface TallyChange {
  /** What is counted: a change repeated with the same `once` (a delivery sent again) does nothing. */
  once?: string;
  /** How long `once` is remembered (ms); the tally itself is kept `ttlMs`. */
  onceMs?: number;
  add?: Readonly<Record<string, number>>;
  max?: Readonly<Record<string, number>>;
  /**
   * Adds `by` (default 1) to `field`, one of at most `limit` fields whose names start with
   * `prefix`: a new field when all are taken replaces the lowest, and starts from its count (the
   * "space-saving" count of heavy hitters: whatever is counted more than 1/limit of the time keeps
   * its place, and no count is ever too low).
   */
  ranked?: { field: string; prefix: string; limit: number; by?: number };
  /** The tally is kept this long after a change (ms). */
  ttlMs: number;
  /** Answer the fields (after the change). */
  read?: boolean;
}

/** A tally after a change. */
export interface TallyState {
  /** False when `once` was seen already: nothing changed. */
  applied: boolean;
  /** The fields, when the change asked to `read` them (else empty). */
  fields: Record<string, number>;
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
