/**
 * Fuzzing every route the kit answers: random methods, paths, query strings, headers and
 * bodies — built around the real routes (`app.routes`), real ids, ETags and secrets, and valid
 * signatures over random bodies so the fuzz gets past the guards too. The headers the kit reads
 * (Accept, which turns a refusal into a page; If-None-Match; Accept-Encoding; X-Forwarded-For) are
 * drawn from the values that steer it and from printable junk, with random others beside them.
 * Whatever comes in: never a 5xx, never an unhandled rejection, no secret in any answer, log line
 * or warning, and every answer with its security headers.
 *
 * Three targets: the proxy (browser routes and the routes the platform calls), the simulator's API
 * (a product of its own), and the Node server with its static pages (path traversal included).
 * `DH_FUZZ_RUNS` sets the runs per property (1000; 20000 takes about 25 s and has passed).
 * Found by it so far: the callback secret repeated in a log line or 404 when a caller put it in
 * another segment, OPTIONS/POST on a static file answered a length with no body (a hang), and HEAD
 * answers of the Node server without the headers middleware adds (@hono/node-server 1.19; open).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import type { Hono } from 'hono';
import { PlatformClient } from '../../src/platform/client.js';
import { parseConfig } from '../../src/proxy/config.js';
import { startProxyServer, type RunningProxy } from '../../src/proxy/node.js';
import { signWebhookBody } from '../../src/proxy/webhook-signature.js';
import { createSimulator, type Simulator } from '../../src/sim/index.js';
import { platformAccess, proxyHarness, simFetch } from './proxy-harness.js';
import { watchSecrets, type SecretScan } from './secret-scan.js';

const SIGNING = 'fuzz-signing-secret-0123456789abcdef';
const ADMIN = 'fuzz-admin-token-0123456789abcdefgh';
const CALLBACK = 'fuzz-callback-secret-0123456789abcdef';
const ORIGIN = 'https://site.example';
/** Runs per property: enough to reach every route many times, and the suite stays in seconds. */
const RUNS = Number(process.env.DH_FUZZ_RUNS ?? 1000);

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD', 'PROPFIND'];
const FIELDS = [
  'head_id',
  'event_type',
  'timestamp',
  'session_id',
  'public_head_id',
  'public_org_id',
  'headId',
  'id',
  'text',
  'name',
  'operationMode',
  'headVisualId',
  'ttsProvider',
  'ttsVoice',
  'voiceId',
  'language',
  'greetings',
  'webhookUrl',
  'startConversation',
  'tools',
  'conversationSettings',
  'parameters',
  'arguments',
  'type',
  'payload',
  'message',
  'options',
  'view',
  'ttl',
  'exp',
  'sig',
  'email',
  'secretKey',
  'splitter',
  'enabled',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
];
const QUERY_KEYS = [
  'page',
  'take',
  'order',
  'gender',
  'q',
  'provider',
  'view',
  'exp',
  'sig',
  'ttl',
  'headId',
  'head',
  'after',
  'splitter',
  'enableEvents',
  'api_key',
  '__proto__',
];
/** What a browser's frame navigation sends (Chromium): the embed route answers it with a page. */
const NAVIGATION =
  'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
const CONTENT_TYPES = [
  undefined,
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  '\u00ff/junk',
];
const NASTY = [
  'constructor',
  '__proto__',
  'toString',
  'hasOwnProperty',
  '..',
  '%2e%2e',
  '%00',
  '%zz',
  '%E0%A4%A',
  '%',
  ' ',
  '0',
  '-1',
  '1e999',
  'NaN',
  'null',
  'undefined',
  '<script>',
  "'",
  '"',
];

/**
 * A value for a path parameter: mostly a real one (so the fuzz gets past the router and the
 * guards), else prototype names, bad encodings, junk. The callback secret goes only where the
 * platform would put it (`:secret`): a caller who has it and writes it elsewhere may read it back.
 */
