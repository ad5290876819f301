/**
 * The catalogues, `GET /faces` and `GET /voices` (src/proxy/routes/catalogue.ts), through
 * `app.request()` against the simulator in-process: filters, search, paging, thumbnails, ETags,
 * the 400 of a bad query, one platform call for many cold requests, and catalogue caching kept to
 * the catalogues. The catalogue cache itself (TTL, prepared answers): proxy-upstream.test.ts.
 * Every answer is scanned for secrets at the end.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { errorOf, proxySuite } from './proxy-harness.js';

const { sim, makeProxy, createHead } = proxySuite();

describe('the catalogues: GET /faces and GET /voices', () => {
  const p = makeProxy();

  test("GET /faces pages, filters by gender and name, and resolves thumbnails (FACE-4): avatar, then posterImage, then videoUrl, each as the proxy's own route", async () => {
    const res = await p.request('/dh/faces?take=10&page=2');
    assert.equal(res.status, 200);
    const page = await res.json();
    assert.equal(page.items.length, 10);
    assert.equal(page.page, 2);
    assert.equal(page.total, sim.store.faces.length);
    assert.equal(page.pageCount, Math.ceil(sim.store.faces.length / 10));
    const female = await (await p.request('/dh/faces?gender=FEMALE&take=100')).json();
    assert.ok(
      female.items.length > 0 &&
        female.items.every((f: { gender: string }) => f.gender === 'FEMALE'),
      'gender=FEMALE gives female faces only',
    );
    const name = sim.store.faces[3]!.name;
    const found = await (
      await p.request(`/dh/faces?q=${encodeURIComponent(name.slice(0, 4).toLowerCase())}`)
    ).json();
    assert.ok(
      found.items.some((f: { name: string }) => f.name === name),
      `a search for the start of a name, lower case, finds ${name}`,
    );
    const all = (await (await p.request('/dh/faces?take=100')).json()).items as {
      id: string;
      thumbnail: { url: string; kind: string };
    }[];
    for (const f of sim.store.faces) {
      const item = all.find((i) => i.id === f.id)!;
      const kind = f.avatar || f.posterImage ? 'image' : 'video';
      assert.equal(item.thumbnail.kind, kind);
      assert.equal(item.thumbnail.url, `/dh/faces/${f.id}/${kind}`);
    }
  });

  test("a catalogue search ignores accents and case, as the pickers' type-ahead does (api/rules.ts fold)", async () => {
    const face = sim.store.faces[5]!;
    const before = face.name;
    face.name = 'Élodie Brûlé';
    try {
      // A proxy of its own: the catalogue it loads has the new name.
      const fresh = makeProxy();
      for (const q of ['elo', 'ÉLO', 'elodie brule', 'BRÛ']) {
        const found = (
          await (await fresh.request(`/dh/faces?q=${encodeURIComponent(q)}&take=100`)).json()
        ).items as { id: string }[];
        assert.ok(
          found.some((f) => f.id === face.id),
          `q=${q} finds "Élodie Brûlé"`,
        );
      }
    } finally {
      face.name = before;
    }
  });

  test('GET /faces answers 304 to a matching If-None-Match', async () => {
    const first = await p.request('/dh/faces?take=5');
    const etag = first.headers.get('etag') ?? '';
    assert.ok(etag, 'the face list carries an ETag');
    const again = await p.request('/dh/faces?take=5', { headers: { 'if-none-match': etag } });
    assert.equal(again.status, 304);
    assert.equal(await again.text(), '');
  });

  test('bad catalogue queries get 400 {error: {code, message}} naming the field', async () => {
    for (const [q, field] of [
      ['take=0', 'take'],
      ['take=500', 'take'],
      ['gender=X', 'gender'],
      ['page=abc', 'page'],
      ['order=UP', 'order'],
    ] as const) {
      const res = await p.request(`/dh/faces?${q}`);
      assert.equal(res.status, 400, q);
      assert.match((await errorOf(res)).message, new RegExp(field));
    }
  });

  test('VOICE-3 STREAM-5 GET /voices filters by provider, locale, gender, text, and streaming', async () => {
    const all = (await (await p.request('/dh/voices')).json()) as {
      items: {
        voiceId: string;
        displayName: string;
        provider: string;
        locale: string;
        gender: string;
      }[];
      streamingProvider: string;
    };
    assert.equal(all.items.length, sim.store.voices.length);
    assert.equal(all.streamingProvider, 'elevenlabs');
    const streaming = (await (await p.request('/dh/voices?streaming=true')).json()).items;
    assert.ok(
      streaming.length > 0 &&
        streaming.every((v: { provider: string }) => v.provider === 'elevenlabs'),
      'streaming=true gives the streaming provider’s voices only',
    );
    const german = (await (await p.request('/dh/voices?locale=de')).json()).items;
    assert.ok(
      german.length > 0 && german.every((v: { locale: string }) => v.locale === 'de-DE'),
      'locale=de gives German voices only',
    );
    const male = (await (await p.request('/dh/voices?gender=MALE&provider=azure')).json()).items;
    assert.ok(
      male.length > 0 &&
        male.every(
          (v: { gender: string; provider: string }) =>
            v.gender === 'MALE' && v.provider === 'azure',
        ),
      'gender and provider filter together',
    );
    const byText = (await (await p.request('/dh/voices?q=japanese')).json()).items;
    assert.ok(
      byText.length > 0 && byText.every((v: { locale: string }) => v.locale === 'ja-JP'),
      'a search for “japanese” gives Japanese voices only',
    );
    assert.equal((await p.request('/dh/voices?gender=robot')).status, 400);
  });

  test('GET /voices pages with page and take: disjoint pages, in order, with the totals', async () => {
    type Voices = {
      items: { voiceId: string; provider: string; language: string }[];
      total: number;
      page: number;
      take: number;
      pageCount: number;
      hasNextPage: boolean;
    };
    const all = (await (await p.request('/dh/voices')).json()) as Voices;
    const total = sim.store.voices.length;
    // Without take: everything, as one page.
    assert.equal(all.items.length, total);
    assert.deepEqual(
      [all.total, all.page, all.take, all.pageCount, all.hasNextPage],
      [total, 1, total, 1, false],
    );
    const take = 10;
    const pageCount = Math.ceil(total / take);
    const pages: Voices[] = [];
    for (let page = 1; page <= pageCount + 1; page++) {
      const res = await p.request(`/dh/voices?take=${take}&page=${page}`);
      assert.equal(res.status, 200);
      pages.push((await res.json()) as Voices);
    }
    pages.forEach((pg, i) => {
      assert.equal(pg.page, i + 1);
      assert.equal(pg.take, take);
      assert.equal(pg.total, total);
      assert.equal(pg.pageCount, pageCount);
      assert.equal(pg.hasNextPage, i + 1 < pageCount);
      assert.equal(
        pg.items.length,
        i + 1 < pageCount ? take : i + 1 === pageCount ? total - take * (pageCount - 1) : 0,
      );
    });
    // The pages put together are the whole sorted list: no overlap, nothing missing.
    const key = (v: { provider: string; voiceId: string }) => `${v.provider}/${v.voiceId}`;
    const joined = pages.flatMap((pg) => pg.items.map(key));
    assert.equal(new Set(joined).size, total, 'no voice on two pages');
    assert.deepEqual(joined, all.items.map(key));
    // Languages stay contiguous across page boundaries (a header per language in the picker).
    const runs = pages
      .flatMap((pg) => pg.items.map((v) => v.language))
      .filter((l, i, a) => l !== a[i - 1]);
    assert.equal(runs.length, new Set(runs).size);
    // Filters apply before paging: total counts the filtered voices.
    const azure = (await (await p.request('/dh/voices?provider=azure')).json()) as Voices;
    const azurePage = (await (
      await p.request('/dh/voices?provider=azure&take=5&page=2')
    ).json()) as Voices;
    assert.equal(azurePage.total, azure.items.length);
    assert.deepEqual(azurePage.items.map(key), azure.items.slice(5, 10).map(key));
    assert.ok(
      azurePage.items.every((v) => v.provider === 'azure'),
      'a later page of a filtered list is still filtered',
    );
  });

  test('bad /voices paging gets 400 naming the field', async () => {
    for (const [q, field] of [
      ['take=501', 'take'],
      ['take=0', 'take'],
      ['take=x', 'take'],
      ['page=0', 'page'],
      ['page=abc', 'page'],
    ] as const) {
      const res = await p.request(`/dh/voices?${q}`);
      assert.equal(res.status, 400, q);
      assert.match((await errorOf(res)).message, new RegExp(field), q);
    }
    assert.equal((await p.request('/dh/voices?take=500')).status, 200, '500 is allowed');
  });

  test('500 concurrent cold /dh/faces requests make one /auth/token and one face call', async () => {
    sim.store.reset();
    const cold = makeProxy();
    const answers = await Promise.all(
      Array.from({ length: 500 }, () => cold.request('/dh/faces?take=3')),
    );
    assert.deepEqual(
      answers.map((r) => r.status),
      Array(500).fill(200),
      'every one of the 500 waiting pages gets the faces',
    );
    assert.equal(sim.store.tokensIssued, 1);
    assert.equal(sim.store.requests.filter((r) => r.path === '/head_visual/face/all').length, 1);
  });

  test('catalogue caching stays on the catalogues: admin answers and errors are not public or ETagged', async () => {
    const p = makeProxy();
    const head = await createHead(p);
    assert.equal((await p.request('/dh/faces')).headers.get('cache-control'), 'public, max-age=60');
    for (const path of [
      `/dh/heads/${head.id}/videos`,
      `/dh/heads/${head.id}/launch`,
      `/dh/webhooks?headId=${head.id}`,
    ]) {
      const res = await p.request(path, { admin: true });
      assert.equal(res.headers.get('cache-control'), 'no-store', path);
      assert.equal(res.headers.get('etag'), null, path);
    }
  });
});
