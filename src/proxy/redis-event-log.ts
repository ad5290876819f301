/**
 * The event log in Redis (`DH_STORE=redis://…`): a Redis Stream, shared by every instance on that
 * Redis (event-log.ts has the contract, and the two words: leased, delayed).
 *
 *   {<base>}:events           the stream: XADD (trimmed to maxLength and retentionMs), one consumer
 *                             group `handlers`; XREADGROUP for new events (leased through the
 *                             group's pending list), XAUTOCLAIM for events whose lease ran out
 *   {<base>}:events:seen:<k>  a delivery's key, SET NX PX in the same script as its XADD
 *   {<base>}:events:delayed   HASH id → {entry, attempt, error, leased} of delayed events (leased: a
 *                             consumer took it once it was due)
 *   {<base>}:events:due       ZSET id → when it is due: its retry time while delayed, its lease's
 *                             end once taken
 *   {<base>}:events:failed    HASH id → the failed event
 *
 * `{<base>}` is a hash tag: Redis Cluster places a key by the part between the braces only, so
 * every key of the log is in one slot, and a script or a MULTI that touches several of them runs
 * on a cluster (keys of different slots fail there with CROSSSLOT).
 *
 * Earlier versions named the keys without the tag (`<base>:events`, `<base>:events:delayed`, …),
 * and before that the delayed events' keys `<base>:events:held` and `<base>:events:retry`. On a
 * single Redis (where those versions ran: their scripts could not run on a cluster) this version
 * moves whatever is under those names to its own (MOVE_EARLIER) when it starts and at every take:
 * during a rolling upgrade, what an instance of an earlier version still writes is handed over
 * within a take. An instance of an earlier version never reads the new names, so it cannot drop
 * an event this version wrote; an event leased to it when the keys moved may be handled twice
 * (as after a lease runs out), never not at all. A delivery's key is checked under its earlier
 * name too (APPEND), so a delivery the earlier version took is still a repeat.
 *
 * Node only (ioredis), on the store's connection: a single Redis or a Redis Cluster.
 */
import type { Cluster, Redis } from 'ioredis';
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

/**
 * SET NX the key, then XADD and trim by age; nil for a key seen before. On a single Redis KEYS[3]
 * is the key's earlier name (without the hash tag): a key seen under it is a repeat too.
 */
const APPEND = `
if #KEYS == 3 and redis.call('EXISTS', KEYS[3]) == 1 then return false end
if not redis.call('SET', KEYS[1], '1', 'NX', 'PX', ARGV[1]) then return false end
local id = redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[2], '*', 'key', ARGV[4], 'event', ARGV[5])
redis.call('XTRIM', KEYS[2], 'MINID', '~', ARGV[3])
return id`;

/** The delayed events that are due (ARGV[1]), each leased to the caller until ARGV[2], at most ARGV[3]: their ids. */
const TAKE_DUE = `
local ids = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, ARGV[3])
for _, id in ipairs(ids) do redis.call('ZADD', KEYS[1], ARGV[2], id) end
return ids`;

/**
 * What earlier versions left under their names (KEYS[1..6]: stream, delayed, due, failed, and the
 * older held and retry) moved to this version's (KEYS[7..10]: stream, delayed, due, failed), in
 * one script, so two instances never both move it. A delayed or failed event already under the
 * new name keeps its entry there (HSETNX, ZADD NX). The stream is renamed when the new one does not
 * exist yet: its entries keep their ids, and the group (ARGV[1]) its leases. When both exist (an
 * instance of an earlier version wrote after the first move), what the earlier stream's group has
 * not settled, leased or never given out, is appended to the new stream, and the earlier one is
 * deleted.
 */
const MOVE_EARLIER = `
local function moveHash(from, to)
  local all = redis.call('HGETALL', from)
  for i = 1, #all, 2 do redis.call('HSETNX', to, all[i], all[i + 1]) end
  redis.call('DEL', from)
end
local function moveSortedSet(from, to)
  local all = redis.call('ZRANGE', from, 0, -1, 'WITHSCORES')
  for i = 1, #all, 2 do redis.call('ZADD', to, 'NX', all[i + 1], all[i]) end
  redis.call('DEL', from)
end
moveHash(KEYS[2], KEYS[8])
moveSortedSet(KEYS[3], KEYS[9])
moveHash(KEYS[4], KEYS[10])
moveHash(KEYS[5], KEYS[8])
moveSortedSet(KEYS[6], KEYS[9])
if redis.call('EXISTS', KEYS[1]) == 0 then return end
if redis.call('EXISTS', KEYS[7]) == 0 then
  redis.call('RENAME', KEYS[1], KEYS[7])
  return
end
local lastGiven = nil
for _, fields in ipairs(redis.call('XINFO', 'GROUPS', KEYS[1])) do
  local group = {}
  for i = 1, #fields, 2 do group[fields[i]] = fields[i + 1] end
  if group['name'] == ARGV[1] then lastGiven = group['last-delivered-id'] end
end
local unsettled = {}
local length = redis.call('XLEN', KEYS[1])
if lastGiven and length > 0 then
  for _, leased in ipairs(redis.call('XPENDING', KEYS[1], ARGV[1], '-', '+', length)) do
    for _, e in ipairs(redis.call('XRANGE', KEYS[1], leased[1], leased[1])) do
      table.insert(unsettled, e)
    end
  end
end
for _, e in ipairs(redis.call('XRANGE', KEYS[1], lastGiven and ('(' .. lastGiven) or '-', '+')) do
  table.insert(unsettled, e)
end
for _, e in ipairs(unsettled) do redis.call('XADD', KEYS[7], '*', unpack(e[2])) end
redis.call('DEL', KEYS[1])`;

