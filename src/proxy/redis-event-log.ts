/**
 * The event log in Redis (`DH_STORE=redis://…`): a Redis Stream, shared by every instance on that
 * Redis (event-log.ts has the contract, and the two words: leased, delayed).
 *
 *   <base>:events           the stream: XADD (trimmed to maxLength and retentionMs), one consumer
 *                           group `handlers`; XREADGROUP for new events (leased through the group's
 *                           pending list), XAUTOCLAIM for events whose lease ran out
 *   <base>:events:seen:<k>  a delivery's key, SET NX PX in the same script as its XADD
 *   <base>:events:delayed   HASH id → {entry, attempt, error, leased} of delayed events (leased: a
 *                           consumer took it once it was due)
 *   <base>:events:due       ZSET id → when it is due: its retry time while delayed, its lease's
 *                           end once taken
 *   <base>:events:failed    HASH id → the failed event
 *
 * Earlier versions named the delayed events' keys `<base>:events:held` and `<base>:events:retry`
 * (same values). Both new names, so an instance of an earlier version, still running during a
 * rolling upgrade, never takes a delayed event this version wrote (it would find no entry under
 * its name and drop it); this version moves each due event from the old keys when it takes
 * (TAKE_DUE), so what the earlier version delayed is handled too.
 *
 * Node only (ioredis), on the store's connection.
 */
import type { Redis } from 'ioredis';
import { webhookEventSchema, type WebhookEvent } from '../platform/schemas.js';
import {
  EVENT_LOG_DEFAULTS,
  compareIds,
  type EventLog,
  type EventLogOptions,
  type FailedEvent,
  type LoggedEvent,
  type PendingEvent,
} from './event-log.js';
import { StoreUnavailable } from './store.js';

const GROUP = 'handlers';
/** How often a watched log looks for new entries (ms): the delay of a live stream and of `onEvent`, at most. */
const WATCH_MS = 250;

/** SET NX the key, then XADD and trim by age; nil for a key seen before. */
const APPEND = `
if not redis.call('SET', KEYS[1], '1', 'NX', 'PX', ARGV[1]) then return false end
local id = redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[2], '*', 'key', ARGV[4], 'event', ARGV[5])
redis.call('XTRIM', KEYS[2], 'MINID', '~', ARGV[3])
return id`;

/**
 * The delayed events that are due (ARGV[1]), each leased to the caller until ARGV[2], at most
 * ARGV[3]: their ids. First, what is due under the earlier names (KEYS[3], KEYS[4]) moves to the
 * new ones (KEYS[1] due, KEYS[2] delayed), in the same script, so two instances never both take it.
 */
const TAKE_DUE = `
for _, id in ipairs(redis.call('ZRANGEBYSCORE', KEYS[3], '-inf', ARGV[1], 'LIMIT', 0, ARGV[3])) do
  local raw = redis.call('HGET', KEYS[4], id)
  if raw then
    redis.call('HSETNX', KEYS[2], id, raw)
    redis.call('ZADD', KEYS[1], 'NX', redis.call('ZSCORE', KEYS[3], id), id)
  end
  redis.call('ZREM', KEYS[3], id)
  redis.call('HDEL', KEYS[4], id)
end
local ids = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, ARGV[3])
for _, id in ipairs(ids) do redis.call('ZADD', KEYS[1], ARGV[2], id) end
return ids`;

/** Off the failed list and delayed until now (due at once), if it is still on it: 1, else 0. */
const RETRY = `
if redis.call('HDEL', KEYS[1], ARGV[1]) == 0 then return 0 end
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
redis.call('ZADD', KEYS[3], 0, ARGV[1])
return 1`;

/** A delayed event, as `<base>:events:delayed` keeps it. */
interface Delayed {
  entry: LoggedEvent;
  attempt: number;
  /** Leased to a consumer since it was due; a lease that ran out counts an attempt more. */
  leased?: boolean;
  error?: string;
}

/** The stream's fields as ioredis gives them (`[id, [name, value, …]]`), as an entry; undefined when not ours. */
function entryOf([id, fields]: [string, string[]]): LoggedEvent | undefined {
  const get = (name: string) => fields[fields.indexOf(name) + 1];
  try {
    const event = webhookEventSchema.safeParse(JSON.parse(get('event') ?? ''));
    const key = get('key');
    return event.success && key ? { id, key, event: event.data as WebhookEvent } : undefined;
  } catch {
    return undefined;
  }
}

