/**
 * Session events and their delivery to webhooks, as the spec's Events section describes:
 * sent only when the head's enableEvents is true and the configuration's flag is true (EV-6);
 * the payload of EV-7; `x-signature-256` = "sha256=" + hex HMAC-SHA256 of the raw body with the
 * sharedKey (EV-8; the spec does not show the encoding, this is the one we chose and accept);
 * a 5 s answer time, then up to 3 retries with exponential backoff on an error status or a
 * time-out (EV-9); in the order they occur, per session (EV-10). Every attempt is recorded.
 */
import { createHmac } from 'node:crypto';
import { EVENT_FLAGS, type EventType } from '../platform/modes.js';
import type { SimContext } from './context.js';
import type { SimHead, SimWebhook } from './store.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function signBody(body: string, key: string): string {
  return `sha256=${createHmac('sha256', key).update(body).digest('hex')}`;
}

/** Deliveries of each session, chained so they leave in the order the events occurred. */
const queues = new Map<string, Promise<void>>();

/** Emits one event of a session: a delivery for every webhook that subscribes to it. */
export function emitEvent(
  sim: SimContext,
  head: SimHead,
  sessionId: string,
  type: EventType,
): Promise<void> {
  const { store } = sim;
  const org = store.orgs.get(head.orgId)!;
  const hooks = head.enableEvents
    ? [...store.webhooks.values()].filter((h) => h.headId === head.id && h[EVENT_FLAGS[type]])
    : [];
  const body = JSON.stringify({
    timestamp: new Date(store.now()).toISOString(),
    head_id: head.id,
    session_id: sessionId,
    public_head_id: head.publicId,
    public_org_id: org.publicId,
    event_type: type,
  });
  const previous = queues.get(sessionId) ?? Promise.resolve();
  const next = previous
    .then(() => Promise.all(hooks.map((hook) => deliver(sim, hook, body, type, sessionId))))
    .then(() => undefined);
  queues.set(sessionId, next);
  // Forget a finished chain, so a long run does not keep every session.
  void next.then(() => queues.get(sessionId) === next && queues.delete(sessionId));
  return next;
}

async function deliver(
  sim: SimContext,
  hook: SimWebhook,
  body: string,
  type: EventType,
  sessionId: string,
): Promise<void> {
  const { store, options } = sim;
  const maxAttempts = 1 + options.deliveryRetries;
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const record = {
      webhookId: hook.id,
      eventType: type,
      sessionId,
      attempt,
      at: new Date(store.now()).toISOString(),
    } as (typeof store.deliveries)[number];
    try {
      const res = await fetch(hook.webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-signature-256': signBody(body, hook.sharedKey),
        },
        body,
        signal: AbortSignal.timeout(options.deliveryTimeoutMs),
        redirect: 'manual',
      });
      record.status = res.status;
      await res.body?.cancel();
      if (store.lostDeliveryAnswers > 0) {
        // Fault injection: the receiver handled it, but the platform never saw the answer.
        store.lostDeliveryAnswers -= 1;
        record.error = 'answer lost (injected)';
        store.deliveries.push(record);
      } else {
        store.deliveries.push(record);
        if (res.ok) return;
      }
    } catch (err) {
      record.error = err instanceof Error && err.name === 'TimeoutError' ? 'timeout' : 'network';
      store.deliveries.push(record);
    }
    // Exponential backoff before each retry: base, 2×base, 4×base.
    if (attempt < maxAttempts) await sleep(options.deliveryRetryBaseMs * 2 ** (attempt - 1));
  }
}
