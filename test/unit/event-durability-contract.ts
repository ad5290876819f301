/**
 * Nothing acknowledged is lost: a site process killed while its onEvent runs leaves the event to
 * the next instance; two instances behind a load balancer stream every event to every subscriber
 * once; Redis stopped and restarted mid-run (with its append-only file) keeps every event it
 * acknowledged. Shared by event-durability.test.ts (a single Redis) and redis-cluster.test.ts (a
 * Redis Cluster).
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { createProxy } from '../../src/proxy/app.js';
import { parseConfig } from '../../src/proxy/config.js';
import { eventLogKeys } from '../../src/proxy/redis-event-log.js';
import { redisStore, type RedisStore } from '../../src/proxy/redis-store.js';
import { signWebhookBody } from '../../src/proxy/webhook-signature.js';
import { PlatformClient } from '../../src/platform/client.js';
import { readStream } from './event-stream.js';
import { servedFrom } from './proxy-harness.js';
import type { RunningRedis } from './redis-server.js';
import { sessionEvent } from './session-event.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const HEAD = 'head-durable';
const KEY = 'durable-shared-key-0123456789';
const ADMIN = 'admin-token-0123456789';

const delivery = (session: string, type = 'start_conversation') =>
  JSON.stringify(
    sessionEvent(session, type, { timestamp: new Date().toISOString(), head_id: HEAD }),
  );

async function until(what: string, check: () => boolean | Promise<boolean>, ms = 20_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    assert.ok(Date.now() < end, `${what} within ${ms / 1000} s`);
    await sleep(50);
  }
}

/**
 * The tests on `redis()`, a single Redis or a cluster run with its append-only file (its
 * restart() keeps what was acknowledged); the last one stops it and starts it again.
 */