const paramValue = (real: string[]) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...real) },
    { weight: 1, arbitrary: fc.constantFrom(...NASTY) },
    { weight: 1, arbitrary: fc.string({ maxLength: 30 }).map(encodeURIComponent) },
    { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/) },
    { weight: 1, arbitrary: fc.constant('x'.repeat(3000)) },
  );

/** A header value: printable ASCII (what a client can send; Headers trims the spaces at its ends). */
const printable = (maxLength: number) =>
  fc.string({
    unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
    maxLength,
  });
const TOKEN_CHARS = [
  ..."!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
];
/** The connection's framing: fetch refuses to set these, and the server, not a caller, decides them. */
const FRAMING = /^(connection|content-length|transfer-encoding|keep-alive|upgrade|expect|host)$/i;
/** Any header name (an HTTP token), and names a server might be tempted to read. */
const headerName = fc
  .oneof(
    fc.constantFrom(
      'cookie',
      'range',
      'if-match',
      'if-modified-since',
      'if-range',
      'x-http-method-override',
      'x-forwarded-host',
      'x-forwarded-proto',
      'forwarded',
      'x-real-ip',
      'content-encoding',
      'cache-control',
      'referer',
      'user-agent',
      'sec-fetch-dest',
      'sec-fetch-mode',
      'access-control-request-method',
      'access-control-request-headers',
      'x-dh-kit',
      'x-signature-256',
      'authorization',
      'origin',
      'te',
    ),
    fc.string({ unit: fc.constantFrom(...TOKEN_CHARS), minLength: 1, maxLength: 24 }),
  )
  .filter((name) => !FRAMING.test(name));

interface HeaderSet {
  accept: string | undefined;
  ifNoneMatch: string | undefined;
  acceptEncoding: string | undefined;
  forwardedFor: string | undefined;
  /** Random names and values, set before the others (which win when a name repeats). */
  extra: [string, string][];
}

/** The headers the kit reads, each from the values that steer it or printable junk; `etags` are real ones. */
const headerSet = (etags: string[]): fc.Arbitrary<HeaderSet> =>
  fc.record({
    accept: fc.oneof(
      fc.constantFrom(
        undefined,
        NAVIGATION,
        'text/html',
        'text/html;q=0, application/json',
        'application/json',
        'application/json, text/html',
        '*/*',
        'text/event-stream',
        'image/*',
        '',
      ),
      printable(40),
    ),
    ifNoneMatch: fc.oneof(
      fc.constantFrom(
        undefined,
        '*',
        'W/"x"',
        '""',
        '"',
        'W/',
        etags.map((e) => `W/${e}`).join(', '),
      ),
      printable(40),
      ...(etags.length ? [{ weight: 3, arbitrary: fc.constantFrom(...etags) }] : []),
    ),
    acceptEncoding: fc.oneof(
      fc.constantFrom(
        undefined,
        'gzip',
        'br',
        'gzip, br',
        'br;q=0, gzip',
        'gzip;q=0',
        'gzip;q=abc',
        'identity',
        'identity;q=0',
        '*',
        '*;q=0',
        'deflate',
        'zstd',
        '',
      ),
      printable(30),
    ),
    forwardedFor: fc.oneof(
      fc.constantFrom(
        undefined,
        '203.0.113.9',
        '203.0.113.9, 10.0.0.1',
        '::1',
        ', ,',
        'unknown',
        '__proto__',
        'constructor',
      ),
      printable(60),
    ),
    extra: fc.array(fc.tuple(headerName, printable(60)), { maxLength: 4 }),
  });

function setHeaders(headers: Headers, h: HeaderSet): void {
  for (const [name, value] of h.extra) headers.set(name, value);
  if (h.accept !== undefined) headers.set('accept', h.accept);
  if (h.ifNoneMatch !== undefined) headers.set('if-none-match', h.ifNoneMatch);
  if (h.acceptEncoding !== undefined) headers.set('accept-encoding', h.acceptEncoding);
  if (h.forwardedFor !== undefined) headers.set('x-forwarded-for', h.forwardedFor);
}

