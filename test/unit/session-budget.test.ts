/**
 * A head's session budget (src/proxy/session-budget.ts, routes/budget.ts), end to end: the
 * simulator's real session deliveries (a page session over its WebSocket, and its events sent to
 * the proxy's receiver over HTTP, signed) reach a proxy on a port; launches are refused at the
 * limits with 429, Retry-After and the limit's code. Time moves on the proxy's clock and the
 * simulator's together (`move`), never by waiting. Then two instances sharing a real Redis.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { headBudgetCommand } from '../../src/cli/head-budget.js';
import { keepLists } from '../../src/cli/kept-lists.js';
import { parseConfig } from '../../src/proxy/config.js';
import { memoryEventLog } from '../../src/proxy/event-log.js';
import { sessionBudgets } from '../../src/proxy/session-budget.js';
import { memoryStore } from '../../src/proxy/shared-store.js';
import { StoreUnavailable, type KeyValueStore } from '../../src/proxy/store.js';
import { splitByDay, zonedDay } from '../../src/proxy/zoned-day.js';
import { readStream } from './event-stream.js';
import { NO_REDIS } from './redis-server.js';
import {
  ADMIN,
  client,
  DAY,
  deliver,
  move,
  newHead,
  nextDayAt,
  now,
  pageSession,
  proxy,
  sim,
  startSessions,
  until,
  type SessionProxy,
  twoProxiesOnRedis,
} from './session-harness.js';

const HOUR = 3600e3;
const secondsToMidnightUtc = () => Math.ceil((DAY - (now() % DAY)) / 1000);

/** A head with this budget, its events pointed at `p` by the proxy itself. */
async function budgeted(p: SessionProxy, budget: Record<string, unknown>): Promise<string> {
  const head = await newHead();
  const res = await p.budget(head, { ...budget, registerWebhook: true });
  assert.equal(res.status, 200, await res.clone().text());
  return head;
}

/** A refused launch: its status, code and Retry-After. */
async function refusal(res: Response) {
  const body = (await res.json()) as { error: { code: string; message: string } };
  return {
    status: res.status,
    code: body.error.code,
    retryAfter: Number(res.headers.get('retry-after')),
  };
}

const today = async (p: SessionProxy, head: string) =>
  ((await (await p.call(`/heads/${head}/budget`)).json()) as { today: Record<string, number> })
    .today;

// Long idle times: no session ends under a test by itself; the platform's retries of a delivery
// answered 503, soon.
startSessions({ deliveryRetryBaseMs: 10, inactivityMs: 600_000, timeoutMs: 900_000 });

