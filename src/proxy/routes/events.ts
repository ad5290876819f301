/**
 * Session events for the back office: `PUT /heads/:id/events` turns the platform's delivery on or
 * off for a head, and `GET /events/stream` passes on, as server-sent events, every delivery the
 * receiver verified (routes/receiver.ts), once each.
 */
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { z } from 'zod';
import { headIdSchema } from '../../api/requests.js';
import { EVENT_TYPES } from '../../platform/modes.js';
import type { Deps } from '../deps.js';
import type { EventHub } from '../events.js';
import { requireAdmin } from '../security.js';
import { valid } from '../validate.js';

const idParam = valid('param', z.object({ id: headIdSchema }), 'invalid_head_id');
const eventsBody = z.object({ enabled: z.boolean('enabled is true or false') });

/** Comment lines keep idle connections open through proxies that close quiet ones. */
const HEARTBEAT_MS = 15_000;
/**
 * Events written to one subscriber and not yet taken by it, at most: a subscriber that stops
 * reading (a laptop asleep, a stalled proxy) would otherwise hold every event since in memory.
 * Past it the stream ends with a retry hint; the client reconnects (EventSource does by itself).
 */
export const SUBSCRIBER_BACKLOG = 1000;
const RECONNECT_MS = 3000;

export function eventRoutes(deps: Deps, hub: EventHub) {
  const app = new Hono();

  app.put('/heads/:id/events', requireAdmin(deps, 'events:set'), idParam, valid('json', eventsBody), async (c) => {
    const { id } = c.req.valid('param');
    const { enabled } = c.req.valid('json');
    await deps.platform.setEventsEnabled(id, enabled);
    return c.json({ headId: id, enabled });
  });

  app.get('/events/stream', requireAdmin(deps, 'events:stream'), (c) =>
    streamSSE(c, async (stream) => {
      // Writes under way (not yet taken by the client): counted, never kept in a list.
      let pending = 0;
      let behind = false;
      // Ends the heartbeat wait at once when the client goes (or falls behind), so no timer outlives the stream.
      let wake: () => void = () => undefined;
      const gone = new Promise<void>((resolve) => (wake = resolve));
      const unsubscribe = hub.subscribe((event, id) => {
        if (pending >= SUBSCRIBER_BACKLOG) {
          behind = true;
          unsubscribe();
          wake();
          return;
        }
        // A type the spec does not list yet arrives as "other" (its data says which): a name
        // from outside is never written into the stream's framing.
        const type = (EVENT_TYPES as string[]).includes(event.event_type) ? event.event_type : 'other';
        pending++;
        void stream
          .writeSSE({ event: type, id: String(id), data: JSON.stringify(event) })
          .catch(() => undefined)
          .finally(() => pending--);
      });
      stream.onAbort(() => {
        unsubscribe();
        wake();
      });
      await stream.writeSSE({ event: 'ready', data: '{}' });
      while (!stream.aborted && !stream.closed && !behind) {
        let timer: ReturnType<typeof setTimeout> | undefined;
        await Promise.race([gone, new Promise((r) => (timer = setTimeout(r, HEARTBEAT_MS)))]);
        clearTimeout(timer);
        if (!stream.aborted) await stream.write(': keep-alive\n\n');
      }
      unsubscribe();
      if (behind && !stream.aborted) {
        // After what it has not read yet: reconnect in a moment.
        await stream.writeSSE({ event: 'behind', data: JSON.stringify({ backlog: SUBSCRIBER_BACKLOG }), retry: RECONNECT_MS }).catch(() => undefined);
      }
    }),
  );

  return app;
}
