/**
 * Feeds the site's `onEvent` from the event log (event-log.ts), at least once: an event is settled
 * only when its handler returned; a handler that throws is called again after 1 s, 2 s, 4 s … (at
 * most 10 minutes apart) until `retryForMs` after the event arrived, then the event goes to the
 * failed list (the admin route and `npx dh-kit events failed` show it; `… events retry <id>` puts it
 * back). An event taken is leased: an instance that dies with it leaves it to another instance
 * when the lease runs out. Events of one session are handled in the order received: while one is
 * delayed (waiting for its retry), the later ones of its session are delayed behind it. A session
 * is a head's: the key is the head and the session id, so an event signed with one head's key that
 * names another head's session id holds up only the events of its own head.
 *
 * What a delivery names (its type, its session id) and the handler's error are printed through
 * `printable`: a newline in them would otherwise write a line of its own into the server's log.
 */
import { printable } from '../platform/printable.js';
import type { WebhookEvent } from '../platform/schemas.js';
import { idTime, isNotice, type EventLog, type PendingEvent } from './event-log.js';

/** What a handler is told besides the event: the idempotency key, the log id and the attempt (from 1). */
export interface EventMeta {
  key: string;
  id: string;
  attempt: number;
}

export type EventHandler = (event: WebhookEvent, meta: EventMeta) => void | Promise<void>;

export interface ConsumerOptions {
  /** This instance's name in the consumer group. */
  consumer: string;
  /** How long after an event arrived its handler is still retried (ms). */
  retryForMs?: number;
  /** The first retry's delay (ms); each next one doubles, up to MAX_BACKOFF_MS. */
  backoffMs?: number;
  /** The longest a consumer waits before it looks at the log again when nothing woke it (ms). */
  pollMs?: number;
  /** A handler call that has not settled after this long counts as failed (and is retried) (ms). */
  handlerTimeoutMs?: number;
  warn: (message: string) => void;
  now?: () => number;
}

export const CONSUMER_DEFAULTS = {
  retryForMs: 24 * 3600e3,
  backoffMs: 1000,
  pollMs: 1000,
  handlerTimeoutMs: 30_000,
} as const;
const MAX_BACKOFF_MS = 10 * 60_000;
const BATCH = 16;

export interface RunningConsumer {
  /** Resolves once the consumer has found nothing more to handle now (Workers waits for it: waitUntil). */
  drained(): Promise<void>;
  /** Stops taking events; waits for the handler calls under way, at most `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

/**
 * The key events are ordered by: the head and the session id. A session id is only unique within
 * its head, and a delivery is verified with the keys of the head it names, so a head may name
 * any session id; keyed by session id alone it could delay another head's events.
 */
export function orderKey(event: WebhookEvent): string {
  return JSON.stringify([event.head_id, event.session_id]);
}

export function consumeEvents(
  log: EventLog,
  handler: EventHandler,
  options: ConsumerOptions,
): RunningConsumer {
  const {
    consumer,
    retryForMs = CONSUMER_DEFAULTS.retryForMs,
    backoffMs = CONSUMER_DEFAULTS.backoffMs,
    pollMs = CONSUMER_DEFAULTS.pollMs,
    handlerTimeoutMs = CONSUMER_DEFAULTS.handlerTimeoutMs,
    warn,
    now = Date.now,
  } = options;
  /**
   * `work`, or `late` when it has not settled after `ms`; the timer does not keep the process
   * alive (a server, or a test runner, exits as it would) and is cleared when `work` wins.
   */
  const within = <T, L>(work: Promise<T>, ms: number, late: L): Promise<T | L> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<L>((resolve) => {
      timer = setTimeout(resolve, ms, late);
      (timer as { unref?: () => void }).unref?.();
    });
    return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
  };
  let running = true;
  let wake: () => void = () => undefined;
  const unwatch = log.watch(() => wake());
  /**
   * Sessions with a delayed event (a retry), by `orderKey`: their later events are delayed too
   * (until this time).
   */
  const blocked = new Map<string, number>();
  let storeDown = false;

