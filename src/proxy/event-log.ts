/**
 * The proxy's durable record of session events: the receiver writes each verified,
 * de-duplicated delivery here before it answers 2xx, the site's `onEvent` is fed from here at
 * least once (event-consumer.ts), and `GET /events/stream` reads it (so `Last-Event-ID` resumes).
 *
 * Two implementations with one contract: `memoryEventLog()` (this file; one process, bounded) and
 * `redisEventLog()` (redis-event-log.ts; a Redis Stream with one consumer group, shared by every
 * instance on that Redis). A site may bring its own.
 *
 * Ids are the log's own, `<ms>-<seq>` as Redis writes them: increasing in the order written,
 * across instances; the ms part is when the proxy received the event.
 *
 * Two words for where a taken event is, in both logs, their types, log lines and Redis keys:
 * - **leased**: handed to one consumer, its own until the lease (`leaseMs`) runs out; a lease that
 *   runs out (the consumer crashed) lets another consumer take it, one attempt more.
 * - **delayed**: its handler failed, and it waits for its retry time before it is taken again.
 */
import type { WebhookEvent } from '../platform/schemas.js';

export interface LoggedEvent {
  /** The log's id (`<ms>-<seq>`), increasing; the `id:` of the live stream. */
  id: string;
  /**
   * The idempotency key: the SHA-256 of the delivery's bytes, hex. A delivery the platform sends
   * again has the same key and is written once; a handler that saw the key already may skip it.
   */
  key: string;
  event: WebhookEvent;
}

/**
 * A notice of the proxy's own, written to the log so that every instance's live stream sends it
 * (a head's session budget reached: session-budget.ts). Its key starts with this, which no
 * delivery's key (a hex digest) does; `onEvent` is never given one: it is no platform event.
 */
export const NOTICE_KEY = 'notice:';
export const isNotice = (entry: Pick<LoggedEvent, 'key'>): boolean =>
  entry.key.startsWith(NOTICE_KEY);

/** An event leased to a consumer: its attempt, from 1. */
export interface PendingEvent extends LoggedEvent {
  attempt: number;
}

/** An event whose handler failed until its retry time ran out. */
export interface FailedEvent extends LoggedEvent {
  attempts: number;
  /** The handler's last error message. */
  error: string;
  failedAt: string;
}

export interface EventLog {
  /** True when every instance writes to this one log (Redis); false for a log of one process. */
  readonly shared: boolean;
  /**
   * Writes the event unless an event with this key was written in the last `dedupeMs`: the entry
   * written, or undefined for a repeat. Throws (StoreUnavailable) when it cannot write: the
   * receiver then answers 503 and the platform sends the delivery again.
   */
  append(key: string, event: WebhookEvent): Promise<LoggedEvent | undefined>;
  /** Entries after `afterId` (all kept when undefined), oldest first, at most `limit`. */
  read(afterId: string | undefined, limit: number): Promise<LoggedEvent[]>;
  /** The newest `limit` entries, oldest first. */
  recent(limit: number): Promise<LoggedEvent[]>;
  /** Calls `wake` whenever entries may have been written, on any instance. Returns the unsubscribe. */
  watch(wake: () => void): () => void;
  /**
   * Up to `count` events for `consumer` to handle, each leased to one consumer of the group at a
   * time: delayed events that are due, events whose lease ran out (their consumer crashed), then
   * new ones.
   */
  take(consumer: string, count: number): Promise<PendingEvent[]>;
  /** The handler succeeded: the event is settled. */
  done(entry: PendingEvent): Promise<void>;
  /** The handler failed: delayed until `retryAt`, or, when undefined, given up (the failed list). */
  failed(entry: PendingEvent, error: string, retryAt: number | undefined): Promise<void>;
  /** The failed list, oldest first. */
  failures(limit: number): Promise<FailedEvent[]>;
  /** Puts a failed event back to be handled at once (attempts from 1 again); false when not failed. */
  retry(id: string): Promise<boolean>;
  close(): Promise<void>;
}

export interface EventLogOptions {
  /** Entries kept at most (the oldest go first). */
  maxLength?: number;
  /** Entries older than this are dropped (ms). */
  retentionMs?: number;
  /** A delivery's key is remembered this long, so the same delivery is written once (ms). */
  dedupeMs?: number;
  /** The lease: a consumer that took an event and has not settled it within this long is taken to have crashed (ms). */
  leaseMs?: number;
  now?: () => number;
}

export const EVENT_LOG_DEFAULTS = {
  /** Seven days of events… */
  retentionMs: 7 * 24 * 3600e3,
  /** …and at most this many in Redis (the memory log keeps MEMORY_LOG_LENGTH). */
  maxLength: 100_000,
  dedupeMs: 24 * 3600e3,
  leaseMs: 60_000,
} as const;

/** The memory log's default length: a process's memory, not a database. */
export const MEMORY_LOG_LENGTH = 10_000;
/** Events onEvent has not been given yet are kept past the length, up to this many times it. */
const MEMORY_BACKLOG_FACTOR = 5;
/** Delivery keys the memory log remembers at most (for `dedupeMs`, or fewer when there are more). */
const MEMORY_SEEN_KEYS = 100_000;

/** Compares two log ids (`<ms>-<seq>`) in the order written. */
export function compareIds(a: string, b: string): number {
  const [am = 0, as = 0] = a.split('-').map(Number);
  const [bm = 0, bs = 0] = b.split('-').map(Number);
  return am - bm || as - bs;
}

/** The time (ms) an id was written. */
export const idTime = (id: string): number => Number(id.split('-')[0]) || 0;

