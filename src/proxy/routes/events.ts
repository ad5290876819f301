/**
 * `/events`, session events for the back office (a head's delivery is turned on or off by
 * head-settings.ts): `GET /events/stream` passes on, as server-sent events, every event of the log
 * (routes/receiver.ts writes it), whichever instance received it, once each: the `id:` of each is
 * its log id, so a client that reconnects with `Last-Event-ID` (EventSource does by itself) gets
 * what it missed, within the log's retention; `?history=N` starts a new one with the N latest. An
 * `event: live` follows what was replayed: the events after it arrive as they happen. The proxy's
 * own notices come the same way (`event: budget`: a head's session budget refused its first
 * launch of the day, session-budget.ts).
 * The failed list of `onEvent` (event-consumer.ts): `GET /events/failed`, `POST /events/failed/:id/retry`.
 */
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { z } from 'zod';
import { EVENT_TYPES } from '../../platform/modes.js';
import type { Deps } from '../deps.js';
import { isLogId, isNotice, type LoggedEvent } from '../event-log.js';
import type { ProxyEvents } from '../event-pipeline.js';
import { fail } from '../http.js';
import { requireAdmin } from '../security/admin-guard.js';
import { valid } from '../validate.js';

const streamQuery = valid(
  'query',
  z.object({
    history: z.coerce
      .number('history is a number of events, 0 to 100')
      .int()
      .min(0)
      .max(100)
      .default(0),
  }),
);
const logIdParam = valid(
  'param',
  z.object({
    id: z.string().regex(/^\d{1,15}-\d{1,15}$/, 'id is an event id such as 1764064800000-0'),
  }),
  'invalid_event_id',
);
const failedQuery = valid(
  'query',
  z.object({ take: z.coerce.number('take is a number').int().min(1).max(1000).default(100) }),
);

/** Comment lines keep idle connections open through proxies that close quiet ones. */
const HEARTBEAT_MS = 15_000;
/**
 * Events read from the log at a time for one subscriber: the next are read only when these are
 * written, so a subscriber that stops reading (a laptop asleep) holds at most this many.
 */
export const STREAM_BATCH = 100;
/** The reconnection delay the stream asks for (its `retry:`), ms. */
export const RECONNECT_MS = 3000;

export function eventRoutes(deps: Deps, { log, closing }: Pick<ProxyEvents, 'log' | 'closing'>) {
  const app = new Hono();

  app.get('/failed', requireAdmin(deps, 'events:failed'), failedQuery, async (c) =>
    c.json({ items: await log.failures(c.req.valid('query').take) }),
  );

  app.post('/failed/:id/retry', requireAdmin(deps, 'events:failed'), logIdParam, async (c) => {
    const { id } = c.req.valid('param');
    if (!(await log.retry(id))) fail(404, 'not_failed', `Event ${id} is not in the failed list.`);
    return c.json({ id, retried: true }, 202);
  });

  app.get('/stream', requireAdmin(deps, 'events:stream'), streamQuery, async (c) => {
    const resume = c.req.header('last-event-id');
    // Where this subscriber starts: after what it saw, or the newest N, or now.
    let cursor: string | undefined;
    let first: LoggedEvent[] = [];
    if (resume && isLogId(resume)) cursor = resume;
    else {
      const { history } = c.req.valid('query');
      const recent = await log.recent(Math.max(history, 1));
      first = history ? recent : [];
      cursor = recent.at(-1)?.id ?? '0-0';
    }
    return streamSSE(c, async (stream) => {
      let wake: () => void = () => undefined;
      const unwatch = log.watch(() => wake());
      const stop = () => wake();
      stream.onAbort(stop);
      // The proxy stopping (a deploy): the stream ends; the client reconnects after `retry`, to another instance.
      closing.addEventListener('abort', stop, { once: true });
      const send = async (entry: LoggedEvent) => {
        if (isNotice(entry)) {
          // The proxy's own (session-budget.ts): its name is ours, its fields those of the notice.
          const { timestamp, head_id, notice } = entry.event as LoggedEvent['event'] & {
            notice?: object;
          };
          await stream.writeSSE({
            event: entry.event.event_type === 'budget' ? 'budget' : 'other',
            id: entry.id,
            data: JSON.stringify({ timestamp, head_id, ...notice }),
          });
          return;
        }
        // A type the spec does not list yet arrives as "other" (its data says which): a name
        // from outside is never written into the stream's framing.
        const type = (EVENT_TYPES as string[]).includes(entry.event.event_type)
          ? entry.event.event_type
          : 'other';
        await stream.writeSSE({ event: type, id: entry.id, data: JSON.stringify(entry.event) });
      };
      let live = false;
      try {
        await stream.writeSSE({ event: 'ready', data: '{}', retry: RECONNECT_MS });
        for (const entry of first) await send(entry);
        while (!stream.aborted && !stream.closed && !closing.aborted) {
          // Woken by a new entry (on any instance), or after the heartbeat interval.
          const woken = new Promise<boolean>((resolve) => (wake = () => resolve(true)));
          let read = true;
          const batch = await log.read(cursor, STREAM_BATCH).catch((): LoggedEvent[] => {
            read = false;
            return [];
          });
          for (const entry of batch) {
            await send(entry);
            cursor = entry.id;
          }
          if (batch.length === STREAM_BATCH || stream.aborted || closing.aborted) continue;
          if (!live && read) {
            // What came before this was history (?history) or missed (Last-Event-ID); what follows arrives live.
            await stream.writeSSE({ event: 'live', data: '{}' });
            live = true;
          }
          let timer: ReturnType<typeof setTimeout> | undefined;
          const beat = await Promise.race([
            woken,
            new Promise<boolean>(
              (resolve) => (timer = setTimeout(() => resolve(false), HEARTBEAT_MS)),
            ),
          ]);
          clearTimeout(timer);
          if (!beat && !stream.aborted) await stream.write(': keep-alive\n\n');
        }
      } finally {
        unwatch();
        closing.removeEventListener('abort', stop);
      }
    });
  });

  return app;
}