describe('session budgets, one proxy against the simulator', () => {
  let p: SessionProxy;
  /** What the site's onEvent was given. */
  const handled: string[] = [];
  before(async () => {
    p = await proxy({ onEvent: (e) => void handled.push(`${e.event_type} ${e.session_id}`) });
  });
  after(() => p.server.close(100));

  test('EV-2 EV-3 concurrentSessions 1: a second visitor is refused while a page session runs (429 head_busy, Retry-After 60), and let in once it ends', async () => {
    const head = await budgeted(p, { concurrentSessions: 1 });
    assert.equal((await p.launch(head, 'a')).status, 200, 'the first visitor launches');
    // Its launch holds the place before the visitor talks (the frame is loading).
    assert.deepEqual(await refusal(await p.launch(head, 'b')), {
      status: 429,
      code: 'head_busy',
      retryAfter: 60,
    });
    const session = await pageSession(head);
    await session.talk();
    assert.deepEqual(
      (await refusal(await p.launch(head, 'b'))).code,
      'head_busy',
      'the session holds it now',
    );
    assert.equal((await today(p, head)).sessionsRunning, 1);
    assert.equal((await today(p, head)).launchesPending, 0, 'its start took the launch');
    await session.close();
    assert.equal((await p.launch(head, 'b')).status, 200, 'after end_conversation');
  });

  test('EV-5 a timed-out session frees its place, even when its end_conversation is lost', async () => {
    const head = await budgeted(p, { concurrentSessions: 1 });
    await deliver(head, 'timing-out', 'start_conversation');
    assert.equal((await refusal(await p.launch(head, 'b'))).code, 'head_busy');
    await deliver(head, 'timing-out', 'timeout_conversation');
    assert.equal((await p.launch(head, 'b')).status, 200);
  });

  test('a launch whose visitor never talks holds its place two minutes; a session whose end never comes, DH_MAX_SESSION_MINUTES (60)', async () => {
    nextDayAt(8);
    const head = await budgeted(p, { concurrentSessions: 1 });
    assert.equal((await p.launch(head, 'a')).status, 200);
    move(119_000);
    assert.equal((await refusal(await p.launch(head, 'b'))).code, 'head_busy');
    move(1_000);
    assert.equal(
      (await p.launch(head, 'b')).status,
      200,
      'the unstarted launch left after two minutes',
    );
    await deliver(head, 'never-ends', 'start_conversation');
    move(59 * 60_000);
    assert.equal(await refusal(await p.launch(head, 'c')).then((r) => r.code), 'head_busy');
    move(60_000);
    assert.equal((await p.launch(head, 'c')).status, 200, 'the session counts 60 minutes at most');
    assert.equal((await today(p, head)).minutesUsed, 60, 'and its 60 minutes are spent');
  });

  test('the embed redirect is refused too (a link signed elsewhere); a link /launch admitted opens without taking a second place', async () => {
    const head = await budgeted(p, { concurrentSessions: 1 });
    const { url } = (await (await p.launch(head, 'a')).json()) as { url: string };
    const opened = await p.embed(url, 'a');
    assert.equal(opened.status, 302, 'the visitor who launched it opens it');
    const other = await p.embed(url, 'b');
    assert.equal(other.status, 429, 'a link passed on to another visitor is a launch of its own');
    assert.equal(other.headers.get('retry-after'), '60');
    assert.match(
      await other.text(),
      /This digital human is busy right now/,
      "the frame's refusal page",
    );
  });

  test('EV-10 a start delivered twice, and an end that overtakes its start, each count once', async () => {
    const head = await budgeted(p, { concurrentSessions: 2 });
    assert.equal((await p.launch(head, 'a')).status, 200);
    assert.equal((await p.launch(head, 'c')).status, 200);
    // The platform does not see the first answer and sends the start again.
    sim.store.lostDeliveryAnswers = 1;
    await deliver(head, 'twice', 'start_conversation');
    assert.equal(
      sim.store.deliveries.filter((d) => d.sessionId === 'twice').length,
      2,
      'delivered twice',
    );
    const now1 = await today(p, head);
    assert.deepEqual(
      [now1.sessionsRunning, now1.launchesPending],
      [1, 1],
      'one session took one launch',
    );
    assert.equal((await refusal(await p.launch(head, 'b'))).code, 'head_busy');
    // The end of another session arrives before its start: it never holds a place.
    await deliver(head, 'late-start', 'end_conversation');
    move(60_000);
    await deliver(head, 'late-start', 'start_conversation');
    assert.equal((await today(p, head)).sessionsRunning, 1);
  });

  test("minutesPerDay from the start and end deliveries: refused with 429 head_budget_spent until midnight (UTC, or the budget's zone)", async () => {
    nextDayAt(10);
    const head = await budgeted(p, { minutesPerDay: 10 });
    const first = await pageSession(head);
    await first.talk();
    move(6 * 60_000);
    await first.close();
    assert.equal((await today(p, head)).minutesUsed, 6);
    assert.equal((await p.launch(head)).status, 200, '6 of 10 minutes');
    await deliver(head, 'second', 'start_conversation');
    move(4 * 60_000);
    // Still running: its minutes so far count.
    const spent = await refusal(await p.launch(head));
    assert.equal(spent.code, 'head_budget_spent');
    assert.ok(
      Math.abs(spent.retryAfter - secondsToMidnightUtc()) <= 1,
      `Retry-After ${spent.retryAfter} is until midnight UTC`,
    );
    await deliver(head, 'second', 'end_conversation');
    assert.equal((await today(p, head)).minutesUsed, 10);
    // Kiritimati is 14 hours ahead: 10:10 UTC is 00:10 there, a new day with nothing used.
    assert.equal(
      (await p.budget(head, { minutesPerDay: 10, timeZone: 'Pacific/Kiritimati' })).status,
      200,
    );
    assert.equal((await p.launch(head)).status, 200, "the budget's own day");
    assert.equal((await p.budget(head, { minutesPerDay: 10 })).status, 200);
    nextDayAt(0);
    assert.equal((await p.launch(head)).status, 200, 'the next day (UTC)');
  });

  test('launchesPerVisitorPerDay counts each visitor (their hashed client key); another is unaffected; the next day starts again', async () => {
    nextDayAt(9);
    const head = await budgeted(p, { launchesPerVisitorPerDay: 2 });
    const { url } = (await (await p.launch(head, 'a')).json()) as { url: string };
    assert.equal((await p.embed(url, 'a')).status, 302, 'its own link is no second launch');
    assert.equal((await p.launch(head, 'a')).status, 200);
    const limited = await refusal(await p.launch(head, 'a'));
    assert.equal(limited.code, 'visitor_daily_limit');
    assert.ok(
      Math.abs(limited.retryAfter - secondsToMidnightUtc()) <= 1,
      `Retry-After ${limited.retryAfter} is until midnight UTC`,
    );
    assert.equal((await p.launch(head, 'b')).status, 200, 'another visitor');
    nextDayAt(0);
    assert.equal((await p.launch(head, 'a')).status, 200, 'the next day');
  });

  test("a launch refused because the head is busy is not one of the visitor's launches", async () => {
    const head = await budgeted(p, { concurrentSessions: 1, launchesPerVisitorPerDay: 1 });
    assert.equal((await p.launch(head, 'a')).status, 200);
    assert.equal((await refusal(await p.launch(head, 'b'))).code, 'head_busy');
    move(120_000);
    assert.equal((await p.launch(head, 'b')).status, 200, "b's one launch of the day");
    assert.equal((await refusal(await p.launch(head, 'a'))).code, 'visitor_daily_limit');
  });

  test('bad budgets are refused with 400 saying why; without the admin token, 401; GET shows the budget and today', async () => {
    const head = await budgeted(p, { concurrentSessions: 3 });
    for (const [body, said] of [
      [{ concurrentSessions: 0 }, /concurrentSessions is at least 1/],
      [{ minutesPerDay: 1.5 }, /minutesPerDay is a whole number/],
      [{ launchesPerVisitorPerDay: '2' }, /launchesPerVisitorPerDay is a number/],
      [{ concurrent: 2 }, /concurrent/],
      [{ timeZone: 'Mars/Olympus' }, /timeZone is an IANA time zone/],
      [{ registerWebhook: 'yes' }, /registerWebhook is true or false/],
    ] as const) {
      const res = await p.budget(head, body);
      const { error } = (await res.json()) as { error: { code: string; message: string } };
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(error.code, 'invalid_request');
      assert.match(error.message, said);
    }
    const unauthorised = await fetch(`${p.server.url}/dh/heads/${head}/budget`, {
      method: 'PUT',
      headers: { 'x-dh-kit': '1', 'content-type': 'application/json' },
      body: '{}',
    });
    assert.equal(unauthorised.status, 401);
    assert.equal((await fetch(`${p.server.url}/dh/heads/${head}/budget`)).status, 401);
    const read = (await (await p.call(`/heads/${head}/budget`)).json()) as {
      budget: unknown;
      today: { timeZone: string };
    };
    assert.deepEqual(read.budget, { concurrentSessions: 3 }, 'unchanged by the refused ones');
    assert.equal(read.today.timeZone, 'UTC');
    assert.equal((await p.budget(head, { timeZone: 'europe/paris' })).status, 200);
    assert.deepEqual((await (await p.call(`/heads/${head}/budget`)).json()).budget, {
      timeZone: 'Europe/Paris',
    });
  });

  test("a budget of sessions or minutes needs the head's events here: 409 budget_needs_events naming the fix, or the proxy registers its webhook when asked", async () => {
    const head = await newHead();
    const needs = async (body: object, why: RegExp) => {
      const res = await p.budget(head, body);
      const { error } = (await res.json()) as { error: { code: string; message: string } };
      assert.equal(res.status, 409, JSON.stringify(error));
      assert.equal(error.code, 'budget_needs_events');
      assert.match(error.message, why);
      assert.match(error.message, /"registerWebhook": true/);
      assert.ok(
        error.message.includes(
          `dh-kit webhooks create ${head} ${p.server.url}/dh/hooks/events --start --end`,
        ),
        error.message,
      );
    };
    await needs({ concurrentSessions: 1 }, /it has no webhook/);
    await client.createWebhook({
      headId: head,
      webhookUrl: 'https://elsewhere.example/dh/hooks/events',
      startConversation: true,
      endConversation: true,
    });
    await needs({ minutesPerDay: 5 }, /point elsewhere/);
    await client.createWebhook({
      headId: head,
      webhookUrl: `${p.server.url}/dh/hooks/events`,
      startConversation: true,
    });
    await needs({ concurrentSessions: 1 }, /does not send start_conversation and end_conversation/);
    assert.equal(
      (await p.budget(head, { launchesPerVisitorPerDay: 3 })).status,
      200,
      'counting launches needs no events',
    );
    const registered = await p.budget(head, { concurrentSessions: 1, registerWebhook: true });
    assert.equal(registered.status, 200);
    assert.deepEqual((await registered.json()).webhook, {
      url: `${p.server.url}/dh/hooks/events`,
      registered: true,
    });
    const here = [...sim.store.webhooks.values()].filter(
      (w) => w.headId === head && w.webhookUrl.startsWith(p.server.url),
    );
    assert.equal(here.length, 1, 'its webhook here was completed, not a second made');
    assert.ok(
      here[0]!.startConversation && here[0]!.endConversation && here[0]!.timeoutConversation,
      'it sends start, end and time-out',
    );
    assert.ok(sim.store.heads.get(head)!.enableEvents, 'delivery on');
    assert.equal(
      (await p.budget(head, { concurrentSessions: 2 })).status,
      200,
      'it points here now',
    );
  });

  test('the owner is told once a day: a budget event on the live stream and one log line, the first time a limit refuses a launch', async () => {
    nextDayAt(11);
    const head = await budgeted(p, { concurrentSessions: 1 });
    const stream = readStream(await p.call('/events/stream'));
    try {
      await stream.until(/^event: live$/m, 'the live mark');
      await deliver(head, 'busy', 'start_conversation');
      for (const visitor of ['b', 'c', 'b'])
        assert.equal((await p.launch(head, visitor)).status, 429);
      const text = await stream.until(/^event: budget$/m, 'the budget event');
      const data = JSON.parse(/^event: budget\ndata: (.+)$/m.exec(text)![1]!);
      assert.deepEqual(
        { ...data, timestamp: undefined },
        {
          timestamp: undefined,
          head_id: head,
          limit: 'concurrentSessions',
          value: 1,
          code: 'head_busy',
          day: new Date(now()).toISOString().slice(0, 10),
          time_zone: 'UTC',
        },
      );
      await deliver(head, 'busy', 'start_conversation');
      assert.equal(
        p.warnings.filter((w) => w.includes(`Head ${head} reached its session budget`)).length,
        1,
        p.warnings.join('\n'),
      );
      nextDayAt(1);
      await deliver(head, 'busy-tomorrow', 'start_conversation');
      assert.equal((await p.launch(head, 'b')).status, 429);
      await stream.until(
        (t) => t.match(/^event: budget$/gm)?.length === 2,
        "the next day's budget event",
      );
      assert.equal(stream.text().match(/^event: budget$/gm)?.length, 2, 'one a day');
      assert.equal(
        p.warnings.filter((w) => w.includes(`Head ${head} reached its session budget`)).length,
        2,
      );
      // onEvent has the platform's events, written before and after the notices, and never a notice.
      await until(
        () => handled.includes('start_conversation busy-tomorrow'),
        'onEvent is given the start',
      );
      assert.deepEqual(
        handled.filter(
          (h) => !h.startsWith('start_') && !h.startsWith('end_') && !h.startsWith('timeout_'),
        ),
        [],
      );
    } finally {
      await stream.cancel();
    }
  });

  test('parallel launches never pass the limit (one instance, its memory store)', async () => {
    const head = await budgeted(p, { concurrentSessions: 3 });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => p.launch(head, `v${i}`)),
    );
    assert.equal(answers.filter((r) => r.status === 200).length, 3);
    assert.equal(answers.filter((r) => r.status === 429).length, 7);
  });

  test('dh-kit heads budget sets, shows and clears a budget through the running proxy', async () => {
    const head = await newHead();
    const out: string[] = [];
    const io = { out: (l: string) => out.push(l), err: (l: string) => out.push(l) };
    const run = (...argv: string[]) =>
      headBudgetCommand(['budget', head, ...argv, '--proxy', `${p.server.url}/dh`], io, {
        DH_ADMIN_TOKEN: ADMIN,
      });
    await assert.rejects(run('--concurrent', '2'), /do not reach this proxy: it has no webhook/);
    assert.equal(await run('--concurrent', '2', '--per-visitor', '5', '--register-webhook'), 0);
    assert.match(
      out.join('\n'),
      /session events now go to http:\/\/127\.0\.0\.1:\d+\/dh\/hooks\/events/,
    );
    assert.match(out.join('\n'), /conversations at once\s+2 \(now 0 running/);
    out.length = 0;
    assert.equal(await run('--minutes-per-day', '30', '--per-visitor', 'off', '--json'), 0);
    assert.deepEqual(JSON.parse(out[0]!).budget, { concurrentSessions: 2, minutesPerDay: 30 });
    out.length = 0;
    assert.equal(await run('--clear', '--json'), 0);
    assert.deepEqual(JSON.parse(out[0]!).budget, {});
    await assert.rejects(
      run('--concurrent', '0'),
      /--concurrent must be a whole number from 1 to 10000/,
    );
    await assert.rejects(run('--clear', '--concurrent', '2'), /--clear removes every limit/);
  });
});

