/**
 * `/heads/:id/videos` (src/proxy/routes/videos.ts), through `app.request()` with the simulator
 * in-process: a video started and listed, the daily cap; and GET /dh/heads/:id/videos/:talkId/download:
 * the mp4 as an attachment, fetched from the URL the platform lists for the talk (never one the
 * browser names), streamed through, and the refusals (unknown talk, media that cannot be fetched,
 * no admin, a bad id). Every answer is scanned for secrets at the end.
 */
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { memoryStore } from '../../src/proxy/shared-store.js';
import { StoreUnavailable } from '../../src/proxy/store.js';
import { clearOfMinuteEnd } from './minute.js';
import { errorOf, proxySuite, simFetch as simNetwork, type TestProxy } from './proxy-harness.js';

const suite = proxySuite({
  signing: 'download-signing-secret-0123456789abcdef',
  admin: 'download-admin-token-0123456789',
});
const { sim, scan, admin: ADMIN } = suite;
const simFetch = simNetwork(sim);
/** `media`: the proxy's own fetch (the one that gets the mp4); the platform client always uses the simulator. */
const makeProxy = (media: typeof fetch = simFetch, env: Record<string, string> = {}) =>
  suite.makeProxy(env, { fetch: media });

/** A fetch that records what the proxy asked for, then answers with `answer` (default: the simulator). */
function recordingFetch(
  answer: (url: string, init?: RequestInit) => Promise<Response> = (url, init) =>
    simFetch(url, init),
) {
  const calls: { url: string; init?: RequestInit }[] = [];
  const fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    calls.push({ url, init });
    return answer(url, init);
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

/** A head named "Download Head" (a download's file name starts with it), made through `p`: its id. */
const createHead = async (p: TestProxy) =>
  (await suite.createHead(p, { name: 'Download Head' })).id;

/** Adds `count` ready talks to a head straight in the simulator, oldest first, one second apart. */
function addTalks(headId: string, count: number) {
  const head = sim.store.heads.get(headId)!;
  const start = sim.store.now() - count * 1000 - 60_000;
  return Array.from({ length: count }, (_, i) => {
    const talk = sim.store.addTalk(head, `Talk number ${i + 1}.`);
    talk.createdAt = talk.readyAt = start + i * 1000;
    return talk;
  });
}

const download = (headId: string, talkId: string) =>
  `/dh/heads/${headId}/videos/${talkId}/download`;
const talksCalls = (headId: string) =>
  sim.store.requests.filter((r) => r.path === `/head/talks/${headId}`).length;
const isMp4 = (bytes: Uint8Array) => new TextDecoder().decode(bytes.subarray(4, 8)) === 'ftyp';

after(() => {
  const { recorded } = scan.assertClean();
  assert.ok(recorded >= 10, 'the suite recorded answers');
});

describe('POST and GET /heads/:id/videos: a video started, the list, the daily cap', () => {
  const p = suite.makeProxy();

  test('videos: POST starts one, GET lists them newest first', async () => {
    const head = await suite.createHead(p, { operationMode: 'ttt' });
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
    const capped = suite.makeProxy({ DH_VIDEO_DAILY_CAP: '2' });
    const head = await suite.createHead(capped, { operationMode: 'ttt' });
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

  test('a failed video request does not use up the daily cap', async () => {
    // The cap counts per UTC day: a day ends at a minute's end, so this keeps the test within one.
    await clearOfMinuteEnd();
    const capped = suite.makeProxy({ DH_VIDEO_DAILY_CAP: '1' });
    const bad = await capped.request('/dh/heads/no-such-head/videos', {
      method: 'POST',
      admin: true,
      body: '{"text":"Hi"}',
    });
    assert.equal(bad.status, 400);
    const head = await suite.createHead(capped, { operationMode: 'ttt' });
    const makeVideo = async () =>
      (
        await capped.request(`/dh/heads/${head.id}/videos`, {
          method: 'POST',
          admin: true,
          body: '{"text":"Hi"}',
        })
      ).status;
    assert.equal(await makeVideo(), 202, "the day's one video");
    assert.equal(await makeVideo(), 429, 'the next is over the daily cap');
  });
});

describe('GET /heads/:id/videos/:talkId/download', () => {
  test('answers the talk’s mp4 as an attachment, fetched from the URL the platform lists for it', async () => {
    const media = recordingFetch();
    const p = makeProxy(media.fetch);
    const headId = await createHead(p);
    const [talk] = addTalks(headId, 1);
    const res = await p.request(download(headId, talk!.id), { admin: true });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'video/mp4');
    // Named after the head and the text, not two ids.
    assert.equal(
      res.headers.get('content-disposition'),
      `attachment; filename="download-head-talk-number-1.mp4"; filename*=UTF-8''download-head-talk-number-1.mp4`,
    );
    assert.equal(res.headers.get('cache-control'), 'no-store');
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
    const bytes = new Uint8Array(await res.arrayBuffer());
    assert.ok(isMp4(bytes), 'an ISO BMFF file: ftyp at offset 4');
    // The one request the proxy made itself: the talk's url as the platform listed it, no redirects, a deadline.
    assert.equal(media.calls.length, 1);
    assert.equal(media.calls[0]!.url, `${sim.urls.mediaUrl}/talks/${talk!.id}.mp4`);
    assert.equal(media.calls[0]!.init?.redirect, 'manual', 'a 3xx is not ok: refused');
    assert.ok(
      media.calls[0]!.init?.signal instanceof AbortSignal,
      'the download from the media host has a deadline (a signal)',
    );
  });

  test('finds an older talk on a later page of the list (newest first), and stops paging at the end of the list', async () => {
    const p = makeProxy();
    const headId = await createHead(p);
    const talks = addTalks(headId, 130);
    const before = talksCalls(headId);
    const res = await p.request(download(headId, talks[0]!.id), { admin: true });
    assert.equal(res.status, 200);
    assert.ok(
      isMp4(new Uint8Array(await res.arrayBuffer())),
      'the older talk is downloaded as an MP4 file',
    );
    assert.equal(talksCalls(headId) - before, 2, 'the oldest of 130 is on page 2 of 100');
    const unknown = await p.request(download(headId, 'no-such-talk'), { admin: true });
    assert.equal(unknown.status, 404);
    assert.equal((await errorOf(unknown)).code, 'talk_not_found');
    assert.equal(talksCalls(headId) - before, 4, 'two pages, then the list ends');
  });

  test('looks at a bounded number of pages: a talk beyond them is not found', async () => {
    const p = makeProxy();
    const headId = await createHead(p);
    const talks = addTalks(headId, 2050);
    const before = talksCalls(headId);
    const res = await p.request(download(headId, talks[0]!.id), { admin: true });
    assert.equal(res.status, 404);
    assert.equal((await errorOf(res)).code, 'talk_not_found');
    assert.equal(talksCalls(headId) - before, 20, 'twenty pages of 100, then it gives up');
    // The newest 2000 are all within reach.
    const reachable = await p.request(download(headId, talks[50]!.id), { admin: true });
    assert.equal(reachable.status, 200);
    await reachable.arrayBuffer();
  });

  test('TTV-3 a talk the platform lists without its url (still being made): 409 video_not_ready for the download, "" in the list', async () => {
    // The platform's list, with the newest talk's url null: how a video still being made may look.
    const makingFirst = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const res = await simFetch(input, init);
      if (!String(input instanceof Request ? input.url : input).includes('/head/talks/'))
        return res;
      const body = (await res.json()) as { data: { url: string | null }[] };
      body.data[0]!.url = null;
      return new Response(JSON.stringify(body), { status: res.status, headers: res.headers });
    }) as typeof fetch;
    const p = suite.makeProxy({}, { client: { fetch: makingFirst } });
    const headId = await createHead(p);
    const [older, newest] = addTalks(headId, 2);
    const res = await p.request(download(headId, newest!.id), { admin: true });
    assert.equal(res.status, 409);
    assert.equal((await errorOf(res)).code, 'video_not_ready');
    const list = await p.request(`/dh/heads/${headId}/videos`, { admin: true });
    assert.equal(list.status, 200, 'one talk being made does not break the list');
    const items = ((await list.json()) as { items: { id: string; url: string }[] }).items;
    assert.deepEqual(
      items.map((t) => [t.id, t.url === '']),
      [
        [newest!.id, true],
        [older!.id, false],
      ],
    );
  });

  test('a talk of another head is not found: the path names the head whose list is searched', async () => {
    const p = makeProxy();
    const a = await createHead(p);
    const b = await createHead(p);
    const [talkOfB] = addTalks(b, 1);
    addTalks(a, 2);
    const res = await p.request(download(a, talkOfB!.id), { admin: true });
    assert.equal(res.status, 404);
    const error = await errorOf(res);
    assert.equal(error.code, 'talk_not_found');
    assert.match(error.message, new RegExp(a));
  });

  test('the browser cannot choose what is fetched: a query or a URL in the path changes nothing', async () => {
    const media = recordingFetch();
    const p = makeProxy(media.fetch);
    const headId = await createHead(p);
    const [talk] = addTalks(headId, 1);
    const withQuery = await p.request(
      `${download(headId, talk!.id)}?url=http://169.254.169.254/latest/meta-data`,
      { admin: true },
    );
    assert.equal(withQuery.status, 200);
    await withQuery.arrayBuffer();
    assert.deepEqual(
      media.calls.map((c) => c.url),
      [`${sim.urls.mediaUrl}/talks/${talk!.id}.mp4`],
    );
    for (const bad of ['http%3A%2F%2F127.0.0.1%2Fx', '..%2F..%2Fadmin', 'a%20b']) {
      const res = await p.request(download(headId, bad), { admin: true });
      assert.equal(res.status, 400, bad);
      assert.equal((await errorOf(res)).code, 'invalid_talk_id');
    }
    const badHead = await p.request(download('bad%20head', talk!.id), { admin: true });
    assert.equal(badHead.status, 400);
    assert.equal((await errorOf(badHead)).code, 'invalid_head_id');
    assert.equal(media.calls.length, 1, 'nothing else was fetched');
  });

  test('a back office on an allowed origin can read the file name (content-disposition is exposed)', async () => {
    const p = makeProxy(simFetch, { DH_ALLOWED_ORIGINS: 'https://office.example' });
    const headId = await createHead(p);
    const [talk] = addTalks(headId, 1);
    const res = await p.request(download(headId, talk!.id), {
      admin: true,
      headers: { origin: 'https://office.example' },
    });
    assert.equal(res.status, 200);
    await res.arrayBuffer();
    assert.equal(res.headers.get('access-control-allow-origin'), 'https://office.example');
    const exposed = (res.headers.get('access-control-expose-headers') ?? '').split(/\s*,\s*/);
    assert.ok(exposed.includes('content-disposition') && exposed.includes('etag'), exposed.join());
  });

  test('needs an admin', async () => {
    const p = makeProxy();
    const headId = await createHead(p);
    const [talk] = addTalks(headId, 1);
    const res = await p.request(download(headId, talk!.id));
    assert.equal(res.status, 401);
    assert.equal((await errorOf(res)).code, 'admin_required');
  });

  test('502 video_unavailable when the media server fails, refuses, answers an error page, or is not http(s)', async () => {
    const failures: [string, (url: string) => Promise<Response>][] = [
      ['network error', () => Promise.reject(new TypeError('fetch failed'))],
      ['404', () => Promise.resolve(new Response('Not found', { status: 404 }))],
      [
        'redirect refused',
        () => Promise.reject(new TypeError('fetch failed: unexpected redirect')),
      ],
      [
        'an HTML page with 200',
        () =>
          Promise.resolve(
            new Response('<!doctype html><p>Sign in', {
              status: 200,
              headers: { 'content-type': 'text/html' },
            }),
          ),
      ],
    ];
    for (const [why, answer] of failures) {
      const p = makeProxy(recordingFetch(answer).fetch);
      const headId = await createHead(p);
      const [talk] = addTalks(headId, 1);
      const res = await p.request(download(headId, talk!.id), { admin: true });
      assert.equal(res.status, 502, why);
      assert.equal((await errorOf(res)).code, 'video_unavailable', why);
    }
    // A platform answer whose url is not http(s): never fetched.
    const media = recordingFetch();
    const p = makeProxy(media.fetch);
    const headId = await createHead(p);
    const [talk] = addTalks(headId, 1);
    const mediaUrl = sim.urls.mediaUrl;
    (sim.urls as { mediaUrl: string }).mediaUrl = 'file:///etc';
    try {
      const res = await p.request(download(headId, talk!.id), { admin: true });
      assert.equal(res.status, 502);
      assert.equal((await errorOf(res)).code, 'video_unavailable');
    } finally {
      (sim.urls as { mediaUrl: string }).mediaUrl = mediaUrl;
    }
    assert.equal(media.calls.length, 0);
  });

  test('streams: the first bytes reach the browser before the media server has sent them all, and a dropped download stops the upstream read', async () => {
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let cancelled = false;
    const head = new Uint8Array([
      0,
      0,
      0,
      0x18,
      ...new TextEncoder().encode('ftypmp42'),
      0,
      0,
      0,
      0,
      ...new TextEncoder().encode('mp42isom'),
    ]);
    const media = recordingFetch(() => {
      let sent = false;
      const body = new ReadableStream<Uint8Array>({
        async pull(out) {
          if (!sent) {
            sent = true;
            out.enqueue(head);
            return;
          }
          await released;
          out.enqueue(new Uint8Array(1024));
        },
        cancel() {
          cancelled = true;
        },
      });
      return Promise.resolve(
        new Response(body, {
          status: 200,
          headers: {
            'content-type': 'video/mp4',
            'content-length': String(head.byteLength + 1024),
          },
        }),
      );
    });
    const p = makeProxy(media.fetch);
    const headId = await createHead(p);
    const [talk] = addTalks(headId, 1);
    const res = await p.app.request(download(headId, talk!.id), {
      headers: { authorization: `Bearer ${ADMIN}` },
    });
    assert.equal(res.status, 200);
    assert.equal(
      res.headers.get('content-length'),
      String(head.byteLength + 1024),
      'the length passed on (the browser shows progress)',
    );
    const reader = res.body!.getReader();
    const first = await reader.read();
    assert.ok(first.value && isMp4(first.value), 'the first chunk arrived while the rest is held');
    await reader.cancel();
    release();
    // Up to 20 s for the cancel to travel (at once here; room for a slow machine).
    for (let i = 0; i < 2000 && !cancelled; i++) await new Promise((r) => setTimeout(r, 10));
    assert.equal(cancelled, true, 'the upstream read was cancelled with the download');
  });
});

