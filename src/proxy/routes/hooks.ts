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
import { webhookEventSchema, type WebhookEvent } from '../../platform/schemas.js';
import type { Deps } from '../deps.js';
import { fail } from '../http.js';
import { sharedKeysKey } from './admin.js';
import { verifyWebhookSignature } from '../webhooks.js';

export type EventHandler = (event: WebhookEvent) => void | Promise<void>;

/** A delivery is remembered this long for de-duplication (the platform retries within minutes). */
const SEEN_TTL_MS = 24 * 3600e3;
/** Keys read from the platform are trusted this long before they are read again. */
const KEYS_TTL_MS = 10 * 60_000;

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The shared keys of a head: from configuration, remembered from the admin routes, or read from the platform. */
async function keysFor(deps: Deps, headId: string): Promise<string[]> {
  const configured = deps.config.webhookKeys[headId];
  if (configured?.length) return configured;
  const known = await deps.store.get(sharedKeysKey(headId));
  if (known) return JSON.parse(known) as string[];
  const hooks = await deps.platform.listWebhooks(headId).catch(() => []);
  const keys = hooks.map((h) => h.sharedKey).filter(Boolean);
  if (keys.length) await deps.store.set(sharedKeysKey(headId), JSON.stringify(keys), KEYS_TTL_MS);
  return keys;
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
    const raw = await c.req.text();
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      fail(400, 'invalid_json', 'The delivery body is not JSON.');
    }
    // The head names its keys; nothing of the body is trusted until the signature matches.
    const headId = (json as { head_id?: unknown } | null)?.head_id;
    if (typeof headId !== 'string' || !headId) fail(400, 'invalid_event', 'head_id: is required');
    const keys = await keysFor(deps, headId as string);
    if (!(await verifyWebhookSignature(raw, c.req.header('x-signature-256'), keys))) {
      fail(401, 'bad_signature', 'The x-signature-256 header does not match the body for any shared key of this head.');
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
