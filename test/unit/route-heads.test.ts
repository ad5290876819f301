/**
 * `/heads` (src/proxy/routes/heads.ts): the public summary and poster of a published head
 * (public-heads.ts: DH_PUBLIC_HEADS, and what unknown ids cost the platform) and, for the back
 * office, `POST /heads` (create-head.ts: the streaming rules, the voice check). Through
 * `app.request()` against the simulator in-process; every answer is scanned for secrets at the end.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { HeadRecord } from '../../src/platform/schemas.js';
import { headSummary } from '../../src/proxy/public-heads.js';
import { clearOfMinuteEnd } from './minute.js';
import { connection, errorOf, proxySuite } from './proxy-harness.js';

const { sim, makeProxy, voiceOf, headBody, createHead } = proxySuite();

describe('heads: the public summary and poster, and POST /heads', () => {
  const p = makeProxy();

  test('GET /heads/:id is a safe summary: name, mode, poster, no publicUrl or key', async () => {
    const head = await createHead(p);
    const res = await p.request(`/dh/heads/${head.id}`);
    const body = await res.json();
    assert.deepEqual(Object.keys(body).sort(), ['id', 'language', 'mode', 'name', 'poster']);
    assert.equal(body.name, 'Proxy Head');
    assert.equal(
      body.language,
      'en-US',
      "the head's language, for the facade to say when it is not the page's",
    );
    assert.equal(body.mode, 'oc');
    assert.equal(
      body.poster,
      `/dh/heads/${head.id}/poster`,
      'relative to the proxy, whatever host a reverse proxy used',
    );
  });

  test("the summary's language is read as the platform sends it: language or langCode, a locale tag or nothing", async () => {
    const deps = { faces: async () => [], config: { prefix: '/dh' } } as unknown as Parameters<
      typeof headSummary
    >[0];
    const summary = (fields: Record<string, unknown>) =>
      headSummary(deps, 'h1', {
        publicUrl: 'https://x.invalid/o/h?api_key=k',
        ...fields,
      } as HeadRecord);
    assert.equal((await summary({ language: 'es-ES' })).language, 'es-ES');
    assert.equal(
      (await summary({ langCode: 'pt-br' })).language,
      'pt-BR',
      'langCode (the ttt example), canonical case',
    );
    assert.equal(
      (await summary({ language: 'de_DE' })).language,
      'de-DE',
      'an underscore, as some platforms write it',
    );
    assert.equal(
      (await summary({ language: 'not a tag!' })).language,
      null,
      'not a locale tag: nothing to say, no error',
    );
    assert.equal((await summary({})).language, null);
  });

  test('the poster is served by the proxy, so a facade makes no request to the platform', async () => {
    const head = await createHead(p);
    const res = await p.request(`/dh/heads/${head.id}/poster`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'image/svg+xml');
    assert.match(res.headers.get('content-security-policy') ?? '', /sandbox/);
    assert.match(await res.text(), /^<svg/);
    const videoOnly = sim.store.faces.find((f) => !f.avatar && !f.posterImage)!;
    const bare = await createHead(p, { headVisualId: videoOnly.id });
    assert.equal((await (await p.request(`/dh/heads/${bare.id}`)).json()).poster, null);
    assert.equal((await p.request(`/dh/heads/${bare.id}/poster`)).status, 404);
  });

  test('public head routes answer only for published heads (DH_PUBLIC_HEADS)', async () => {
    const head = await createHead(p);
    const only = makeProxy({ DH_PUBLIC_HEADS: 'some-other-head' });
    for (const path of [`/dh/heads/${head.id}`, `/dh/heads/${head.id}/launch`]) {
      const res = await only.request(path);
      assert.equal(res.status, 404);
      assert.equal((await errorOf(res)).code, 'head_not_published');
    }
    assert.equal(
      (await p.request('/dh/heads/..%2F..%2Fetc')).status,
      400,
      'path parameters are validated',
    );
    assert.equal((await p.request('/dh/heads/https:%2F%2Fevil.example')).status, 400);
  });

  test('an unknown head gives a 404 with a message, not a 500', async () => {
    const res = await p.request('/dh/heads/00000000-0000-4000-a000-000000000000');
    assert.equal(res.status, 404);
    await errorOf(res);
  });

  test('with every head public, an unknown head id costs one platform call a minute, not one per request', async () => {
    const open = makeProxy({ DH_PUBLIC_HEADS: '*' });
    const id = '00000000-0000-4000-a000-00000000dead';
    const reads = () => sim.store.requests.filter((r) => r.path === `/head/${id}`).length;
    const before = reads();
    for (const path of [
      `/dh/heads/${id}`,
      `/dh/heads/${id}/launch`,
      `/dh/heads/${id}`,
      `/dh/heads/${id}/poster`,
      `/dh/heads/${id}/launch?view=stream`,
    ]) {
      const res = await open.request(path);
      assert.equal(res.status, 404, path);
    }
    assert.equal(reads() - before, 1);
  });

  test('POST /heads creates a head in any mode; bad input names the field', async () => {
    const created = await createHead(p, { operationMode: 'doc_qa' });
    assert.equal(created.mode, 'doc_qa');
    assert.equal(created.streaming, false);
    const res = await p.request('/dh/heads', {
      method: 'POST',
      admin: true,
      body: JSON.stringify(headBody({ operationMode: 'plugin' })),
    });
    assert.equal(res.status, 400);
    assert.match((await errorOf(res)).message, /pluginOperationalModeConfig/);
  });

  test('STREAM-1 STREAM-2 STREAM-3 "streaming": true applies the rules and turns the splitter off', async () => {
    const voice = voiceOf((p) => p === 'elevenlabs');
    const res = await p.request('/dh/heads', {
      method: 'POST',
      admin: true,
      body: JSON.stringify({
        ...headBody({
          alias: 'L',
          suggestions: ['x'],
          greetings: 'Hi!',
          ttsVoice: voice.voiceId,
          ttsProvider: 'azure',
        }),
        streaming: true,
      }),
    });
    assert.equal(res.status, 201, await res.clone().text());
    const created = await res.json();
    assert.equal(created.streaming, true);
    const held = sim.store.heads.get(created.id)!;
    assert.equal(held.request.operationMode, 'oc');
    assert.equal(held.request.ttsProvider, 'elevenlabs');
    assert.equal(held.request.greetings, '');
    assert.equal(held.request.alias, undefined);
    assert.equal(held.request.suggestions, undefined);
    assert.equal(held.splitter, false);
    const wrongVoice = await p.request('/dh/heads', {
      method: 'POST',
      admin: true,
      body: JSON.stringify({ ...headBody(), streaming: true }),
    });
    assert.equal(wrongVoice.status, 400);
    assert.match((await errorOf(wrongVoice)).message, /elevenlabs/);
  });

  test('STREAM-2 a streaming head whose splitter stays on is a 502 splitter_failed with its id (finish it, do not create another)', async () => {
    const voice = voiceOf((p) => p === 'elevenlabs');
    sim.store.addFault({ method: 'PUT', path: '/head/*/splitter', status: 500, times: 1 });
    const before = sim.store.heads.size;
    const res = await p.request('/dh/heads', {
      method: 'POST',
      admin: true,
      body: JSON.stringify({ ...headBody({ ttsVoice: voice.voiceId }), streaming: true }),
    });
    assert.equal(res.status, 502);
    const body = (await res.json()) as {
      error: { code: string; message: string; headId: string };
    };
    assert.equal(body.error.code, 'splitter_failed');
    assert.equal(sim.store.heads.size, before + 1, 'the head exists');
    assert.ok(
      sim.store.heads.has(body.error.headId),
      'the error names the head that was made, so it can be fixed or removed',
    );
    assert.equal(sim.store.heads.get(body.error.headId)!.splitter, true);
    assert.match(body.error.message, new RegExp(`/dh/heads/${body.error.headId}/splitter`));
    const finish = await p.request(`/dh/heads/${body.error.headId}/splitter`, {
      method: 'PUT',
      admin: true,
      body: JSON.stringify({ on: false }),
    });
    assert.equal(finish.status, 200);
    assert.equal(sim.store.heads.get(body.error.headId)!.splitter, false);
  });

  test('STREAM-1 a streaming head in another mode than oc is refused before anything is created', async () => {
    const voice = voiceOf((p) => p === 'elevenlabs');
    const before = sim.store.heads.size;
    const res = await p.request('/dh/heads', {
      method: 'POST',
      admin: true,
      body: JSON.stringify({
        ...headBody({ ttsVoice: voice.voiceId, operationMode: 'ttt' }),
        streaming: true,
      }),
    });
    assert.equal(res.status, 400);
    assert.match((await errorOf(res)).message, /^operationMode: .*oc/);
    assert.equal(sim.store.heads.size, before);
  });

  test('HEAD-4 a display name as ttsVoice is a 400 that says to use the voiceId', async () => {
    const voice = voiceOf((p) => p === 'azure');
    const res = await p.request('/dh/heads', {
      method: 'POST',
      admin: true,
      body: JSON.stringify(headBody({ ttsVoice: voice.displayName })),
    });
    assert.equal(res.status, 400);
    const err = await errorOf(res);
    assert.equal(err.code, 'voice_not_available');
    assert.match(err.message, /voiceId/);
  });

  test('made-up head ids cost the platform a budget per client (20 reads a minute) on the summary, launch and poster routes, not the site: another client and cached ids are unaffected', async () => {
    await clearOfMinuteEnd();
    const p = makeProxy({ DH_PUBLIC_HEADS: '*', DH_RATE_LIMIT: '1000' });
    const real = await createHead(p);
    const reads = () => sim.store.requests.filter((r) => /^\/head\/invented-/.test(r.path)).length;
    const before = reads();
    const statuses: number[] = [];
    const from = (address: string, path: string) => p.app.request(path, {}, connection(address));
    for (let i = 0; i < 25; i++)
      statuses.push(
        (await from('203.0.113.9', `/dh/heads/invented-${i}${['', '/launch', '/poster'][i % 3]}`))
          .status,
      );
    assert.deepEqual(
      statuses,
      [...Array(20).fill(404), ...Array(5).fill(429)],
      'the 21st unknown head of a minute is refused before the platform is asked',
    );
    assert.equal(reads() - before, 20, 'twenty platform reads, then none');
    const refused = await from('203.0.113.9', '/dh/heads/invented-99');
    assert.equal(refused.headers.get('retry-after'), '60');
    assert.equal((await errorOf(refused)).code, 'rate_limited');
    assert.equal(
      (await from('203.0.113.9', '/dh/heads/invented-3')).status,
      404,
      'an id read lately costs nothing: still its 404',
    );
    assert.equal(
      (await from('203.0.113.10', `/dh/heads/${real.id}`)).status,
      200,
      'another client is unaffected',
    );
    assert.equal(
      (await from('203.0.113.10', '/dh/heads/invented-50')).status,
      404,
      'and has its own budget',
    );
  });
});
