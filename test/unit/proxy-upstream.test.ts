/**
 * The proxy against the platform's failures and refusals and its catalogue cache, through
 * `app.request()` with the simulator in-process: how a platform 5xx, time-out, malformed answer,
 * 401, 403, 404 and 429 reach a visitor and an admin, the warning of an unset DH_SIGNING_SECRET,
 * and the caching of /faces and /voices (ETag, coalescing, TTL). Every browser-facing answer is scanned for secrets at the end (./secret-scan.ts).
 */
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { parseConfig, type ProxyConfig } from '../../src/proxy/config.js';
import { CATALOGUE_TTL_MS } from '../../src/proxy/deps.js';
import type { SimFault } from '../../src/sim/store.js';
import { errorOf, platformAccess, proxySuite } from './proxy-harness.js';

const {
  sim,
  scan,
  makeProxy,
  createHead,
  admin: ADMIN,
} = proxySuite({
  signing: 'upstream-signing-secret-0123456789abcdef',
  admin: 'upstream-admin-token-0123456789',
});

/** A fault on every request to `path` while `run` runs. */
async function withFault<T>(
  fault: Omit<SimFault, 'id' | 'times'>,
  run: () => Promise<T>,
): Promise<T> {
  sim.store.faults = [];
  sim.store.addFault({ times: 0, ...fault });
  try {
    return await run();
  } finally {
    sim.store.faults = [];
  }
}

const upstreamCalls = (path: string) => sim.store.requests.filter((r) => r.path === path).length;

