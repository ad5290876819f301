/**
 * The conversation insights (src/proxy/conversation-insights.ts, routes/insights.ts, the tallies
 * of tally.ts, `dh-kit insights`) from the simulator's real deliveries (session-harness.ts): page
 * sessions over its WebSocket and their signed events to proxies on ports, a time-out with its
 * end, a warning, a delivery sent twice, a plugin head's messages (the simulator's calls to the
 * proxy's plugin route); what the route refuses and who may read it; the days kept; two instances
 * on one Redis counting once; the demo's weeks.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createStorage } from 'unstorage';
import { insightsSchema, type Insights } from '../../src/api/answers.js';
import { insightsCommand } from '../../src/cli/insights.js';
import { parseConfig } from '../../src/proxy/config.js';
import {
  conversationInsights,
  durationField,
  questionText,
} from '../../src/proxy/conversation-insights.js';
import { DEMO_INSIGHT_DAYS, seedDemoInsights } from '../../src/proxy/demo-insights.js';
import { echoPlugin, pluginRoutes } from '../../src/proxy/routes/plugin.js';
import { memoryStore, UnstorageStore } from '../../src/proxy/shared-store.js';
import { StoreUnavailable, type KeyValueStore } from '../../src/proxy/store.js';
import type { WebhookEvent } from '../../src/platform/schemas.js';
import { NO_REDIS } from './redis-server.js';
import {
  ADMIN,
  DAY,
  deliver,
  move,
  newHead,
  nextDayAt,
  now,
  pageSession,
  proxy,
  sendEventsTo,
  sim,
  startSessions,
  today,
  type SessionProxy,
  twoProxiesOnRedis,
} from './session-harness.js';
import { tallyContract } from './shared-store-contract.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** DH_CALLBACK_SECRET: the plugin route answers at an address holding it. */
const CALLBACK = 'c'.repeat(40);

// Long idle times: no session ends by itself under a test; a delivery answered 503 comes again soon.
startSessions({ deliveryRetryBaseMs: 10, inactivityMs: 600_000, timeoutMs: 900_000 });

/** GET /insights (admin) and its answer, checked against the contract the element reads. */
async function insightsOf(p: SessionProxy, query = ''): Promise<Insights> {
  const res = await p.call(`/insights${query}`);
  const body: unknown = await res.json();
  assert.equal(res.status, 200, JSON.stringify(body));
  assert.ok(insightsSchema.is(body), `the answer keeps its contract: ${JSON.stringify(body)}`);
  return body;
}
const oneDay = (head?: string) => `?${head ? `head=${head}&` : ''}from=${today()}&to=${today()}`;
const statuses = (session: string, type: string) =>
  sim.store.deliveries
    .filter((d) => d.sessionId === session && d.eventType === type)
    .map((d) => d.status);

/** A head in plugin mode whose conversation service is this proxy's plugin route. */
const pluginHead = (p: SessionProxy) =>
  newHead({
    operationMode: 'plugin',
    pluginOperationalModeConfig: {
      name: 'site',
      url: `${p.server.url}/dh/plugin/${CALLBACK}`,
      options: {},
    },
  });