/** Off the failed list and delayed until now (due at once), if it is still on it: 1, else 0. */
const RETRY = `
if redis.call('HDEL', KEYS[1], ARGV[1]) == 0 then return 0 end
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
redis.call('ZADD', KEYS[3], 0, ARGV[1])
return 1`;

/** A delayed event, as `{<base>}:events:delayed` keeps it. */
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

/** The log's keys under `base`, all with the hash tag `{<base>}` (one slot of a cluster). */
export function eventLogKeys(base: string) {
  const stream = `{${base}}:events`;
  return {
    stream,
    seen: (key: string) => `${stream}:seen:${key}`,
    delayed: `${stream}:delayed`,
    due: `${stream}:due`,
    failed: `${stream}:failed`,
  };
}

/** The names earlier versions gave the log's keys (MOVE_EARLIER's order), without a hash tag. */
function earlierKeys(base: string) {
  const stream = `${base}:events`;
  return {
    seen: (key: string) => `${stream}:seen:${key}`,
    moved: [stream, `${stream}:delayed`, `${stream}:due`, `${stream}:failed`],
    older: [`${stream}:held`, `${stream}:retry`],
  };
}

export function redisEventLog(
  client: Redis | Cluster,
  options: EventLogOptions & {
    base?: string;
    /** Awaited before the first command: the store's first connection to a cluster (redis-store.ts). */
    connected?: Promise<void>;
  } = {},
): EventLog {
  const {
    base = 'dh',
    maxLength = EVENT_LOG_DEFAULTS.maxLength,
    retentionMs = EVENT_LOG_DEFAULTS.retentionMs,
    dedupeMs = EVENT_LOG_DEFAULTS.dedupeMs,
    leaseMs = EVENT_LOG_DEFAULTS.leaseMs,
    now = Date.now,
    connected,
  } = options;
  const keys = eventLogKeys(base);
  const { stream, due: dueKey, delayed: delayedKey, failed: failedKey } = keys;
  // A cluster never held the earlier names: those versions' scripts failed there (CROSSSLOT).
  const earlier = client.isCluster ? undefined : earlierKeys(base);
  const attempt = async <T>(op: () => Promise<T>): Promise<T> => {
    try {
      await connected;
      return await op();
    } catch (err) {
      throw new StoreUnavailable(err);
    }
  };

  const moveEarlier = async () => {
    if (!earlier) return;
    await client.eval(
      MOVE_EARLIER,
      10,
      ...earlier.moved,
      ...earlier.older,
      stream,
      delayedKey,
      dueKey,
      failedKey,
      GROUP,
    );
  };

  // At start (the first use): what earlier versions left is moved over, then the group is made
  // with the stream, at its end ('$'): it is given every event written after (a stream moved over
  // keeps its group). Made again from the start ('0') when it is gone (a Redis that lost its data,
  // FLUSHDB, an eviction): an event may then be handled twice, never not at all.
  let group: Promise<unknown> | undefined;
  const ensureGroup = (from = '$') =>
    (group ??= moveEarlier()
      .then(() => client.xgroup('CREATE', stream, GROUP, from, 'MKSTREAM'))
      .catch((err: Error) => {
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
    // During a rolling upgrade, instances of an earlier version still write under its names.
    await attempt(moveEarlier);
    const t = now();
    const taken: PendingEvent[] = [];
    // 1. Delayed events that are due (and leases on them that ran out).
    const due = (await attempt(() =>
      client.eval(TAKE_DUE, 1, dueKey, String(t), String(t + leaseMs), String(count)),
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
      const appendKeys = [keys.seen(key), stream, ...(earlier ? [earlier.seen(key)] : [])];
      const id = await attempt(() =>
        client.eval(
          APPEND,
          appendKeys.length,
          ...appendKeys,
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
      await attempt(ensureGroup);
      return entries(
        await attempt(() =>
          client.xrange(stream, afterId ? `(${afterId}` : '-', '+', 'COUNT', limit),
        ),
      );
    },
    async recent(limit) {
      await attempt(ensureGroup);
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
      await attempt(ensureGroup);
      const all = await attempt(() => client.hvals(failedKey));
      return all
        .map((raw) => JSON.parse(raw) as FailedEvent)
        .sort((a, b) => compareIds(a.id, b.id))
        .slice(0, limit);
    },
    async retry(id) {
      await attempt(ensureGroup);
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