const jsonish = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(fc.constantFrom(...FIELDS), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 8 }),
  fc.array(
    fc.dictionary(fc.constantFrom(...FIELDS), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
    { maxLength: 3 },
  ),
);
const bodyArb = fc.oneof(
  { weight: 1, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
  { weight: 4, arbitrary: jsonish.map((v) => JSON.stringify(v)) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '{',
      '[1,',
      '{"a":1}{',
      '\u0000',
      'null',
      '""',
      '{"__proto__":{"admin":true}}',
      'x'.repeat(300_000),
    ),
  },
);
const queryArb = fc
  .array(
    fc.tuple(
      fc.constantFrom(...QUERY_KEYS),
      fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom(...NASTY), fc.integer().map(String)),
    ),
    { maxLength: 4 },
  )
  .map((pairs) =>
    pairs.length ? `?${pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}` : '',
  );

interface Attempt {
  method: string;
  path: string;
  body: string | undefined;
  contentType: string | undefined;
  authorization: string | undefined;
  csrf: boolean;
  origin: string | undefined;
  signature: 'none' | 'valid' | 'hex' | 'base64' | 'junk';
  headers: HeaderSet;
}

/** Requests shaped on an app's routes: mostly the route's own method, with random everything else. */
function attempts(
  routes: { method: string; path: string }[],
  known: { ids: string[]; secret?: string; etags?: string[] },
) {
  return fc
    .record({
      route: fc.constantFrom(...routes),
      ownMethod: fc.oneof(
        { weight: 3, arbitrary: fc.constant(true) },
        { weight: 1, arbitrary: fc.constant(false) },
      ),
      method: fc.constantFrom(...METHODS),
      params: fc.array(paramValue(known.ids), { minLength: 6, maxLength: 6 }),
      secret: paramValue(known.secret ? [known.secret] : known.ids),
      query: queryArb,
      body: bodyArb,
      contentType: fc.constantFrom(...CONTENT_TYPES),
      authorization: fc.constantFrom(
        undefined,
        `Bearer ${ADMIN}`,
        'Bearer nope',
        'Basic YWRtaW46YWRtaW4=',
        'Bearer',
        `bearer ${ADMIN} extra`,
      ),
      csrf: fc.boolean(),
      origin: fc.constantFrom(undefined, ORIGIN, 'null', 'https://evil.example'),
      signature: fc.constantFrom('none', 'valid', 'valid', 'hex', 'base64', 'junk') as fc.Arbitrary<
        Attempt['signature']
      >,
      extraPath: fc.oneof(
        { weight: 8, arbitrary: fc.constant('') },
        { weight: 1, arbitrary: fc.constantFrom('/', '/extra', '/..', '//x') },
      ),
      headers: headerSet(known.etags ?? []),
    })
    .map(
      ({ route, ownMethod, method, params, secret, query, body, extraPath, ...rest }): Attempt => {
        let i = 0;
        const path = route.path
          .replace(/:([A-Za-z_]+)(\{[^}]*\})?\??/g, (_, name: string) =>
            name === 'secret' ? secret : params[i++ % 6]!,
          )
          .replace(/\*/g, () => params[i++ % 6]!);
        const m = ownMethod && route.method !== 'ALL' ? route.method : method;
        return {
          method: m,
          path: `${path}${extraPath}${query}`,
          body: m === 'GET' || m === 'HEAD' ? undefined : body,
          ...rest,
        };
      },
    );
}