/** A well-formed log id (what `Last-Event-ID` must be to be read). */
export const isLogId = (id: string): boolean => /^\d{1,15}-\d{1,15}$/.test(id);

interface Settling {
  attempt: number;
  /** When the event is next due: its retry time while delayed, or its lease's end while leased. */
  due: number;
  /** Leased to a consumer (true), or delayed until `due` (false). */
  leased: boolean;
  error?: string;
}

/**
 * The log of one process: entries in an array (at most `maxLength`, none older than `retentionMs`),
 * de-duplication keys in a Map, one consumer group. What it promises holds within the process: a
 * restart loses the log (use `DH_STORE=redis://…` for events that outlive a process).
 */
export function memoryEventLog(options: EventLogOptions = {}): EventLog {
  const {
    maxLength = MEMORY_LOG_LENGTH,
    retentionMs = EVENT_LOG_DEFAULTS.retentionMs,
    dedupeMs = EVENT_LOG_DEFAULTS.dedupeMs,
    leaseMs = EVENT_LOG_DEFAULTS.leaseMs,
    now = Date.now,
  } = options;
  const entries: LoggedEvent[] = [];
  const seen = new Map<string, number>();
  const watchers = new Set<() => void>();
  /** Events taken and not yet done, by id. */
  const settling = new Map<string, Settling & { entry: LoggedEvent }>();
  const failedList = new Map<string, FailedEvent>();
  /** The last id given to the group as new. */
  let delivered = '0-0';
  let last = { ms: 0, seq: 0 };

  /** Whether a consumer takes from this log (onEvent): then what it has not taken yet is kept. */
  let consumed = false;
  const trim = (t: number) => {
    let drop = Math.max(0, entries.length - maxLength);
    while (drop < entries.length && idTime(entries[drop]!.id) < t - retentionMs) drop++;
    // Never an event onEvent has not been given (a backlog while it is slow), up to a hard bound.
    if (consumed && entries.length <= MEMORY_BACKLOG_FACTOR * maxLength) {
      const waiting = after(delivered);
      if (waiting >= 0) drop = Math.min(drop, waiting);
    }
    if (drop) entries.splice(0, drop);
    for (const [key, until] of seen) {
      // Expired, or past the bound (the oldest first): a process's memory, whatever the traffic.
      if (until > t && seen.size <= MEMORY_SEEN_KEYS) break;
      seen.delete(key);
    }
  };
  const nextId = (t: number) => {
    last = t > last.ms ? { ms: t, seq: 0 } : { ms: last.ms, seq: last.seq + 1 };
    return `${last.ms}-${last.seq}`;
  };
  const after = (id: string | undefined) =>
    id === undefined ? 0 : entries.findIndex((e) => compareIds(e.id, id) > 0);

  return {
    shared: false,
    async append(key, event) {
      const t = now();
      trim(t);
      if ((seen.get(key) ?? 0) > t) return undefined;
      // Re-inserted, so the Map stays in expiry order for trim.
      seen.delete(key);
      seen.set(key, t + dedupeMs);
      const entry = { id: nextId(t), key, event };
      entries.push(entry);
      trim(t);
      for (const wake of watchers) wake();
      return entry;
    },
    async read(afterId, limit) {
      const from = after(afterId);
      return from < 0 ? [] : entries.slice(from, from + limit);
    },
    async recent(limit) {
      return entries.slice(Math.max(0, entries.length - limit));
    },
    watch(wake) {
      watchers.add(wake);
      return () => void watchers.delete(wake);
    },
    async take(_consumer, count) {
      consumed = true;
      const t = now();
      const taken: PendingEvent[] = [];
      for (const s of settling.values()) {
        if (taken.length >= count) break;
        if (s.due > t) continue;
        // A delayed event that is due, or a lease that ran out (one attempt more): leased again.
        s.attempt += s.leased ? 1 : 0;
        s.leased = true;
        s.due = t + leaseMs;
        taken.push({ ...s.entry, attempt: s.attempt });
      }
      const from = after(delivered);
      for (let i = from; i >= 0 && i < entries.length && taken.length < count; i++) {
        const entry = entries[i]!;
        delivered = entry.id;
        settling.set(entry.id, { entry, attempt: 1, due: t + leaseMs, leased: true });
        taken.push({ ...entry, attempt: 1 });
      }
      return taken;
    },
    async done(entry) {
      settling.delete(entry.id);
    },
    async failed(entry, error, retryAt) {
      const s = settling.get(entry.id);
      if (!s) return;
      if (retryAt === undefined) {
        settling.delete(entry.id);
        failedList.set(entry.id, {
          id: entry.id,
          key: entry.key,
          event: entry.event,
          attempts: entry.attempt,
          error,
          failedAt: new Date(now()).toISOString(),
        });
        // Bounded like the log: the oldest failures go first.
        for (const id of failedList.keys()) {
          if (failedList.size <= maxLength) break;
          failedList.delete(id);
        }
        return;
      }
      Object.assign(s, { attempt: entry.attempt + 1, due: retryAt, leased: false, error });
    },
    async failures(limit) {
      return [...failedList.values()].slice(0, limit);
    },
    async retry(id) {
      const f = failedList.get(id);
      if (!f) return false;
      failedList.delete(id);
      settling.set(id, {
        entry: { id: f.id, key: f.key, event: f.event },
        attempt: 1,
        due: 0,
        leased: false,
      });
      for (const wake of watchers) wake();
      return true;
    },
    async close() {
      watchers.clear();
    },
  };
}
