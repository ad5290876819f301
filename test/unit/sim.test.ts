/**
 * The simulator as a product of its own: what the contract suite does not reach through the
 * client — raw shapes, pages, media, faults and introspection — tested with `app.request()`.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createSimulator } from '../../src/sim/index.js';

const sim = createSimulator({ talkDelayMs: 0 });
const { app, store } = sim;
const json = { 'content-type': 'application/json', accept: 'application/json' };

async function token(email = store.options.email): Promise<string> {
  const res = await app.request('/api/auth/token', {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, secretKey: store.options.secretKey }),
  });
  return (await res.json()).token;
}

async function createHead(overrides: Record<string, unknown> = {}) {
  const auth = { ...json, authorization: `Bearer ${await token()}` };
  const voice = store.voices.find((v) => v.provider === 'azure')!;
  const res = await app.request('/api/head/create', {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({
      headVisualId: store.faces[0]!.id,
      name: 'Ada <Lovelace>',
      language: 'en-US',
      operationMode: 'oc',
      ttsProvider: voice.provider,
      ttsVoice: voice.voiceId,
      greetings: 'Welcome!',
      ...overrides,
    }),
  });
  assert.equal(res.status, 201, await res.clone().text());
  const { id } = await res.json();
  const head = await (await app.request(`/api/head/${id}`, { headers: auth })).json();
  return { ...head, auth };
}

describe('simulator', () => {
  test('AUTH-1 AUTH-2 the token shape follows the option', async () => {
    const body = () => ({
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: store.options.email, secretKey: store.options.secretKey }),
    });
    assert.ok(
      (await (await app.request('/api/auth/token', body())).json()).token,
      'shape A answers {token}',
    );
    store.options.tokenShape = 'B';
    assert.ok(
      (await (await app.request('/api/auth/token', body())).json()).data.bearer,
      'shape B answers {data: {bearer}}',
    );
    store.options.tokenShape = 'A';
  });

  test('the token endpoint refuses bad input with 400 naming the field, and wrong keys with 401', async () => {
    const missing = await app.request('/api/auth/token', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: 'x' }),
    });
    assert.equal(missing.status, 400);
    assert.match((await missing.json()).message, /secretKey/);
    const notJson = await app.request('/api/auth/token', {
      method: 'POST',
      headers: json,
      body: '{',
    });
    assert.equal(notJson.status, 400);
    const wrong = await app.request('/api/auth/token', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: store.options.email, secretKey: 'nope' }),
    });
    assert.equal(wrong.status, 401);
  });

  test('the catalogue has 40+ faces of both genders and 60+ voices over 3+ providers', () => {
    assert.ok(store.faces.length >= 40, `40 faces or more (${store.faces.length})`);
    assert.ok(
      store.faces.some((f) => f.gender === 'MALE') &&
        store.faces.some((f) => f.gender === 'FEMALE'),
      'faces of both genders',
    );
    assert.ok(store.voices.length >= 60, `60 voices or more (${store.voices.length})`);
    assert.ok(
      new Set(store.voices.map((v) => v.provider)).size >= 3,
      'voices of three providers or more',
    );
  });

  test('FACE-2 bad paging parameters get 400 with a message; a take above 100 is clamped', async () => {
    const auth = { authorization: `Bearer ${await token()}` };
    const bad = await app.request('/api/head_visual/face/all?page=0', { headers: auth });
    assert.equal(bad.status, 400);
    assert.match((await bad.json()).message, /page/);
    assert.equal(
      (await app.request('/api/head_visual/face/all?gender=OTHER', { headers: auth })).status,
      400,
    );
    const big = await (
      await app.request('/api/head_visual/face/all?take=1000', { headers: auth })
    ).json();
    assert.equal(big.meta.take, 100);
  });

  test("FACE-2 the face list meta has the spec's fields, without hasPreviousPage (shown only in the talks list)", async () => {
    const auth = { authorization: `Bearer ${await token()}` };
    const second = await (
      await app.request('/api/head_visual/face/all?take=5&page=2', { headers: auth })
    ).json();
    assert.deepEqual(Object.keys(second.meta).sort(), [
      'hasNextPage',
      'itemCount',
      'page',
      'pageCount',
      'take',
    ]);
    assert.deepEqual([second.meta.page, second.meta.take, second.meta.hasNextPage], [2, 5, true]);
  });

  test('HEAD-8 LIM-1 the chat page opens with the api_key of publicUrl and refuses any other', async () => {
    const head = await createHead();
    const url = new URL(head.publicUrl);
    const page = await app.request(url.pathname + url.search);
    assert.equal(page.status, 200);
    const html = await page.text();
    assert.match(html, /Ada &lt;Lovelace&gt;/, 'the name is escaped');
    assert.match(html, /data-greeting="Welcome!"/);
    assert.match(page.headers.get('content-security-policy') ?? '', /script-src 'self'/);
    assert.equal((await app.request(`${url.pathname}?api_key=wrong`)).status, 401);
    assert.equal((await app.request(url.pathname)).status, 401);
    const refused = await (await app.request(url.pathname)).text();
    assert.doesNotMatch(refused, /sim_ak_/, 'the refusal page never shows a key');
    assert.equal((await app.request('/chat/org-demo/h-unknown?api_key=x')).status, 404);
  });

  test('STREAM-2 the stream page warns while the splitter is on', async () => {
    const head = await createHead({ greetings: '' });
    const url = new URL(head.publicUrl);
    const path = url.pathname.replace(/^\/chat/, '/stream') + url.search;
    assert.match(await (await app.request(path)).text(), /splitter-warning/);
    await app.request(`/api/head/${head.id}/splitter?splitter=false`, {
      method: 'PUT',
      headers: head.auth,
    });
    assert.doesNotMatch(await (await app.request(path)).text(), /splitter-warning/);
  });

  test('media: portraits are SVG, clips are mp4 with byte ranges', async () => {
    const face = store.faces.find((f) => f.avatar)!;
    const svg = await app.request(new URL(face.avatar!).pathname);
    assert.equal(svg.headers.get('content-type'), 'image/svg+xml');
    assert.match(await svg.text(), /^<svg/);
    const clip = await app.request('/media/idle.mp4', { headers: { range: 'bytes=0-99' } });
    assert.equal(clip.status, 206);
    assert.equal((await clip.arrayBuffer()).byteLength, 100);
    assert.match(clip.headers.get('content-range') ?? '', /^bytes 0-99\/\d+$/);
    assert.equal((await app.request('/media/talks/unknown.mp4')).status, 404);
  });

  test('faults: status, malformed body and count are applied, then used up', async () => {
    const auth = { authorization: `Bearer ${await token()}` };
    const add = (f: object) =>
      app.request('/api/_sim/faults', { method: 'POST', headers: json, body: JSON.stringify(f) });
    assert.equal((await add({ path: '/voice/all', status: 503, times: 2 })).status, 201);
    assert.equal((await app.request('/api/voice/all', { headers: auth })).status, 503);
    assert.equal((await app.request('/api/voice/all', { headers: auth })).status, 503);
    assert.equal((await app.request('/api/voice/all', { headers: auth })).status, 200);
    await add({ path: '/head/*', malformed: true });
    const malformed = await app.request('/api/head/anything', { headers: auth });
    assert.deepEqual(await malformed.json(), {
      data: [{ unexpected: true }],
      meta: { page: 'one' },
    });
    assert.equal((await add({ path: 'no-slash' })).status, 400);
  });

  test('a fault with a rate hits about that share of the requests under a `**` path, and never the others', async () => {
    const auth = { authorization: `Bearer ${await token()}` };
    const add = (f: object) =>
      app.request('/api/_sim/faults', { method: 'POST', headers: json, body: JSON.stringify(f) });
    assert.equal(
      (await add({ path: '/**', rate: 1.5, status: 503 })).status,
      400,
      'a rate is a share, 0 to 1',
    );
    assert.equal((await add({ path: '/**', rate: 0.25, status: 503, times: 0 })).status, 201);
    const statuses: number[] = [];
    for (let i = 0; i < 400; i++) {
      const path = i % 2 ? '/api/voice/all' : '/api/head_visual/face/all?take=1';
      statuses.push((await app.request(path, { headers: auth })).status);
    }
    assert.deepEqual([...new Set(statuses)].sort(), [200, 503]);
    const failed = statuses.filter((s) => s === 503).length;
    // 400 draws at 25 %: 100 expected (σ ≈ 8.7); outside 60–140 (4.6 σ) about 4 runs in a million.
    assert.ok(failed > 60 && failed < 140, `${failed} of 400 failed`);
    assert.equal((await app.request('/api/_sim/faults', { method: 'DELETE' })).status, 204);
    assert.equal((await app.request('/api/voice/all', { headers: auth })).status, 200);
    await add({ path: '/head/**', status: 500 });
    assert.equal(
      (await app.request('/api/voice/all', { headers: auth })).status,
      200,
      '`/head/**` is not every path',
    );
    assert.equal((await app.request('/api/head/talks/x', { headers: auth })).status, 500);
  });

  test('faults carry response headers: a 302 with a Location, or headers added to the real answer', async () => {
    const auth = { authorization: `Bearer ${await token()}` };
    const add = (f: object) =>
      app.request('/api/_sim/faults', { method: 'POST', headers: json, body: JSON.stringify(f) });
    assert.equal(
      (
        await add({
          path: '/voice/all',
          status: 302,
          headers: { location: 'http://elsewhere.example/api/voice/all' },
        })
      ).status,
      201,
    );
    const redirect = await app.request('/api/voice/all', { headers: auth });
    assert.deepEqual(
      [redirect.status, redirect.headers.get('location')],
      [302, 'http://elsewhere.example/api/voice/all'],
    );
    await add({ path: '/voice/all', headers: { 'retry-after': '7' } });
    const real = await app.request('/api/voice/all', { headers: auth });
    assert.equal(real.status, 200);
    assert.equal(real.headers.get('retry-after'), '7');
    assert.ok((await real.json()).data.voices.length > 0, 'the route answered as usual');
    assert.equal((await add({ path: '/voice/all', headers: { 'bad header': 'x' } })).status, 400);
  });

  test('introspection shows the request log without secrets, and reset forgets', async () => {
    await token();
    const log = await (await app.request('/api/_sim/requests')).json();
    const text = JSON.stringify(log);
    assert.doesNotMatch(text, new RegExp(store.options.secretKey));
    assert.doesNotMatch(text, /Bearer/);
    assert.ok(
      log.some((r: { path: string }) => r.path === '/auth/token'),
      'the log shows the token request',
    );
    assert.equal(
      (await app.request('/api/_sim/reset', { method: 'POST' })).status,
      415,
      'a cross-site form cannot reset the simulator',
    );
    assert.equal(
      (await app.request('/api/_sim/reset', { method: 'POST', headers: json })).status,
      204,
    );
    const state = await (await app.request('/api/_sim/state')).json();
    assert.equal(state.tokensIssued, 0);
    assert.equal(state.heads.length, 0);
    assert.equal(state.options.secretKey, undefined);
  });

  test('the /_sim routes answer only Host names of this machine (a DNS-rebinding page is refused), and the state never shows a shared key', async () => {
    const head = await createHead();
    const made = await app.request('/api/head-events', {
      method: 'POST',
      headers: head.auth,
      body: JSON.stringify({ headId: head.id, webhookUrl: 'https://shop.example/dh/hooks/events' }),
    });
    assert.equal(made.status, 201, await made.clone().text());
    const { sharedKey } = await made.json();
    for (const host of [
      'attacker.example',
      'attacker.example:8790',
      '127.0.0.1.nip.io',
      'localhost.attacker.example',
      '10.0.0.5:8790',
      '[::2]:8790',
    ]) {
      for (const [method, path] of [
        ['GET', '/api/_sim/state'],
        ['GET', '/api/_sim/requests'],
        ['POST', '/api/_sim/reset'],
        ['POST', '/api/_sim/faults'],
      ] as const) {
        const res = await app.request(path, {
          method,
          headers: { ...json, host },
          ...(method === 'POST' ? { body: '{"path":"/x"}' } : {}),
        });
        assert.equal(res.status, 403, `${method} ${path} with Host ${host}`);
      }
    }
    for (const host of [
      '127.0.0.1:8790',
      'localhost:8790',
      'LOCALHOST',
      'sim.localhost:1',
      '[::1]:8790',
      '127.1.2.3',
    ]) {
      assert.equal(
        (await app.request('/api/_sim/state', { headers: { host } })).status,
        200,
        `Host ${host}`,
      );
    }
    const state = await (
      await app.request('/api/_sim/state', { headers: { host: '127.0.0.1:8790' } })
    ).json();
    const hook = state.webhooks.find((w: { headId: string }) => w.headId === head.id);
    assert.equal(hook.sharedKeySet, true);
    assert.equal(hook.sharedKey, undefined);
    assert.doesNotMatch(
      JSON.stringify(state),
      new RegExp(sharedKey),
      'no shared key anywhere in the state',
    );
  });

  test('a webhook URL that is not a URL is a 400, not a 500; the API takes head ids, not public ids', async () => {
    const head = await createHead();
    for (const webhookUrl of ['not a url', '::', 'https://']) {
      const res = await app.request('/api/head-events', {
        method: 'POST',
        headers: head.auth,
        body: JSON.stringify({ headId: head.id, webhookUrl }),
      });
      assert.equal(res.status, 400, webhookUrl);
    }
    assert.equal(
      (await app.request(`/api/head/${head.publicId}`, { headers: head.auth })).status,
      404,
    );
  });

  test('an unknown API path is a 404 in the platform error shape', async () => {
    const res = await app.request('/api/nope', {
      headers: { authorization: `Bearer ${await token()}` },
    });
    assert.equal(res.status, 404);
    assert.equal((await res.json()).statusCode, 404);
  });

  test('a time-out no longer than the inactivity warning is refused, at creation and in PATCH /_sim/options', async () => {
    assert.throws(
      () => createSimulator({ inactivityMs: 1000, timeoutMs: 1000 }),
      /timeoutMs \(1000\) must be longer than inactivityMs \(1000\)/,
    );
    assert.throws(
      () => createSimulator({ timeoutMs: 30_000 }),
      /longer than inactivityMs \(60000\)/,
      'against the default inactivity',
    );
    assert.doesNotThrow(() => createSimulator({ inactivityMs: 100, timeoutMs: 101 }));
    const patch = (body: object) =>
      app.request('/api/_sim/options', {
        method: 'PATCH',
        headers: json,
        body: JSON.stringify(body),
      });
    const refused = await patch({ timeoutMs: store.options.inactivityMs });
    assert.equal(refused.status, 400);
    assert.match((await refused.json()).message, /timeoutMs .* must be longer than inactivityMs/);
    assert.equal(store.options.timeoutMs, 120_000, 'nothing changed');
    const ok = await patch({ inactivityMs: 50, timeoutMs: 80, deliveryRetryBaseMs: 5 });
    assert.equal(ok.status, 200);
    assert.deepEqual(
      [store.options.inactivityMs, store.options.timeoutMs, store.options.deliveryRetryBaseMs],
      [50, 80, 5],
    );
    await patch({ inactivityMs: 60_000, timeoutMs: 120_000, deliveryRetryBaseMs: 500 });
  });
});
