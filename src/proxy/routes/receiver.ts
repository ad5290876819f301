/**
 * POST /hooks/events: the receiver of the platform's webhook deliveries. It verifies the
 * signature on the raw body, writes the event to the event log (event-log.ts) and only then
 * answers 2xx: an acknowledged event is written down, and the site's `onEvent` is fed from the log,
 * at least once (event-consumer.ts). A retried delivery (the same bytes again) is recognised by the
 * log and acknowledged without a second entry; when the log cannot be written (Redis away) the
 * answer is 503 and the platform sends it again. Nothing of the body is trusted, and no platform
 * call is made, before the head it names has keys.
 */
import { Hono, type Context } from 'hono';
import { ID_PATTERN, ID_RULE } from '../../api/rules.js';
import { toHex } from '../../platform/hex.js';
import { printable } from '../../platform/printable.js';
import { epochMs, webhookEventSchema } from '../../platform/schemas.js';
import type { Deps } from '../deps.js';
import { EVENT_LOG_DEFAULTS, type EventLog } from '../event-log.js';
import { fail } from '../http.js';
import { UnstorageStore } from '../shared-store.js';
import { JSON_MAX_DEPTH, jsonTooDeep } from '../validate.js';
import { parseSignatureHeader, verifyWebhookSignature } from '../webhook-signature.js';
import {
  keysFor,
  keysUnavailable,
  knownHead,
  readPlatformKeys,
  rememberHead,
  REREAD_INTERVAL_MS,
  rereadKey,
} from '../webhook-keys.js';

const DEDUPE_MS = EVENT_LOG_DEFAULTS.dedupeMs;

/**
 * A delivery whose timestamp lies further than this from now is refused as a replay (or a clock
 * gone wrong), and so is one whose timestamp cannot be read: otherwise a replay would only have to
 * garble it. Every format the platform is likely to send is read (deliveryTime).
 */
export const REPLAY_WINDOW_MS = 5 * 60_000;

/** The delivery's time, from an ISO string (with or without an offset: UTC then) or epoch s / ms. */
export function deliveryTime(timestamp: unknown): number | undefined {
  if (typeof timestamp === 'number') return epochMs(timestamp);
  if (typeof timestamp !== 'string') return undefined;
  if (/^\d{9,13}$/.test(timestamp)) return deliveryTime(Number(timestamp));
  const iso = /T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(timestamp) ? `${timestamp}Z` : timestamp;
  const t = Date.parse(iso);
  return Number.isNaN(t) ? undefined : t;
}