describe('conversation insights, one proxy against the simulator', () => {
  let p: SessionProxy;
  before(async () => {
    p = await proxy({}, { DH_CALLBACK_SECRET: CALLBACK });
  });
  after(() => p.server.close(100));

  test('EV-2 EV-3 EV-4 EV-5 EV-10 a day of a head from its deliveries: launches, start and end pairs, a time-out with its end, a warning, a start delivered twice; each counted once', async () => {
    nextDayAt(9);
    const head = await newHead();
    await sendEventsTo(head, p);
    const links: string[] = [];
    for (const visitor of ['a', 'b', 'c', 'd']) {
      const launch = await p.launch(head, visitor);
      assert.equal(launch.status, 200);
      links.push(((await launch.json()) as { url: string }).url);
    }
    // The frame that opens a launch link is no launch of its own.
    assert.equal((await p.embed(links[0]!, 'a')).status, 302);
    const talked = await pageSession(head);
    await talked.talk();
    move(6 * MINUTE);
    await talked.close();
    // The platform does not see the first answer and sends the start again.
    sim.store.lostDeliveryAnswers = 1;
    await deliver(head, 'twice', 'start_conversation');
    assert.equal(statuses('twice', 'start_conversation').length, 2, 'delivered twice');
    move(MINUTE);
    await deliver(head, 'idle', 'start_conversation');
    move(2 * MINUTE);
    await deliver(head, 'idle', 'inactivity_warning');
    // "I'm still here", then idle again: a second warning of the session.
    move(30_000);
    await deliver(head, 'idle', 'inactivity_warning');
    move(30_000);
    // A time-out is followed by its end (spec, Events): one session ended, and timed out.
    await deliver(head, 'idle', 'timeout_conversation');
    await deliver(head, 'idle', 'end_conversation');
    move(MINUTE);
    await deliver(head, 'twice', 'end_conversation');

    const day = await insightsOf(p, oneDay(head));
    assert.deepEqual(day.days, [
      {
        day: today(),
        launches: 4,
        sessionsStarted: 3,
        sessionsEnded: 3,
        sessionsTimedOut: 1,
        inactivityWarnings: 2,
        minutes: 14,
        peakConcurrent: 2,
      },
    ]);
    const { day: _, ...counts } = day.days[0]!;
    assert.deepEqual(day.totals, counts, "the range's sums: this day's");
    // Durations 3, 5 and 6 minutes: each read as the middle of its 15-second bucket.
    assert.deepEqual([day.medianMinutes, day.p90Minutes], [5.1, 6.1]);
    assert.equal(day.timeoutShare, 0.3333, 'one of the three that ended timed out');
    assert.equal(day.launchToSession, 0.75, 'three sessions of four launches');
    assert.equal(day.hours[9], 3);
    assert.equal(
      day.hours.reduce((a, b) => a + b),
      3,
      'every session in its hour',
    );
    assert.deepEqual([day.head, day.from, day.to], [head, today(), today()]);
    const all = await insightsOf(p, oneDay());
    assert.equal(all.head, null);
    assert.deepEqual(all.days, day.days, "all heads' day: this head's alone that day");
  });

  test('a session whose end never comes counts DH_MAX_SESSION_MINUTES (60) once its time has run out, and no duration; an end after that changes no minute', async () => {
    nextDayAt(13);
    const head = await newHead();
    await sendEventsTo(head, p);
    await deliver(head, 'endless', 'start_conversation');
    move(30 * MINUTE);
    assert.equal((await insightsOf(p, oneDay(head))).totals.minutes, 0, 'running: not yet');
    move(31 * MINUTE);
    const after = await insightsOf(p, oneDay(head));
    assert.equal(after.totals.minutes, 60);
    assert.equal(after.medianMinutes, null, 'no ended session, no median');
    await deliver(head, 'endless', 'end_conversation');
    const ended = await insightsOf(p, oneDay(head));
    assert.deepEqual([ended.totals.minutes, ended.totals.sessionsEnded], [60, 1]);
    assert.deepEqual((await insightsOf(p, oneDay())).totals.minutes, 60, 'all heads too');
  });

  test("PLUG-1 PLUG-2 a plugin head's questions: normalised, cut at 200 characters, the most asked first, for its head and all heads", async () => {
    nextDayAt(11);
    const head = await pluginHead(p);
    await sendEventsTo(head, p);
    const first = await pageSession(head);
    await first.talk('  What ARE your\n opening   hours? ');
    await first.talk('Do you ship to Canada?');
    await first.close();
    const second = await pageSession(head);
    await second.talk('what are your opening hours?');
    await second.talk('😀'.repeat(250));
    await second.close();
    const expected = [
      { text: 'what are your opening hours?', count: 2 },
      { text: 'do you ship to canada?', count: 1 },
      // 200 characters (not UTF-16 units: 400 of them).
      { text: '😀'.repeat(200), count: 1 },
    ];
    const asked = await insightsOf(p, oneDay(head));
    assert.deepEqual(asked.questions, expected);
    assert.equal(asked.questionsKept, true);
    assert.deepEqual((await insightsOf(p, oneDay())).questions, expected);
  });

  test('the route refuses a day that is none, a range backwards or over 366 days, a bad head: 400 naming what to fix; by default the last 30 days', async () => {
    const tomorrow = new Date(now() + DAY).toISOString().slice(0, 10);
    for (const [query, said] of [
      ['?from=2026-13-01', /^from: not a day of the calendar$/],
      ['?to=2026-02-30', /^to: not a day of the calendar$/],
      ['?to=yesterday', /^to: a day is written YYYY-MM-DD$/],
      ['?from=2026-03-02&to=2026-03-01', /from is after to/],
      ['?from=2025-01-01&to=2026-01-02', /a range is at most 366 days/],
      ['?from=2000-01-01', /a range is at most 366 days \(to is \d{4}-\d\d-\d\d\)/],
      [`?from=${tomorrow}`, /from is after to/],
      ['?head=..%2Fetc', /^head: a head id is/],
    ] as const) {
      const res = await p.call(`/insights${query}`);
      const body = (await res.json()) as { error: { code: string; message: string } };
      assert.equal(res.status, 400, `${query}: ${JSON.stringify(body)}`);
      assert.equal(body.error.code, 'invalid_request');
      assert.match(body.error.message, said);
    }
    assert.equal(
      (await insightsOf(p, '?from=2025-01-01&to=2026-01-01')).days.length,
      366,
      '366 days at most',
    );
    const recent = await insightsOf(p);
    assert.equal(recent.days.length, 30);
    assert.deepEqual(
      [recent.to, recent.days.at(-1)!.day, recent.keptDays, recent.questionsKept],
      [today(), today(), 90, true],
    );
    const anyone = await fetch(`${p.server.url}/dh/insights`);
    assert.equal(anyone.status, 401, 'without the admin token');
    assert.equal(
      ((await anyone.json()) as { error: { code: string } }).error.code,
      'admin_required',
    );
  });

  test('dh-kit insights through the running proxy: a readable summary, --json the answer, --csv a row per day', async () => {
    nextDayAt(15);
    const head = await newHead();
    await sendEventsTo(head, p);
    assert.equal((await p.launch(head)).status, 200);
    await deliver(head, 'cli', 'start_conversation');
    move(2 * MINUTE);
    await deliver(head, 'cli', 'end_conversation');
    const out: string[] = [];
    const io = { out: (l: string) => out.push(l), err: (l: string) => out.push(l) };
    const run = (...argv: string[]) =>
      insightsCommand(
        [...argv, '--proxy', `${p.server.url}/dh`],
        io,
        { DH_ADMIN_TOKEN: ADMIN },
        now,
      );
    assert.equal(await run('--head', head, '--days', '2', '--csv'), 0);
    const yesterday = new Date(now() - DAY).toISOString().slice(0, 10);
    assert.deepEqual(out.splice(0), [
      'day,launches,sessionsStarted,sessionsEnded,sessionsTimedOut,inactivityWarnings,minutes,peakConcurrent',
      `${yesterday},0,0,0,0,0,0,0`,
      `${today()},1,1,1,0,0,2,1`,
    ]);
    assert.equal(await run('--head', head, '--days', '1', '--json'), 0);
    assert.deepEqual(JSON.parse(out.splice(0)[0]!), await insightsOf(p, oneDay(head)));
    // This machine's clock is past midnight, the proxy's not yet: the range is this machine's days.
    const ahead = () => now() + 10 * HOUR;
    const proxyArg = ['--proxy', `${p.server.url}/dh`];
    const env = { DH_ADMIN_TOKEN: ADMIN };
    assert.equal(await insightsCommand(['--days', '1', '--json', ...proxyArg], io, env, ahead), 0);
    const tomorrow = new Date(ahead()).toISOString().slice(0, 10);
    const skewed = JSON.parse(out.splice(0)[0]!) as Insights;
    assert.deepEqual([skewed.from, skewed.to], [tomorrow, tomorrow]);
    assert.equal(await run('--head', head, '--days', '1'), 0);
    const text = out.splice(0).join('\n');
    assert.match(
      text,
      new RegExp(`^Conversation insights of head ${head}, ${today()} to ${today()}`),
    );
    assert.match(text, /sessions started\s+1 \(launches 1, sessions per launch 100 %\)/);
    assert.match(text, /minutes\s+2 \(a session: median 2\.1, 90th percentile 2\.1\)/);
    assert.match(text, /^15\s+1\s+█{30}$/m, 'its hour, the busiest');
    assert.match(text, /^No questions asked/m);
    await assert.rejects(run('--json', '--csv'), /--json or --csv: one of them/);
    await assert.rejects(run('--days', '367'), /--days must be a whole number from 1 to 366/);
  });
});

