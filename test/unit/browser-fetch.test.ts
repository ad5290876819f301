/**
 * How browser code tells the network from a proxy that refuses the page's origin (src/api/client.ts):
 * a script sees both as a failed fetch. A GET that fails is asked about once without CORS, then
 * made once more; another method is never sent twice.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { getJson, request, refusal, type ApiRequestError } from '../../src/api/client.js';
import { configure } from '../../src/api/urls.js';

const ENDPOINT = 'https://proxy.test/dh';
const g = globalThis as unknown as { fetch: typeof fetch; location?: unknown; document?: unknown };
const real = { fetch: g.fetch, location: g.location, document: g.document };
const anything = {
  is: (v: unknown): v is unknown => v !== undefined,
  safeParse: (v: unknown) => ({ success: true as const, data: v }),
};

/** The page's fetch for one test: each call answered by the next of `answers` (a Response, or a failure), each call recorded. */
function browser(...answers: (Response | 'fails')[]) {
  const calls: { url: string; mode?: string; method?: string }[] = [];
  g.fetch = async (input, init) => {
    calls.push({ url: String(input), mode: init?.mode, method: init?.method });
    const next = answers.shift();
    if (!next || next === 'fails') throw new TypeError('Failed to fetch');
    return next;
  };
  return calls;
}
const ok = () =>
  new Response(JSON.stringify({ fine: true }), { headers: { 'content-type': 'application/json' } });
const opaque = () => new Response(null, { status: 200 });

describe('a fetch of a proxy route that fails', () => {
  before(() => {
    g.location = { origin: 'https://site.test' };
    g.document = { baseURI: 'https://site.test/page' };
    configure({ trustedEndpoints: [ENDPOINT] });
  });
  after(() => Object.assign(g, real));

  test('a GET the network dropped once: the proxy is up (no-cors), the second try answers, and nothing failed', async () => {
    const calls = browser('fails', opaque(), ok());
    assert.deepEqual(await getJson(ENDPOINT, '/heads/a', anything, new AbortController().signal), {
      fine: true,
    });
    assert.deepEqual(
      calls.map((c) => c.mode ?? 'cors'),
      ['cors', 'no-cors', 'cors'],
    );
  });

  test("a GET the proxy does not answer for this page's origin (it is up, and the second try fails too): cors_refused, naming the origin to allow", async () => {
    browser('fails', opaque(), 'fails');
    await assert.rejects(
      getJson(ENDPOINT, '/heads/a/launch', anything, new AbortController().signal),
      (err: ApiRequestError) => {
        assert.equal(err.code, 'cors_refused');
        assert.equal(
          err.message,
          'https://proxy.test/dh/heads/a/launch refused this page: allow https://site.test on the proxy (npx dh-kit origins add https://site.test, or DH_ALLOWED_ORIGINS).',
        );
        return true;
      },
    );
  });

  test('a GET to a proxy that is down (no answer at all): network, with the URL, and no second try', async () => {
    const calls = browser('fails', 'fails');
    await assert.rejects(
      request(ENDPOINT, '/faces'),
      (err: ApiRequestError) =>
        err.code === 'network' &&
        err.message === 'https://proxy.test/dh/faces could not be reached.',
    );
    assert.equal(calls.length, 2);
  });

  test("a POST that fails is the network's, and is never sent twice (it may have reached the proxy)", async () => {
    const calls = browser('fails', opaque(), ok());
    await assert.rejects(
      request(ENDPOINT, '/heads', { method: 'POST', body: { name: 'x' } }),
      (err: ApiRequestError) => err.code === 'network',
    );
    assert.deepEqual(
      calls.map((c) => c.method),
      ['POST'],
    );
  });

  test("an abort is the caller's: no probe, the AbortError itself", async () => {
    const abort = new AbortController();
    const calls: string[] = [];
    g.fetch = async (input) => {
      calls.push(String(input));
      abort.abort();
      throw new DOMException('aborted', 'AbortError');
    };
    await assert.rejects(getJson(ENDPOINT, '/heads/a', anything, abort.signal), {
      name: 'AbortError',
    });
    assert.equal(calls.length, 1);
  });
});

describe('Retry-After', () => {
  test('a refusal keeps its Retry-After in seconds; a date, nothing, a word, a negative or an endless number is no time', () => {
    const refused = (retryAfter?: string) =>
      refusal(
        new Response(null, {
          status: 429,
          headers: retryAfter === undefined ? {} : { 'retry-after': retryAfter },
        }),
        { error: { code: 'video_cap_reached', message: 'The daily limit is reached.' } },
      ).retryAfter;
    assert.equal(refused('5400'), 5400);
    assert.equal(refused('Thu, 26 Nov 2026 11:30:00 GMT'), undefined);
    assert.equal(refused(), undefined);
    assert.equal(refused('soon'), undefined);
    for (const odd of ['-5', 'Infinity', '1e12', '0'])
      assert.equal(refused(odd), undefined, `${odd} is no time`);
  });
});
