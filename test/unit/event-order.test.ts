/**
 * The order onEvent keeps is per session of a head: the consumer keys it by the head and the
 * session id. A delivery is verified with the keys of the head it names, so one head can name
 * any session id; its failing events must not hold up another head's session of that id.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { consumeEvents } from '../../src/proxy/event-consumer.js';
import { memoryEventLog } from '../../src/proxy/event-log.js';
import { sessionEvent } from './session-event.js';

test("events are ordered by head and session: head A's failing event naming head B's session id does not hold up B's events", async () => {
  const log = memoryEventLog();
  const handled: string[] = [];
  const consumer = consumeEvents(
    log,
    (e) => {
      if (e.head_id === 'head-a') throw new Error('A is down');
      handled.push(`${e.head_id}:${e.session_id}:${e.event_type}`);
    },
    // A's retry is a minute away: had B's events been keyed with it, they would wait that long.
    { consumer: 'c', backoffMs: 60_000, pollMs: 10, warn: () => undefined },
  );
  await log.append('a1', sessionEvent('shared-1', 'start_conversation', { head_id: 'head-a' }));
  await log.append('b1', sessionEvent('shared-1', 'start_conversation', { head_id: 'head-b' }));
  await log.append('b2', sessionEvent('shared-1', 'end_conversation', { head_id: 'head-b' }));
  // Drained: nothing more to handle now (A's event waits for its retry, a minute away).
  await consumer.drained();
  await consumer.stop();
  assert.deepEqual(
    handled,
    ['head-b:shared-1:start_conversation', 'head-b:shared-1:end_conversation'],
    "B's events are handled at once and in order",
  );
});
