/**
 * The reference proxy, through `app.request()`, against the simulator in-process (its fetch
 * handler stands in for the network). Every browser-facing answer of this file is collected and
 * scanned for secrets at the end.
 */
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { parseConfig } from '../../src/proxy/config.js';
import { createProxy } from '../../src/proxy/app.js';
import { isFinished } from '../../src/proxy/encodings.js';
import { headSummary } from '../../src/proxy/public-heads.js';
import type { HeadRecord } from '../../src/platform/schemas.js';
import { signLaunchUrl } from '../../src/proxy/signing.js';
import { createSimulator } from '../../src/sim/index.js';
import { connection, errorOf, platformAccess, proxyHarness } from './proxy-harness.js';
import { watchSecrets } from './secret-scan.js';
import { clearOfMinuteEnd } from './minute.js';
import { PACKAGE_VERSION } from './package-version.js';

const sim = createSimulator({ talkDelayMs: 0 });
const SIGNING = 'test-signing-secret-0123456789abcdef';
const ADMIN = 'admin-token-0123456789';
/** Every browser-facing response of the suite is searched for the platform's secrets at the end. */
const scan = watchSecrets(sim, [SIGNING, ADMIN]);

const makeProxy = proxyHarness(sim, { signing: SIGNING, admin: ADMIN, scan });

const voiceOf = (provider: (p: string) => boolean) =>
  sim.store.voices.find((v) => provider(v.provider) && v.locale === 'en-US')!;
const headBody = (extra: Record<string, unknown> = {}) => {
  const voice = voiceOf((p) => p !== 'elevenlabs');
  return {
    headVisualId: sim.store.faces[0]!.id,
    name: 'Proxy Head',
    language: 'en-US',
    operationMode: 'oc',
    ttsProvider: voice.provider,
    ttsVoice: voice.voiceId,
    greetings: 'Hello!',
    ...extra,
  };
};

async function createHead(p: ReturnType<typeof makeProxy>, extra: Record<string, unknown> = {}) {
  const res = await p.request('/dh/heads', {
    method: 'POST',
    admin: true,
    body: JSON.stringify(headBody(extra)),
  });
  assert.equal(res.status, 201, await res.clone().text());
  return (await res.json()) as {
    id: string;
    publicId: string;
    name: string;
    mode: string;
    poster: string | null;
    streaming: boolean;
  };
}

