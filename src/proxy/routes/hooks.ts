/**
 * POST /hooks/events: the receiver of the platform's webhook deliveries. It verifies the
 * signature on the raw body, answers at once (the platform waits at most 5 s, spec Delivery 2),
 * and hands each event to the site's `onEvent` exactly once: a retried delivery (the same bytes
 * again) is recognised through the store and acknowledged without a second call.
 */
import { Hono, type Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { EventHub } from '../events.js';
import { requireAdmin } from '../security.js';
import { PlatformError } from '../../platform/errors.js';
import { webhookEventSchema, type WebhookEvent } from '../../platform/schemas.js';
import type { Deps } from '../deps.js';
import { fail } from '../http.js';
import type { KeyValueStore } from '../store.js';
import { parseSignatureHeader, verifyWebhookSignature } from '../webhooks.js';

export type EventHandler = (event: WebhookEvent) => void | Promise<void>;

/** A delivery is remembered this long for de-duplication (the platform retries within minutes). */
const SEEN_TTL_MS = 24 * 3600e3;

// ── Shared keys ───────────────────────────────────────────────────────────────────────────────
// A head's keys come from DH_WEBHOOK_KEYS, or from the store, where the admin routes and the
// receiver's own platform reads put them. The platform is the truth: what the store holds is a
// cache that a failed verification, a deletion through the admin routes, or its TTL refreshes.

/** Where the proxy keeps a head's webhook shared keys. */
export const sharedKeysKey = (head: string) => `webhook-keys:${head}`;
/** Set when a head's keys were read again after a failed verification (the throttle). */
const rereadKey = (head: string) => `webhook-keys-reread:${head}`;
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

/** The platform did not tell a head's keys (time-out, outage): the delivery cannot be checked now. */
class KeysUnavailable extends Error {}

/** Platform answers that mean "no such head here": no keys, rather than "try again". */
const UNKNOWN_HEAD: ReadonlySet<string> = new Set(['not_found', 'bad_request', 'invalid_request']);

/** Stores a head's keys for the next deliveries; an empty list only briefly. */
export async function storeSharedKeys(store: KeyValueStore, head: string, keys: readonly string[]): Promise<void> {
  await store.set(sharedKeysKey(head), JSON.stringify(keys), keys.length ? KEYS_TTL_MS : NO_KEYS_TTL_MS);
}

/** The keys the store holds for a head, or undefined when it holds none (or garbage). */
export async function storedSharedKeys(store: KeyValueStore, head: string): Promise<string[] | undefined> {
  const raw = await store.get(sharedKeysKey(head));
  if (raw === undefined) return undefined;
  try {
    const keys: unknown = JSON.parse(raw);
    return Array.isArray(keys) ? keys.filter((k): k is string => typeof k === 'string') : undefined;
  } catch {
    return undefined;
  }
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
      const hooks = await Promise.race([deps.platform.listWebhooks(head, { signal: abort.signal }), late]);
      keys = hooks.map((h) => h.sharedKey).filter(Boolean);
    } catch (err) {
      if (!(err instanceof PlatformError && UNKNOWN_HEAD.has(err.code))) {
        throw err instanceof KeysUnavailable ? err : new KeysUnavailable(err instanceof Error ? err.message : String(err));
      }
      keys = [];
    } finally {
      clearTimeout(timer);
    }
    await storeSharedKeys(deps.store, head, keys);
    return keys;
  })().finally(() => running.delete(head));
  running.set(head, lookup);
  return lookup;
}

/** The shared keys of a head, and whether they came from a cache (so may be stale). */
async function keysFor(deps: Deps, head: string): Promise<{ keys: string[]; cached: boolean }> {
  const configured = deps.config.webhookKeys[head];
  if (configured?.length) return { keys: configured, cached: false };
  const stored = await storedSharedKeys(deps.store, head);
  if (stored) return { keys: stored, cached: true };
  return { keys: await readPlatformKeys(deps, head), cached: false };
}

async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** A time-out or an outage of the platform is the platform's to retry, not a bad delivery. */
function unavailable(err: unknown, warn: (m: string) => void, head: string): never {
  if (!(err instanceof KeysUnavailable)) throw err;
  warn(`The webhook keys of head ${head} could not be read from the platform (${err.message}); the delivery was answered 503.`);
  return fail(503, 'keys_unavailable', "The head's webhook keys could not be read from the platform in time; send the delivery again.", { 'retry-after': '5' });
}