/**
 * The expiring set's contract, the same on every store: a place taken only under the limit, a
 * member's own expiry kept, the first to expire taken out by prefix, an expired member told once.
 */
async function expiringSetContract(store: KeyValueStore) {
  const change = (edit: Omit<Parameters<NonNullable<KeyValueStore['expiringSet']>>[1], 'ttlMs'>) =>
    store.expiringSet!('set-contract', { ttlMs: 60_000, ...edit });
  assert.equal(
    (await change({ now: 0, add: { member: 'l:1', until: 100 }, limit: 2 })).added,
    true,
  );
  assert.equal((await change({ now: 0, add: { member: 's:1', until: 50 }, limit: 2 })).added, true);
  const full = await change({ now: 0, add: { member: 'l:2', until: 70 }, limit: 2 });
  assert.equal(full.added, false, 'two of two taken');
  assert.deepEqual(
    full.members,
    [
      ['s:1', 50],
      ['l:1', 100],
    ],
    'the first to expire first',
  );
  const again = await change({ now: 0, add: { member: 'l:1', until: 500 }, limit: 2 });
  assert.equal(again.added, true, 'a member there already holds its place');
  assert.deepEqual(again.members.at(-1), ['l:1', 100], 'with its own expiry');
  const taken = await change({ now: 10, removeFirst: 'l:', add: { member: 'l:3', until: 80 } });
  assert.equal(taken.removedFirst, 'l:1');
  assert.deepEqual(taken.members, [
    ['s:1', 50],
    ['l:3', 80],
  ]);
  await change({ now: 10, add: { member: 'l:4', until: 90 } });
  const repeated = await change({ now: 10, removeFirst: 'l:', add: { member: 'l:3', until: 80 } });
  assert.equal(repeated.removedFirst, undefined, 'a repeated change takes nothing more');
  assert.equal(repeated.members.length, 3);
  const expired = await change({ now: 50 });
  assert.deepEqual(expired.expired, [['s:1', 50]], 'at its time');
  assert.deepEqual((await change({ now: 51 })).expired, [], 'told once');
  assert.deepEqual((await change({ now: 51, remove: ['l:3', 'l:4'] })).members, []);
  await change({ now: 60, add: { member: 'c:1', until: 70 } });
  const counted = await change({ now: 80, add: { member: 'c:2', until: 200 }, countOnly: true });
  assert.deepEqual(
    [counted.added, counted.count, counted.members, counted.expired],
    [true, 1, [], [['c:1', 70]]],
    'countOnly: how many, not which (the expired told all the same)',
  );
  assert.equal((await change({ now: 80 })).count, 1, 'the count, with the members too');
  const parallel = await Promise.all(
    Array.from({ length: 8 }, (_, i) =>
      store.expiringSet!('set-parallel', {
        now: 0,
        ttlMs: 60_000,
        add: { member: `m${i}`, until: 100 },
        limit: 3,
      }),
    ),
  );
  assert.equal(parallel.filter((r) => r.added).length, 3, 'changes at once take three places');
}