test('EV-9 a delivery the insights could not count (the store failed, twice) is answered 503, and counted once when the platform sends it again', async () => {
  const store = memoryStore(now);
  const tally = store.tally.bind(store);
  /** The next change of these fields fails, once each: the session's minutes, then its time-out. */
  const failing = new Set(['ms', 'timedOut']);
  store.tally = (key, change) => {
    const field = Object.keys(change.add ?? {}).find((f) => failing.has(f));
    if (field) {
      failing.delete(field);
      return Promise.reject(new StoreUnavailable('gone for a moment'));
    }
    return tally(key, change);
  };
  const q = await proxy({ store });
  try {
    nextDayAt(8);
    const head = await newHead();
    await sendEventsTo(head, q);
    await deliver(head, 'flaky', 'start_conversation');
    move(2 * MINUTE);
    await deliver(head, 'flaky', 'timeout_conversation');
    assert.deepEqual(statuses('flaky', 'timeout_conversation'), [503, 503, 202]);
    const day = (await insightsOf(q, oneDay(head))).days[0]!;
    assert.deepEqual(
      [day.sessionsTimedOut, day.sessionsEnded, day.minutes],
      [1, 1, 2],
      'timed out, ended, and its minutes, each once',
    );
  } finally {
    await q.server.close(100);
  }
});