/** Comment lines keep idle connections open through proxies that close quiet ones. */
const HEARTBEAT_MS = 15_000;

export function hookRoutes(deps: Deps, hub: EventHub, onEvent: EventHandler, warn: (m: string) => void) {
  const app = new Hono();

  app.get('/events/stream', requireAdmin(deps, 'events:stream'), (c) =>
    streamSSE(c, async (stream) => {
      const queue: Promise<void>[] = [];
      const unsubscribe = hub.subscribe((event, id) => {
        queue.push(stream.writeSSE({ event: event.event_type, id: String(id), data: JSON.stringify(event) }));
      });
      // Ends the heartbeat wait at once when the client goes, so no timer outlives the stream.
      let wake: () => void = () => undefined;
      const gone = new Promise<void>((resolve) => (wake = resolve));
      stream.onAbort(() => {
        unsubscribe();
        wake();
      });
      await stream.writeSSE({ event: 'ready', data: '{}' });
      while (!stream.aborted && !stream.closed) {
        let timer: ReturnType<typeof setTimeout> | undefined;
        await Promise.race([gone, new Promise((r) => (timer = setTimeout(r, HEARTBEAT_MS)))]);
        clearTimeout(timer);
        if (!stream.aborted) await stream.write(': keep-alive\n\n');
      }
      unsubscribe();
      await Promise.allSettled(queue);
    }),
  );

  app.post('/hooks/events', async (c: Context) => {
    // The signature covers the bytes as sent. A text decode first would drop a BOM and replace
    // invalid bytes, and the re-encoded body would no longer be what was signed.
    const raw = new Uint8Array(await c.req.arrayBuffer());
    // The head names its keys; nothing of the body is trusted until the signature matches.
    let claimed: unknown;
    try {
      claimed = (JSON.parse(new TextDecoder().decode(raw)) as { head_id?: unknown } | null)?.head_id;
    } catch {
      fail(400, 'invalid_json', 'The delivery body is not JSON.');
    }
    if (typeof claimed !== 'string' || !claimed) return fail(400, 'invalid_event', 'head_id: is required');
    const headId = claimed;
    const signature = c.req.header('x-signature-256');
    let { keys, cached } = await keysFor(deps, headId).catch((err: unknown) => unavailable(err, warn, headId));
    let verified = await verifyWebhookSignature(raw, signature, keys);
    // Cached keys may be stale (a webhook re-created, or deleted, elsewhere): on a mismatch the
    // platform's keys are read again, at most once per head per REREAD_INTERVAL_MS. An empty
    // cache entry (no such head) and an unusable header never cost a platform call.
    if (!verified && cached && keys.length > 0 && parseSignatureHeader(signature) && !(await deps.store.get(rereadKey(headId)))) {
      keys = await readPlatformKeys(deps, headId).catch((err: unknown) => unavailable(err, warn, headId));
      await deps.store.set(rereadKey(headId), '1', REREAD_INTERVAL_MS);
      verified = await verifyWebhookSignature(raw, signature, keys);
    }
    if (!verified) fail(401, 'bad_signature', 'The x-signature-256 header does not match the body for any shared key of this head.');
    let json: unknown;
    try {
      // Strict now: JSON is UTF-8 (RFC 8259 §8.1); a BOM is allowed and skipped.
      json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(raw));
    } catch {
      fail(400, 'invalid_json', 'The delivery body is not UTF-8 JSON.');
    }
    const parsed = webhookEventSchema.safeParse(json);
    if (!parsed.success) fail(400, 'invalid_event', parsed.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
    const first = await deps.store.add(`event:${await sha256Hex(raw)}`, '1', SEEN_TTL_MS);
    if (!first) return c.json({ received: true, duplicate: true });
    const event = parsed.data!;
    hub.publish(event);
    // Acknowledged before the site's handler runs: a slow handler never makes the platform retry.
    const work = Promise.resolve()
      .then(() => onEvent(event))
      .catch((err: unknown) => warn(`onEvent failed for ${event.event_type} ${event.session_id}: ${err instanceof Error ? err.message : String(err)}`));
    try {
      // Serverless and edge runtimes end a request's work with its answer unless told to wait.
      c.executionCtx.waitUntil(work);
    } catch {
      // Node has no execution context: the process keeps running the work.
    }
    return c.json({ received: true }, 202);
  });
  return app;
}