test('with the store away (Redis down), launches go on without the budget, as every read does', async () => {
  const store = memoryStore();
  const get = store.get.bind(store);
  let away = false;
  store.get = (key) => (away ? Promise.reject(new StoreUnavailable('down')) : get(key));
  const p = await proxy({ store });
  try {
    const head = await budgeted(p, { concurrentSessions: 1 });
    assert.equal((await p.launch(head, 'a')).status, 200);
    assert.equal((await p.launch(head, 'b')).status, 429);
    away = true;
    assert.equal((await p.launch(head, 'b')).status, 200);
  } finally {
    await p.server.close(100);
  }
});

test('EV-9 EV-10 a start or an end answered 503 half-way (the store failed) is finished when the platform sends it again', async () => {
  const store = memoryStore();
  const changeSet = store.expiringSet.bind(store);
  /** The next change that puts a session in or takes one out fails, as Redis going away would. */
  let failNext: 'add' | 'remove' | undefined;
  store.expiringSet = (key, change) => {
    const which = change.add?.member.startsWith('s:')
      ? 'add'
      : change.remove
        ? 'remove'
        : undefined;
    if (which && which === failNext) {
      failNext = undefined;
      return Promise.reject(new StoreUnavailable('gone for a moment'));
    }
    return changeSet(key, change);
  };
  const q = await proxy({ store });
  try {
    const head = await budgeted(q, { concurrentSessions: 2 });
    assert.equal((await q.launch(head, 'a')).status, 200);
    assert.equal((await q.launch(head, 'c')).status, 200);
    failNext = 'add';
    await deliver(head, 'half', 'start_conversation');
    const statuses = (type: string) =>
      sim.store.deliveries
        .filter((d) => d.sessionId === 'half' && d.eventType === type)
        .map((d) => d.status);
    assert.deepEqual(statuses('start_conversation'), [503, 202], 'answered 503, then taken');
    const running = await today(q, head);
    assert.deepEqual([running.sessionsRunning, running.launchesPending], [1, 1]);
    failNext = 'remove';
    await deliver(head, 'half', 'end_conversation');
    assert.deepEqual(statuses('end_conversation'), [503, 202]);
    assert.equal((await today(q, head)).sessionsRunning, 0, 'and ended');
  } finally {
    await q.server.close(100);
  }
});

