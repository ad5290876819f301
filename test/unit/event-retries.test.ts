/**
 * When a failing `onEvent` is called again, on a clock the test moves (no real waiting): the
 * retries 1 s, 2 s, 4 s … apart, doubling up to 10 minutes; the retry window of
 * DH_EVENT_RETRY_HOURS counted from the event's arrival, after which it goes to the failed list;
 * and an event that waited behind an earlier event of its session starts at attempt 1.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PlatformClient } from '../../src/platform/client.js';
import { createProxy } from '../../src/proxy/app.js';
import { parseConfig } from '../../src/proxy/config.js';
import { consumeEvents, type EventMeta } from '../../src/proxy/event-consumer.js';
import { memoryEventLog, type EventLog } from '../../src/proxy/event-log.js';
import { signWebhookBody } from '../../src/proxy/webhook-signature.js';
import { sessionEvent } from './session-event.js';

/** A clock the test moves. */
function clock(start = Date.now()) {
  let t = start;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

describe('retries of a failing onEvent', () => {
  test('the retries are 1, 2, 4 … s apart, doubling up to 10 minutes, and the log holds each until its time', async () => {
    const c = clock();
    const log = memoryEventLog({ now: c.now });
    /** Each retry's delay as the consumer gave it to the log: its due time, from now. */
    const delays: number[] = [];
    const recording: EventLog = {
      ...log,
      failed: (entry, error, retryAt) => {
        if (retryAt !== undefined) delays.push(retryAt - c.now());
        return log.failed(entry, error, retryAt);
      },
    };
    const calls: { attempt: number; at: number }[] = [];
    const start = c.now();
    const consumer = consumeEvents(
      recording,
      (_e, meta) => {
        calls.push({ attempt: meta.attempt, at: c.now() - start });
        throw new Error('CRM down');
      },
      // The default backoff: the schedule under test.
      { consumer: 'a', warn: () => undefined, now: c.now },
    );
    await log.append('k', sessionEvent('s-backoff'));
    // Attempt 11 would wait 1024 s: the first past the cap.
    const ATTEMPTS = 12;
    await consumer.drained();
    for (let i = 1; i < ATTEMPTS; i++) {
      c.advance(delays.at(-1)! - 1);
      await consumer.drained();
      assert.equal(calls.length, i, `not called again 1 ms before retry ${i} is due`);
      c.advance(1);
      await consumer.drained();
    }
    await consumer.stop();
    const s = 1000;
    const schedule = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 600, 600].map((n) => n * s);
    assert.deepEqual(delays, schedule, 'each delay doubles the one before, up to 10 minutes');
    assert.deepEqual(
      calls.map((call) => call.attempt),
      Array.from({ length: ATTEMPTS }, (_, i) => i + 1),
      'one call per attempt, numbered from 1',
    );
    const due = [0];
    for (const delay of schedule.slice(0, ATTEMPTS - 1)) due.push(due.at(-1)! + delay);
    assert.deepEqual(
      calls.map((call) => call.at),
      due,
      'each call made when its retry was due',
    );
  });

  test('DH_EVENT_RETRY_HOURS=1: retried while the next retry falls within the hour after the event arrived, then in the failed list', async () => {
    const KEY = 'retry-window-key-0123456789';
    const ADMIN = 'admin-token-0123456789';
    const c = clock();
    const arrived = c.now();
    const attempts: number[] = [];
    const warnings: string[] = [];
    const app = createProxy({
      config: parseConfig({
        DH_SIGNING_SECRET: 'x'.repeat(32),
        DH_ADMIN_TOKEN: ADMIN,
        DH_RATE_LIMIT: '0',
        DH_WEBHOOK_KEYS: `head-w:${KEY}`,
        // An hour: longer than the longest delay between two retries (10 minutes), so a window
        // counted from the last attempt would never close.
        DH_EVENT_RETRY_HOURS: '1',
      }),
      platform: new PlatformClient({
        baseUrl: 'http://127.0.0.1:9',
        email: 'site@example.com',
        secretKey: 'unused-secret-key-1234',
      }),
      clientKey: () => '203.0.113.9',
      log: () => undefined,
      warn: (m) => warnings.push(m),
      now: c.now,
      onEvent: (e, meta) => {
        if (e.session_id !== 'crm-down') return;
        attempts.push(meta.attempt);
        throw new Error('CRM down');
      },
    });
    /**
     * A delivery of a session's event stamped now, as on a serverless runtime: resolves once
     * onEvent has been given what is due (waitUntil), the retries included.
     */
    const deliver = async (session: string) => {
      const body = JSON.stringify(
        sessionEvent(session, 'start_conversation', {
          head_id: 'head-w',
          timestamp: new Date(c.now()).toISOString(),
        }),
      );
      const waits: Promise<unknown>[] = [];
      const res = await app.request(
        '/dh/hooks/events',
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-signature-256': await signWebhookBody(body, KEY),
          },
          body,
        },
        {},
        {
          waitUntil: (p: Promise<unknown>) => void waits.push(p),
          passThroughOnException: () => undefined,
          props: {},
        },
      );
      assert.equal(res.status, 202, `the delivery of ${session} is acknowledged`);
      await Promise.all(waits);
    };
    const failed = async () => {
      const res = await app.request('/dh/events/failed', {
        headers: { authorization: `Bearer ${ADMIN}` },
      });
      const { items } = (await res.json()) as {
        items: { attempts: number; event: { session_id: string } }[];
      };
      return items.map((i) => [i.event.session_id, i.attempts]);
    };

    await deliver('crm-down');
    assert.deepEqual(attempts, [1], 'the first attempt at once');
    // 59 minutes after it arrived: its next retry (2 s away) is within the hour.
    c.advance(59 * 60_000);
    await deliver('later-1');
    assert.deepEqual(attempts, [1, 2], 'retried 59 minutes after it arrived');
    assert.deepEqual(await failed(), [], 'not given up: its next retry falls within the hour');
    // 61 minutes after it arrived: the next retry would fall past the hour.
    c.advance(2 * 60_000);
    await deliver('later-2');
    assert.deepEqual(attempts, [1, 2, 3], 'tried a third time when that retry was due');
    assert.deepEqual(
      await failed(),
      [['crm-down', 3]],
      'then given up: in the failed list, after three attempts',
    );
    assert.match(warnings.at(-1)!, /crm-down .*3 times over 60 minutes/);
    assert.equal(c.now() - arrived, 61 * 60_000, 'an hour and a minute after it arrived');
  });
});