describe('GET /heads/:id/videos/:talkId/media: a talk’s video for the studio, at a signed address', () => {
  test('the list answers when the store cannot keep where each video is (away, or KV refusing a second write): its urls play after a search', async () => {
    const store = memoryStore();
    const set = store.set.bind(store);
    store.set = (key, value, ttl) =>
      key.startsWith('talk-media:')
        ? Promise.reject(new StoreUnavailable('429 Too Many Requests'))
        : set(key, value, ttl);
    const p = suite.makeProxy({}, { store });
    const headId = await createHead(p);
    const [talk] = addTalks(headId, 2);
    for (let i = 0; i < 2; i++) {
      const list = await p.request(`/dh/heads/${headId}/videos`, { admin: true });
      assert.equal(list.status, 200, 'listed (twice in a second)');
      const items = ((await list.json()) as { items: { id: string; url: string }[] }).items;
      const played = await p.request(items.find((t) => t.id === talk!.id)!.url);
      assert.equal(played.status, 200);
      assert.ok(
        isMp4(new Uint8Array(await played.arrayBuffer())),
        'it plays: an mp4 from the proxy',
      );
    }
  });

  test('the list hands out the proxy’s signed address, never the media host’s; it plays with ranges, no admin header, no search; altered, moved or expired, it is refused before any platform call', async () => {
    const media = recordingFetch();
    let now = Date.now();
    const p = suite.makeProxy({}, { fetch: media.fetch, now: () => now });
    const headId = await createHead(p);
    const [talk, other] = addTalks(headId, 2);
    const list = await p.request(`/dh/heads/${headId}/videos`, { admin: true });
    const items = ((await list.json()) as { items: { id: string; url: string }[] }).items;
    const url = items.find((t) => t.id === talk!.id)!.url;
    assert.match(
      url,
      new RegExp(`^/dh/heads/${headId}/videos/${talk!.id}/media\\?exp=\\d+&sig=[0-9a-f]{64}$`),
      'a path of the proxy (a page whose CSP names only the site plays it)',
    );
    assert.ok(
      items.every((t) => !t.url.includes(sim.urls.mediaUrl)),
      'no talk is listed at the platform media host',
    );
    const searches = talksCalls(headId);
    const played = await p.request(url, { headers: { range: 'bytes=0-99' } });
    assert.equal(played.status, 206, 'a <video> seeks: the range is passed on');
    assert.equal(played.headers.get('content-type'), 'video/mp4');
    assert.equal(new Uint8Array(await played.arrayBuffer()).byteLength, 100);
    assert.equal(
      talksCalls(headId),
      searches,
      'where the video is was kept by the list: no search',
    );
    assert.equal(media.calls.at(-1)!.url, `${sim.urls.mediaUrl}/talks/${talk!.id}.mp4`);

    const fetched = media.calls.length;
    const refused = async (path: string, status: number) => {
      const res = await p.request(path);
      assert.equal(res.status, status, path);
      assert.equal((await errorOf(res)).code, 'media_link_invalid', path);
    };
    const [path, query] = url.split('?');
    const sig = new URLSearchParams(query).get('sig')!;
    const exp = Number(new URLSearchParams(query).get('exp'));
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('0') ? '1' : '0'}`;
    await refused(`${path}?exp=${exp}&sig=${flipped}`, 403);
    await refused(`${path}?exp=${exp + 3600}&sig=${sig}`, 403);
    await refused(`${path!.replace(talk!.id, other!.id)}?${query}`, 403);
    await refused(`${path}?exp=${exp}`, 400);
    now = exp * 1000 + 1;
    await refused(url, 403);
    assert.equal(media.calls.length, fetched, 'a refused address fetched nothing');
    assert.equal(talksCalls(headId), searches, 'and asked the platform nothing');
  });
});

test("a talk's video counts in the media budget: a <video>'s many range requests never take the client's route budget", async () => {
  // The route budget is a minute's: this keeps the test within one.
  await clearOfMinuteEnd();
  const p = suite.makeProxy({ DH_RATE_LIMIT: '2' }, { fetch: simFetch });
  const headId = await createHead(p);
  const [talk] = addTalks(headId, 1);
  const list = await p.request(`/dh/heads/${headId}/videos`, { admin: true });
  const url = ((await list.json()) as { items: { url: string }[] }).items[0]!.url;
  assert.match(url, new RegExp(`/videos/${talk!.id}/media\\?`));
  // After the route budget is used up, the video still plays, range after range.
  for (let i = 0; i < 4; i++) {
    const played = await p.request(url, { headers: { range: `bytes=${i}-${i + 9}` } });
    assert.equal(played.status, 206, `range request ${i + 1}`);
    await played.arrayBuffer();
  }
  // Making the head and listing its videos took the client's two route requests of the minute.
  const again = await p.request(`/dh/heads/${headId}/videos`, { admin: true });
  assert.equal(again.status, 429, 'the routes: 2 a minute, used up before the video played');
});
