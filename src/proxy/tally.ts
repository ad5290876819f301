/**
 * Tallies (KeyValueStore.tally): whole numbers by name under one key, changed in one atomic step
 * and read whole. The conversation insights keep one per head and UTC day, and one for all heads
 * (conversation-insights.ts): every instance sharing the store counts into the same numbers, and a
 * change marked `once` (an event, by what it is) counts once however often, and wherever, it comes.
 *
 * On Redis a tally is a hash, and the `once` marks it has seen are a set beside it, one mark per
 * change marked once; both are named within one hash tag (one slot of a Redis Cluster) and
 * changed by one script (`dh:{key}` and `dh:{key}:once`, with the store's prefix). The numbers
 * are kept `ttlMs`; the set of marks `onceMs` after its last mark, as long as a repeat can come:
 * a day's thousands of events keep a mark each until then, and only their numbers after.
 * Elsewhere the numbers are JSON under the key and each mark a key of its own, changed with `get`
 * and `set` one change at a time in this process: exact for one instance, as the store's other
 * fallbacks are (expiring-set.ts). There a change that fails between its two writes (the numbers,
 * then the mark) is counted again when it is sent again.
 */
import type { Cluster, Redis } from 'ioredis';
import { inTurn } from './expiring-set.js';
import type { KeyValueStore, TallyChange, TallyState } from './store.js';

type Fields = Record<string, number>;

/** Whether a change changes anything (a read alone writes nothing). */
const changes = (change: TallyChange) =>
  Object.keys(change.add ?? {}).length > 0 ||
  Object.keys(change.max ?? {}).length > 0 ||
  change.ranked !== undefined;

/** Applies a change to the fields as they were (its `once` already checked); returns them after it. */
export function applyTally(before: Readonly<Fields>, change: TallyChange): Fields {
  // No prototype: a field is never mistaken for one of Object's (a question "constructor").
  const fields: Fields = Object.assign(Object.create(null), before);
  for (const [field, by] of Object.entries(change.add ?? {}))
    fields[field] = (fields[field] ?? 0) + Math.round(by);
  for (const [field, value] of Object.entries(change.max ?? {}))
    if (fields[field] === undefined || fields[field] < Math.round(value))
      fields[field] = Math.round(value);
  const ranked = change.ranked;
  if (ranked) {
    const by = Math.round(ranked.by ?? 1);
    const counted = fields[ranked.field];
    if (counted !== undefined) fields[ranked.field] = counted + by;
    else {
      const kind = Object.keys(fields).filter((f) => f.startsWith(ranked.prefix));
      if (kind.length < ranked.limit) fields[ranked.field] = by;
      else {
        // The lowest takes its leave (of two as low, the name that sorts last), the new one starts from its count.
        const lowest = kind.reduce((a, b) =>
          fields[b]! < fields[a]! || (fields[b] === fields[a] && b > a) ? b : a,
        );
        fields[ranked.field] = fields[lowest]! + by;
        delete fields[lowest];
      }
    }
  }
  return fields;
}

/** A tally as the fallback stores it, `{"field": n, …}`; anything else reads as empty. */
function readFields(raw: string | undefined): Fields {
  const fields: Fields = Object.create(null);
  if (!raw) return fields;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      for (const [field, value] of Object.entries(parsed))
        if (typeof value === 'number' && Number.isFinite(value)) fields[field] = value;
  } catch {
    // Damaged: read as empty.
  }
  return fields;
}

/**
 * A change through `get` and `set`, one at a time per store and key in this process: the fallback
 * for a store without `tally` (a site's own, Workers KV, an unstorage driver).
 */
export function changeStoredTally(
  store: Pick<KeyValueStore, 'get' | 'set'>,
  key: string,
  change: TallyChange,
): Promise<TallyState> {
  return inTurn(store, key, async () => {
    // The mark's own key: encoded, since a key's `?` or `/` means something to unstorage.
    const mark =
      change.once === undefined ? undefined : `${key}:once:${encodeURIComponent(change.once)}`;
    const before = readFields(await store.get(key));
    if (mark !== undefined && (await store.get(mark)) !== undefined)
      return { applied: false, fields: change.read ? before : {} };
    const after = changes(change) ? applyTally(before, change) : before;
    if (after !== before) await store.set(key, JSON.stringify(after), change.ttlMs);
    if (mark !== undefined) await store.set(mark, '1', change.onceMs ?? change.ttlMs);
    return { applied: true, fields: change.read ? { ...after } : {} };
  });
}