  /** Waiting for the loop to find nothing to handle. */
  let onDrained: (() => void)[] = [];

  const settle = async (entry: PendingEvent) => {
    // The proxy's own notices are for the live stream, not for onEvent (no platform event).
    if (isNotice(entry)) return log.done(entry);
    const session = orderKey(entry.event);
    const until = blocked.get(session);
    if (until !== undefined && until <= now()) blocked.delete(session);
    if (until !== undefined && until > now()) {
      // Behind an earlier event of its session: delayed until it is due, not counted as an attempt.
      await log.failed(
        { ...entry, attempt: entry.attempt - 1 },
        'delayed behind an earlier event of its session',
        until,
      );
      return;
    }
    try {
      const call = Promise.resolve().then(() =>
        handler(entry.event, { key: entry.key, id: entry.id, attempt: entry.attempt }),
      );
      if (
        (await within(
          call.then(() => 'done'),
          handlerTimeoutMs,
          'late',
        )) === 'late'
      )
        throw new Error(`it did not settle within ${handlerTimeoutMs / 1000} s`);
      blocked.delete(session);
      await log.done(entry);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      // The delivery's own words and the handler's, escaped for the log line; the failed list
      // keeps the error as it was (the CLI escapes what it prints).
      const { event_type, session_id, head_id } = entry.event;
      const what = `${printable(String(event_type))} ${printable(String(session_id))} of head ${printable(String(head_id))}`;
      const said = printable(message);
      const retryAt = now() + Math.min(MAX_BACKOFF_MS, backoffMs * 2 ** (entry.attempt - 1));
      if (retryAt - idTime(entry.id) > retryForMs) {
        blocked.delete(session);
        warn(
          `onEvent failed for ${what} (${entry.id}) ${entry.attempt} times over ${Math.round(retryForMs / 60_000)} minutes; it is in the failed list (npx dh-kit events failed): ${said}`,
        );
        await log.failed(entry, message, undefined);
      } else {
        blocked.set(session, retryAt);
        warn(
          `onEvent failed for ${what} (${entry.id}, attempt ${entry.attempt}); retried in ${Math.round((retryAt - now()) / 1000)} s: ${said}`,
        );
        await log.failed(entry, message, retryAt);
      }
    }
  };

  const loop = (async () => {
    while (running) {
      let batch: PendingEvent[] = [];
      try {
        // From a log the instances share, one event at a time: an event taken is leased for a
        // minute, and a batch handled one by one could outlast the lease and be taken again
        // by another instance while this one still works through it.
        batch = await log.take(consumer, log.shared ? 1 : BATCH);
        if (storeDown)
          warn('The event log answers again: the events waiting in it are handled now.');
        storeDown = false;
      } catch (err) {
        if (!storeDown)
          warn(
            `The event log cannot be read (${err instanceof Error ? err.message : String(err)}): events are handled when it is back.`,
          );
        storeDown = true;
      }
      for (const entry of batch) {
        // Stopped: what is left of the batch is taken again (another instance, or after a restart).
        if (!running) break;
        // A failure to settle (the store gone) leaves the event to be taken again after its lease.
        await settle(entry).catch(() => undefined);
      }
      if (batch.length === 0) {
        for (const resolve of onDrained) resolve();
        onDrained = [];
      }
      if (batch.length === 0 && running) {
        await within(new Promise<void>((resolve) => (wake = resolve)), pollMs, undefined);
        wake = () => undefined;
      }
    }
  })();

  return {
    drained() {
      if (!running) return Promise.resolve();
      wake();
      return new Promise<void>((resolve) => onDrained.push(resolve));
    },
    async stop(graceMs = 10_000) {
      running = false;
      for (const resolve of onDrained) resolve();
      onDrained = [];
      unwatch();
      wake();
      await within(loop, graceMs, undefined);
    },
  };
}
