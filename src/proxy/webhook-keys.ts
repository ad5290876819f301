/**
 * The webhook shared keys the receiver verifies deliveries with. A head's keys come from
 * DH_WEBHOOK_KEYS, or from the store, where the webhook routes and the receiver's own platform
 * reads put them. The platform is the truth: what the store holds is a cache that a failed
 * verification, a deletion through the webhook routes, or its TTL refreshes.
 */
import { PlatformError } from '../platform/errors.js';
import type { Deps } from './deps.js';
import { fail } from './http.js';
import type { KeyValueStore } from './store.js';

/** Where the proxy keeps a head's webhook shared keys. */
export const sharedKeysKey = (head: string) => `webhook-keys:${head}`;
/** Set when a head's keys were read again after a failed verification (the throttle). */
export const rereadKey = (head: string) => `webhook-keys-reread:${head}`;
/** Known keys are trusted this long, then read from the platform again. */
export const KEYS_TTL_MS = 10 * 60_000;
/**
 * "This head has no webhook" (or is no head) is remembered this long, so deliveries forged with
 * one made-up head_id cost one platform call, not one each.
 */
export const NO_KEYS_TTL_MS = 30_000;
/** After a failed verification with cached keys, the platform is asked again at most this often per head. */
export const REREAD_INTERVAL_MS = 30_000;
/**
 * The platform waits 5 s for an answer (spec, Delivery 2): a key lookup that takes longer than
 * this is answered 503, and the platform sends the delivery again (Delivery 3).
 */
export const KEY_LOOKUP_TIMEOUT_MS = 2000;

/**
 * Key look-ups on the platform per minute for heads the proxy does not know yet, per source
 * address: a flood of deliveries naming made-up heads spends its own sender's budget, never the
 * platform's own addresses' (one global cap let it starve every real delivery). Heads the proxy
 * knows (knownHead) are looked up without it.
 */
export const KEY_LOOKUPS_PER_SOURCE = 10;
/**
 * And at most this many for all senders together (through the store), so a crowd of senders
 * cannot spend the organisation's quota either. Known heads never count against it.
 */
export const UNKNOWN_KEY_LOOKUPS_PER_MINUTE = 120;
/** A head the proxy has seen for real is remembered this long. */
export const KNOWN_HEAD_TTL_MS = 30 * 24 * 3600e3;
const knownHeadKey = (head: string) => `head-known:${head}`;

/**
 * Remembers a head as real: one created or listed through the proxy, or one whose delivery
 * verified. Its key look-ups then cost no source's budget.
 */
export async function rememberHead(store: KeyValueStore, head: string): Promise<void> {
  await store.set(knownHeadKey(head), '1', KNOWN_HEAD_TTL_MS);
}

/** Whether the proxy knows the head: DH_WEBHOOK_KEYS, listed in DH_PUBLIC_HEADS, or remembered. */
export async function knownHead(deps: Deps, head: string): Promise<boolean> {
  if (deps.config.webhookKeys.has(head) || deps.config.publicHeads.includes(head)) return true;
  return (await deps.store.get(knownHeadKey(head))) !== undefined;
}

/**
 * The platform did not tell a head's keys (time-out, outage), or the look-up cap is reached
 * (`capped`): the delivery cannot be checked now.
 */
export class KeysUnavailable extends Error {
  constructor(
    message: string,
    readonly capped = false,
  ) {
    super(message);
  }
}

/** Platform answers that mean "no such head here": no keys, rather than "try again". */
const UNKNOWN_HEAD: ReadonlySet<string> = new Set(['not_found', 'bad_request', 'invalid_request']);

/** Stores a head's keys for the next deliveries; an empty list only briefly. */
export async function storeSharedKeys(
  store: KeyValueStore,
  head: string,
  keys: readonly string[],
): Promise<void> {
  await store.set(
    sharedKeysKey(head),
    JSON.stringify(keys),
    keys.length ? KEYS_TTL_MS : NO_KEYS_TTL_MS,
  );
}