describe('proxy', () => {
  after(() => {
    // Secrets never reach a browser: not the bearer, not the secret key, not a shared key, not the org key.
    assert.ok(scan.secrets.length > 7, 'the suite used tokens and webhooks');
    assert.ok(
      scan.assertClean().withOrgKey > 0,
      'LIM-1 the embed redirect was among the answers scanned',
    );
  });

  describe('catalogues', () => {
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
  });

  describe('heads, launch and embed', () => {
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

    test('HEAD-8 LIM-1 launch gives a signed URL that redirects to the chat page', async () => {
      const head = await createHead(p);
      const launch = await (await p.request(`/dh/heads/${head.id}/launch`)).json();
      assert.match(
        launch.url,
        new RegExp(`/dh/embed/${head.id}\\?view=chat&exp=\\d+&sig=[0-9a-f]{64}$`),
      );
      const expires = Date.parse(launch.expiresAt) - Date.now();
      assert.ok(expires > 0 && expires <= 300_000, 'lives at most 300 s');
      assert.ok(
        launch.url.startsWith('/dh/embed/'),
        'a path: the element resolves it against its endpoint',
      );
      const res = await p.request(launch.url);
      assert.equal(res.status, 302);
      assert.equal(res.headers.get('cache-control'), 'no-store');
      assert.equal(res.headers.get('referrer-policy'), 'no-referrer');
      const location = res.headers.get('location')!;
      const record = [...sim.store.heads.values()].find((h) => h.id === head.id)!;
      const org = sim.store.orgs.get(record.orgId)!;
      assert.equal(
        location,
        `${sim.urls.chatUrl}/${org.publicId}/${record.publicId}?api_key=${org.apiKey}`,
      );
    });

    test("HEAD-8 the launch answer and the embed route asked for JSON name the page's origin (for the frame's allow), never its URL", async () => {
      const head = await createHead(p);
      for (const [view, pageUrl] of [
        ['chat', sim.urls.chatUrl],
        ['stream', sim.urls.streamUrl],
      ] as const) {
        const launch = await (await p.request(`/dh/heads/${head.id}/launch?view=${view}`)).json();
        assert.equal(launch.pageOrigin, new URL(pageUrl).origin);
        const res = await p.request(launch.url, { headers: { accept: 'application/json' } });
        assert.equal(res.status, 200);
        assert.match(res.headers.get('vary') ?? '', /\bAccept\b/);
        assert.equal(res.headers.get('cache-control'), 'no-store');
        const body = await res.json();
        assert.deepEqual(body, {
          pageOrigin: new URL(pageUrl).origin,
          expiresAt: launch.expiresAt,
        });
        assert.doesNotMatch(JSON.stringify(body), /api_key/);
        // A frame's navigation (text/html, or no Accept at all) is still redirected.
        for (const accept of ['text/html,application/xhtml+xml,*/*;q=0.8', '*/*']) {
          assert.equal((await p.request(launch.url, { headers: { accept } })).status, 302, accept);
        }
      }
    });

    test('STREAM-4 the stream view redirects to {stream_url}/<org>/<head>?api_key', async () => {
      const head = await createHead(p);
      const launch = await (await p.request(`/dh/heads/${head.id}/launch?view=stream`)).json();
      const res = await p.request(launch.url);
      assert.equal(res.status, 302);
      assert.match(
        res.headers.get('location')!,
        new RegExp(`^${sim.urls.streamUrl}/org-demo/h-[^?]+\\?api_key=sim_ak_`),
      );
    });

    test('a tampered, expired, wrong-view or other-head launch URL is refused with 403 and a clear message', async () => {
      const head = await createHead(p);
      const other = await createHead(p);
      const { url } = await (await p.request(`/dh/heads/${head.id}/launch`)).json();
      const u = new URL(url, 'http://localhost');
      const sig = u.searchParams.get('sig')!;
      const tampered = new URL(u);
      tampered.searchParams.set('sig', (sig[0] === 'a' ? 'b' : 'a') + sig.slice(1));
      // The last byte: a comparison of a prefix only would let it through.
      const tamperedEnd = new URL(u);
      tamperedEnd.searchParams.set('sig', sig.slice(0, -1) + (sig.endsWith('a') ? 'b' : 'a'));
      const wrongView = new URL(u);
      wrongView.searchParams.set('view', 'stream');
      const longer = new URL(u);
      longer.searchParams.set('exp', String(Number(u.searchParams.get('exp')) + 3600));
      // Head A's link opened at head B's address (B exists and is public): the signature covers the head id.
      const otherHead = new URL(u);
      otherHead.pathname = otherHead.pathname.replace(head.id, other.id);
      assert.notEqual(otherHead.pathname, u.pathname);
      for (const bad of [tampered, tamperedEnd, wrongView, longer, otherHead]) {
        const res = await p.request(bad.pathname + bad.search);
        assert.equal(res.status, 403, `${bad.pathname}${bad.search} is refused`);
        const err = await errorOf(res);
        assert.equal(err.code, 'launch_invalid');
        assert.match(err.message, /not valid/);
      }
      const past = await signLaunchUrl({
        secret: SIGNING,
        headId: head.id,
        ttl: 60,
        now: Math.floor(Date.now() / 1000) - 120,
      });
      const expired = await p.request(past.url);
      assert.equal(expired.status, 403);
      assert.equal((await errorOf(expired)).code, 'launch_expired');
      const garbage = await p.request(`/dh/embed/${head.id}?view=chat&exp=1&sig=zz`);
      assert.equal(garbage.status, 403);
    });

    test('launch links: an exp further ahead than the longest TTL + 30 s is refused, and exp is digits only', async () => {
      const head = await createHead(p);
      const now = Math.floor(Date.now() / 1000);
      // Signed with the right secret, but 10 years ahead: not a link this site would give.
      const decade = await signLaunchUrl({
        secret: SIGNING,
        headId: head.id,
        ttl: 300,
        now: now + 10 * 365 * 86400,
      });
      const refused = await p.request(decade.url);
      assert.equal(refused.status, 403);
      assert.equal((await errorOf(refused)).code, 'launch_invalid');
      // The longest TTL, signed by a clock 25 s ahead of this one: still fine.
      const skewed = await signLaunchUrl({
        secret: SIGNING,
        headId: head.id,
        ttl: 3600,
        now: now + 25,
      });
      assert.equal((await p.request(skewed.url)).status, 302);
      // The same signed number, written otherwise: refused before the signature is checked.
      const good = await signLaunchUrl({ secret: SIGNING, headId: head.id });
      const exp = Number(new URL(good.url, 'http://x').searchParams.get('exp'));
      for (const spelling of [
        `0x${exp.toString(16)}`,
        `${exp}.0`,
        ` ${exp}`,
        `+${exp}`,
        `${exp / 1e9}e9`,
      ]) {
        const u = new URL(good.url, 'http://x');
        u.searchParams.set('exp', spelling);
        const res = await p.request(u.pathname + u.search);
        assert.equal(res.status, 403, spelling);
        assert.equal((await errorOf(res)).code, 'launch_invalid');
      }
      assert.equal((await p.request(good.url)).status, 302);
    });

    test('a launch URL signed by a site server with signLaunchUrl() is accepted', async () => {
      const head = await createHead(p);
      const signed = await signLaunchUrl({ secret: SIGNING, headId: head.id, view: 'chat' });
      assert.equal((await p.request(signed.url)).status, 302);
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
  });

  describe('admin', () => {
    const p = makeProxy();

    test('admin routes need the admin token; with none configured they are closed', async () => {
      const anonymous = await p.request('/dh/heads', {
        method: 'POST',
        body: JSON.stringify(headBody()),
      });
      assert.equal(anonymous.status, 401);
      assert.equal((await errorOf(anonymous)).code, 'admin_required');
      const wrong = await p.request('/dh/heads', {
        method: 'POST',
        headers: { authorization: 'Bearer nope' },
        body: JSON.stringify(headBody()),
      });
      assert.equal(wrong.status, 401);
      const closed = makeProxy({ DH_ADMIN_TOKEN: '' });
      const res = await closed.request('/dh/heads', {
        method: 'POST',
        body: JSON.stringify(headBody()),
      });
      assert.equal(res.status, 403);
      assert.match((await errorOf(res)).message, /DH_ADMIN_TOKEN/);
    });

    test('an authorize hook decides instead of the token', async () => {
      const actions: string[] = [];
      const hooked = makeProxy(
        {},
        {
          authorize: (req, action) => (actions.push(action), req.headers.get('x-session') === 'ok'),
        },
      );
      assert.equal(
        (await hooked.request('/dh/heads', { method: 'POST', body: JSON.stringify(headBody()) }))
          .status,
        401,
      );
      assert.equal(
        (
          await hooked.request('/dh/heads', {
            method: 'POST',
            headers: { 'x-session': 'ok' },
            body: JSON.stringify(headBody()),
          })
        ).status,
        201,
      );
      assert.deepEqual(actions, ['heads:create', 'heads:create']);
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

    test('videos: POST starts one, GET lists them newest first', async () => {
      const head = await createHead(p, { operationMode: 'ttt' });
      for (const text of ['First video.', 'Second video.']) {
        const res = await p.request(`/dh/heads/${head.id}/videos`, {
          method: 'POST',
          admin: true,
          body: JSON.stringify({ text }),
        });
        assert.equal(res.status, 202);
        await new Promise((r) => setTimeout(r, 5));
      }
      const list = await (await p.request(`/dh/heads/${head.id}/videos`, { admin: true })).json();
      assert.deepEqual(
        list.items.map((v: { text: string }) => v.text),
        ['Second video.', 'First video.'],
      );
      assert.equal(list.total, 2);
      const empty = await p.request(`/dh/heads/${head.id}/videos`, {
        method: 'POST',
        admin: true,
        body: JSON.stringify({ text: '  ' }),
      });
      assert.equal(empty.status, 400);
    });

    test('the daily video cap answers 429 with a clear message', async () => {
      // The cap counts per UTC day: a day ends at a minute's end, so this keeps the test within one.
      await clearOfMinuteEnd();
      const capped = makeProxy({ DH_VIDEO_DAILY_CAP: '2' });
      const head = await createHead(capped, { operationMode: 'ttt' });
      const post = () =>
        capped.request(`/dh/heads/${head.id}/videos`, {
          method: 'POST',
          admin: true,
          body: JSON.stringify({ text: 'Hi' }),
        });
      assert.equal((await post()).status, 202);
      assert.equal((await post()).status, 202);
      const third = await post();
      assert.equal(third.status, 429);
      assert.ok(
        Number(third.headers.get('retry-after')) > 0,
        'the back office is told when it may ask again',
      );
      assert.match((await errorOf(third)).message, /daily limit of 2/);
    });

    test('tools and events are set through the proxy', async () => {
      const head = await createHead(p);
      const tools = [
        {
          name: 'weather',
          description: 'Weather for a city',
          parameters: [{ name: 'city', type: 'string', description: 'City' }],
          url: 'https://tools.example.com/weather',
        },
      ];
      assert.equal(
        (
          await p.request(`/dh/heads/${head.id}/tools`, {
            method: 'PUT',
            admin: true,
            body: JSON.stringify({ tools }),
          })
        ).status,
        200,
      );
      assert.deepEqual(sim.store.heads.get(head.id)!.tools, tools);
      assert.equal(
        (
          await p.request(`/dh/heads/${head.id}/events`, {
            method: 'PUT',
            admin: true,
            body: JSON.stringify({ enabled: true }),
          })
        ).status,
        200,
      );
      assert.equal(sim.store.heads.get(head.id)!.enableEvents, true);
      assert.equal(
        (
          await p.request(`/dh/heads/${head.id}/events`, {
            method: 'PUT',
            admin: true,
            body: JSON.stringify({ enabled: 'yes' }),
          })
        ).status,
        400,
      );
    });

    test('webhook configuration CRUD never shows the shared key', async () => {
      const head = await createHead(p);
      const created = await p.request('/dh/webhooks', {
        method: 'POST',
        admin: true,
        body: JSON.stringify({
          headId: head.id,
          webhookUrl: 'https://example.com/hook',
          startConversation: true,
        }),
      });
      assert.equal(created.status, 201);
      const hook = await created.json();
      assert.equal(hook.sharedKey, undefined);
      assert.equal(hook.sharedKeySet, true);
      assert.equal(hook.startConversation, true);
      const list = await (
        await p.request(`/dh/webhooks?headId=${head.id}`, { admin: true })
      ).json();
      assert.equal(list.items.length, 1);
      const patched = await (
        await p.request(`/dh/webhooks/${hook.id}`, {
          method: 'PATCH',
          admin: true,
          body: JSON.stringify({ endConversation: true }),
        })
      ).json();
      assert.equal(patched.endConversation, true);
      assert.equal(
        (await p.request(`/dh/webhooks/${hook.id}`, { method: 'DELETE', admin: true })).status,
        204,
      );
      assert.equal((await p.request(`/dh/webhooks/${hook.id}`, { admin: true })).status, 404);
      const http = await p.request('/dh/webhooks', {
        method: 'POST',
        admin: true,
        body: JSON.stringify({ headId: head.id, webhookUrl: 'http://example.com/hook' }),
      });
      assert.equal(http.status, 400);
      assert.match((await errorOf(http)).message, /https/);
      assert.equal((await p.request('/dh/webhooks/abc', { admin: true })).status, 400);
    });
  });

  describe('security', () => {
    test('state-changing requests without the X-DH-Kit header are refused (CSRF)', async () => {
      const p = makeProxy();
      const res = await p.request('/dh/heads', {
        method: 'POST',
        admin: true,
        headers: { 'x-dh-kit': '0' },
        body: JSON.stringify(headBody()),
      });
      assert.equal(res.status, 403);
      assert.equal((await errorOf(res)).code, 'csrf_header_missing');
    });

    test('a body over 64 kB gets 413', async () => {
      const p = makeProxy();
      const res = await p.request('/dh/heads', {
        method: 'POST',
        admin: true,
        body: JSON.stringify(headBody({ name: 'x'.repeat(70 * 1024) })),
      });
      assert.equal(res.status, 413);
      assert.equal((await errorOf(res)).code, 'body_too_large');
    });

    test('bad JSON gets 400, not 500', async () => {
      const p = makeProxy();
      const res = await p.request('/dh/heads', { method: 'POST', admin: true, body: '{"name":' });
      assert.equal(res.status, 400);
      assert.equal((await errorOf(res)).code, 'invalid_json');
    });

    test('a browser body that is not sent as JSON gets 415 saying what to send (not a {} that blames the fields)', async () => {
      const p = makeProxy();
      const res = await p.request('/dh/heads', {
        method: 'POST',
        admin: true,
        headers: { 'content-type': 'text/plain' },
        body: JSON.stringify(headBody()),
      });
      assert.equal(res.status, 415);
      const err = await errorOf(res);
      assert.equal(err.code, 'unsupported_media_type');
      assert.match(err.message, /Content-Type: application\/json/);
      const charset = await p.request('/dh/heads', {
        method: 'POST',
        admin: true,
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body: JSON.stringify(headBody()),
      });
      assert.equal(charset.status, 201, 'a charset parameter is fine');
    });

    test('a route checks its path, then its query, then its body, each with a code that names it', async () => {
      const p = makeProxy();
      const badId = await p.request('/dh/heads/a.b/videos', {
        method: 'POST',
        admin: true,
        body: '{}',
      });
      assert.equal((await errorOf(badId)).code, 'invalid_head_id');
      const badBody = await p.request('/dh/heads/abc/videos', {
        method: 'POST',
        admin: true,
        body: JSON.stringify({ text: '' }),
      });
      assert.equal(badBody.status, 400);
      assert.match((await errorOf(badBody)).message, /^text: /);
      const badQuery = await p.request('/dh/faces?take=0');
      assert.equal(badQuery.status, 400);
      assert.match((await errorOf(badQuery)).message, /^take: /);
    });

    test('every answer of the proxy itself, without the Node server, carries nosniff and no-referrer: JSON, catalogues, errors, 404s, the webhook receiver', async () => {
      const p = makeProxy();
      // Edge and serverless runtimes run the Hono app alone: these headers must come from it, not
      // from node.ts. A catalogue answer is prepared once and then sent as a finished Response the
      // answer-wide middleware skips, so it is asked for twice, and revalidated (304).
      const first = await p.request('/dh/faces?take=24');
      const etag = first.headers.get('etag') ?? '';
      const answers: [string, Response, number][] = [
        ['JSON', await p.request('/dh/health'), 200],
        ['a catalogue, prepared', first, 200],
        ['a catalogue, reused', await p.request('/dh/faces?take=24'), 200],
        [
          'a catalogue, revalidated',
          await p.request('/dh/faces?take=24', { headers: { 'if-none-match': etag } }),
          304,
        ],
        [
          'a catalogue, gzipped',
          await p.request('/dh/faces?take=24', { headers: { 'accept-encoding': 'gzip' } }),
          200,
        ],
        ['an error', await p.request('/dh/faces?take=nope'), 400],
        ['a 404', await p.request('/dh/nope'), 404],
        [
          'the webhook receiver',
          await p.request('/dh/hooks/events', { method: 'POST', body: '{}' }),
          401,
        ],
      ];
      for (const [what, res, status] of answers) {
        assert.equal(res.status, status, what);
        assert.equal(res.headers.get('x-content-type-options'), 'nosniff', what);
        assert.equal(res.headers.get('referrer-policy'), 'no-referrer', what);
      }
      assert.ok(etag && isFinished(first), 'the catalogue answer is a prepared (finished) one');
      assert.equal(
        answers[4]![1].headers.get('content-encoding'),
        'gzip',
        'the compressed form is a prepared one too',
      );
    });

    test('made-up head ids cost the platform a budget per client (20 reads a minute), not the site: another client and cached ids are unaffected', async () => {
      await clearOfMinuteEnd();
      const p = makeProxy({ DH_PUBLIC_HEADS: '*', DH_RATE_LIMIT: '1000' });
      const real = await createHead(p);
      const reads = () =>
        sim.store.requests.filter((r) => /^\/head\/invented-/.test(r.path)).length;
      const before = reads();
      const statuses: number[] = [];
      const from = (address: string, path: string) => p.app.request(path, {}, connection(address));
      for (let i = 0; i < 25; i++)
        statuses.push(
          (await from('203.0.113.9', `/dh/heads/invented-${i}${i % 2 ? '/launch' : ''}`)).status,
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

    test('the rate limit answers 429 with Retry-After per client', async () => {
      await clearOfMinuteEnd();
      const p = makeProxy(
        { DH_RATE_LIMIT: '5' },
        { clientKey: (c) => c.req.header('x-test-client') ?? 'a' },
      );
      for (let i = 0; i < 5; i++) assert.equal((await p.request('/dh/health')).status, 200);
      const limited = await p.request('/dh/health');
      assert.equal(limited.status, 429);
      assert.ok(
        Number(limited.headers.get('retry-after')) >= 1,
        'the client over its limit is told when to try again',
      );
      assert.equal((await errorOf(limited)).code, 'rate_limited');
      assert.equal(
        (await p.request('/dh/health', { headers: { 'x-test-client': 'b' } })).status,
        200,
        'another client is not limited',
      );
    });

    test('a page of a listed origin over its limit can read the 429 (CORS headers on it): its elements say "try again in a moment", not a refused origin', async () => {
      await clearOfMinuteEnd();
      const origin = 'https://shop.example.com';
      const p = makeProxy(
        { DH_RATE_LIMIT: '2', DH_ALLOWED_ORIGINS: origin },
        { clientKey: () => 'one' },
      );
      for (let i = 0; i < 2; i++) await p.request('/dh/health', { headers: { origin } });
      const limited = await p.request('/dh/faces', { headers: { origin } });
      assert.equal(limited.status, 429);
      assert.equal(
        limited.headers.get('access-control-allow-origin'),
        origin,
        'readable by the page: a fetch that fails would read as cors_refused',
      );
      assert.match(limited.headers.get('access-control-expose-headers') ?? '', /retry-after/);
    });

    test('CORS answers only the listed origins, on prepared, error and 304 answers alike', async () => {
      const p = makeProxy({
        DH_ALLOWED_ORIGINS: 'https://shop.example.com, https://blog.example.com',
      });
      const ok = await p.request('/dh/faces', {
        headers: { origin: 'https://shop.example.com', 'accept-encoding': 'gzip' },
      });
      assert.equal(
        ok.headers.get('access-control-allow-origin'),
        'https://shop.example.com',
        'a listed origin is answered',
      );
      assert.equal(ok.headers.get('access-control-allow-credentials'), 'true');
      assert.equal(
        ok.headers.get('vary'),
        'Accept-Encoding, Origin',
        'a shared cache keeps one copy per origin and encoding',
      );
      // The same prepared answer, asked again: each origin gets its own headers, never another's.
      const blog = await p.request('/dh/faces', {
        headers: { origin: 'https://blog.example.com', 'accept-encoding': 'gzip' },
      });
      assert.equal(
        blog.headers.get('access-control-allow-origin'),
        'https://blog.example.com',
        'the second listed origin gets its own name back',
      );
      const other = await p.request('/dh/faces', {
        headers: { origin: 'https://evil.example.com', 'accept-encoding': 'gzip' },
      });
      assert.equal(
        other.headers.get('access-control-allow-origin'),
        null,
        'an origin not listed gets no CORS answer',
      );
      const same = await p.request('/dh/faces', { headers: { 'accept-encoding': 'gzip' } });
      assert.equal(
        same.headers.get('access-control-allow-origin'),
        null,
        'a same-origin request gets none',
      );
      const revalidated = await p.request('/dh/faces', {
        headers: {
          origin: 'https://shop.example.com',
          'accept-encoding': 'gzip',
          'if-none-match': ok.headers.get('etag')!,
        },
      });
      assert.equal(revalidated.status, 304);
      assert.equal(
        revalidated.headers.get('access-control-allow-origin'),
        'https://shop.example.com',
        'a 304 carries CORS too',
      );
      const refused = await p.request('/dh/faces?take=abc', {
        headers: { origin: 'https://shop.example.com' },
      });
      assert.equal(refused.status, 400);
      assert.equal(
        refused.headers.get('access-control-allow-origin'),
        'https://shop.example.com',
        'an error answer is readable by the listed page',
      );
      assert.equal(refused.headers.get('access-control-expose-headers'), 'etag,retry-after');
      const preflight = await p.request('/dh/heads', {
        method: 'OPTIONS',
        headers: {
          origin: 'https://shop.example.com',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'x-dh-kit',
        },
      });
      assert.equal(preflight.status, 204);
      assert.match(preflight.headers.get('access-control-allow-headers') ?? '', /x-dh-kit/);
      assert.throws(() => parseConfig({ DH_ALLOWED_ORIGINS: '*' }), /"\*" is not allowed/);
    });

    test("DH_ALLOWED_HEADERS: a listed origin's page may send the site's own request headers (an element's headers property); one it did not list is told to the operator once, in the server's log", async () => {
      const origin = 'https://shop.example.com';
      const preflight = (p: ReturnType<typeof makeProxy>, headers: string, from = origin) =>
        p.request('/dh/faces', {
          method: 'OPTIONS',
          headers: {
            origin: from,
            'access-control-request-method': 'GET',
            'access-control-request-headers': headers,
          },
        });
      const allowed = (res: Response) =>
        (res.headers.get('access-control-allow-headers') ?? '').split(',').map((h) => h.trim());
      const warnings: string[] = [];
      const p = makeProxy(
        { DH_ALLOWED_ORIGINS: origin, DH_ALLOWED_HEADERS: 'X-Tenant-Id, x-site-session' },
        { warn: (m) => warnings.push(m) },
      );
      const ok = await preflight(p, 'x-tenant-id,x-site-session');
      assert.equal(ok.status, 204);
      assert.deepEqual(allowed(ok), [
        'content-type',
        'authorization',
        'x-dh-kit',
        'x-tenant-id',
        'x-site-session',
      ]);
      assert.equal(warnings.length, 0, 'nothing to tell about listed headers');
      // Without the variable, the kit's own headers only; the operator reads which header to add.
      const plain = makeProxy({ DH_ALLOWED_ORIGINS: origin }, { warn: (m) => warnings.push(m) });
      assert.deepEqual(allowed(await preflight(plain, 'x-tenant-id')), [
        'content-type',
        'authorization',
        'x-dh-kit',
      ]);
      await preflight(plain, 'X-Tenant-Id');
      await preflight(plain, 'x-from-elsewhere', 'https://evil.example.com');
      await preflight(plain, `x-a/b, x-${'y'.repeat(200)}`);
      assert.deepEqual(
        warnings,
        [
          `A request from ${origin} asked to send the header "x-tenant-id", which CORS does not allow: if your pages send it (an element's headers), add it to DH_ALLOWED_HEADERS.`,
        ],
        'once per header, for listed origins, header names only',
      );
      assert.throws(
        () => parseConfig({ DH_ALLOWED_HEADERS: '*' }),
        /DH_ALLOWED_HEADERS lists header names; "\*" is not allowed/,
      );
      assert.throws(
        () => parseConfig({ DH_ALLOWED_HEADERS: 'x-good, bad header' }),
        /"bad header" is not one/,
      );
    });

    test('configuration: origins are exact origins; secrets differ; webhook keys are a Map', () => {
      for (const bad of [
        'null',
        'good',
        'https://a.example/',
        'https://a.example/shop',
        'ftp://a.example',
        'https://a.example?x',
      ]) {
        assert.throws(
          () => parseConfig({ DH_ALLOWED_ORIGINS: bad }),
          /DH_ALLOWED_ORIGINS lists origins/,
          bad,
        );
      }
      assert.throws(
        () => parseConfig({ DH_ALLOWED_ORIGINS: 'https://a.example/' }),
        /write https:\/\/a\.example/,
      );
      assert.deepEqual(
        parseConfig({ DH_ALLOWED_ORIGINS: 'https://a.example, http://localhost:5173' })
          .allowedOrigins,
        ['https://a.example', 'http://localhost:5173'],
      );
      const same = 's'.repeat(40);
      assert.throws(
        () => parseConfig({ DH_SIGNING_SECRET: same, DH_ADMIN_TOKEN: same }),
        /DH_SIGNING_SECRET and DH_ADMIN_TOKEN must be different/,
      );
      assert.throws(
        () => parseConfig({ DH_SIGNING_SECRET: same, DH_CALLBACK_SECRET: same }),
        /must be different/,
      );
      assert.throws(
        () => parseConfig({ DH_CALLBACK_SECRET: 'short' }),
        /DH_CALLBACK_SECRET must be at least 32/,
      );
      const keys = parseConfig({
        DH_WEBHOOK_KEYS: '__proto__:k1,constructor:k2,__proto__:k3',
      }).webhookKeys;
      assert.ok(
        keys instanceof Map,
        'webhook keys are a Map, so a head id like __proto__ is an ordinary key',
      );
      assert.deepEqual(keys.get('__proto__'), ['k1', 'k3']);
      assert.equal(keys.get('toString'), undefined);
      // The CLI reads the same configuration without serving; a proxy with credentials needs the secret.
      const platform = parseConfig({
        DH_EMAIL: 'a@b.c',
        DH_SECRET_KEY: 'key-1234567890',
        DH_BASE_URL: 'https://api.example',
      });
      assert.equal(platform.signingSecret, undefined);
      assert.throws(
        () => createProxy({ config: platform, log: () => undefined, warn: () => undefined }),
        /DH_SIGNING_SECRET is required/,
      );
    });

    test('configuration: DH_SIGNING_SECRET may not be DH_SECRET_KEY, and no webhook shared key may be one of the other secrets; the error names the variables, never the values', () => {
      const platform = { DH_EMAIL: 'a@b.c', DH_BASE_URL: 'https://api.example' };
      const same = 'shared-value-0123456789-0123456789-abc';
      const refused = (env: Record<string, string>, names: RegExp) => {
        assert.throws(
          () => parseConfig(env),
          (err: Error) => (
            assert.match(err.message, names),
            assert.ok(!err.message.includes(same), 'the value is never printed'),
            true
          ),
        );
      };
      refused(
        { ...platform, DH_SECRET_KEY: same, DH_SIGNING_SECRET: same },
        /DH_SIGNING_SECRET and DH_SECRET_KEY must be different secrets/,
      );
      const others = {
        DH_SIGNING_SECRET: 's'.repeat(40),
        DH_ADMIN_TOKEN: 'a'.repeat(40),
        DH_CALLBACK_SECRET: 'c'.repeat(40),
        DH_SECRET_KEY: 'k'.repeat(40),
      };
      for (const name of Object.keys(others) as (keyof typeof others)[]) {
        refused(
          {
            ...platform,
            ...others,
            [name]: same,
            DH_WEBHOOK_KEYS: `head-1:other-key-1,head-2:${same}`,
          },
          new RegExp(
            `${name} and DH_WEBHOOK_KEYS \\(a key of head head-2\\) must be different secrets`,
          ),
        );
      }
      // Keys of their own parse; two heads may share one.
      const fine = parseConfig({
        ...platform,
        ...others,
        DH_WEBHOOK_KEYS: `head-1:${same},head-2:${same}`,
      });
      assert.deepEqual(
        [...fine.webhookKeys],
        [
          ['head-1', [same]],
          ['head-2', [same]],
        ],
      );
    });

    test('logs are one structured line per request, with no query string', async () => {
      const p = makeProxy();
      const head = await createHead(p);
      const { url } = await (await p.request(`/dh/heads/${head.id}/launch`)).json();
      await p.request(url);
      assert.ok(p.logs.length >= 3, `each request was logged (${p.logs.length} lines)`);
      for (const line of p.logs) {
        assert.deepEqual(Object.keys(line).sort(), ['at', 'method', 'ms', 'path', 'status']);
        assert.doesNotMatch(line.path, /\?|sig=|api_key/);
      }
    });
  });

  describe('edges of the routes: caching, 404s, CSRF exemptions, ids, the splitter, the daily cap, X-Forwarded-For, authorize', () => {
    test('catalogue caching stays on the catalogues: admin answers and errors are not public or ETagged', async () => {
      const p = makeProxy();
      const head = await createHead(p);
      assert.equal(
        (await p.request('/dh/faces')).headers.get('cache-control'),
        'public, max-age=60',
      );
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

    test('an unknown route under the prefix is a 404 in the error shape', async () => {
      const res = await makeProxy().request('/dh/nope');
      assert.equal(res.status, 404);
      assert.equal((await errorOf(res)).code, 'not_found');
    });

    test('the CSRF exemption covers only the platform-called routes', async () => {
      const p = makeProxy();
      const res = await p.request('/dh/heads/tools/videos', {
        method: 'POST',
        admin: true,
        headers: { 'x-dh-kit': '0' },
        body: '{"text":"x"}',
      });
      assert.equal(res.status, 403);
    });

    test('webhook ids are plain positive numbers', async () => {
      const p = makeProxy();
      for (const id of ['0x10', '1e2', '0', '-1', '%205'])
        assert.equal((await p.request(`/dh/webhooks/${id}`, { admin: true })).status, 400, id);
    });

    test('STREAM-2 PUT /heads/:id/splitter turns the splitter off and on', async () => {
      const p = makeProxy();
      const head = await createHead(p);
      assert.equal(
        (
          await p.request(`/dh/heads/${head.id}/splitter`, {
            method: 'PUT',
            admin: true,
            body: '{"on":false}',
          })
        ).status,
        200,
      );
      assert.equal(sim.store.heads.get(head.id)!.splitter, false);
      assert.equal(
        (
          await p.request(`/dh/heads/${head.id}/splitter`, {
            method: 'PUT',
            admin: true,
            body: '{"on":"no"}',
          })
        ).status,
        400,
      );
    });

    test('a failed video request does not use up the daily cap', async () => {
      // The cap counts per UTC day: a day ends at a minute's end, so this keeps the test within one.
      await clearOfMinuteEnd();
      const capped = makeProxy({ DH_VIDEO_DAILY_CAP: '1' });
      const bad = await capped.request('/dh/heads/no-such-head/videos', {
        method: 'POST',
        admin: true,
        body: '{"text":"Hi"}',
      });
      assert.equal(bad.status, 400);
      const head = await createHead(capped, { operationMode: 'ttt' });
      assert.equal(
        (
          await capped.request(`/dh/heads/${head.id}/videos`, {
            method: 'POST',
            admin: true,
            body: '{"text":"Hi"}',
          })
        ).status,
        202,
      );
      assert.equal(
        (
          await capped.request(`/dh/heads/${head.id}/videos`, {
            method: 'POST',
            admin: true,
            body: '{"text":"Hi"}',
          })
        ).status,
        429,
      );
    });

    test('X-Forwarded-For keys the rate limit only with DH_TRUST_PROXY, and then its last entry', async () => {
      await clearOfMinuteEnd();
      const spoofable = makeProxy({ DH_RATE_LIMIT: '2' });
      for (const ip of ['1.1.1.1', '2.2.2.2'])
        assert.equal(
          (await spoofable.request('/dh/health', { headers: { 'x-forwarded-for': ip } })).status,
          200,
        );
      assert.equal(
        (await spoofable.request('/dh/health', { headers: { 'x-forwarded-for': '3.3.3.3' } }))
          .status,
        429,
        'a changed header does not reset the limit',
      );
      const trusted = makeProxy({ DH_RATE_LIMIT: '1', DH_TRUST_PROXY: 'true' });
      assert.equal(
        (
          await trusted.request('/dh/health', {
            headers: { 'x-forwarded-for': 'forged, 10.0.0.1' },
          })
        ).status,
        200,
      );
      assert.equal(
        (await trusted.request('/dh/health', { headers: { 'x-forwarded-for': 'other, 10.0.0.1' } }))
          .status,
        429,
        'the forged first entry is ignored',
      );
      assert.equal(
        (await trusted.request('/dh/health', { headers: { 'x-forwarded-for': '10.0.0.2' } }))
          .status,
        200,
      );
    });

    test('with a site\'s own authorize hook, a refusal is a 401, not "set DH_ADMIN_TOKEN"', async () => {
      const p = makeProxy({ DH_ADMIN_TOKEN: '' }, { authorize: () => false });
      const res = await p.request('/dh/heads', {
        method: 'POST',
        body: JSON.stringify(headBody()),
      });
      assert.equal(res.status, 401);
      assert.doesNotMatch((await errorOf(res)).message, /DH_ADMIN_TOKEN is/);
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

  test('GET /health tells the mode and version', async () => {
    const p = makeProxy();
    const body = await (await p.request('/dh/health')).json();
    assert.deepEqual(body, { ok: true, mode: 'simulator', version: PACKAGE_VERSION });
  });
  describe('the embed route, opened by a frame', () => {
    // What an iframe's navigation sends (Chromium), and what a script's fetch() sends.
    const NAVIGATION =
      'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
    const p = makeProxy();

    async function refusalPage(res: Response, status: number, code: string) {
      assert.equal(res.status, status);
      assert.equal(res.headers.get('content-type'), 'text/html; charset=utf-8');
      assert.equal(
        res.headers.get('content-security-policy'),
        "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'",
      );
      assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
      assert.match(res.headers.get('vary') ?? '', /\bAccept\b/);
      const page = await res.text();
      assert.match(page, /^<!doctype html>\n<html lang="en">/);
      assert.match(page, /<title>[^<]+<\/title>/);
      assert.match(page, /<main>\n<h1>[^<]+<\/h1>/);
      assert.match(page, /Reload the page to try again/);
      assert.ok(page.includes(`Error code: ${code}`), `the page shows its error code, ${code}`);
      assert.doesNotMatch(page, /<script|\{"error"/, 'no script, no raw JSON');
      return page;
    }

    test('a refused launch link is a readable HTML page for the frame (403 invalid and expired), JSON for fetch()', async () => {
      const head = await createHead(p);
      const { url } = await (await p.request(`/dh/heads/${head.id}/launch`)).json();
      const tampered = url.replace(
        /sig=(.)/,
        (_: string, ch: string) => `sig=${ch === 'a' ? 'b' : 'a'}`,
      );
      const invalid = await refusalPage(
        await p.request(tampered, { headers: { accept: NAVIGATION } }),
        403,
        'launch_invalid',
      );
      assert.match(invalid, /<h1>This conversation link is not valid<\/h1>/);
      assert.match(invalid, /Ask the page for a new one/);
      const past = await signLaunchUrl({
        secret: SIGNING,
        headId: head.id,
        ttl: 60,
        now: Math.floor(Date.now() / 1000) - 120,
      });
      const expired = await refusalPage(
        await p.request(past.url, { headers: { accept: NAVIGATION } }),
        403,
        'launch_expired',
      );
      assert.match(expired, /<h1>This conversation link has expired<\/h1>/);
      const damaged = await p.request(`/dh/embed/${head.id}?view=chat&exp=1&sig=zz`, {
        headers: { accept: NAVIGATION },
      });
      await refusalPage(damaged, 403, 'launch_invalid');
      for (const accept of ['application/json', '*/*']) {
        const res = await p.request(tampered, { headers: { accept } });
        assert.equal(res.status, 403);
        assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
        assert.equal((await errorOf(res)).code, 'launch_invalid');
      }
      // A valid link still redirects a navigation.
      assert.equal((await p.request(url, { headers: { accept: NAVIGATION } })).status, 302);
    });

    test('a head the site does not publish (404), or a stream with no stream URL (409), is a page too', async () => {
      const head = await createHead(p);
      const only = makeProxy({ DH_PUBLIC_HEADS: 'some-other-head' });
      const signed = await signLaunchUrl({ secret: SIGNING, headId: head.id });
      const page = await refusalPage(
        await only.request(signed.url, { headers: { accept: NAVIGATION } }),
        404,
        'head_not_published',
      );
      assert.match(page, /<h1>This digital human is not available here<\/h1>/);
      assert.match(page, /(&#34;|")\*(&#34;|")/, 'the message is escaped, not dropped');
      const noStream = makeProxy(
        {},
        {
          config: {
            ...parseConfig({
              DH_SIGNING_SECRET: SIGNING,
              DH_PUBLIC_HEADS: '*',
              DH_RATE_LIMIT: '0',
            }),
            platform: { ...platformAccess(sim), streamUrl: undefined },
          },
        },
      );
      const stream = await signLaunchUrl({ secret: SIGNING, headId: head.id, view: 'stream' });
      const streamPage = await refusalPage(
        await noStream.request(stream.url, { headers: { accept: NAVIGATION } }),
        409,
        'stream_unavailable',
      );
      assert.match(streamPage, /DH_STREAM_URL/);
    });

    test("a platform failure behind the embed is a page with the visitor's message, not the platform's words", async () => {
      const head = await createHead(p);
      // A new proxy: its head cache is empty, so the embed asks the platform.
      const fresh = makeProxy({}, { client: { maxAttempts: 1 } });
      sim.store.addFault({
        method: 'GET',
        path: `/head/${head.id}`,
        status: 503,
        body: JSON.stringify({ message: 'maintenance at node 7' }),
        times: 0,
      });
      try {
        const signed = await signLaunchUrl({ secret: SIGNING, headId: head.id });
        const res = await fresh.request(signed.url, { headers: { accept: NAVIGATION } });
        assert.ok(res.status >= 500, `a platform status, got ${res.status}`);
        const page = await refusalPage(
          res,
          res.status,
          (await errorOf(await fresh.request(signed.url))).code,
        );
        assert.match(page, /<h1>The digital human could not be loaded<\/h1>/);
        assert.doesNotMatch(page, /maintenance at node 7/);
      } finally {
        sim.store.faults = [];
      }
    });
  });
});