describe('proxy · platform refusals and catalogue cache', () => {
  after(() => {
    // Secrets never reach a browser; the organisation key only in the embed's 302.
    const { recorded, withOrgKey } = scan.assertClean();
    assert.ok(
      recorded > 20 && withOrgKey > 0,
      'the suite recorded answers, the embed redirect among them',
    );
  });

  describe('platform refusals', () => {
    test("ERR-3 a platform 403 is a 502 platform_forbidden: a plain message for a visitor, the platform's words for an admin", async () => {
      const p = makeProxy();
      await withFault(
        {
          path: '/voice/all',
          status: 403,
          body: JSON.stringify({ message: 'Forbidden: missing permissions to list voices' }),
        },
        async () => {
          const visitor = await p.request('/dh/voices');
          assert.equal(visitor.status, 502);
          const v = await errorOf(visitor);
          assert.equal(v.code, 'platform_forbidden');
          assert.match(v.message, /server log/);
          assert.doesNotMatch(v.message, /permission|DH_/);
          const admin = await p.request('/dh/voices?q=admin', { admin: true });
          assert.equal(admin.status, 502);
          const a = await errorOf(admin);
          assert.equal(a.code, 'platform_forbidden');
          assert.match(a.message, /no permission/, 'the admin reads the cause');
        },
      );
    });

    test("a platform 429 is a 503 platform_busy with Retry-After, after the client's capped retries", async () => {
      const p = makeProxy();
      const before = upstreamCalls('/head_visual/face/all');
      await withFault(
        { path: '/head_visual/face/all', status: 429, headers: { 'retry-after': '1' } },
        async () => {
          const res = await p.request('/dh/faces');
          assert.equal(res.status, 503);
          const retryAfter = Number(res.headers.get('retry-after'));
          assert.ok(
            Number.isInteger(retryAfter) && retryAfter > 0,
            `Retry-After is a number of seconds, got ${res.headers.get('retry-after')}`,
          );
          const err = await errorOf(res);
          assert.equal(err.code, 'platform_busy');
          assert.match(err.message, /429|try again/i);
          assert.equal(
            upstreamCalls('/head_visual/face/all') - before,
            3,
            'three attempts, then the answer',
          );
        },
      );
    });

    test('a platform 404 is a 404 not_found whose visitor message names no setting; an admin gets the detail', async () => {
      const p = makeProxy();
      const visitor = await p.request('/dh/heads/00000000-0000-4000-a000-00000000dead');
      assert.equal(visitor.status, 404);
      const v = await errorOf(visitor);
      assert.equal(v.code, 'not_found');
      assert.doesNotMatch(
        v.message,
        /DH_|BASE_URL|platform said/i,
        'no setting names for visitors',
      );
      assert.match(v.message, /id/);
      const admin = await p.request('/dh/webhooks/987654', { admin: true });
      assert.equal(admin.status, 404);
      const a = await errorOf(admin);
      assert.equal(a.code, 'not_found');
      assert.match(a.message, /DH_BASE_URL/, 'the admin is told what to check');
      assert.match(a.message, /Webhook not found/, '…and what the platform said');
    });
  });

  describe('upstream failures', () => {
    test('platform 5xx → 502, timeout → 504, malformed → 502, each with a message', async () => {
      const p = makeProxy({}, { client: { timeoutMs: 50 } });
      await p.request('/dh/voices');
      const cases: [object, number, string][] = [
        [{ path: '/head/*', status: 503, times: 0 }, 502, 'platform_unavailable'],
        [{ path: '/head/*', delayMs: 200, times: 0 }, 504, 'platform_timeout'],
        [{ path: '/head/*', malformed: true, times: 0 }, 502, 'platform_unavailable'],
      ];
      for (const [fault, status, code] of cases) {
        sim.store.faults = [];
        sim.store.addFault({ times: 0, ...fault } as Parameters<typeof sim.store.addFault>[0]);
        const res = await p.request('/dh/heads/00000000-0000-4000-a000-000000000001');
        assert.equal(res.status, status, JSON.stringify(fault));
        const err = await errorOf(res);
        assert.equal(err.code, code);
        assert.ok(
          err.message.length > 10,
          `the ${code} error comes with a sentence a person can read: ${JSON.stringify(err.message)}`,
        );
      }
      sim.store.faults = [];
    });

    test('a 401 mid-session is recovered by one re-login', async () => {
      const p = makeProxy();
      assert.equal((await p.request('/dh/voices?q=zzzz-nothing')).status, 200);
      const tokensBefore = sim.store.tokensIssued;
      sim.store.addFault({ path: '/head/*', status: 401, times: 1 });
      const head = await createHead(p);
      assert.equal(
        sim.store.tokensIssued,
        tokensBefore + 1,
        'the 401 led to exactly one new login',
      );
      assert.equal(sim.store.faults.length, 0, 'the fault was used');
      assert.equal((await p.request(`/dh/heads/${head.id}`)).status, 200);
    });

    test("the platform refusing our credentials is a 502 for visitors; the cause goes to the site owner's log", async () => {
      const warnings: string[] = [];
      const p = makeProxy(
        {},
        { client: { secretKey: 'wrong-secret-key' }, warn: (m) => warnings.push(m) },
      );
      const res = await p.request('/dh/faces');
      assert.equal(res.status, 502);
      const err = await errorOf(res);
      assert.equal(err.code, 'platform_auth_failed');
      assert.match(err.message, /server log/);
      assert.doesNotMatch(err.message, /DH_|secret/i, 'no setting names for visitors');
      assert.match(warnings.join('\n'), /DH_SECRET_KEY|secret key/i);
      assert.doesNotMatch(
        warnings.join('\n'),
        /wrong-secret-key/,
        'the log names the setting, never its value',
      );
    });

    test('ERR-3 an admin (the back office) is told the cause of a 403; a visitor is not', async () => {
      const p = makeProxy();
      sim.store.addFault({
        path: '/head_visual/face/all',
        status: 403,
        body: JSON.stringify({ message: 'organisation is inactive' }),
        times: 2,
      });
      const visitor = await errorOf(await p.request('/dh/faces?q=403-visitor'));
      assert.equal(visitor.code, 'platform_forbidden');
      assert.doesNotMatch(visitor.message, /inactive/);
      const admin = await errorOf(await p.request('/dh/faces?q=403-admin', { admin: true }));
      assert.equal(admin.code, 'platform_forbidden');
      assert.match(admin.message, /inactive/, 'the admin reads which of the four causes it is');
      sim.store.faults = [];
    });

    test('a platform that cannot be reached is a 502 whose message hides the address', async () => {
      const p = makeProxy(
        {},
        {
          client: { baseUrl: 'http://127.0.0.1:9/api', maxAttempts: 1, fetch },
          warn: () => undefined,
        },
      );
      const res = await p.request('/dh/voices');
      assert.equal(res.status, 502);
      assert.doesNotMatch((await errorOf(res)).message, /127\.0\.0\.1|ECONNREFUSED/);
    });
  });

  test('without DH_SIGNING_SECRET the proxy warns, and launch → embed still answers 302', async () => {
    const warnings: string[] = [];
    const config: ProxyConfig = {
      ...parseConfig({ DH_ADMIN_TOKEN: ADMIN, DH_PUBLIC_HEADS: '*', DH_RATE_LIMIT: '0' }),
      platform: platformAccess(sim),
    };
    assert.equal(config.signingSecret, undefined);
    const p = makeProxy({}, { config, warn: (m) => warnings.push(m) });
    assert.equal(warnings.length, 1);
    assert.match(warnings[0]!, /DH_SIGNING_SECRET is not set/);
    assert.match(warnings[0]!, /random key/);
    const voice = sim.store.voices.find((v) => v.provider === 'azure' && v.locale === 'en-US')!;
    const created = await p.request('/dh/heads', {
      method: 'POST',
      admin: true,
      body: JSON.stringify({
        headVisualId: sim.store.faces[0]!.id,
        name: 'Unsigned',
        language: 'en-US',
        operationMode: 'oc',
        ttsProvider: voice.provider,
        ttsVoice: voice.voiceId,
      }),
    });
    assert.equal(created.status, 201, await created.clone().text());
    const { id } = await created.json();
    const { url } = await (await p.request(`/dh/heads/${id}/launch`)).json();
    const embed = await p.request(url);
    assert.equal(embed.status, 302);
    assert.match(embed.headers.get('location') ?? '', new RegExp(`^${sim.urls.chatUrl}/`));
  });

  describe('catalogue cache', () => {
    test('GET /voices answers 304 to a matching If-None-Match, and 200 to another', async () => {
      const p = makeProxy();
      const first = await p.request('/dh/voices?provider=azure');
      assert.equal(first.status, 200);
      const etag = first.headers.get('etag');
      assert.ok(etag, 'an ETag');
      const again = await p.request('/dh/voices?provider=azure', {
        headers: { 'if-none-match': etag },
      });
      assert.equal(again.status, 304);
      assert.equal(await again.text(), '');
      const other = await p.request('/dh/voices?provider=azure', {
        headers: { 'if-none-match': '"something-else"' },
      });
      assert.equal(other.status, 200);
    });

    test('N concurrent cold identical /voices requests make one upstream /voice/all call', async () => {
      const p = makeProxy();
      const before = upstreamCalls('/voice/all');
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => p.request('/dh/voices?locale=en')),
      );
      assert.deepEqual(
        answers.map((r) => r.status),
        Array(50).fill(200),
        'every one of the 50 waiting pages gets the voices',
      );
      const bodies = new Set(await Promise.all(answers.map((r) => r.text())));
      assert.equal(bodies.size, 1, 'every caller got the same list');
      assert.equal(upstreamCalls('/voice/all') - before, 1);
    });

    test('the catalogue TTL: faces and voices are kept for CATALOGUE_TTL_MS, then fetched again', async () => {
      let now = Date.now();
      const p = makeProxy({}, { now: () => now });
      const calls = () => [upstreamCalls('/head_visual/face/all'), upstreamCalls('/voice/all')];
      assert.equal((await p.request('/dh/faces')).status, 200);
      assert.equal((await p.request('/dh/voices')).status, 200);
      const cold = calls();
      now += CATALOGUE_TTL_MS - 1;
      await p.request('/dh/faces?page=2');
      await p.request('/dh/voices?provider=azure');
      assert.deepEqual(calls(), cold, 'still fresh: no upstream call');
      now += 1;
      await p.request('/dh/faces');
      await p.request('/dh/voices');
      const [faces, voices] = calls();
      assert.ok(faces! > cold[0]!, 'faces fetched again after the TTL');
      assert.equal(voices, cold[1]! + 1, 'voices fetched again after the TTL');
    });

    test('an answer is made once per query string and catalogue: the same bytes and ETag until the catalogue is refreshed, then a new one', async () => {
      let now = Date.now();
      const p = makeProxy({}, { now: () => now });
      const first = await p.request('/dh/faces?take=3&gender=FEMALE');
      const firstBody = await first.text();
      const etag = first.headers.get('etag')!;
      assert.match(etag, /^"[0-9a-f]{40}"$/, 'a strong ETag');
      assert.equal(first.headers.get('cache-control'), 'public, max-age=60');
      assert.equal(first.headers.get('content-type'), 'application/json');
      const again = await p.request('/dh/faces?take=3&gender=FEMALE');
      assert.equal(again.headers.get('etag'), etag);
      assert.equal(await again.text(), firstBody);
      // A 304 for the tag among others, weak or not, with the same headers and no body.
      for (const header of [etag, `"x", ${etag}`, `W/${etag}`, '*']) {
        const res = await p.request('/dh/faces?take=3&gender=FEMALE', {
          headers: { 'if-none-match': header },
        });
        assert.equal(res.status, 304, header);
        assert.equal(res.headers.get('etag'), etag);
        assert.equal(res.headers.get('cache-control'), 'public, max-age=60');
      }
      // A bad query string is never prepared: it is refused each time.
      for (let i = 0; i < 2; i++)
        assert.equal((await p.request('/dh/faces?take=nope')).status, 400);
      // The catalogue changes on the platform; after the TTL the answer follows it.
      const renamed = sim.store.faces.find((f) => f.gender === 'FEMALE')!;
      const name = renamed.name;
      renamed.name = 'Renamed Face';
      try {
        assert.equal(
          await (await p.request('/dh/faces?take=3&gender=FEMALE')).text(),
          firstBody,
          'still the cached catalogue',
        );
        now += CATALOGUE_TTL_MS;
        const fresh = await p.request('/dh/faces?take=3&gender=FEMALE', {
          headers: { 'if-none-match': etag },
        });
        assert.equal(fresh.status, 200, 'the old ETag no longer matches');
        assert.notEqual(fresh.headers.get('etag'), etag);
        assert.match(await fresh.text(), /Renamed Face/);
      } finally {
        renamed.name = name;
      }
    });

    test('prepared answers are bounded in bytes: the oldest go first', async () => {
      const { preparedAnswers } = await import('../../src/proxy/prepared-answers.js');
      const { Hono } = await import('hono');
      const source = {};
      const answers = preparedAnswers(async () => source, undefined, 1000);
      const app = new Hono().get('/x', answers.reuse, (c) =>
        answers.answer(c, `q=${c.req.query('q')}`, source, {
          q: c.req.query('q'),
          pad: 'p'.repeat(300),
        }),
      );
      for (let i = 0; i < 10; i++) assert.equal((await app.request(`/x?q=${i}`)).status, 200);
      assert.equal(answers.size(), 3, 'three answers of ~330 bytes fit in 1000');
      assert.ok(answers.bytes() <= 1000, `${answers.bytes()} bytes held`);
      assert.equal((await (await app.request('/x?q=9')).json()).q, '9');
    });

    test('catalogue answers are kept by their known parameters: junk parameters make no entry of their own, and the spellings remembered are bounded', async () => {
      // Each prepared answer is compressed once, when it is made: the compressor's calls count the
      // answers the route holds (a route keyed by the raw query string would make one per request).
      const compressed: number[] = [];
      const p = makeProxy(
        {},
        { compress: async (bytes) => (compressed.push(bytes.byteLength), new Uint8Array(bytes)) },
      );
      const gzip = { 'accept-encoding': 'gzip' };
      const plain = await p.request('/dh/faces?take=24', { headers: gzip });
      assert.equal(plain.status, 200);
      assert.equal(compressed.length, 1, 'the first answer is made and compressed');
      const etag = plain.headers.get('etag');
      // 3,000 requests, each with junk parameters of its own (and one far too long to remember).
      for (let i = 0; i < 3000; i++) {
        const res = await p.request(
          `/dh/faces?take=24&utm_source=${i}&x${i}=${'y'.repeat(i % 50)}`,
          { headers: gzip },
        );
        assert.equal(res.headers.get('etag'), etag, 'the same answer');
        await res.arrayBuffer();
      }
      assert.equal(
        (
          await p.request(`/dh/faces?take=24&pad=${'z'.repeat(5000)}`, { headers: gzip })
        ).headers.get('etag'),
        etag,
      );
      assert.equal(
        compressed.length,
        1,
        'one answer for every spelling of take=24: never made again',
      );
      // The same parameters in another order, or spelled with defaults, are the same answer too.
      await p.request('/dh/faces?page=1&take=24', { headers: gzip });
      assert.equal(compressed.length, 1, 'page=1 is the default: the same answer');
      await p.request('/dh/faces?take=25', { headers: gzip });
      assert.equal(compressed.length, 2, 'another page size is another answer');
      // The spellings remembered are bounded (counted on the module itself).
      const { preparedAnswers } = await import('../../src/proxy/prepared-answers.js');
      const { Hono } = await import('hono');
      const source = {};
      const answers = preparedAnswers(async () => source, undefined, 1_000_000);
      const app = new Hono().get('/x', answers.reuse, (c) =>
        answers.answer(c, `take=${c.req.query('take')}`, source, { take: c.req.query('take') }),
      );
      for (let i = 0; i < 3000; i++) await app.request(`/x?take=24&junk=${i}`);
      assert.equal(answers.size(), 1, 'one answer for every spelling of take=24');
      assert.ok(
        answers.aliases() <= 1024,
        `${answers.aliases()} spellings remembered (at most 1024)`,
      );
      assert.equal((await app.request('/x?take=24&junk=5')).status, 200);
    });

    test('FACE-2 GET /faces?order=DESC is the newest first: the ASC list reversed, paged the same way', async () => {
      const p = makeProxy();
      type Page = { items: { id: string }[]; total: number };
      const asc = (await (await p.request('/dh/faces?take=100&order=ASC')).json()) as Page;
      const desc = (await (await p.request('/dh/faces?take=100&order=DESC')).json()) as Page;
      assert.equal(desc.total, sim.store.faces.length);
      const newestFirst = [...sim.store.faces]
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
        .map((f) => f.id);
      assert.deepEqual(
        desc.items.map((f) => f.id),
        newestFirst,
      );
      assert.deepEqual(
        desc.items.map((f) => f.id),
        asc.items.map((f) => f.id).reverse(),
      );
      const second = (await (await p.request('/dh/faces?take=5&page=2&order=DESC')).json()) as Page;
      assert.deepEqual(
        second.items.map((f) => f.id),
        newestFirst.slice(5, 10),
      );
    });
  });
});
