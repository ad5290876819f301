/**
 * The session events of one proxy: the log the receiver writes each verified delivery
 * to before it answers (event-log.ts: in memory, or a Redis Stream with DH_STORE=redis://…), and
 * the consumer that feeds the site's `onEvent` from it, at least once (event-consumer.ts).
 *
 * The consumer starts with the proxy's first request (Workers allows timers and random values only
 * while a request is handled), and on Node with `startProxyServer`, so events a crashed instance
 * left in the log are handled without waiting for a visitor; `stopEvents(app)` stops it (graceful
 * shutdown).
 */
import type { Hono } from 'hono';
import { toHex } from '../platform/hex.js';
import { consumeEvents, type EventHandler, type RunningConsumer } from './event-consumer.js';
import type { EventLog } from './event-log.js';

export interface ProxyEvents {
  log: EventLog;
  /** Aborted when the proxy stops: its event streams end (their clients reconnect elsewhere). */
  closing: AbortSignal;
  /** Starts feeding `onEvent` (once; nothing without a handler). */
  start(): void;
  /** Resolves once `onEvent` has been given what is waiting now (at once without a handler). */
  drained(): Promise<void>;
  /** Ends the event streams (a shutdown has begun). */
  endStreams(): void;
  /**
   * Ends the event streams and stops the consumer. With a log of this process only, it first
   * hands `onEvent` what is waiting (nothing else would, after the process), at most `graceMs`.
   */
  stop(graceMs?: number): Promise<void>;
}

export function proxyEvents(options: {
  log: EventLog;
  onEvent?: EventHandler;
  retryForMs: number;
  warn: (m: string) => void;
  now: () => number;
}): ProxyEvents {
  const { log } = options;
  let consumer: RunningConsumer | undefined;
  const closing = new AbortController();
  return {
    log,
    closing: closing.signal,
    start() {
      if (consumer || !options.onEvent || closing.signal.aborted) return;
      // This instance's name in the consumer group: its events in hand are its own until the lease runs out.
      const name = `proxy-${toHex(crypto.getRandomValues(new Uint8Array(6)))}`;
      consumer = consumeEvents(log, options.onEvent, {
        consumer: name,
        retryForMs: options.retryForMs,
        warn: options.warn,
        now: options.now,
      });
    },
    drained: () => consumer?.drained() ?? Promise.resolve(),
    endStreams: () => closing.abort(),
    async stop(graceMs = 10_000) {
      closing.abort();
      if (!consumer) return;
      const started = Date.now();
      if (!log.shared) {
        let timer: ReturnType<typeof setTimeout> | undefined;
        await Promise.race([
          consumer.drained(),
          new Promise((resolve) => (timer = setTimeout(resolve, graceMs))),
        ]);
        clearTimeout(timer);
      }
      await consumer.stop(Math.max(0, graceMs - (Date.now() - started)));
    },
  };
}

const running = new WeakMap<Hono, ProxyEvents>();

/** Remembers the events of a proxy app, for `startEvents` and `stopEvents`. */
export const attachEvents = (app: Hono, events: ProxyEvents) => void running.set(app, events);

/** Starts feeding `onEvent` now, not at the first request (a server that starts up: startProxyServer). */
export const startEvents = (app: Hono): void => running.get(app)?.start();

/** Ends the event streams of a proxy made by createProxy (a shutdown has begun). */
export const endEventStreams = (app: Hono): void => running.get(app)?.endStreams();

/**
 * Stops feeding `onEvent` for a proxy made by createProxy: the handler calls under way finish, and
 * with a log in memory the events waiting in it are handled first (all at most `graceMs`).
 */
export const stopEvents = (app: Hono, graceMs?: number): Promise<void> =>
  running.get(app)?.stop(graceMs) ?? Promise.resolve();