test('DH_INSIGHTS_QUESTIONS=off keeps no text of a visitor anywhere in the store', async () => {
  const store = memoryStore(now);
  const q = await proxy({ store }, { DH_CALLBACK_SECRET: CALLBACK, DH_INSIGHTS_QUESTIONS: 'off' });
  try {
    const head = await pluginHead(q);
    await sendEventsTo(head, q);
    const session = await pageSession(head);
    await session.talk('My secret plans for Tuesday');
    await session.close();
    const answer = await insightsOf(q, oneDay(head));
    assert.deepEqual([answer.questionsKept, answer.questions], [false, []]);
    assert.equal(answer.totals.sessionsStarted, 1, 'the session itself is counted');
    const kept: string[] = [];
    for (const key of await store.storage.getKeys())
      kept.push(key, JSON.stringify(await store.storage.getItemRaw(key)));
    assert.ok(kept.length > 0, 'the store was read');
    assert.deepEqual(
      kept.filter((text) => /secret plans/i.test(text)),
      [],
      'no key or value holds the text',
    );
  } finally {
    await q.server.close(100);
  }
});

test('a day is read for DH_INSIGHTS_DAYS days (today the last), and gone from the store two days later', async () => {
  const store = memoryStore(now);
  const q = await proxy({ store }, { DH_INSIGHTS_DAYS: '2' });
  try {
    nextDayAt(12);
    const head = await newHead();
    const first = today();
    assert.equal((await q.launch(head)).status, 200);
    const launches = async () =>
      (await insightsOf(q, `?head=${head}&from=${first}&to=${first}`)).totals.launches;
    move(DAY);
    assert.equal(await launches(), 1, 'yesterday is kept');
    move(DAY);
    assert.equal(await launches(), 0, 'the day before is not');
    assert.notEqual(await store.get(`insights:${head}:${first}`), undefined, 'still stored');
    move(2 * DAY + MINUTE);
    assert.equal(await store.get(`insights:${head}:${first}`), undefined, 'then gone');
  } finally {
    await q.server.close(100);
  }
});

