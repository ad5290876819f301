/**
 * CORS (src/proxy/security/cors.ts): only the listed page origins get an answer a script can read,
 * on prepared, error, 304 and 429 answers alike; the site's own request headers
 * (DH_ALLOWED_HEADERS) are allowed, and one a page asks for in vain is told to the operator.
 * Origins added at run time: origins.test.ts.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseConfig } from '../../src/proxy/config.js';
import { clearOfMinuteEnd } from './minute.js';
import { proxySuite } from './proxy-harness.js';

const { makeProxy } = proxySuite();

describe('CORS for the allowed page origins', () => {
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
});