async function send(
  app: Hono,
  a: Attempt,
  signatureKey: string | undefined,
): Promise<Response | undefined> {
  const headers = new Headers();
  setHeaders(headers, a.headers);
  if (a.contentType) headers.set('content-type', a.contentType);
  if (a.authorization) headers.set('authorization', a.authorization);
  if (a.csrf) headers.set('x-dh-kit', '1');
  if (a.origin) headers.set('origin', a.origin);
  const raw = a.body ?? '';
  if (a.signature === 'valid' && signatureKey)
    headers.set('x-signature-256', await signWebhookBody(raw, signatureKey));
  if (a.signature === 'hex') headers.set('x-signature-256', `sha256=${'ab'.repeat(32)}`);
  if (a.signature === 'base64')
    headers.set('x-signature-256', Buffer.alloc(32, 7).toString('base64'));
  if (a.signature === 'junk') headers.set('x-signature-256', 'sha256=zz');
  let url: string;
  try {
    url = new URL(a.path, 'http://localhost').href;
  } catch {
    return undefined; // not a URL a client could send
  }
  return app.request(url, { method: a.method, headers, body: a.body });
}

const describeAttempt = (a: Attempt) =>
  `${a.method} ${a.path.slice(0, 200)} (${a.contentType ?? 'no type'}, ${a.authorization ? 'auth' : 'no auth'}, sig ${a.signature}, headers ${JSON.stringify(a.headers).slice(0, 300)}) ${String(a.body).slice(0, 200)}`;

/** What every answer carries, whatever was asked (security/answer-headers.ts, and prepared answers themselves). */
function assertSecurityHeaders(res: Response, what: string): void {
  assert.equal(res.headers.get('x-content-type-options'), 'nosniff', what);
  assert.equal(res.headers.get('referrer-policy'), 'no-referrer', what);
}

