/**
 * Launch links (src/proxy/routes/launch.ts): `GET /heads/:id/launch` signs a short-lived URL,
 * `GET /embed/:id` checks it and redirects the frame to the platform's page (the only way the
 * organisation key reaches a browser), or answers a refused link with a page for the frame and
 * JSON for fetch(). Through `app.request()` against the simulator in-process; every answer is
 * scanned for secrets at the end, the embed's redirect among them.
 */
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { parseConfig } from '../../src/proxy/config.js';
import { signLaunchUrl } from '../../src/proxy/signing.js';
import { errorOf, platformAccess, proxySuite } from './proxy-harness.js';

const { sim, scan, makeProxy, createHead, signing: SIGNING } = proxySuite();

describe('launch links: GET /heads/:id/launch and GET /embed/:id', () => {
  after(() => {
    // Secrets never reach a browser; the organisation key only in the embed's 302 (LIM-1).
    assert.ok(
      scan.assertClean().withOrgKey > 0,
      'LIM-1 the embed redirect was among the answers scanned',
    );
  });

  const p = makeProxy();

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
