/**
 * Expiring sets (KeyValueStore.expiringSet): members that each expire on their own, changed and
 * counted in one atomic step. A head's session budget keeps its running sessions and its launch
 * links not started yet in one (session-budget.ts): "take a place if fewer than N are taken" must
 * hold across every instance, and a counter cannot forget one member when its time is up.
 *
 * On Redis the set is a sorted set scored by expiry, changed by one script (one key, so a Redis
 * Cluster runs it on one node). Elsewhere it is a JSON object under the key, changed with `get`
 * and `set` one change at a time in this process: exact for one instance, which is what a store
 * without atomic operations promises for its counters too (shared-store.ts).
 */
import type { Cluster, Redis } from 'ioredis';
import type { ExpiringSetChange, ExpiringSetState, KeyValueStore } from './store.js';

type Members = [member: string, until: number][];

/** Applies a change to the members as they were (any order); returns the state after it. */
export function changeMembers(before: Members, change: ExpiringSetChange): ExpiringSetState {
  const byExpiry = (list: Members) =>
    list.sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const expired = byExpiry(before.filter(([, until]) => until <= change.now));
  let members = byExpiry(before.filter(([, until]) => until > change.now));
  if (change.remove?.length) members = members.filter(([m]) => !change.remove!.includes(m));
  let added = false;
  let fresh = false;
  if (change.add) {
    const { member, until } = change.add;
    added = members.some(([m]) => m === member);
    if (!added && (change.limit === undefined || members.length < change.limit)) {
      members = byExpiry([...members, [member, until]]);
      added = fresh = true;
    }
  }
  let removedFirst: string | undefined;
  if (change.removeFirst !== undefined && (!change.add || fresh)) {
    const first = members.findIndex(
      ([m]) => m.startsWith(change.removeFirst!) && m !== change.add?.member,
    );
    if (first >= 0) removedFirst = members.splice(first, 1)[0]![0];
  }
  return {
    added,
    ...(removedFirst === undefined ? {} : { removedFirst }),
    members,
    count: members.length,
    expired,
  };
}

/** A set as stored where the store has no expiring sets of its own: `{"member": until, …}`. */
function readMembers(raw: string | undefined): Members {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return [];
    return Object.entries(parsed).filter((e): e is [string, number] => typeof e[1] === 'number');
  } catch {
    return [];
  }
}

/** Changes in this process, one at a time per key (the fallback's only atomicity). */
const queues = new WeakMap<object, Map<string, Promise<unknown>>>();

/**
 * Runs `change` once the earlier changes of this store's `key` in this process are over: the
 * atomicity of a change made with `get` and `set` (here, and for tallies: tally.ts).
 */
export function inTurn<T>(store: object, key: string, change: () => Promise<T>): Promise<T> {
  let running = queues.get(store);
  if (!running) queues.set(store, (running = new Map()));
  const before = running.get(key) ?? Promise.resolve();
  const run = before.then(change, change);
  const settled = run.catch(() => undefined);
  running.set(key, settled);
  void settled.then(() => running.get(key) === settled && running.delete(key));
  return run;
}

/**
 * A change through `get` and `set`, one at a time per store and key in this process: the fallback
 * for a store without `expiringSet` (a site's own, or an unstorage driver without atomic ones).
 */
export function changeStoredSet(
  store: Pick<KeyValueStore, 'get' | 'set'>,
  key: string,
  change: ExpiringSetChange,
): Promise<ExpiringSetState> {
  return inTurn(store, key, async () => {
    const state = changeMembers(readMembers(await store.get(key)), change);
    // A member never changes its name's meaning: an object keyed by it is safe (Object.fromEntries
    // makes own properties, "__proto__" included).
    await store.set(key, JSON.stringify(Object.fromEntries(state.members)), change.ttlMs);
    return change.countOnly ? { ...state, members: [] } : state;
  });
}

/** The store's own expiring sets, or the fallback through its get and set. */
export function expiringSetOf(store: KeyValueStore) {
  return (key: string, change: ExpiringSetChange): Promise<ExpiringSetState> =>
    store.expiringSet ? store.expiringSet(key, change) : changeStoredSet(store, key, change);
}

/**
 * The change on Redis, in one script, in changeMembers' order: KEYS[1] is the sorted set (score:
 * expiry). ARGV: now, the TTL, the number of members to remove and those members, the prefix of
 * `removeFirst` ('' for none), the member to add ('' for none), its expiry, the limit (-1 for
 * none), then 1 for `countOnly` (0 to answer the members). It answers the members' number too.
 */
const CHANGE_SET = `
local key = KEYS[1]
local now = tonumber(ARGV[1])
local expired = redis.call('ZRANGEBYSCORE', key, '-inf', now, 'WITHSCORES')
if #expired > 0 then redis.call('ZREMRANGEBYSCORE', key, '-inf', now) end
local n = tonumber(ARGV[3])
for i = 1, n do redis.call('ZREM', key, ARGV[3 + i]) end
local at = 4 + n
local member = ARGV[at + 1]
local added = 0
local fresh = member == ''
if member ~= '' then
  if redis.call('ZSCORE', key, member) then
    added = 1
  else
    local limit = tonumber(ARGV[at + 3])
    if limit < 0 or redis.call('ZCARD', key) < limit then
      redis.call('ZADD', key, ARGV[at + 2], member)
      added = 1
      fresh = true
    end
  end
end
local prefix = ARGV[at]
local first = false
if prefix ~= '' and fresh then
  for _, m in ipairs(redis.call('ZRANGE', key, 0, -1)) do
    if m ~= member and string.sub(m, 1, #prefix) == prefix then
      redis.call('ZREM', key, m)
      first = m
      break
    end
  end
end
if redis.call('EXISTS', key) == 1 then redis.call('PEXPIRE', key, ARGV[2]) end
local members = ARGV[at + 4] == '1' and {} or redis.call('ZRANGE', key, 0, -1, 'WITHSCORES')
return {added, first and {first} or {}, members, expired, redis.call('ZCARD', key)}`;

/** `[m1, s1, m2, s2, …]` as ioredis gives WITHSCORES, as pairs. */
const pairs = (flat: string[]): Members => {
  const out: Members = [];
  for (let i = 0; i + 1 < flat.length; i += 2) out.push([flat[i]!, Number(flat[i + 1])]);
  return out;
};

/** The change on a Redis sorted set named `key` (already with the store's prefix). */
export async function changeRedisSet(
  client: Redis | Cluster,
  key: string,
  change: ExpiringSetChange,
): Promise<ExpiringSetState> {
  const remove = change.remove ?? [];
  const [added, first, members, expired, count] = (await client.eval(
    CHANGE_SET,
    1,
    key,
    String(change.now),
    String(Math.max(1, Math.round(change.ttlMs))),
    String(remove.length),
    ...remove,
    change.removeFirst ?? '',
    change.add?.member ?? '',
    String(change.add?.until ?? 0),
    String(change.limit ?? -1),
    change.countOnly ? '1' : '0',
  )) as [number, string[], string[], string[], number];
  return {
    added: added === 1,
    ...(first[0] === undefined ? {} : { removedFirst: first[0] }),
    members: pairs(members),
    count,
    expired: pairs(expired),
  };
}