const entries = (list: [string, string[]][] | null | undefined) =>
  (list ?? []).map(entryOf).filter((e): e is LoggedEvent => e !== undefined);

export function redisEventLog(
  client: Redis,
  options: EventLogOptions & { base?: string } = {},
): EventLog {
  const {
    base = 'dh',
    maxLength = EVENT_LOG_DEFAULTS.maxLength,
    retentionMs = EVENT_LOG_DEFAULTS.retentionMs,
    dedupeMs = EVENT_LOG_DEFAULTS.dedupeMs,
    leaseMs = EVENT_LOG_DEFAULTS.leaseMs,
    now = Date.now,
  } = options;
  const stream = `${base}:events`;
  const dueKey = `${stream}:due`;
  const delayedKey = `${stream}:delayed`;
  const failedKey = `${stream}:failed`;
  /** The earlier versions' names of dueKey and delayedKey: read (and emptied) by TAKE_DUE. */
  const earlierDueKey = `${stream}:retry`;
  const earlierDelayedKey = `${stream}:held`;
  const attempt = async <T>(op: () => Promise<T>): Promise<T> => {
    try {
      return await op();
    } catch (err) {
      throw new StoreUnavailable(err);
    }
  };

  // The group is made with the stream, at its end ('$'): it is given every event written after.
  // Made again from the start ('0') when it is gone (a Redis that lost its data, FLUSHDB, an
  // eviction): an event may then be handled twice, never not at all.
  let group: Promise<unknown> | undefined;
  const ensureGroup = (from = '$') =>
    (group ??= client.xgroup('CREATE', stream, GROUP, from, 'MKSTREAM').catch((err: Error) => {
      if (!/BUSYGROUP/.test(err.message)) {
        group = undefined;
        throw err;
      }
    }));
  const noGroup = (err: unknown) =>
    /NOGROUP/.test(
      `${(err as Error)?.message} ${((err as Error)?.cause as Error | undefined)?.message}`,
    );

  // One look at the newest id every WATCH_MS for all the watchers of this instance, while there
  // are any: on the store's own connection (a blocking XREAD would need one of its own, which
  // outlives the store when it closes), with a timer that does not keep the process alive.
  const watchers = new Set<() => void>();
  let timer: ReturnType<typeof setInterval> | undefined;
  let newest: string | undefined;
  let looking = false;
  const look = async () => {
    if (looking || client.status === 'end') return;
    looking = true;
    try {
      const [last] = await client.xrevrange(stream, '+', '-', 'COUNT', 1);
      const id = last?.[0];
      if (id !== newest) {
        newest = id;
        for (const wake of watchers) wake();
      }
    } catch {
      // Redis away: the consumers poll, and the readers find the events when it is back.
    } finally {
      looking = false;
    }
  };
  const stopWatching = () => {
    clearInterval(timer);
    timer = undefined;
  };

  const takeFrom = async (consumer: string, count: number): Promise<PendingEvent[]> => {
    await attempt(() => ensureGroup());
    const t = now();
    const taken: PendingEvent[] = [];
    // 1. Delayed events that are due (and leases on them that ran out).
    const due = (await attempt(() =>
      client.eval(
        TAKE_DUE,
        4,
        dueKey,
        delayedKey,
        earlierDueKey,
        earlierDelayedKey,
        String(t),
        String(t + leaseMs),
        String(count),
      ),
    )) as string[];
    for (const id of due) {
      const raw = await attempt(() => client.hget(delayedKey, id));
      if (!raw) {
        await client.zrem(dueKey, id);
        continue;
      }
      const delayed = JSON.parse(raw) as Delayed;
      const next = delayed.leased ? delayed.attempt + 1 : delayed.attempt;
      await attempt(() =>
        client.hset(delayedKey, id, JSON.stringify({ ...delayed, attempt: next, leased: true })),
      );
      taken.push({ ...delayed.entry, attempt: next });
    }
    if (taken.length >= count) return taken;
    // 2. Events whose lease ran out: the consumer that took them did not settle them (it crashed).
    const claimed = (await attempt(() =>
      client.xautoclaim(stream, GROUP, consumer, leaseMs, '0-0', 'COUNT', count - taken.length),
    )) as [string, [string, string[]][]];
    const reclaimed = entries(claimed?.[1]);
    if (reclaimed.length) {
      // How often each was delivered: its attempt.
      const pending = (await attempt(() =>
        client.xpending(
          stream,
          GROUP,
          reclaimed[0]!.id,
          reclaimed.at(-1)!.id,
          reclaimed.length,
          consumer,
        ),
      )) as [string, string, number, number][];
      const times = new Map(pending.map(([id, , , n]) => [id, n]));
      for (const e of reclaimed) taken.push({ ...e, attempt: times.get(e.id) ?? 2 });
    }
    if (taken.length >= count) return taken;
    // 3. New events.
    const fresh = (await attempt(() =>
      client.xreadgroup(
        'GROUP',
        GROUP,
        consumer,
        'COUNT',
        count - taken.length,
        'STREAMS',
        stream,
        '>',
      ),
    )) as [string, [string, string[]][]][] | null;
    for (const e of entries(fresh?.[0]?.[1])) taken.push({ ...e, attempt: 1 });
    return taken.sort((a, b) => compareIds(a.id, b.id));
  };

  return {
    shared: true,
    async append(key, event) {
      // The group exists before the first event, so it is given every event.
      await attempt(ensureGroup);
      const id = await attempt(() =>
        client.eval(
          APPEND,
          2,
          `${stream}:seen:${key}`,
          stream,
          String(Math.round(dedupeMs)),
          String(maxLength),
          `${Math.max(0, now() - retentionMs)}-0`,
          key,
          JSON.stringify(event),
        ),
      );
      return typeof id === 'string' ? { id, key, event } : undefined;
    },
    async read(afterId, limit) {
      return entries(
        await attempt(() =>
          client.xrange(stream, afterId ? `(${afterId}` : '-', '+', 'COUNT', limit),
        ),
      );
    },
    async recent(limit) {
      return entries(
        await attempt(() => client.xrevrange(stream, '+', '-', 'COUNT', limit)),
      ).reverse();
    },
    watch(wake) {
      watchers.add(wake);
      if (!timer) {
        timer = setInterval(() => void look(), WATCH_MS);
        (timer as { unref?: () => void }).unref?.();
      }
      return () => {
        watchers.delete(wake);
        if (watchers.size === 0) stopWatching();
      };
    },
    async take(consumer, count) {
      try {
        return await takeFrom(consumer, count);
      } catch (err) {
        if (!noGroup(err)) throw err;
        group = undefined;
        await attempt(() => ensureGroup('0'));
        return takeFrom(consumer, count);
      }
    },
    async done(entry) {
      await attempt(() =>
        client
          .multi()
          .xack(stream, GROUP, entry.id)
          .zrem(dueKey, entry.id)
          .hdel(delayedKey, entry.id)
          .exec(),
      );
    },
    async failed(entry, error, retryAt) {
      const { attempt: tries, ...logged } = entry;
      if (retryAt === undefined) {
        const failure: FailedEvent = {
          ...logged,
          attempts: tries,
          error,
          failedAt: new Date(now()).toISOString(),
        };
        await attempt(() =>
          client
            .multi()
            .hset(failedKey, entry.id, JSON.stringify(failure))
            .xack(stream, GROUP, entry.id)
            .zrem(dueKey, entry.id)
            .hdel(delayedKey, entry.id)
            .exec(),
        );
        return;
      }
      const delayed: Delayed = { entry: logged, attempt: tries + 1, error };
      await attempt(() =>
        client
          .multi()
          .hset(delayedKey, entry.id, JSON.stringify(delayed))
          .zadd(dueKey, retryAt, entry.id)
          .xack(stream, GROUP, entry.id)
          .exec(),
      );
    },
    async failures(limit) {
      const all = await attempt(() => client.hvals(failedKey));
      return all
        .map((raw) => JSON.parse(raw) as FailedEvent)
        .sort((a, b) => compareIds(a.id, b.id))
        .slice(0, limit);
    },
    async retry(id) {
      const raw = await attempt(() => client.hget(failedKey, id));
      if (!raw) return false;
      const {
        attempts: _attempts,
        error: _error,
        failedAt: _at,
        ...entry
      } = JSON.parse(raw) as FailedEvent;
      const delayed: Delayed = { entry, attempt: 1 };
      // Only the call that takes it off the failed list puts it back (two admins at once: once).
      return (
        (await attempt(() =>
          client.eval(RETRY, 3, failedKey, delayedKey, dueKey, id, JSON.stringify(delayed)),
        )) === 1
      );
    },
    async close() {
      watchers.clear();
      stopWatching();
    },
  };
}
