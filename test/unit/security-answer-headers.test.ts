/**
 * The headers of every answer (src/proxy/security/answer-headers.ts), from the Hono app itself,
 * as edge and serverless runtimes run it: on prepared answers too, which carry their own.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { isFinished } from '../../src/proxy/encodings.js';
import { proxySuite } from './proxy-harness.js';

const { makeProxy } = proxySuite();

describe('the headers of every answer', () => {
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
});