test('EV-10 an end that comes while its start is being counted (another instance, at once) leaves no session running', async () => {
  const store = memoryStore();
  const get = store.get.bind(store);
  const budgets = sessionBudgets({
    store,
    log: memoryEventLog(),
    config: parseConfig({}),
    now,
    warn: assert.fail,
    clientOf: async () => 'a',
  });
  const event = (type: string) => ({
    timestamp: new Date(now()).toISOString(),
    head_id: 'head-race',
    session_id: 'race',
    public_head_id: 'p',
    public_org_id: 'o',
    event_type: type,
  });
  // The start's first look for its end finds none; the end is recorded in full right then.
  let raced = false;
  store.get = async (key) => {
    const value = await get(key);
    if (key === 'budget-end:head-race:race' && !raced) {
      raced = true;
      await budgets.record(event('end_conversation'), now());
    }
    return value;
  };
  await budgets.record(event('start_conversation'), now());
  assert.ok(raced, 'the end came while the start was counted');
  assert.equal((await budgets.usage('head-race')).sessionsRunning, 0);
});

test('dh-kit start without DH_STORE keeps the budgets in its file (DH_PROXY_DATA) across a restart', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'dh-budget-')), 'proxy.json');
  try {
    const first = await keepLists(memoryStore(), file, assert.fail);
    const budgets = sessionBudgets({
      store: first,
      log: memoryEventLog(),
      config: parseConfig({}),
      now,
      warn: assert.fail,
      clientOf: async () => 'a',
    });
    await budgets.write('head-kept', { concurrentSessions: 2, timeZone: 'Europe/Paris' });
    const again = await keepLists(memoryStore(), file, assert.fail);
    assert.deepEqual(
      await sessionBudgets({
        store: again,
        log: memoryEventLog(),
        config: parseConfig({}),
        now,
        warn: assert.fail,
        clientOf: async () => 'a',
      }).read('head-kept'),
      { concurrentSessions: 2, timeZone: 'Europe/Paris' },
    );
  } finally {
    rmSync(dirname(file), { recursive: true, force: true });
  }
});