describe('the attempt of an event that waited behind its session', () => {
  test('an event delayed behind an earlier failing event of its session, three times, starts at attempt 1 when it runs', async () => {
    const c = clock();
    const log = memoryEventLog({ now: c.now });
    const calls: [string, EventMeta['attempt']][] = [];
    const consumer = consumeEvents(
      log,
      (e, meta) => {
        calls.push([e.event_type, meta.attempt]);
        // The start fails its first three attempts.
        if (e.event_type === 'start_conversation' && meta.attempt <= 3) throw new Error('not yet');
      },
      { consumer: 'a', warn: () => undefined, now: c.now },
    );
    await log.append('start', sessionEvent('s-order', 'start_conversation'));
    await consumer.drained();
    // The end arrives while the start waits for its retry (1 s): it waits behind it.
    await log.append('end', sessionEvent('s-order', 'end_conversation'));
    await consumer.drained();
    for (const delay of [1000, 2000, 4000]) {
      c.advance(delay);
      await consumer.drained();
    }
    await consumer.stop();
    assert.deepEqual(
      calls,
      [
        ['start_conversation', 1],
        ['start_conversation', 2],
        ['start_conversation', 3],
        ['start_conversation', 4],
        ['end_conversation', 1],
      ],
      'the end runs after its start, at attempt 1: its waits were not attempts',
    );
  });
});