/** The store's own tallies, or the fallback through its get and set. */
export function tallyOf(store: KeyValueStore) {
  return (key: string, change: TallyChange): Promise<TallyState> =>
    store.tally ? store.tally(key, change) : changeStoredTally(store, key, change);
}

/**
 * The change on Redis, in one script, in applyTally's order. KEYS: the hash, its set of marks.
 * ARGV: the TTL, the mark ('' for none), its TTL, the number of `add` fields and each field and
 * number, the same for `max`, the ranked field ('' for none) with its prefix, limit and number,
 * then 1 to read the fields (0 not to).
 */
const CHANGE_TALLY = `
local hash, seen = KEYS[1], KEYS[2]
local applied = 1
if ARGV[2] ~= '' then
  if redis.call('SADD', seen, ARGV[2]) == 0 then
    applied = 0
  elseif redis.call('PTTL', seen) < tonumber(ARGV[3]) then
    redis.call('PEXPIRE', seen, ARGV[3])
  end
end
local changed = false
if applied == 1 then
  local at = 4
  local n = tonumber(ARGV[at])
  for i = 1, n do
    redis.call('HINCRBY', hash, ARGV[at + 2 * i - 1], ARGV[at + 2 * i])
    changed = true
  end
  at = at + 2 * n + 1
  n = tonumber(ARGV[at])
  for i = 1, n do
    local field, value = ARGV[at + 2 * i - 1], tonumber(ARGV[at + 2 * i])
    local now = redis.call('HGET', hash, field)
    if not now or tonumber(now) < value then redis.call('HSET', hash, field, value) end
    changed = true
  end
  at = at + 2 * n + 1
  local field = ARGV[at]
  if field ~= '' then
    local prefix, limit, by = ARGV[at + 1], tonumber(ARGV[at + 2]), tonumber(ARGV[at + 3])
    changed = true
    if redis.call('HEXISTS', hash, field) == 1 then
      redis.call('HINCRBY', hash, field, by)
    else
      local all = redis.call('HGETALL', hash)
      local taken, lowest, low = 0, false, 0
      for i = 1, #all, 2 do
        if string.sub(all[i], 1, #prefix) == prefix then
          taken = taken + 1
          local count = tonumber(all[i + 1])
          if not lowest or count < low or (count == low and all[i] > lowest) then
            lowest, low = all[i], count
          end
        end
      end
      if taken < limit then
        redis.call('HSET', hash, field, by)
      else
        redis.call('HDEL', hash, lowest)
        redis.call('HSET', hash, field, low + by)
      end
    end
  end
end
if changed then redis.call('PEXPIRE', hash, ARGV[1]) end
if ARGV[#ARGV] == '1' then return {applied, redis.call('HGETALL', hash)} end
return {applied, {}}`;

const ms = (value: number) => String(Math.max(1, Math.round(value)));
const flat = (fields: Readonly<Fields> = {}) => [
  String(Object.keys(fields).length),
  ...Object.entries(fields).flatMap(([field, n]) => [field, String(Math.round(n))]),
];

/**
 * The change on Redis of the tally whose hash is named `hash` (with the store's prefix and a hash
 * tag, `dh:{insights:…}`): its marks are `<hash>:once`, in the same slot of a cluster.
 */
export async function changeRedisTally(
  client: Redis | Cluster,
  hash: string,
  change: TallyChange,
): Promise<TallyState> {
  const ranked = change.ranked;
  const [applied, pairs] = (await client.eval(
    CHANGE_TALLY,
    2,
    hash,
    `${hash}:once`,
    ms(change.ttlMs),
    change.once ?? '',
    ms(change.onceMs ?? change.ttlMs),
    ...flat(change.add),
    ...flat(change.max),
    ranked?.field ?? '',
    ranked?.prefix ?? '',
    String(ranked?.limit ?? 0),
    String(Math.round(ranked?.by ?? 1)),
    change.read ? '1' : '0',
  )) as [number, string[]];
  const fields: Fields = Object.create(null);
  for (let i = 0; i + 1 < pairs.length; i += 2) fields[pairs[i]!] = Number(pairs[i + 1]);
  return { applied: applied === 1, fields: { ...fields } };
}