describe('the insights, one module', () => {
  const at = Date.parse('2026-05-04T10:00:00Z');
  const day = '2026-05-04';

  test('a message whose session has not started waits for its start (ten minutes at most); one of no session counts for all heads only; a start sent again adds nothing', async () => {
    let t = at;
    const insights = conversationInsights({
      store: memoryStore(() => t),
      config: parseConfig({}),
      now: () => t,
    });
    await insights.asked('s1', 'Hello?');
    await insights.asked('nobody', 'Lost');
    await insights.started('h1', 's1', t, 1);
    await insights.asked('s1', 'And again');
    await insights.started('h1', 's1', t, 1);
    await insights.asked('late', 'Too early');
    t += 11 * MINUTE;
    await insights.started('h1', 'late', t, 1);
    const texts = async (head?: string) =>
      (await insights.read(head, day, day)).questions.map((q) => `${q.text} ${q.count}`);
    assert.deepEqual(await texts('h1'), ['and again 1', 'hello? 1']);
    assert.deepEqual(await texts(), ['and again 1', 'hello? 1', 'lost 1', 'too early 1']);
    assert.equal((await insights.read('h1', day, day)).totals.sessionsStarted, 2);
  });

  test('a store without atomic tallies (Workers KV) never has an event refused for the insights: a failure is said, once an hour', async () => {
    const kv = memoryStore();
    const warnings: string[] = [];
    const insights = conversationInsights({
      // get, set, add and increment only, as kvStore() on Workers; its writes fail.
      store: {
        get: (key) => kv.get(key),
        set: () => Promise.reject(new StoreUnavailable('429 Too Many Requests')),
        add: (key, value, ttl) => kv.add(key, value, ttl),
        increment: (key, ttl, by) => kv.increment(key, ttl, by),
      },
      config: parseConfig({}),
      now: () => at,
      warn: (m) => warnings.push(m),
    });
    const event = {
      timestamp: new Date(at).toISOString(),
      head_id: 'h1',
      session_id: 's1',
      public_head_id: 'p',
      public_org_id: 'o',
      event_type: 'end_conversation',
    };
    await insights.record(event, at);
    await insights.started('h1', 's1', at, 1);
    await insights.launched('h1');
    assert.equal(warnings.length, 1, warnings.join('\n'));
    assert.match(warnings[0]!, /could not count in the store \(.*429 Too Many Requests\)/);
  });

  test("the most sessions at once: a head's, and every head's (a session that ended no longer runs)", async () => {
    const insights = conversationInsights({
      store: memoryStore(() => at),
      config: parseConfig({}),
      now: () => at,
    });
    await insights.started('h1', 'a', at, 1);
    await insights.started('h2', 'b', at, 1);
    const peaks = async (head: string | undefined, when: string) =>
      (await insights.read(head, when, when)).totals.peakConcurrent;
    assert.deepEqual([await peaks('h1', day), await peaks(undefined, day)], [1, 2]);
    await insights.lasted('h1', 'a', at, at + MINUTE, true);
    await insights.lasted('h2', 'b', at, at + MINUTE, true);
    const next = at + DAY;
    await insights.started('h1', 'c', next, 1);
    assert.equal(await peaks(undefined, '2026-05-05'), 1, 'the next day: one running');
  });

  test('a plugin message is answered whatever becomes of its count (the store failing)', async () => {
    const app = pluginRoutes(echoPlugin, CALLBACK, () =>
      Promise.reject(new StoreUnavailable('down')),
    );
    const res = await app.request(`/${CALLBACK}/conversation/s1/message`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([{ type: 'text', payload: { type: 'text', message: 'Hi' } }]),
    });
    assert.equal(res.status, 200);
    assert.match(JSON.stringify(await res.json()), /You said: \\"Hi\\"/);
  });

  test('a plugin message is answered without waiting for its count (a store that hangs); on the edge the count is handed to waitUntil', async () => {
    let release = () => {};
    const hanging = new Promise<void>((resolve) => (release = resolve));
    const app = pluginRoutes(echoPlugin, CALLBACK, () => hanging);
    const waited: Promise<unknown>[] = [];
    const edge = {
      waitUntil: (p: Promise<unknown>) => waited.push(p),
      passThroughOnException: () => undefined,
      props: {},
    };
    const ask = (ctx?: typeof edge) =>
      app.request(
        `/${CALLBACK}/conversation/s1/message`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify([{ type: 'text', payload: { type: 'text', message: 'Hi' } }]),
        },
        undefined,
        ctx,
      );
    try {
      for (const ctx of [undefined, edge]) {
        const answered = await Promise.race([
          ask(ctx),
          new Promise<'held'>((r) => setTimeout(() => r('held'), 300)),
        ]);
        assert.notEqual(answered, 'held', 'the answer did not wait for the count');
        assert.equal((answered as Response).status, 200);
      }
      assert.equal(waited.length, 1, "the edge's request lives until its count is done");
    } finally {
      release();
    }
  });

  /** A session event of head h1's session s1, at `when`. */
  const sessionEvent = (type: string, when: number) =>
    ({
      timestamp: new Date(when).toISOString(),
      head_id: 'h1',
      session_id: 's1',
      public_head_id: 'p',
      public_org_id: 'o',
      event_type: type,
    }) as WebhookEvent;

  test('a time-out just before midnight and its end just after: one session ended and timed out, on the first one’s day, however often either comes (and once after a failure half-way)', async () => {
    const store = memoryStore(() => at);
    const tally = store.tally.bind(store);
    let failOnce = true;
    store.tally = (key, change) => {
      if (failOnce && change.add?.ended) {
        failOnce = false;
        return Promise.reject(new StoreUnavailable('gone for a moment'));
      }
      return tally(key, change);
    };
    const insights = conversationInsights({ store, config: parseConfig({}), now: () => at });
    const midnight = Date.parse('2026-05-05T00:00:00Z');
    await insights.started('h1', 's1', midnight - 5 * MINUTE, 1);
    const timeout = sessionEvent('timeout_conversation', midnight - 10_000);
    await assert.rejects(insights.record(timeout, midnight - 10_000), StoreUnavailable);
    await insights.record(timeout, midnight - 10_000);
    await insights.record(timeout, midnight - 10_000);
    for (let i = 0; i < 2; i++)
      await insights.record(sessionEvent('end_conversation', midnight + 5000), midnight + 5000);
    for (const head of ['h1', undefined]) {
      const both = await insights.read(head, day, '2026-05-05');
      assert.deepEqual(
        both.days.map((d) => [d.sessionsEnded, d.sessionsTimedOut]),
        [
          [1, 1],
          [0, 0],
        ],
        `${head ?? 'all heads'}: ended once, on the day of the time-out`,
      );
      assert.deepEqual([both.totals.sessionsEnded, both.timeoutShare], [1, 1]);
    }
  });

  test('on a store without atomic tallies, a start and its minutes count when every head’s running set cannot be written (the peak is then the head’s)', async () => {
    const kv = memoryStore();
    const store: KeyValueStore = {
      get: (key) => kv.get(key),
      set: (key, value, ttl) =>
        key === 'insights-running'
          ? Promise.reject(new StoreUnavailable('429 Too Many Requests'))
          : kv.set(key, value, ttl),
      add: (key, value, ttl) => kv.add(key, value, ttl),
      increment: (key, ttl, by) => kv.increment(key, ttl, by),
    };
    const warnings: string[] = [];
    const insights = conversationInsights({
      store,
      config: parseConfig({}),
      now: () => at,
      warn: (m) => warnings.push(m),
    });
    await insights.started('h1', 's1', at, 1);
    await insights.lasted('h1', 's1', at, at + 2 * MINUTE, true);
    for (const head of ['h1', undefined]) {
      const { totals } = await insights.read(head, day, day);
      assert.deepEqual(
        [totals.sessionsStarted, totals.minutes, totals.peakConcurrent],
        [1, 2, 1],
        head ?? 'all heads',
      );
    }
    assert.equal(warnings.length, 1, 'the running set that could not be written is said, once');
    assert.match(warnings[0]!, /429 Too Many Requests/);
  });

  test("a site's own unstorage driver without atomic tallies (upstash, vercel-kv): a failure to count is said and let go, not a 503", async () => {
    const own = new UnstorageStore(createStorage());
    own.set = () => Promise.reject(new StoreUnavailable('429 Too Many Requests'));
    const warnings: string[] = [];
    const insights = conversationInsights({
      store: own,
      config: parseConfig({}),
      now: () => at,
      warn: (m) => warnings.push(m),
    });
    await insights.record(sessionEvent('end_conversation', at), at);
    await insights.launched('h1');
    assert.equal(warnings.length, 1, warnings.join('\n'));
    assert.deepEqual([own.atomicTally, memoryStore().atomicTally], [false, true]);
  });

  test('the demo seeds only days with nothing counted: a day with real counts is left as it was', async () => {
    const store = memoryStore(() => at);
    let clock = at - DAY;
    const insights = conversationInsights({ store, config: parseConfig({}), now: () => clock });
    await insights.launched('chat');
    clock = at;
    await seedDemoInsights(insights, { chat: 'chat', stream: 'stream' }, at);
    for (const head of ['chat', undefined]) {
      const [before, yesterday] = (await insights.read(head, '2026-05-02', '2026-05-03')).days;
      assert.deepEqual(
        [yesterday!.launches, yesterday!.sessionsStarted],
        [1, 0],
        `${head ?? 'all heads'}: the real day alone`,
      );
      assert.ok(before!.sessionsStarted > 0, 'the day before is seeded');
    }
  });

  test('DH_INSIGHTS_QUESTIONS turned off: texts counted before are not read (they leave the store with their day)', async () => {
    const store = memoryStore(() => at);
    const on = conversationInsights({ store, config: parseConfig({}), now: () => at });
    await on.started('h1', 's1', at, 1);
    await on.asked('s1', 'My secret plans');
    assert.equal((await on.read('h1', day, day)).questions.length, 1);
    const off = conversationInsights({
      store,
      config: parseConfig({ DH_INSIGHTS_QUESTIONS: 'off' }),
      now: () => at,
    });
    for (const head of ['h1', undefined])
      assert.deepEqual((await off.read(head, day, day)).questions, []);
  });

  test('normalising a question; duration buckets', () => {
    assert.equal(questionText(' \t Où\u0000 EST   la\ngare ? '), 'où est la gare ?');
    assert.equal(questionText('e\u0301'), '\u00e9', 'one spelling (NFC)');
    assert.equal([...questionText('abc '.repeat(100))].length, 199, 'cut, without a last space');
    assert.deepEqual(
      [0, 14_999, 15_000, 1_799_999, 1_800_000, 10_860_000, 86_400_000].map(durationField),
      ['d0', 'd0', 'd15', 'd1785', 'd1800', 'd10800', 'd86400'],
    );
  });

  test("the memory store keeps the tally's contract", () => tallyContract(memoryStore()));

  test(`the demo's weeks: ${DEMO_INSIGHT_DAYS} days before today for the demo heads, the same each time, added once`, async () => {
    const seeded = async (store = memoryStore(() => at), times = 1) => {
      const insights = conversationInsights({ store, config: parseConfig({}), now: () => at });
      for (let i = 0; i < times; i++)
        await seedDemoInsights(insights, { chat: 'chat', stream: 'stream' }, at);
      return [
        await insights.read('chat', '2026-04-05', day),
        await insights.read(undefined, '2026-04-05', day),
      ] as const;
    };
    const [chat, all] = await seeded(undefined, 2);
    assert.deepEqual(
      chat.days.map((d) => d.sessionsStarted > 0),
      [false, ...Array(DEMO_INSIGHT_DAYS).fill(true), false],
      'every day before today, and not today',
    );
    assert.ok(chat.questions.length >= 5, `questions asked: ${JSON.stringify(chat.questions)}`);
    assert.ok(
      all.totals.sessionsStarted > chat.totals.sessionsStarted &&
        all.totals.peakConcurrent >= chat.totals.peakConcurrent,
      "all heads' days hold both heads'",
    );
    assert.ok(
      chat.medianMinutes !== null && chat.timeoutShare !== null && chat.launchToSession! < 1,
      `every chart has something: ${JSON.stringify(chat.totals)}`,
    );
    assert.deepEqual(
      await seeded(),
      [chat, all],
      'the same weeks from an empty store, seeded once',
    );
  });

  test('DH_INSIGHTS_DAYS (90; 1 to 3660) and DH_INSIGHTS_QUESTIONS (on or off), said by name', () => {
    assert.deepEqual(parseConfig({}).insights, { keptDays: 90, questions: true });
    assert.deepEqual(
      parseConfig({ DH_INSIGHTS_DAYS: '3660', DH_INSIGHTS_QUESTIONS: 'off' }).insights,
      { keptDays: 3660, questions: false },
    );
    for (const bad of ['0', '3661', 'long'])
      assert.throws(() => parseConfig({ DH_INSIGHTS_DAYS: bad }), /DH_INSIGHTS_DAYS must be/);
    assert.throws(
      () => parseConfig({ DH_INSIGHTS_QUESTIONS: 'no' }),
      /DH_INSIGHTS_QUESTIONS is on or off/,
    );
  });
});