describe('fuzz: every route, random input', () => {
  let sim: Simulator;
  let scan: SecretScan;
  let head: { id: string; publicId: string; sharedKey: string };
  let client: PlatformClient;

  before(async () => {
    process.on('unhandledRejection', onUnhandled);
    sim = createSimulator({ talkDelayMs: 0, allowInsecureWebhooks: true });
    scan = watchSecrets(sim, [SIGNING, ADMIN, CALLBACK]);
    // A real head with a webhook, so ids and signatures can be right while everything else is random.
    client = new PlatformClient({ ...platformAccess(sim), fetch: simFetch(sim) });
    const voice = sim.store.voices.find((v) => v.provider === 'azure')!;
    const created = await client.createHead({
      headVisualId: sim.store.faces[0]!.id,
      name: 'Fuzz',
      language: 'en-US',
      operationMode: 'oc',
      ttsProvider: voice.provider,
      ttsVoice: voice.voiceId,
    });
    const { sharedKey } = await client.createWebhook({
      headId: created.id,
      webhookUrl: 'https://hooks.example.com/dh',
      startConversation: true,
    });
    head = { id: created.id, publicId: created.publicId ?? created.id, sharedKey };
  });
  after(() => {
    process.off('unhandledRejection', onUnhandled);
    scan.assertClean();
  });

  test('the proxy: browser routes and the routes the platform calls never answer 5xx, always carry the security headers, and leak no secret in answers or logs', async () => {
    const warnings: string[] = [];
    const { app, logs } = proxyHarness(sim, { signing: SIGNING, admin: ADMIN, scan })(
      // X-Forwarded-For trusted, so its random values key the platform routes' rate limit.
      {
        DH_CALLBACK_SECRET: CALLBACK,
        DH_ALLOWED_ORIGINS: ORIGIN,
        DH_WEBHOOK_KEYS: `${head.id}:${head.sharedKey}`,
        DH_TRUST_PROXY: 'true',
      },
      {
        warn: (m: string) => warnings.push(m),
        tools: { weather: (p) => `Sunny in ${String(p.city)}` },
      },
    );
    const routes = app.routes
      .filter((r) => r.path.includes('/'))
      .map(({ method, path }) => ({ method, path }));
    assert.ok(
      routes.some((r) => r.path.includes('/hooks')) &&
        routes.some((r) => r.path.includes('/plugin/')) &&
        routes.some((r) => r.path.includes('/tools/')),
      'platform-facing routes are fuzzed too',
    );
    // Real ETags of catalogue answers (plain and gzipped), so If-None-Match sometimes matches.
    const etags: string[] = [];
    for (const [path, encoding] of [
      ['/dh/faces', ''],
      ['/dh/faces', 'gzip'],
      ['/dh/voices', ''],
      ['/dh/voices', 'gzip'],
    ]) {
      const res = await app.request(path!, {
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
      await res.body?.cancel();
      if (res.headers.get('etag')) etags.push(res.headers.get('etag')!);
    }
    assert.equal(new Set(etags).size, 4, 'an ETag for each catalogue and encoding');
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(
        attempts(routes, {
          ids: [head.id, head.publicId, 'weather', 'chat', 'stream', '1'],
          secret: CALLBACK,
          etags,
        }),
        async (a) => {
          const res = await send(app as unknown as Hono, a, head.sharedKey);
          if (!res) return;
          assertSecurityHeaders(res, describeAttempt(a));
          if (res.headers.get('content-type')?.startsWith('text/event-stream')) {
            // An event stream stays open: its status and headers are checked, then it is closed.
            scan.recordText(res.status, res.headers, '');
            await res.body?.cancel();
          } else if ((await res.clone().text()).includes(CALLBACK)) {
            // The one answer that gives the callback secret: the addresses to register, to the admin.
            assert.ok(
              a.method === 'GET' &&
                a.path.startsWith('/dh/callbacks') &&
                a.authorization === `Bearer ${ADMIN}`,
              `the callback secret in the answer to ${describeAttempt(a)}`,
            );
          } else await scan.record(res);
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          assert.ok(
            res.status < 500,
            `${res.status} for ${describeAttempt(a)}: ${res.bodyUsed ? '' : (await res.text()).slice(0, 300)}`,
          );
        },
      ),
      { numRuns: RUNS },
    );
    const said = JSON.stringify(logs) + warnings.join('\n');
    for (const secret of scan.secrets)
      assert.ok(
        !said.includes(secret),
        `a secret (${secret.length} characters) is in a log line or warning`,
      );
    const through = [...statuses].filter(([s]) => s < 300).reduce((n, [, count]) => n + count, 0);
    assert.ok(
      through >= RUNS / 100,
      `the fuzz gets past the guards: ${through} of ${RUNS} answered 2xx (${JSON.stringify([...statuses])})`,
    );
    assert.ok(
      (statuses.get(304) ?? 0) > 0 || RUNS < 500,
      `a real ETag matched at least once (${JSON.stringify([...statuses])})`,
    );
    assert.deepEqual(unhandled, []);
  });

  test("the simulator's API never answers 5xx to bad input either", async () => {
    const routes = sim.app.routes
      .filter((r) => r.path.startsWith('/api') && !r.path.startsWith('/api/_sim'))
      .map(({ method, path }) => ({ method, path }));
    const token = sim.store.issueToken(sim.store.accounts.get(sim.store.options.email)!);
    const tokenAuth = `Bearer ${token}`;
    await fc.assert(
      fc.asyncProperty(
        attempts(routes, { ids: [head.id, head.publicId, '1'] }),
        fc.boolean(),
        async (a, withToken) => {
          const res = await send(
            sim.app as unknown as Hono,
            { ...a, authorization: withToken ? tokenAuth : a.authorization },
            undefined,
          );
          if (!res) return;
          assert.ok(
            res.status < 500,
            `${res.status} for ${describeAttempt(a)}: ${(await res.text()).slice(0, 300)}`,
          );
        },
      ),
      { numRuns: RUNS },
    );
    assert.deepEqual(unhandled, []);
  });

  describe('the Node server', () => {
    let proxy: RunningProxy;
    const lines: string[] = [];
    before(async () => {
      const site = mkdtempSync(join(tmpdir(), 'dh-fuzz-'));
      writeFileSync(join(site, 'index.html'), '<!doctype html><title>site</title>');
      writeFileSync(join(site, 'backoffice.html'), '<!doctype html><title>back office</title>');
      proxy = await startProxyServer({
        config: {
          ...parseConfig({
            DH_SIGNING_SECRET: SIGNING,
            DH_ADMIN_TOKEN: ADMIN,
            DH_CALLBACK_SECRET: CALLBACK,
            DH_PUBLIC_HEADS: '*',
            DH_RATE_LIMIT: '0',
          }),
          platform: platformAccess(sim),
        },
        platform: client,
        fetch: simFetch(sim),
        port: 0,
        staticDir: site,
        privatePages: ['backoffice.html'],
        log: (l) => lines.push(JSON.stringify(l)),
        warn: (m) => lines.push(m),
      });
    });
    after(() => proxy.close());

    test('random paths, methods, headers and small bodies over HTTP: no 5xx, the security headers on every answer (HEAD too), no file outside the site, the process stays up', async () => {
      // The proxy's routes too, so the headers reach the Node adapter's own compression and answers.
      const segment = fc.oneof(
        fc.constantFrom(
          'dh',
          'index.html',
          'backoffice.html',
          '..',
          '%2e%2e',
          '%2f',
          '..%2f..',
          '%00',
          'package.json',
          'etc',
          'passwd',
          `dh/plugin/${CALLBACK}`,
          `dh/tools/${CALLBACK}`,
        ),
        fc.constantFrom(
          'dh/faces',
          'dh/voices',
          'dh/health',
          'dh/hooks/events',
          `dh/heads/${head.id}`,
          `dh/embed/${head.id}`,
          'dh-kit.bundle.js',
        ),
        fc.string({ maxLength: 12 }).map(encodeURIComponent),
      );
      const smallBody = fc.oneof(
        fc.constant(undefined),
        fc.string({ maxLength: 200 }),
        jsonish.map((v) => JSON.stringify(v).slice(0, 2000)),
      );
      await fc.assert(
        fc.asyncProperty(
          fc.array(segment, { maxLength: 5 }),
          fc.constantFrom('GET', 'POST', 'HEAD', 'OPTIONS', 'DELETE'),
          headerSet([]),
          fc.constantFrom(...CONTENT_TYPES),
          smallBody,
          async (segments, method, h, contentType, body) => {
            const path = `/${segments.join('/')}`;
            const headers = new Headers();
            setHeaders(headers, h);
            headers.set('x-dh-kit', '1');
            if (contentType) headers.set('content-type', contentType);
            const what = `${method} ${path} (${JSON.stringify(h).slice(0, 300)}) ${String(body).slice(0, 100)}`;
            const res = await fetch(`${proxy.url}${path}`, {
              method,
              headers,
              body: method === 'GET' || method === 'HEAD' ? undefined : body,
              redirect: 'manual',
            });
            const text = await res.text();
            assert.ok(res.status < 500, `${res.status} for ${what}: ${text.slice(0, 200)}`);
            // HEAD too: @hono/node-server 1.19 built a HEAD answer from the GET answer's first
            // headers and lost what middleware added after the route (found here; fixed in 2.x).
            assertSecurityHeaders(res, what);
            assert.ok(
              !text.includes('"devDependencies"') && !text.includes('root:x:0:0'),
              `${path} served a file outside the site`,
            );
            scan.recordText(res.status, res.headers, text);
          },
        ),
        { numRuns: Math.ceil(RUNS / 3) },
      );
      assert.equal((await fetch(`${proxy.url}/index.html`)).status, 200, 'still serving');
      for (const secret of scan.secrets)
        assert.ok(
          !lines.join('\n').includes(secret),
          `a secret (${secret.length} characters) is in a log line`,
        );
      assert.deepEqual(unhandled, []);
    });
  });
});
