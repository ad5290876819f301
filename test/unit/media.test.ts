/**
 * The platform's media relayed by the proxy (src/proxy/media.ts): a face's picture and idle
 * video, a head's poster. A page never contacts the platform's media host, so a strict
 * Content-Security-Policy (`img-src` and `media-src` the site's) shows every picture.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createSimulator } from '../../src/sim/index.js';
import { errorOf, proxyHarness, simFetch } from './proxy-harness.js';
import { watchSecrets } from './secret-scan.js';

const sim = createSimulator({ talkDelayMs: 0 });
const network = simFetch(sim);
const SIGNING = 'media-test-signing-secret-0123456789';
const ADMIN = 'media-test-admin-0123456789';
const makeProxy = proxyHarness(sim, {
  signing: SIGNING,
  admin: ADMIN,
  scan: watchSecrets(sim, [SIGNING, ADMIN]),
});

describe("the platform's media, relayed (media.ts)", () => {
  const withPicture = sim.store.faces.find((f) => f.avatar)!;
  const posterOnly = sim.store.faces.find((f) => !f.avatar && f.posterImage)!;
  const videoOnly = sim.store.faces.find((f) => !f.avatar && !f.posterImage && f.videoUrl)!;

  test("GET /faces/:id/image: the face's avatar, else its poster image, as the platform sent it, cached a day, never a document that runs script; fetched once for many visitors", async () => {
    const fetched: string[] = [];
    const p = makeProxy(
      {},
      {
        fetch: (input, init) => {
          fetched.push(String(input instanceof Request ? input.url : input));
          return network(input, init);
        },
      },
    );
    for (const face of [withPicture, posterOnly]) {
      const res = await p.request(`/dh/faces/${face.id}/image`);
      assert.equal(res.status, 200, await res.clone().text());
      assert.equal(res.headers.get('content-type'), 'image/svg+xml');
      assert.equal(res.headers.get('cache-control'), 'public, max-age=86400');
      assert.match(res.headers.get('content-security-policy') ?? '', /sandbox/);
      assert.match(await res.text(), /^<svg/);
    }
    await p.request(`/dh/faces/${withPicture.id}/image`);
    assert.deepEqual(
      fetched,
      [withPicture.avatar, posterOnly.posterImage],
      'each address fetched once',
    );
  });

  test('GET /faces/:id/video: the idle video streamed, a range passed on (206 with its content-range)', async () => {
    const p = makeProxy();
    const whole = await p.request(`/dh/faces/${videoOnly.id}/video`);
    assert.equal(whole.status, 200);
    assert.equal(whole.headers.get('content-type'), 'video/mp4');
    const bytes = (await whole.arrayBuffer()).byteLength;
    assert.ok(bytes > 1000, `the whole video, ${bytes} bytes`);
    const part = await p.request(`/dh/faces/${videoOnly.id}/video`, {
      headers: { range: 'bytes=0-99' },
    });
    assert.equal(part.status, 206);
    assert.equal(part.headers.get('content-range'), `bytes 0-99/${bytes}`);
    assert.equal((await part.arrayBuffer()).byteLength, 100);
  });

  test('an unknown face is 404 not_found; a face without a picture is 404 no_media; nothing the browser sends is fetched', async () => {
    const p = makeProxy();
    const unknown = await p.request('/dh/faces/no-such-face/image');
    assert.equal(unknown.status, 404);
    assert.equal((await errorOf(unknown)).code, 'not_found');
    const none = await p.request(`/dh/faces/${videoOnly.id}/image`);
    assert.equal(none.status, 404);
    assert.equal((await errorOf(none)).code, 'no_media');
    const foreign = await p.request(
      `/dh/faces/${encodeURIComponent('https://evil.example/x.png')}/image`,
    );
    assert.equal(foreign.status, 404);
  });

  test('a platform answer that is not an image is 502 media_unavailable, and says why', async () => {
    const p = makeProxy(
      {},
      {
        fetch: async () =>
          new Response('<html>oops</html>', { headers: { 'content-type': 'text/html' } }),
      },
    );
    const res = await p.request(`/dh/faces/${withPicture.id}/image`);
    assert.equal(res.status, 502);
    const error = await errorOf(res);
    assert.equal(error.code, 'media_unavailable');
    assert.match(
      error.message,
      /could not be loaded from the platform: the answer was 200 text\/html/,
    );
  });

  test("pictures count in a budget of their own: a client over the routes' limit still sees the faces", async () => {
    const p = makeProxy({ DH_RATE_LIMIT: '2' });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await p.request('/dh/faces?take=1')).status);
    assert.deepEqual(statuses, [200, 200, 429], 'the routes: 2 a minute');
    for (let i = 0; i < 5; i++)
      assert.equal(
        (await p.request(`/dh/faces/${withPicture.id}/image`)).status,
        200,
        `picture ${i + 1}`,
      );
  });
});