describe('conversation insights, two instances sharing Redis', { skip: NO_REDIS }, () => {
  const two = twoProxiesOnRedis();

  test('EV-10 every event sent to both instances (a webhook each) counts once, launches on either count, both read the same; the day is kept DH_INSIGHTS_DAYS and two days', async () => {
    const { a, b, redis, stores } = two;
    nextDayAt(16);
    const head = await newHead();
    await sendEventsTo(head, a, b);
    assert.equal((await a.launch(head)).status, 200);
    assert.equal((await b.launch(head)).status, 200);
    const talked = await pageSession(head);
    await talked.talk();
    move(4 * MINUTE);
    await talked.close();
    await deliver(head, 'both', 'start_conversation');
    await deliver(head, 'both', 'inactivity_warning');
    await deliver(head, 'both', 'timeout_conversation');
    await deliver(head, 'both', 'end_conversation');
    // The second one a duplicate of the shared event log's (200), counted there and here once.
    assert.deepEqual(statuses('both', 'end_conversation').sort(), [200, 202], 'received by both');
    const fromA = await insightsOf(a, oneDay(head));
    assert.deepEqual(fromA.days[0], {
      day: today(),
      launches: 2,
      sessionsStarted: 2,
      sessionsEnded: 2,
      sessionsTimedOut: 1,
      inactivityWarnings: 1,
      minutes: 4,
      peakConcurrent: 1,
    });
    assert.deepEqual(await insightsOf(b, oneDay(head)), fromA);
    assert.equal(stores[0]!.atomicTally, true, 'one script on Redis: a failure is a 503');
    const client = redis.connect();
    try {
      const tally = `dh:{insights:${head}:${today()}}`;
      const left = (ttl: number, days: number) => Math.abs(ttl - days * DAY) < 60_000;
      assert.ok(left(await client.pttl(tally), 92), 'the day: DH_INSIGHTS_DAYS (90) and two');
      assert.ok(
        left(await client.pttl(`${tally}:once`), 2 + 1 / 24),
        'what counted once: as long as a repeat may come (a session, and two days)',
      );
    } finally {
      client.disconnect();
    }
  });
});
