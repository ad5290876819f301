/**
 * Answers served like a CDN: catalogue answers compressed once (brotli and gzip on
 * Node, gzip on any fetch runtime), other answers over 1 kB gzipped by hono/compress, an ETag per
 * encoding with 304s across them, content-hashed files cached for a year, the rest revalidated.
 */
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { after, before, describe, test } from 'node:test';
import { chooseEncoding, etagMatches } from '../../src/proxy/encodings.js';
import { parseConfig } from '../../src/proxy/config.js';
import { startProxyServer, type RunningProxy } from '../../src/proxy/node.js';
import { startSimulator, type RunningSimulator } from '../../src/sim/index.js';
import { PlatformClient } from '../../src/platform/client.js';
import { createProxy } from '../../src/proxy/app.js';
import { createSimulator } from '../../src/sim/index.js';
import { platformAccess, simFetch, servedFrom } from './proxy-harness.js';

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A request whose answer is read as bytes, not decoded (fetch would undo the encoding). */
function raw(url: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    })
      .on('error', reject)
      .end();
  });
}

const decode = (r: Raw) => {
  const encoding = r.headers['content-encoding'];
  const bytes =
    encoding === 'br'
      ? brotliDecompressSync(r.body)
      : encoding === 'gzip'
        ? gunzipSync(r.body)
        : r.body;
  return bytes.toString('utf8');
};

describe('encodings', () => {
  test('Accept-Encoding: brotli before gzip, q=0 refuses, * stands for the rest, nothing means the identity', () => {
    assert.equal(chooseEncoding('gzip, deflate, br'), 'br');
    assert.equal(chooseEncoding('br;q=0, gzip'), 'gzip');
    assert.equal(chooseEncoding('gzip;q=0.5'), 'gzip');
    assert.equal(chooseEncoding('identity'), undefined);
    assert.equal(chooseEncoding('*'), 'br');
    assert.equal(chooseEncoding('*, br;q=0'), 'gzip');
    assert.equal(chooseEncoding(undefined), undefined);
  });

  test('If-None-Match: the tag, its weak form, the tag of another encoding of the same content, or *', () => {
    for (const header of ['"abc"', 'W/"abc"', '"abc-br"', '"x", "abc-gzip"', '*'])
      assert.ok(etagMatches(header, '"abc"'), header);
    for (const header of ['"abcd"', '"ab"', '', '"abc-zz"'])
      assert.ok(!etagMatches(header, '"abc"'), header);
    assert.ok(
      etagMatches('"abc"', '"abc-br"'),
      'the plain tag matches the tag of its brotli encoding',
    );
  });
});

