/**
 * `DH_STORE=redis://…`: the proxy's store on unstorage's Redis driver, shared by every instance
 * that names the same Redis. De-duplication and counters use Redis's own atomic commands on the
 * driver's connection: `SET key value PX ttl NX` (of concurrent adds exactly one wins, on any
 * instance) and `INCRBY` with `PEXPIRE … NX` in one MULTI (a counter's window starts with its
 * first hit; Redis 7).
 *
 * Node only (ioredis). When Redis cannot be reached, commands fail within `commandTimeoutMs` (one
 * reconnection attempt per command), so a request is answered 503 instead of hanging.
 *
 * A Redis Cluster (`DH_STORE_CLUSTER=true`, the URL naming one of its nodes or a service's
 * configuration endpoint) works the same: every command and transaction here touches one key (a
 * tally's two keys share one hash tag: tally.ts), and the event log's keys share one hash tag (redis-event-log.ts), so nothing spans two slots.
 */
import { createStorage } from 'unstorage';
import redisDriver from 'unstorage/drivers/redis';
import type { Cluster, ClusterNode, ClusterOptions, Redis } from 'ioredis';
import { redactUrl } from './config.js';
import type { EventLog, EventLogOptions } from './event-log.js';
import { redisEventLog } from './redis-event-log.js';
import { UnstorageStore, type AtomicOps } from './shared-store.js';
import { changeRedisSet } from './expiring-set.js';
import { changeRedisTally } from './tally.js';
import { warnOnConsole } from '../platform/printable.js';

export interface RedisStoreOptions {
  /** Keys are written under this prefix (`dh:` by default), so one Redis can serve other things too. */
  base?: string;
  /** The URL names a node of a Redis Cluster (DH_STORE_CLUSTER): the client finds the others. */
  cluster?: boolean;
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

/**
 * A cluster's client from the URL of one node: its user, password and TLS apply to every node.
 * ioredis's Cluster keeps a command in its offline queue while no node is connected, with no
 * deadline (commandTimeout counts only once a command is sent to a node): a request would hang
 * for as long as the cluster is away. So the client has no offline queue (a command fails at
 * once), and the store's commands wait for its first connection themselves (firstConnection).
 */
function clusterClient(url: string, timeoutMs: number) {
  const u = new URL(url);
  const tls = u.protocol === 'rediss:';
  const nodes: ClusterNode[] = [
    { host: u.hostname.replace(/^\[(.*)\]$/, '$1'), port: Number(u.port) || 6379 },
  ];
  const options: ClusterOptions = {
    enableOfflineQueue: false,
    // Finding the nodes counts as connecting: an address that does not answer fails as soon.
    slotsRefreshTimeout: timeoutMs,
    // With TLS the nodes' certificates name their hosts: connect by name, as ioredis advises for
    // managed clusters (ElastiCache), rather than by the address it would look up itself.
    ...(tls ? { dnsLookup: (address, done) => done(null, address) } : {}),
    redisOptions: {
      username: decodeURIComponent(u.username) || undefined,
      password: decodeURIComponent(u.password) || undefined,
      ...(tls ? { tls: {} } : {}),
      commandTimeout: timeoutMs,
      connectTimeout: timeoutMs,
      maxRetriesPerRequest: 1,
    },
  };
  return { cluster: nodes, clusterOptions: options };
}

/**
 * Resolves when the client is first ready, or when its first attempt to connect failed: what a
 * cluster's commands wait for before they are sent, as a single Redis's client holds them until
 * its first connection or its first failed attempt. Then, while the cluster cannot be reached,
 * they fail at once. A cluster is ready once it knows its slots, while its connections to the
 * masters may still be opening (a command sent there then fails at once, with no offline queue):
 * so it waits for those too, for at most `timeoutMs`.
 */
function firstConnection(client: Redis | Cluster, timeoutMs: number): Promise<void> {
  const settled = (emitter: Redis | Cluster) =>
    new Promise<void>((resolve) => {
      if (emitter.status === 'ready') resolve();
      for (const event of ['ready', 'close', 'end']) emitter.once(event, () => resolve());
    });
  return settled(client).then(async () => {
    if (!('nodes' in client) || client.status !== 'ready') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      Promise.all(client.nodes('master').map(settled)),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs))),
    ]);
    clearTimeout(timer);
  });
}

export function redisStore(
  url: string,
  {
    base = 'dh',
    cluster = false,
    commandTimeoutMs = 2000,
    warn = warnOnConsole,
  }: RedisStoreOptions = {},
): RedisStore {
  const driver = redisDriver({
    base,
    ...(cluster
      ? clusterClient(url, commandTimeoutMs)
      : {
          url,
          // Commands wait for the first connection, but not for Redis to come back: after one
          // reconnection attempt they fail (503, the caller retries) instead of queueing requests.
          maxRetriesPerRequest: 1,
          commandTimeout: commandTimeoutMs,
          connectTimeout: commandTimeoutMs,
          lazyConnect: false,
        }),
  });
  const client = () => driver.getInstance!() as Redis | Cluster;
  const connected = cluster ? firstConnection(client(), commandTimeoutMs) : undefined;
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
    // A hash and its set of marks, both within the hash tag {k}: one script, one slot.
    tally: (k, change) => changeRedisTally(client(), key(`{${k}}`), change),
  };
  const store = new UnstorageStore(
    createStorage({ driver }),
    atomic,
    Date.now,
    false,
    connected && (() => connected),
  ) as RedisStore;
  store.close = async () => {
    await store.storage.dispose();
  };
  store.eventLog = (options) => redisEventLog(client(), { ...options, base, connected });
  return store;
}