describe('expiring sets and the days of a time zone', () => {
  test("the memory store keeps the expiring set's contract", () =>
    expiringSetContract(memoryStore()));

  test("a budget's day in its time zone: daylight saving (23 and 25 hours), a midnight that does not happen, half-hour offsets", () => {
    const day = (iso: string, zone: string) => {
      const d = zonedDay(Date.parse(iso), zone);
      return [d.day, new Date(d.start).toISOString(), new Date(d.end).toISOString()];
    };
    assert.deepEqual(day('2026-03-29T12:00:00Z', 'Europe/Paris'), [
      '2026-03-29',
      '2026-03-28T23:00:00.000Z',
      '2026-03-29T22:00:00.000Z',
    ]);
    assert.deepEqual(day('2026-10-25T12:00:00Z', 'Europe/Paris'), [
      '2026-10-25',
      '2026-10-24T22:00:00.000Z',
      '2026-10-25T23:00:00.000Z',
    ]);
    // Chile moves its clocks from 00:00 to 01:00: that day starts at 01:00.
    assert.deepEqual(day('2026-09-06T12:00:00Z', 'America/Santiago'), [
      '2026-09-06',
      '2026-09-06T04:00:00.000Z',
      '2026-09-07T03:00:00.000Z',
    ]);
    assert.deepEqual(day('2026-11-28T12:00:00Z', 'Asia/Kolkata'), [
      '2026-11-28',
      '2026-11-27T18:30:00.000Z',
      '2026-11-28T18:30:00.000Z',
    ]);
    assert.deepEqual(day('2026-11-28T23:59:59Z', 'UTC'), [
      '2026-11-28',
      '2026-11-28T00:00:00.000Z',
      '2026-11-29T00:00:00.000Z',
    ]);
    assert.deepEqual(
      splitByDay(Date.parse('2026-11-28T22:00:00Z'), Date.parse('2026-11-29T02:00:00Z'), 'UTC'),
      [
        ['2026-11-28', 2 * HOUR],
        ['2026-11-29', 2 * HOUR],
      ],
      'a session over midnight counts in both days',
    );
  });

  test('DH_MAX_SESSION_MINUTES: 60 by default, 1 to 1440, said by name', () => {
    assert.equal(parseConfig({}).maxSessionMs, HOUR);
    assert.equal(parseConfig({ DH_MAX_SESSION_MINUTES: '90' }).maxSessionMs, 90 * 60_000);
    for (const bad of ['0', '1441', 'soon'])
      assert.throws(
        () => parseConfig({ DH_MAX_SESSION_MINUTES: bad }),
        /DH_MAX_SESSION_MINUTES must be/,
      );
  });
});