describe('catalogue answers on Node: compressed once, an ETag per encoding', () => {
  let sim: RunningSimulator;
  let proxy: RunningProxy;
  const site = mkdtempSync(join(tmpdir(), 'dh-cdn-'));
  mkdirSync(join(site, 'assets'));
  const script = `export const words = ${JSON.stringify('a digital human on any page '.repeat(80))};\n`;
  writeFileSync(join(site, 'assets', 'page-B9jKXlRn.js'), script);
  writeFileSync(join(site, 'app.js'), script);
  writeFileSync(
    join(site, 'index.html'),
    `<!doctype html><title>site</title><p>${'Talk to us. '.repeat(200)}</p>`,
  );

  before(async () => {
    sim = await startSimulator();
    const { baseUrl, chatUrl, streamUrl, email, secretKey } = sim.info;
    proxy = await startProxyServer({
      config: {
        ...parseConfig({
          DH_RATE_LIMIT: '0',
          DH_SIGNING_SECRET: 'x'.repeat(32),
          DH_PUBLIC_HEADS: '*',
        }),
        platform: { baseUrl, chatUrl, streamUrl, email, secretKey },
      },
      port: 0,
      log: () => undefined,
      warn: () => undefined,
      staticDir: site,
    });
  });
  after(async () => {
    await proxy.close();
    await sim.close();
  });

  test('a browser that takes brotli gets brotli, gzip when it refuses brotli, the identity when it asks for none: the same JSON each time', async () => {
    const url = `${proxy.url}/dh/faces?take=24`;
    const identity = await raw(url);
    assert.equal(identity.headers['content-encoding'], undefined);
    assert.ok(identity.body.length > 1024, 'a page of 24 faces is over the 1 kB threshold');
    const br = await raw(url, { 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await raw(url, { 'accept-encoding': 'br;q=0, gzip' });
    assert.equal(br.headers['content-encoding'], 'br');
    assert.equal(gzip.headers['content-encoding'], 'gzip');
    assert.ok(
      br.body.length < identity.body.length / 3,
      `brotli ${br.body.length} of ${identity.body.length} bytes`,
    );
    for (const r of [br, gzip]) {
      assert.equal(decode(r), identity.body.toString('utf8'));
      // Origin too: an origin added at run time (/dh/origins) gets its own CORS answer.
      assert.equal(r.headers.vary, 'Accept-Encoding, Origin');
      assert.equal(
        r.headers['x-content-type-options'],
        'nosniff',
        'a prepared answer carries the security headers itself',
      );
      assert.equal(r.headers['referrer-policy'], 'no-referrer');
      assert.equal(r.headers['content-type'], 'application/json');
      assert.equal(r.headers['cache-control'], 'public, max-age=60');
    }
    const tag = identity.headers.etag as string;
    assert.equal(
      br.headers.etag,
      `${tag.slice(0, -1)}-br"`,
      'each encoding has its own strong ETag',
    );
    assert.equal(gzip.headers.etag, `${tag.slice(0, -1)}-gzip"`);
    // A cache that holds one encoding revalidates for another: the content is the same.
    const again = await raw(url, { 'accept-encoding': 'br', 'if-none-match': tag });
    assert.equal(again.status, 304);
    assert.equal(again.body.length, 0);
    assert.equal(again.headers.etag, br.headers.etag);
    // The stored bytes are reused: the second brotli answer is byte for byte the first.
    assert.deepEqual((await raw(url, { 'accept-encoding': 'br' })).body, br.body);
  });

  test('an answer under 1 kB is sent as it is', async () => {
    const small = await raw(`${proxy.url}/dh/faces?take=1`, { 'accept-encoding': 'br, gzip' });
    assert.equal(small.status, 200);
    assert.ok(small.body.length < 1024, `the answer is under 1 kB (${small.body.length} bytes)`);
    assert.equal(small.headers['content-encoding'], undefined);
  });

  test('pages and static files over 1 kB are gzipped; content-hashed assets are cached for a year, the rest revalidated with an ETag', async () => {
    const asset = await raw(`${proxy.url}/assets/page-B9jKXlRn.js`, { 'accept-encoding': 'gzip' });
    assert.equal(asset.headers['content-encoding'], 'gzip');
    assert.equal(decode(asset), script);
    assert.equal(asset.headers['cache-control'], 'public, max-age=31536000, immutable');
    const file = await raw(`${proxy.url}/app.js`, { 'accept-encoding': 'gzip' });
    assert.equal(file.headers['content-encoding'], 'gzip');
    assert.equal(file.headers['cache-control'], 'no-cache');
    const page = await raw(`${proxy.url}/`, { 'accept-encoding': 'gzip' });
    assert.equal(page.headers['content-encoding'], 'gzip');
    assert.match(decode(page), /Talk to us/);
    for (const r of [file, page]) {
      const tag = r.headers.etag as string;
      assert.ok(tag, 'an ETag');
      const revalidated = await raw(`${proxy.url}${r === file ? '/app.js' : '/'}`, {
        'accept-encoding': 'gzip',
        'if-none-match': tag,
      });
      assert.equal(revalidated.status, 304);
    }
  });
});

describe('catalogue answers on any fetch runtime (no brotli there): gzip with CompressionStream', () => {
  test('the app alone answers gzip for a browser that takes brotli and gzip, and the bytes are the JSON', async () => {
    const sim = createSimulator({ talkDelayMs: 0 });
    const network = simFetch(sim);
    const config = {
      ...parseConfig({ DH_SIGNING_SECRET: 'x'.repeat(32), DH_RATE_LIMIT: '0' }),
      platform: platformAccess(sim),
    };
    const platform = new PlatformClient({ ...platformAccess(sim), fetch: network });
    const p = servedFrom(
      createProxy({
        config,
        platform,
        fetch: network,
        log: () => undefined,
        warn: () => undefined,
      }),
    );
    const plain = await p.request('/dh/faces?take=24');
    const text = await plain.text();
    const res = await p.request('/dh/faces?take=24', {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    assert.equal(res.headers.get('content-encoding'), 'gzip');
    assert.equal(gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8'), text);
    assert.equal(res.headers.get('etag'), `${plain.headers.get('etag')!.slice(0, -1)}-gzip"`);
  });
});