/** The keys the store holds for a head, or undefined when it holds none (or garbage). */
export async function storedSharedKeys(
  store: KeyValueStore,
  head: string,
): Promise<string[] | undefined> {
  const raw = await store.get(sharedKeysKey(head));
  if (raw === undefined) return undefined;
  try {
    const keys: unknown = JSON.parse(raw);
    return Array.isArray(keys) ? keys.filter((k): k is string => typeof k === 'string') : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Primes the receiver's key cache with a key just created (routes/webhooks.ts, routes/budget.ts),
 * so the first delivery costs no platform call. A cache like the receiver's own: the platform
 * stays the truth.
 */
export async function rememberSharedKey(
  store: KeyValueStore,
  head: string,
  key: string,
): Promise<void> {
  await rememberHead(store, head);
  const known = (await storedSharedKeys(store, head)) ?? [];
  if (!known.includes(key)) await storeSharedKeys(store, head, [...known, key]);
}

/** Lookups under way, per proxy and head: concurrent deliveries of one head share one platform call. */
const lookups = new WeakMap<Deps, Map<string, Promise<string[]>>>();

/**
 * The platform's current keys of a head (GET /head-events), stored for the next deliveries.
 * Throws KeysUnavailable when the platform does not answer within KEY_LOOKUP_TIMEOUT_MS or fails.
 */
export function readPlatformKeys(deps: Deps, head: string): Promise<string[]> {
  let running = lookups.get(deps);
  if (!running) lookups.set(deps, (running = new Map()));
  const existing = running.get(head);
  if (existing) return existing;
  const lookup = (async () => {
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Raced as well as passed on: a site's own Platform may not honour the signal.
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        abort.abort();
        reject(new KeysUnavailable(`no answer in ${KEY_LOOKUP_TIMEOUT_MS} ms`));
      }, KEY_LOOKUP_TIMEOUT_MS);
    });
    let keys: string[];
    try {
      const hooks = await Promise.race([
        deps.platform.listWebhooks(head, { signal: abort.signal }),
        late,
      ]);
      keys = hooks.map((h) => h.sharedKey).filter(Boolean);
    } catch (err) {
      if (!(err instanceof PlatformError && UNKNOWN_HEAD.has(err.code))) {
        throw err instanceof KeysUnavailable
          ? err
          : new KeysUnavailable(err instanceof Error ? err.message : String(err));
      }
      keys = [];
    } finally {
      clearTimeout(timer);
    }
    await storeSharedKeys(deps.store, head, keys);
    // A head with webhooks is real: known from now on.
    if (keys.length) await rememberHead(deps.store, head).catch(() => undefined);
    return keys;
  })().finally(() => running.delete(head));
  running.set(head, lookup);
  return lookup;
}

/**
 * The shared keys of a head, and whether they came from a cache (so may be stale). A head the
 * proxy does not know costs `source` (the sender's hashed address) one of its
 * KEY_LOOKUPS_PER_SOURCE look-ups a minute (through the store, so across instances); over it
 * the delivery is answered 429 and sent again later.
 */
export async function keysFor(
  deps: Deps,
  head: string,
  source: string,
): Promise<{ keys: string[]; cached: boolean }> {
  const configured = deps.config.webhookKeys.get(head);
  if (configured?.length) return { keys: configured, cached: false };
  const stored = await storedSharedKeys(deps.store, head);
  if (stored) return { keys: stored, cached: true };
  if (!(await knownHead(deps, head))) {
    const minute = Math.floor(deps.now() / 60_000);
    const used = await deps.store.increment(`webhook-key-lookups:${source}:${minute}`, 65_000);
    if (used > KEY_LOOKUPS_PER_SOURCE)
      throw new KeysUnavailable(
        `more than ${KEY_LOOKUPS_PER_SOURCE} look-ups of unknown heads' keys this minute from one sender`,
        true,
      );
    const all = await deps.store.increment(`webhook-key-lookups:all:${minute}`, 65_000);
    if (all > UNKNOWN_KEY_LOOKUPS_PER_MINUTE)
      throw new KeysUnavailable(
        `more than ${UNKNOWN_KEY_LOOKUPS_PER_MINUTE} look-ups of unknown heads' keys this minute`,
        true,
      );
  }
  return { keys: await readPlatformKeys(deps, head), cached: false };
}

/**
 * A time-out or an outage of the platform is the platform's to retry, not a bad delivery (503).
 * The look-up cap is a rate limit (429): deliveries naming too many unknown heads are someone's flood.
 */
export function keysUnavailable(err: unknown, warn: (m: string) => void, head: string): never {
  if (!(err instanceof KeysUnavailable)) throw err;
  if (err.capped) {
    warn(
      `A delivery for head ${head} was answered 429: ${err.message} (a flood of deliveries naming unknown heads?).`,
    );
    return fail(
      429,
      'too_many_lookups',
      `More than ${KEY_LOOKUPS_PER_SOURCE} unknown heads' webhook keys were looked up for this sender this minute; send the delivery again in a minute.`,
      { 'retry-after': '60' },
    );
  }
  warn(
    `The webhook keys of head ${head} could not be read from the platform (${err.message}); the delivery was answered 503.`,
  );
  return fail(
    503,
    'keys_unavailable',
    "The head's webhook keys could not be read from the platform in time; send the delivery again.",
    { 'retry-after': '5' },
  );
}