export function durabilityContract(
  name: string,
  redis: () => RunningRedis,
  skip: string | false = false,
) {
  describe(`events survive a killed process, a second instance and a restart (${name})`, {
    skip,
  }, () => {
    const stores: RedisStore[] = [];
    const children: ChildProcess[] = [];
    const dir = mkdtempSync(join(tmpdir(), 'dh-events-'));

    after(async () => {
      for (const c of children) c.kill('SIGKILL');
      for (const s of stores) await s.close().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    });

    /** An instance in this process, on the shared Redis (`base` keeps each test's keys apart). */
    function instance(
      base: string,
      onEvent?: (session: string, attempt: number) => void | Promise<void>,
    ) {
      const store = redisStore(redis().url, {
        base,
        cluster: redis().cluster,
        commandTimeoutMs: 500,
        warn: () => undefined,
      });
      stores.push(store);
      return servedFrom(
        createProxy({
          config: parseConfig({
            DH_SIGNING_SECRET: 'x'.repeat(32),
            DH_ADMIN_TOKEN: ADMIN,
            DH_RATE_LIMIT: '0',
            DH_WEBHOOK_KEYS: `${HEAD}:${KEY}`,
          }),
          platform: new PlatformClient({
            baseUrl: 'http://127.0.0.1:9',
            email: 'site@example.com',
            secretKey: 'unused-secret-key-1234',
          }),
          store,
          log: () => undefined,
          warn: () => undefined,
          ...(onEvent ? { onEvent: (e, meta) => onEvent(e.session_id, meta.attempt) } : {}),
        }),
      );
    }

    const post = async (
      app: { request: (p: string, i: RequestInit) => Response | Promise<Response> },
      body: string,
    ) =>
      app.request('/dh/hooks/events', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-signature-256': await signWebhookBody(body, KEY),
        },
        body,
      });

    /** A site server in a process of its own (event-site.ts). */
    async function site(
      name: string,
      out: string,
      hang = false,
    ): Promise<{ url: string; child: ChildProcess }> {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', join(import.meta.dirname, 'event-site.ts')],
        {
          env: {
            ...process.env,
            ...redis().env,
            DH_WEBHOOK_KEYS: `${HEAD}:${KEY}`,
            DH_TEST_OUT: out,
            DH_TEST_NAME: name,
            ...(hang ? { DH_TEST_HANG: '1' } : {}),
          },
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      children.push(child);
      let text = '';
      child.stdout!.on('data', (d) => (text += d));
      await until(`${name} listens`, () => text.includes('\n'), 60_000);
      return { url: (JSON.parse(text.split('\n')[0]!) as { url: string }).url, child };
    }

    test('EV-9 a site process killed after the 2xx, while its onEvent runs: the next instance handles the event, once', async () => {
      const out = join(dir, 'killed.txt');
      writeFileSync(out, '');
      const lines = () => readFileSync(out, 'utf8').trim().split('\n').filter(Boolean);
      const a = await site('A', out, true);
      const body = delivery('hang-1');
      const res = await fetch(`${a.url}/dh/hooks/events`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-signature-256': await signWebhookBody(body, KEY),
        },
        body,
      });
      assert.equal(res.status, 202, 'acknowledged');
      await until("A's onEvent started", () => lines().includes('A 1 hang-1'));
      a.child.kill('SIGKILL');
      const b = await site('B', out);
      await until('B handled the event', () => lines().some((l) => l.startsWith('B ')));
      await sleep(1500);
      assert.deepEqual(
        lines(),
        ['A 1 hang-1', 'B 2 hang-1'],
        'handled by B once, as the second attempt',
      );
      b.child.kill('SIGKILL');
    });

    test('two instances behind a load balancer: every subscriber, on either instance, sees each event once, in order, with the same ids', async () => {
      const a = instance('lb');
      const b = instance('lb');
      const open = async (app: typeof a) => {
        const res = await app.request('/dh/events/stream', {
          headers: { authorization: `Bearer ${ADMIN}` },
        });
        assert.equal(res.status, 200);
        // A longer deadline: the other instance's events come through Redis (looked for every 250 ms).
        const stream = readStream(res, 20_000);
        return {
          async read(count: number) {
            const text = await stream.until(
              (t) => (t.match(/^event: \w+_conversation$/gm)?.length ?? 0) >= count,
              `${count} events`,
            );
            await sleep(300);
            await stream.cancel();
            return {
              sessions: [...text.matchAll(/"session_id":"([^"]+)"/g)].map((m) => m[1]),
              ids: [...text.matchAll(/^id: (.+)$/gm)].map((m) => m[1]),
            };
          },
        };
      };
      const onA = await open(a);
      const onB = await open(b);
      // Each delivery goes to one instance, as a load balancer sends it; one is sent to both (a retry).
      assert.equal((await post(a, delivery('lb-1'))).status, 202);
      assert.equal((await post(b, delivery('lb-2'))).status, 202);
      const third = delivery('lb-3');
      assert.equal((await post(a, third)).status, 202);
      const again = await post(b, third);
      assert.equal(
        again.status,
        200,
        'the same bytes again, on the other instance: acknowledged as a duplicate',
      );
      const [seenA, seenB] = await Promise.all([onA.read(3), onB.read(3)]);
      assert.deepEqual(
        seenA.sessions,
        ['lb-1', 'lb-2', 'lb-3'],
        "the subscriber on A sees B's event too, and each once",
      );
      assert.deepEqual(
        seenB.sessions,
        ['lb-1', 'lb-2', 'lb-3'],
        "the subscriber on B sees A's events too, and each once",
      );
      assert.deepEqual(
        seenA.ids,
        seenB.ids,
        'the same ids on both: a reconnection to either resumes',
      );
    });

    test('Redis stopped and restarted mid-run: deliveries get 503 while it is away; every acknowledged event is handled, once it is back', async () => {
      const handled: string[] = [];
      let failFirst = true;
      const app = instance('restart', (session) => {
        // The first call fails: the event waits for its retry in Redis when Redis goes away.
        if (session === 'r-1' && failFirst) {
          failFirst = false;
          throw new Error('CRM down');
        }
        handled.push(session);
      });
      assert.equal((await post(app, delivery('r-1'))).status, 202);
      // Its retry is written before Redis goes away (a failure not yet written then would wait
      // for its lease, a minute, before it is taken again).
      const client = redis().connect();
      await until(
        'the first call failed and its retry is kept in Redis',
        async () => (await client.hlen(eventLogKeys('restart').delayed)) === 1,
      );
      client.disconnect();
      await redis().stop();
      const away = await post(app, delivery('r-2'));
      assert.equal(
        away.status,
        503,
        'not written, so not acknowledged: the platform sends it again',
      );
      await redis().restart();
      await until(
        'the store answers again',
        async () => (await post(app, delivery('r-2'))).status === 202,
      );
      assert.equal((await post(app, delivery('r-3'))).status, 202);
      await until(
        'every acknowledged event handled',
        () => ['r-1', 'r-2', 'r-3'].every((s) => handled.includes(s)),
        30_000,
      );
      await sleep(500);
      assert.deepEqual([...handled].sort(), ['r-1', 'r-2', 'r-3'], 'each once');
    });
  });
}