export function receiverRoutes(
  deps: Deps,
  log: EventLog,
  drained: () => Promise<void>,
  warn: (m: string) => void,
) {
  const app = new Hono();

  app.post('/events', async (c: Context) => {
    // The signature covers the bytes as sent. A text decode first would drop a BOM and replace
    // invalid bytes, and the re-encoded body would no longer be what was signed.
    const raw = new Uint8Array(await c.req.arrayBuffer());
    // A delivery without a usable signature costs nothing: no key look-up, no platform call.
    const signature = c.req.header('x-signature-256');
    if (!parseSignatureHeader(signature))
      fail(
        401,
        'bad_signature',
        'The x-signature-256 header is missing or is not an HMAC-SHA256 digest (hex or base64).',
      );
    // The head names its keys; nothing of the body is trusted until the signature matches.
    let claimed: unknown;
    try {
      claimed = (JSON.parse(new TextDecoder().decode(raw)) as { head_id?: unknown } | null)
        ?.head_id;
    } catch {
      fail(400, 'invalid_json', 'The delivery body is not JSON.');
    }
    if (typeof claimed !== 'string' || !ID_PATTERN.test(claimed))
      return fail(400, 'invalid_event', `head_id: is required, and ${ID_RULE}`);
    const headId = claimed;
    const source = await deps.clientOf(c);
    let { keys, cached } = await keysFor(deps, headId, source).catch((err: unknown) =>
      keysUnavailable(err, warn, headId),
    );
    let verified = await verifyWebhookSignature(raw, signature, keys);
    // Cached keys may be stale (a webhook re-created, or deleted, elsewhere): on a mismatch the
    // platform's keys are read again, at most once per head per REREAD_INTERVAL_MS. An empty
    // cache entry (no such head) and an unusable header never cost a platform call.
    if (
      !verified &&
      cached &&
      keys.length > 0 &&
      parseSignatureHeader(signature) &&
      !(await deps.store.get(rereadKey(headId)))
    ) {
      keys = await readPlatformKeys(deps, headId).catch((err: unknown) =>
        keysUnavailable(err, warn, headId),
      );
      await deps.store.set(rereadKey(headId), '1', REREAD_INTERVAL_MS);
      verified = await verifyWebhookSignature(raw, signature, keys);
    }
    if (!verified)
      fail(
        401,
        'bad_signature',
        'The x-signature-256 header does not match the body for any shared key of this head.',
      );
    // A head whose delivery verified is real: its later look-ups cost no sender's budget. Written
    // once, not per delivery (Workers KV takes one write a second per key); never a reason to refuse.
    if (!(await knownHead(deps, headId).catch(() => true)))
      await rememberHead(deps.store, headId).catch(() => undefined);
    let json: unknown;
    let text = '';
    try {
      // Strict now: JSON is UTF-8 (RFC 8259 §8.1); a BOM is allowed and skipped.
      text = new TextDecoder('utf-8', { fatal: true }).decode(raw);
      json = JSON.parse(text);
    } catch {
      fail(400, 'invalid_json', 'The delivery body is not UTF-8 JSON.');
    }
    // Its fields are passed on (the live stream writes them out again): never a body nested deeper than any event.
    if (jsonTooDeep(text))
      fail(400, 'json_too_deep', `The delivery nests more than ${JSON_MAX_DEPTH} levels deep.`);
    const parsed = webhookEventSchema.safeParse(json);
    if (!parsed.success)
      fail(
        400,
        'invalid_event',
        parsed.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
      );
    const event = parsed.data!;
    // A replay of a captured delivery outside the window is refused; inside it, the
    // de-duplication record (kept far longer) recognises it.
    const at = deliveryTime((json as { timestamp?: unknown }).timestamp);
    if (at === undefined) {
      warn(
        `A webhook delivery for head ${headId} was refused: its timestamp ${printable(JSON.stringify(event.timestamp).slice(0, 80))} cannot be read, so it cannot be told from a replay.`,
      );
      fail(
        401,
        'stale_delivery',
        "The delivery's timestamp cannot be read (ISO 8601 or epoch seconds), so it cannot be checked against replays.",
      );
    }
    if (Math.abs(at! - deps.now()) > REPLAY_WINDOW_MS) {
      // Date.parse reads `(…)` as a comment: a timestamp it reads may still hold a newline or an ESC.
      warn(
        `A webhook delivery for head ${headId} was refused: its timestamp ${printable(String(event.timestamp))} is more than ${REPLAY_WINDOW_MS / 60_000} minutes from now (a replay, or a clock that is off).`,
      );
      fail(
        401,
        'stale_delivery',
        `The delivery's timestamp is more than ${REPLAY_WINDOW_MS / 60_000} minutes from this server's clock.`,
      );
    }
    // The head's session budget counts it first, then the conversation insights (each idempotent
    // by session, so a repeat changes nothing; the budget tells the insights of starts and
    // lengths): when the store cannot, the answer is 503 and the platform sends it again.
    await deps.budgets.record(event, at!);
    await deps.insights.record(event, at!);
    // The idempotency key: a delivery sent again has the same bytes.
    const key = toHex(await crypto.subtle.digest('SHA-256', raw));
    // A log of this process only, with a store the instances share (Workers KV): the store tells
    // whether another instance has the delivery already (the memory log cannot fail after it).
    const elsewhere =
      !log.shared &&
      !(deps.store instanceof UnstorageStore && deps.store.inMemory) &&
      !(await deps.store.add(`event:${key}`, '1', DEDUPE_MS));
    // Written before it is acknowledged: when the log cannot be written (StoreUnavailable) the
    // answer is 503 and the platform sends the delivery again (spec, Delivery 3).
    const written = elsewhere ? undefined : await log.append(key, event);
    if (!written) return c.json({ received: true, duplicate: true });
    try {
      // Serverless and edge runtimes end a request's work with its answer unless told to wait:
      // onEvent gets the event before this request's work is over.
      c.executionCtx.waitUntil(drained());
    } catch {
      // Node has no execution context: the consumer runs as long as the process.
    }
    return c.json({ received: true }, 202);
  });
  return app;
}