describe('session budgets, two instances sharing Redis', { skip: NO_REDIS }, () => {
  const two = twoProxiesOnRedis();

  test('EV-2 EV-3 concurrentSessions 1 on both: a session received by one refuses a launch on the other until it ends', async () => {
    const { a, b } = two;
    const head = await budgeted(a, { concurrentSessions: 1 });
    assert.equal((await b.launch(head, 'a')).status, 200);
    assert.equal((await refusal(await a.launch(head, 'b'))).code, 'head_busy');
    const session = await pageSession(head);
    await session.talk();
    assert.equal((await refusal(await b.launch(head, 'b'))).code, 'head_busy');
    await session.close();
    assert.equal((await b.launch(head, 'b')).status, 200);
  });

  test('minutesPerDay and launchesPerVisitorPerDay count across the instances', async () => {
    const { a, b } = two;
    nextDayAt(10);
    const head = await budgeted(a, { minutesPerDay: 5, launchesPerVisitorPerDay: 2 });
    assert.equal((await a.launch(head, 'a')).status, 200);
    assert.equal((await b.launch(head, 'a')).status, 200);
    assert.equal((await refusal(await a.launch(head, 'a'))).code, 'visitor_daily_limit');
    assert.equal((await b.launch(head, 'b')).status, 200);
    await deliver(head, 'five', 'start_conversation');
    move(5 * 60_000);
    await deliver(head, 'five', 'end_conversation');
    assert.equal((await refusal(await b.launch(head, 'c'))).code, 'head_budget_spent');
    assert.equal((await today(b, head)).minutesUsed, 5);
  });

  test("the Redis store keeps the expiring set's contract", () =>
    expiringSetContract(two.stores[0]!));

  test('parallel launches on both instances never pass the limit (one atomic step in Redis)', async () => {
    const { a, b } = two;
    const head = await budgeted(a, { concurrentSessions: 3 });
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => (i % 2 ? a : b).launch(head, `v${i}`)),
    );
    assert.equal(answers.filter((r) => r.status === 200).length, 3);
  });
});
