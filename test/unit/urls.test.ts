/** Page addresses of a head, built from its publicUrl (spec, Heads rules 2 and 3). */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { isLaunchUrl } from '../../src/api/launch-url.js';
import { chatPageUrl, parsePublicUrl, streamPageUrl } from '../../src/platform/urls.js';
import { signLaunchUrl } from '../../src/proxy/signing.js';

const PUBLIC = 'https://chat.example.com/org-1/head-9?api_key=k1';

describe('parsePublicUrl', () => {
  test('HEAD-8 reads org id and head id from the last two path segments, and api_key', () => {
    assert.deepEqual(parsePublicUrl(PUBLIC), { orgId: 'org-1', headId: 'head-9', apiKey: 'k1' });
    assert.deepEqual(parsePublicUrl('http://127.0.0.1:9000/chat/org-1/head-9/?x=y&api_key=k%2B1'), {
      orgId: 'org-1',
      headId: 'head-9',
      apiKey: 'k+1',
    });
  });

  test('decodes percent-encoded segments', () => {
    assert.deepEqual(parsePublicUrl('https://c.example.com/org%20a/head%2Fb?api_key=k'), {
      orgId: 'org a',
      headId: 'head/b',
      apiKey: 'k',
    });
  });

  test('a missing api_key, missing segments or a bad URL throw a clear error that does not echo the key', () => {
    assert.throws(() => parsePublicUrl('https://chat.example.com/org-1/head-9'), /api_key/);
    assert.throws(
      () => parsePublicUrl('https://chat.example.com/org-1/head-9?api_key='),
      /api_key/,
    );
    assert.throws(
      () => parsePublicUrl('https://chat.example.com/head-9?api_key=secret-key-1'),
      (err: Error) => {
        assert.match(err.message, /org_id/);
        assert.doesNotMatch(err.message, /secret-key-1/);
        return true;
      },
    );
    assert.throws(() => parsePublicUrl('not a url'), /publicUrl is not a valid URL/);
    assert.throws(() => parsePublicUrl('javascript:alert(1)//a/b?api_key=k'), /http\(s\)/);
  });
});

describe('chatPageUrl', () => {
  test('HEAD-8 without chatUrl, the publicUrl itself in the documented form (other query values and the hash dropped)', () => {
    assert.equal(chatPageUrl(PUBLIC), PUBLIC);
    assert.equal(
      chatPageUrl('http://127.0.0.1:9000/chat/org-1/head-9?lang=en&api_key=k1#top'),
      'http://127.0.0.1:9000/chat/org-1/head-9?api_key=k1',
    );
  });

  test('HEAD-8 with chatUrl: {chat_url}/<org_id>/<head_id>?api_key=<key>, path prefix and trailing slash allowed', () => {
    assert.equal(
      chatPageUrl(PUBLIC, 'http://127.0.0.1:9000/chat'),
      'http://127.0.0.1:9000/chat/org-1/head-9?api_key=k1',
    );
    assert.equal(
      chatPageUrl(PUBLIC, 'http://127.0.0.1:9000/chat/'),
      'http://127.0.0.1:9000/chat/org-1/head-9?api_key=k1',
    );
    assert.equal(
      chatPageUrl(PUBLIC, 'https://pages.example.com'),
      'https://pages.example.com/org-1/head-9?api_key=k1',
    );
  });

  test('segments are encoded and the key goes through URLSearchParams', () => {
    const url = chatPageUrl(
      'https://c.example.com/org%20a/head%2Fb?api_key=a%2Bb%2Fc%3D',
      'https://x.example.com/p',
    );
    assert.equal(url, 'https://x.example.com/p/org%20a/head%2Fb?api_key=a%2Bb%2Fc%3D');
    assert.deepEqual(parsePublicUrl(url), { orgId: 'org a', headId: 'head/b', apiKey: 'a+b/c=' });
  });

  test('a chatUrl that is not http(s) is refused', () => {
    assert.throws(
      () => chatPageUrl(PUBLIC, 'javascript:alert(1)'),
      /chatUrl must be an http\(s\) URL/,
    );
  });
});

describe('streamPageUrl', () => {
  test('STREAM-4 {stream_url}/<org_id>/<head_id>?api_key=<key> from publicUrl’s path segments and api_key', () => {
    assert.equal(
      streamPageUrl(PUBLIC, 'https://stream.example.com'),
      'https://stream.example.com/org-1/head-9?api_key=k1',
    );
    assert.equal(
      streamPageUrl(PUBLIC, 'http://127.0.0.1:9000/stream/'),
      'http://127.0.0.1:9000/stream/org-1/head-9?api_key=k1',
    );
    // The chat page's own prefix is not carried over: only the last two segments are.
    assert.equal(
      streamPageUrl(
        'http://127.0.0.1:9000/chat/org-1/head-9?api_key=k1',
        'http://127.0.0.1:9000/stream',
      ),
      'http://127.0.0.1:9000/stream/org-1/head-9?api_key=k1',
    );
  });

  test('STREAM-4 a bad streamUrl or publicUrl throws', () => {
    assert.throws(() => streamPageUrl(PUBLIC, ''), /streamUrl is not a valid URL/);
    assert.throws(
      () => streamPageUrl('https://chat.example.com/org-1/head-9', 'https://s.example.com'),
      /api_key/,
    );
  });
});

describe('the launch URL (api/launch-url.ts): what the signer builds, the element and the proxy read', () => {
  const SIG = 'ab'.repeat(32);
  test('a signed link is recognised, below its base only', async () => {
    const { url } = await signLaunchUrl({
      secret: 's'.repeat(32),
      headId: 'head_9-x',
      view: 'stream',
      base: 'https://site.example/dh/',
      now: 1_700_000_000,
    });
    assert.match(
      url,
      /^https:\/\/site\.example\/dh\/embed\/head_9-x\?view=stream&exp=1700000300&sig=[0-9a-f]{64}$/,
    );
    assert.equal(isLaunchUrl(new URL(url), '/dh'), true, 'the signed link');
    assert.equal(isLaunchUrl(new URL(url), '/dh/'), true, 'an endpoint written with its slash');
    assert.equal(isLaunchUrl(new URL(url), '/other'), false, 'another base');
  });

  test('each field out of its pattern is refused: id, view, exp (digits only), sig (64 lower-case hex)', () => {
    const base = 'https://site.example/dh/embed/';
    const good = `${base}h1?view=chat&exp=1700000300&sig=${SIG}`;
    assert.ok(isLaunchUrl(new URL(good), '/dh'), 'a link with every field in its pattern');
    for (const bad of [
      `${base}h.1?view=chat&exp=1700000300&sig=${SIG}`,
      `${base}?view=chat&exp=1700000300&sig=${SIG}`,
      `${base}h%2E1?view=chat&exp=1700000300&sig=${SIG}`,
      `${base}h1/x?view=chat&exp=1700000300&sig=${SIG}`,
      `${base}h1?view=video&exp=1700000300&sig=${SIG}`,
      `${base}h1?view=chat&exp=0x10&sig=${SIG}`,
      `${base}h1?view=chat&exp=1e9&sig=${SIG}`,
      `${base}h1?view=chat&exp=1700000300&sig=${SIG.toUpperCase()}`,
      `${base}h1?view=chat&exp=1700000300&sig=${SIG.slice(2)}`,
      `${base}h1?view=chat&exp=1700000300`,
    ])
      assert.equal(isLaunchUrl(new URL(bad), '/dh'), false, bad);
  });
});
