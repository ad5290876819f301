/**
 * `DH_STORE=redis://…`: the proxy's store on unstorage's Redis driver, shared by every instance
 * that names the same Redis. De-duplication and counters use Redis's own atomic commands on the
 * driver's connection: `SET key value PX ttl NX` (of concurrent adds exactly one wins, on any
 * instance) and `INCRBY` with `PEXPIRE … NX` in one MULTI (a counter's window starts with its
 * first hit; Redis 7).
 *
 * Node only (ioredis). When Redis cannot be reached, commands fail within `commandTimeoutMs` (one
 * reconnection attempt per command), so a request is answered 503 instead of hanging.
 */
import { createStorage } from 'unstorage';
import redisDriver from 'unstorage/drivers/redis';
import type { Redis } from 'ioredis';
import { redactUrl } from './config.js';
import type { EventLog, EventLogOptions } from './event-log.js';
import { redisEventLog } from './redis-event-log.js';
import { UnstorageStore, type AtomicOps } from './shared-store.js';
import { changeRedisSet } from './expiring-set.js';
import { warnOnConsole } from '../platform/printable.js';

export interface RedisStoreOptions {
  /** Keys are written under this prefix (`dh:` by default), so one Redis can serve other things too. */
  base?: string;
  /** How long a command may wait for Redis before the store says it is unavailable (ms). */
  commandTimeoutMs?: number;
  /** Told once when Redis goes away and once when it is back (default: console.warn). */
  warn?: (message: string) => void;
}

export interface RedisStore extends UnstorageStore {
  /** Closes the connection (tests, a graceful shutdown). */
  close(): Promise<void>;
  /** The event log on this Redis: a Redis Stream under the same prefix (redis-event-log.ts). */
  eventLog(options: EventLogOptions): EventLog;
}

export function redisStore(
  url: string,
  { base = 'dh', commandTimeoutMs = 2000, warn = warnOnConsole }: RedisStoreOptions = {},
): RedisStore {
  const driver = redisDriver({
    url,
    base,
    // Commands wait for the first connection, but not for Redis to come back: after one
    // reconnection attempt they fail (503, the caller retries) instead of queueing requests.
    maxRetriesPerRequest: 1,
    commandTimeout: commandTimeoutMs,
    connectTimeout: commandTimeoutMs,
    lazyConnect: false,
  });
  const client = () => driver.getInstance!() as Redis;
  // One line when Redis goes away and one when it is back, not one per reconnection attempt;
  // the address is said without its password.
  const where = redactUrl(url);
  let down = false;
  client()
    .on('error', (err: Error) => {
      if (!down)
        warn(
          `The shared store (${where}) is not answering (${err.message}): rate limits and webhook de-duplication answer 503 until it is back.`,
        );
      down = true;
    })
    .on('ready', () => {
      if (down) warn(`The shared store (${where}) answers again.`);
      down = false;
    });
  const key = (k: string) => `${base}:${k}`;
  const atomic: AtomicOps = {
    async add(k, value, ttlMs) {
      return (
        (await client().set(key(k), value, 'PX', Math.max(1, Math.round(ttlMs)), 'NX')) === 'OK'
      );
    },
    async increment(k, ttlMs, by) {
      const result = await client()
        .multi()
        .incrby(key(k), by)
        .call('PEXPIRE', key(k), String(Math.max(1, Math.round(ttlMs))), 'NX')
        .exec();
      const [err, value] = result?.[0] ?? [new Error('no answer to INCRBY')];
      if (err) throw err;
      return Number(value);
    },
    // A sorted set scored by expiry, changed by one script on its one key.
    expiringSet: (k, change) => changeRedisSet(client(), key(k), change),
  };
  const store = new UnstorageStore(createStorage({ driver }), atomic) as RedisStore;
  store.close = async () => {
    await store.storage.dispose();
  };
  store.eventLog = (options) => redisEventLog(client(), { ...options, base });
  return store;
}
