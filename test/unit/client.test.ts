/**
 * PlatformClient against a small in-test fake of the platform (a `fetch` function): every
 * endpoint, the token life cycle, retries, timeouts, error mapping, and that no secret leaks.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { inspect } from 'node:util';
import {
  PlatformClient,
  backoffDelay,
  type PlatformClientOptions,
  type PlatformLogEntry,
} from '../../src/platform/client.js';
import {
  PlatformError,
  classify403,
  extractErrorDetail,
  redact,
  type PlatformErrorCode,
} from '../../src/platform/errors.js';
import type { HeadCreateRequest } from '../../src/platform/schemas.js';
import { droppedItems } from '../../src/platform/readers.js';

// ── The fake platform ─────────────────────────────────────────────────────────────────────────

const BASE = 'https://api.platform.test/v1';
const EMAIL = 'owner@example.com';
const SECRET = 'sk-live-7f3a9c1e5b2d4f60aa';
const PUBLIC_URL = 'https://chat.platform.test/org-pub-1/head-pub-1?api_key=org-key-123456';

interface Seen {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
  redirect: RequestRedirect | undefined;
  signal: AbortSignal | undefined;
}
type Handler = (req: Seen) => Response | Promise<Response>;

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
/** Never answers until aborted. The timer stands for a real socket: AbortSignal.timeout alone keeps no process alive. */
const hang: Handler = (req) =>
  new Promise((_, reject) => {
    const socket = setTimeout(() => {}, 60_000);
    req.signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(socket);
        reject(req.signal!.reason);
      },
      { once: true },
    );
  });

/** Every token any fake issued: none may appear in an error or a log line. */
const issuedTokens: string[] = [];
/** Every error and log entry the suite produced, checked for secrets at the end. */
const produced: unknown[] = [];
const logs: PlatformLogEntry[] = [];

const face = (id: string) => ({
  id,
  name: `Face ${id}`,
  gender: 'FEMALE',
  avatar: `https://cdn.platform.test/${id}.png`,
  videoUrl: `https://cdn.platform.test/${id}.mp4`,
  permissionType: 'PRIVATE',
  type: 'TALK',
});
const voice = {
  displayName: 'Rachel',
  voiceId: 'v-rachel',
  locale: 'en-US',
  language: 'English',
  gender: 'FEMALE',
  provider: 'elevenlabs',
};
const webhook = {
  id: 7,
  createdAt: '2024-05-01T10:00:00Z',
  updatedAt: '2024-05-01T10:00:00Z',
  orgId: '3f0c0c9e-1111-4222-8333-444455556666',
  headId: 'head-1',
  webhookUrl: 'https://hooks.example.com/dh',
  sharedKey: 'shared-key-abcdef0123456789',
  startConversation: true,
};

const ROUTES: [string, RegExp, Handler][] = [
  [
    'GET',
    /^\/head_visual\/face\/all$/,
    () =>
      json({
        data: [face('f1'), face('f2')],
        meta: { page: 1, take: 10, itemCount: 2, pageCount: 1, hasNextPage: false },
      }),
  ],
  ['GET', /^\/voice\/all$/, () => json({ data: { voices: [voice] } })],
  [
    'POST',
    /^\/head\/create$/,
    () => json({ id: 'head-1', publicId: 'head-pub-1', publicUrl: PUBLIC_URL }, 201),
  ],
  ['POST', /^\/head\/text-to-video$/, () => json({ status: 'queued' }, 201)],
  [
    'GET',
    /^\/head\/talks\/[^/]+$/,
    () =>
      json({
        data: [
          {
            id: 't1',
            createdAt: '2024-05-01T10:00:00Z',
            updatedAt: '2024-05-01T10:01:00Z',
            voice: 'v-rachel',
            url: 'https://cdn.platform.test/t1.mp4',
            text: 'Hi',
          },
        ],
        meta: {
          page: '1',
          take: '10',
          itemCount: 1,
          pageCount: 1,
          hasPreviousPage: false,
          hasNextPage: false,
        },
      }),
  ],
  ['PUT', /^\/head\/[^/]+\/splitter$/, () => new Response(null, { status: 200 })],
  ['PUT', /^\/head\/[^/]+\/conversation-settings$/, () => json({ ok: true })],
  ['PUT', /^\/head\/[^/]+\/enable-events$/, () => new Response(null, { status: 204 })],
  [
    'GET',
    /^\/head\/[^/]+$/,
    () => json({ id: 'head-1', publicId: 'head-pub-1', publicUrl: PUBLIC_URL }),
  ],
  ['POST', /^\/head-events$/, () => json({ sharedKey: webhook.sharedKey, id: 7 }, 201)],
  ['GET', /^\/head-events$/, () => json([webhook])],
  ['GET', /^\/head-events\/\d+$/, () => json(webhook)],
  [
    'PATCH',
    /^\/head-events\/\d+$/,
    () => new Response('OK', { headers: { 'content-type': 'text/plain' } }),
  ],
  ['DELETE', /^\/head-events\/\d+$/, () => new Response(null, { status: 204 })],
];

class FakePlatform {
  readonly seen: Seen[] = [];
  tokenShape: 'A' | 'B' = 'A';
  tokenDelayMs = 0;
  /** Makes the token string; by default opaque and unique. */
  makeToken = (n: number) => `tok_${n}_${Math.random().toString(36).slice(2, 12)}`;
  /** Refuse every bearer (as for a deactivated account). */
  refuseAllTokens = false;
  private readonly valid = new Set<string>();
  private readonly overrides = new Map<string, { handler: Handler; times: number }[]>();

  /** Answers `METHOD /path` with `handler`, `times` times (by default always), before the usual answer. */
  on(key: string, handler: Handler, times = Infinity): this {
    const list = this.overrides.get(key) ?? [];
    list.push({ handler, times });
    this.overrides.set(key, list);
    return this;
  }

  /** Every token so far expires (the platform answers 401 to it). */
  expireTokens(): void {
    this.valid.clear();
  }

  count(key: string): number {
    return this.seen.filter((s) => `${s.method} ${s.path}` === key).length;
  }

  readonly fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    assert.ok(url.href.startsWith(`${BASE}/`), `the client called ${url.href}`);
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const req: Seen = {
      method: init.method ?? 'GET',
      path: url.pathname.slice(new URL(BASE).pathname.length),
      query: url.searchParams,
      headers: new Headers(init.headers),
      body,
      redirect: init.redirect,
      signal: init.signal ?? undefined,
    };
    this.seen.push(req);
    const key = `${req.method} ${req.path}`;
    const override = this.overrides.get(key)?.find((o) => o.times > 0);
    if (override) {
      override.times--;
      return override.handler(req);
    }
    if (key === 'POST /auth/token') return this.login(req);
    const bearer = req.headers.get('authorization')?.replace(/^Bearer /, '') ?? '';
    // The platform echoes the refused token: the client must not pass it on.
    if (this.refuseAllTokens || !this.valid.has(bearer))
      return json({ message: `Bearer ${bearer} is invalid or expired` }, 401);
    const route = ROUTES.find(([method, path]) => method === req.method && path.test(req.path));
    return route ? route[2](req) : json({ message: `Cannot ${key}` }, 404);
  }) as typeof fetch;

  /** The token answer's body; by default shape A or B (tokenShape). */
  tokenBody?: (token: string) => unknown;

  private async login(req: Seen): Promise<Response> {
    if (this.tokenDelayMs) await delay(this.tokenDelayMs);
    const { email, secretKey } = req.body as { email?: string; secretKey?: string };
    if (email !== EMAIL || secretKey !== SECRET)
      return json({ message: `invalid secretKey ${secretKey} for ${email}` }, 401);
    const token = this.makeToken(issuedTokens.length + 1);
    issuedTokens.push(token);
    this.valid.add(token);
    return json(
      this.tokenBody
        ? this.tokenBody(token)
        : this.tokenShape === 'A'
          ? { token }
          : { data: { bearer: token } },
    );
  }
}

function makeClient(
  fake: FakePlatform,
  options: Partial<PlatformClientOptions> = {},
): PlatformClient {
  return new PlatformClient({
    baseUrl: BASE,
    email: EMAIL,
    secretKey: SECRET,
    fetch: fake.fetch,
    timeoutMs: 1000,
    retryBaseMs: 2,
    retryMaxMs: 20,
    logger: (entry) => logs.push(entry),
    ...options,
  });
}

/** Awaits a PlatformError of `code` and keeps it for the secrets check at the end. */
async function failure(promise: Promise<unknown>, code: PlatformErrorCode): Promise<PlatformError> {
  try {
    await promise;
  } catch (err) {
    produced.push(err);
    assert.ok(err instanceof PlatformError, `expected a PlatformError, got ${inspect(err)}`);
    assert.equal(err.code, code, `expected ${code}, got ${err.code}: ${err.message}`);
    return err;
  }
  return assert.fail(`expected a PlatformError ${code}, but the call succeeded`);
}

const head = (over: Partial<HeadCreateRequest> = {}) =>
  ({
    headVisualId: '0b9c3e4a-5d6f-4a7b-8c9d-0e1f2a3b4c5d',
    name: 'Ava',
    language: 'en-US',
    operationMode: 'oc',
    ttsProvider: 'azure',
    ttsVoice: 'en-US-AvaNeural',
    greetings: 'Hello!',
    ...over,
  }) as HeadCreateRequest;

// ── Authentication ────────────────────────────────────────────────────────────────────────────

describe('authentication', () => {
  test('AUTH-1 shape A {token}: POST /auth/token with email and secretKey, no bearer, cached', async () => {
    const fake = new FakePlatform();
    const client = makeClient(fake);
    const token = await client.getToken();
    assert.equal(token, issuedTokens.at(-1));
    const [login] = fake.seen;
    assert.equal(`${login!.method} ${login!.path}`, 'POST /auth/token');
    assert.deepEqual(login!.body, { email: EMAIL, secretKey: SECRET });
    assert.equal(login!.headers.get('authorization'), null);
    assert.equal(await client.getToken(), token);
    assert.equal(fake.count('POST /auth/token'), 1);
  });

  test('AUTH-2 shape B {data: {bearer}} is accepted and used', async () => {
    const fake = new FakePlatform();
    fake.tokenShape = 'B';
    const client = makeClient(fake);
    await client.listFaces();
    assert.equal(fake.seen[1]!.headers.get('authorization'), `Bearer ${issuedTokens.at(-1)}`);
  });

  test('AUTH-3 every endpoint but the token one sends Authorization: Bearer, one method per endpoint', async () => {
    const fake = new FakePlatform();
    const client = makeClient(fake);
    await client.listFaces();
    await client.listVoices();
    await client.createHead(head());
    await client.getHead('head-1');
    await client.setSplitter('head-1', false);
    await client.setTools('head-1', []);
    await client.setEventsEnabled('head-1', true);
    await client.textToVideo({ id: 'head-1', text: 'Hi' });
    await client.listTalks('head-1');
    await client.createWebhook({ headId: 'head-1', webhookUrl: 'https://hooks.example.com/dh' });
    await client.listWebhooks('head-1');
    await client.getWebhook(7);
    await client.updateWebhook(7, { endConversation: true });
    await client.deleteWebhook(7);
    assert.deepEqual(
      fake.seen.map((s) => `${s.method} ${s.path}`),
      [
        'POST /auth/token',
        'GET /head_visual/face/all',
        'GET /voice/all',
        'POST /head/create',
        'GET /head/head-1',
        'PUT /head/head-1/splitter',
        'PUT /head/head-1/conversation-settings',
        'PUT /head/head-1/enable-events',
        'POST /head/text-to-video',
        'GET /head/talks/head-1',
        'POST /head-events',
        'GET /head-events',
        'GET /head-events/7',
        // updateWebhook reads the configuration first, then sends all of it.
        'GET /head-events/7',
        'PATCH /head-events/7',
        'DELETE /head-events/7',
      ],
    );
    const token = issuedTokens.at(-1);
    for (const s of fake.seen.slice(1))
      assert.equal(s.headers.get('authorization'), `Bearer ${token}`, `${s.method} ${s.path}`);
    // Never follow a redirect off the configured platform.
    for (const s of fake.seen) assert.equal(s.redirect, 'manual', `${s.method} ${s.path}`);
  });

  test('AUTH-4 the token is renewed within the refresh margin of its lifetime (now option)', async () => {
    const fake = new FakePlatform();
    let clock = 0;
    const client = makeClient(fake, {
      now: () => clock,
      tokenLifetimeMs: 10_000,
      tokenRefreshMarginMs: 1_000,
    });
    const first = await client.getToken();
    clock = 8_999;
    assert.equal(await client.getToken(), first);
    clock = 9_000;
    assert.notEqual(await client.getToken(), first);
    assert.equal(fake.count('POST /auth/token'), 2);

    // Defaults: 7 days, renewed 1 hour before.
    const fake2 = new FakePlatform();
    clock = 0;
    const byDefault = makeClient(fake2, { now: () => clock });
    const token = await byDefault.getToken();
    clock = 7 * 24 * 3600e3 - 3600e3 - 1;
    assert.equal(await byDefault.getToken(), token);
    clock += 1;
    await byDefault.getToken();
    assert.equal(fake2.count('POST /auth/token'), 2);
  });

  test('AUTH-4 a JWT whose exp comes before the lifetime is renewed before its exp', async () => {
    const fake = new FakePlatform();
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const issuedAtMs = 1_700_000_000_000;
    fake.makeToken = (n) =>
      `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: n, exp: issuedAtMs / 1000 + 2 * 3600 })}.c2lnbmF0dXJl`;
    let clock = issuedAtMs;
    const client = makeClient(fake, { now: () => clock });
    const token = await client.getToken();
    clock = issuedAtMs + 3600e3 - 1; // exp − 1 h margin − 1 ms
    assert.equal(await client.getToken(), token);
    clock += 1;
    await client.getToken();
    assert.equal(fake.count('POST /auth/token'), 2);
  });

  test('AUTH-4 ERR-2 an expired token gets 401: the client logs in again and the call goes through', async () => {
    const fake = new FakePlatform();
    const client = makeClient(fake);
    await client.listFaces();
    fake.expireTokens();
    assert.equal((await client.listFaces()).data.length, 2);
    assert.equal(fake.count('POST /auth/token'), 2);
    assert.equal(fake.count('GET /head_visual/face/all'), 3);
  });

  test('AUTH-5 100 concurrent calls on a cold client make exactly one /auth/token request', async () => {
    const fake = new FakePlatform();
    fake.tokenDelayMs = 10;
    const client = makeClient(fake);
    const pages = await Promise.all(Array.from({ length: 100 }, () => client.listFaces()));
    assert.equal(pages.length, 100);
    assert.equal(fake.count('POST /auth/token'), 1);
    assert.equal(fake.count('GET /head_visual/face/all'), 100);
  });

  test('AUTH-5 a failed token request is shared by its waiters but not cached', async () => {
    const fake = new FakePlatform();
    fake.on('POST /auth/token', () => json({ message: 'down' }, 500), 3);
    const client = makeClient(fake);
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => client.listVoices()));
    assert.deepEqual(
      results.map((r) => r.status),
      Array(10).fill('rejected'),
      'every waiter gets the one failure',
    );
    for (const r of results)
      await failure(Promise.reject((r as PromiseRejectedResult).reason), 'upstream');
    assert.equal(
      fake.count('POST /auth/token'),
      3,
      'one shared login, retried like a GET (it creates nothing)',
    );
    assert.equal((await client.listVoices()).length, 1);
    assert.equal(fake.count('POST /auth/token'), 4);
  });

  test('AUTH-5 a token request that meets one 503 is retried, and its waiters never see it', async () => {
    const fake = new FakePlatform();
    fake.on('POST /auth/token', () => json({ message: 'blip' }, 503), 1);
    const client = makeClient(fake);
    const results = await Promise.all(Array.from({ length: 10 }, () => client.listVoices()));
    assert.equal(results.length, 10);
    assert.equal(fake.count('POST /auth/token'), 2);
  });

  test('AUTH-5 one waiter giving up does not cancel the shared login', async () => {
    const fake = new FakePlatform();
    fake.tokenDelayMs = 20;
    const client = makeClient(fake);
    const controller = new AbortController();
    const reason = new Error('the visitor left');
    const gaveUp = client.listFaces({}, { signal: controller.signal });
    const stayed = client.listFaces();
    controller.abort(reason);
    await assert.rejects(gaveUp, (err) => err === reason);
    assert.equal((await stayed).data.length, 2);
    assert.equal(fake.count('POST /auth/token'), 1);
  });

  test('AUTH-6 ERR-2 a 401 mid-session logs in again once and retries once; a second 401 fails clearly', async () => {
    const fake = new FakePlatform();
    const client = makeClient(fake);
    await client.listVoices();
    fake.expireTokens();
    assert.equal((await client.listVoices()).length, 1);
    assert.equal(fake.count('POST /auth/token'), 2);

    fake.refuseAllTokens = true;
    const err = await failure(client.listVoices(), 'unauthorized');
    assert.equal(err.status, 401);
    assert.match(err.message, /token/);
    assert.match(err.message, /DH_EMAIL and DH_SECRET_KEY/);
    assert.equal(fake.count('POST /auth/token'), 3, 'one new login');
    assert.equal(fake.count('GET /voice/all'), 5, 'two attempts, no loop');
    await failure(client.getWebhook(7), 'unauthorized');
    assert.equal(fake.count('POST /auth/token'), 4);
    assert.equal(fake.count('GET /head-events/7'), 2);
  });

  test('AUTH-6 the 401 rule applies to a create too: refused once, then created once', async () => {
    const fake = new FakePlatform();
    const client = makeClient(fake);
    await client.getToken();
    fake.on('POST /head/create', () => json({ message: 'jwt expired' }, 401), 1);
    assert.equal((await client.createHead(head())).id, 'head-1');
    assert.equal(fake.count('POST /head/create'), 2);
    assert.equal(fake.count('POST /auth/token'), 2);
    fake.on('POST /head/create', () => json({ message: 'jwt expired' }, 401), 2);
    await failure(client.createHead(head()), 'unauthorized');
    assert.equal(fake.count('POST /head/create'), 4);
  });

  test('AUTH-6 concurrent calls refused with the same stale token share one new login', async () => {
    const fake = new FakePlatform();
    const client = makeClient(fake);
    await client.getToken();
    fake.expireTokens();
    await Promise.all(Array.from({ length: 10 }, () => client.listFaces()));
    assert.equal(fake.count('POST /auth/token'), 2);
  });

  test('AUTH-7 orgId is sent at head creation when configured, unless the request has its own', async () => {
    const fake = new FakePlatform();
    const withOrg = makeClient(fake, { orgId: 'org-2' });
    await withOrg.createHead(head());
    await withOrg.createHead(head({ orgId: 'org-9' }));
    await withOrg.createStreamingHead(head({ ttsProvider: 'elevenlabs' }), {
      streamingProvider: 'elevenlabs',
    });
    await makeClient(fake).createHead(head());
    const bodies = fake.seen
      .filter((s) => s.path === '/head/create')
      .map((s) => (s.body as { orgId?: string }).orgId);
    assert.deepEqual(bodies, ['org-2', 'org-9', 'org-2', undefined]);
    assert.ok(
      !('orgId' in (fake.seen.at(-1)!.body as object)),
      'a client without an orgId sends none, not even an empty one',
    );
  });

  test('AUTH-8 ERR-3 the four 403 causes each get their own message, on faces and voices, whatever the body shape', async () => {
    const token = () => issuedTokens.at(-1);
    const cases: [() => Response, string, RegExp][] = [
      [
        () => json({ message: 'This token belongs to another organization' }, 403),
        'other_organisation',
        /DH_ORG_ID/,
      ],
      [
        () =>
          new Response(`Forbidden: Bearer ${token()} belongs to a different organisation`, {
            status: 403,
          }),
        'other_organisation',
        /DH_ORG_ID/,
      ],
      [
        () =>
          json(
            { statusCode: 403, message: ['User lacks permission faces.read'], error: 'Forbidden' },
            403,
          ),
        'no_permission',
        /permission/,
      ],
      [
        () => json({ error: { message: 'Organisation is inactive' } }, 403),
        'inactive_organisation',
        /inactive/,
      ],
      [
        () => json({ error: 'No active subscription for this organisation' }, 403),
        'no_subscription',
        /subscription/,
      ],
      [
        () => json({ detail: 'Forbidden' }, 403),
        'unknown',
        /DH_ORG_ID.*permission.*inactive.*subscription/s,
      ],
    ];
    const byCause = new Map<string, Set<string>>();
    for (const [answer, cause, advice] of cases) {
      const fake = new FakePlatform();
      fake.on('GET /head_visual/face/all', answer).on('GET /voice/all', answer);
      const client = makeClient(fake);
      for (const call of [() => client.listFaces(), () => client.listVoices()]) {
        const err = await failure(call(), 'forbidden');
        assert.equal(err.status, 403);
        assert.equal(err.cause403, cause);
        assert.match(err.message, advice);
        assert.ok(err.detail, 'the platform’s words are kept in detail');
        if (cause !== 'unknown')
          byCause.set(cause, (byCause.get(cause) ?? new Set()).add(err.message));
      }
      assert.equal(fake.count('GET /head_visual/face/all'), 1, 'a 403 is not retried');
    }
    assert.equal(byCause.size, 4);
    for (const [cause, messages] of byCause)
      assert.equal(messages.size, 1, `${cause} has one message whatever the endpoint and wording`);
  });

  test('AUTH-9 every request sends Accept: application/json; those with a body send Content-Type: application/json', async () => {
    const fake = new FakePlatform();
    const client = makeClient(fake);
    await client.listFaces();
    await client.createHead(head());
    await client.setSplitter('head-1', true);
    await client.setTools('head-1', []);
    await client.updateWebhook(7, { startConversation: false });
    await client.deleteWebhook(7);
    for (const s of fake.seen) {
      assert.equal(s.headers.get('accept'), 'application/json', `${s.method} ${s.path}`);
      assert.equal(
        s.headers.get('content-type'),
        s.body === undefined ? null : 'application/json',
        `${s.method} ${s.path}`,
      );
    }
    assert.deepEqual(
      fake.seen.filter((s) => s.body !== undefined).map((s) => s.path),
      ['/auth/token', '/head/create', '/head/head-1/conversation-settings', '/head-events/7'],
    );
  });

  test('ERR-2 the token endpoint refusing the login (400/401/403) is invalid_credentials: check DH_EMAIL and DH_SECRET_KEY', async () => {
    for (const status of [400, 401, 403]) {
      const fake = new FakePlatform();
      // The platform echoes the secret key: it must not reach the message.
      fake.on('POST /auth/token', (req) =>
        json(
          { message: `secretKey ${(req.body as { secretKey: string }).secretKey} is not valid` },
          status,
        ),
      );
      const err = await failure(makeClient(fake).listFaces(), 'invalid_credentials');
      assert.equal(err.status, status);
      assert.match(err.message, /DH_EMAIL and DH_SECRET_KEY/);
      assert.ok(
        !err.message.includes(SECRET) && !err.detail?.includes(SECRET),
        `the secret key the platform echoed is neither in the message nor in the detail (${status})`,
      );
      assert.equal(fake.count('POST /auth/token'), 1, 'no retry, no loop');
      assert.equal(fake.count('GET /head_visual/face/all'), 0);
    }
    const fake = new FakePlatform();
    await failure(
      makeClient(fake, { secretKey: 'wrong-secret' }).getToken(),
      'invalid_credentials',
    );
  });
});

// ── Catalogues ────────────────────────────────────────────────────────────────────────────────

describe('catalogues', () => {
  test('FACE-5 FACE-2 FACE-3 faces come from /head_visual/face/all with order, page, take and gender', async () => {
    const fake = new FakePlatform();
    const client = makeClient(fake);
    const page = await client.listFaces({ order: 'DESC', page: 2, take: 50, gender: 'FEMALE' });
    assert.equal(page.data[0]!.id, 'f1');
    await client.listFaces();
    const calls = fake.seen.filter((s) => s.method === 'GET');
    assert.deepEqual(
      calls.map((s) => s.path),
      ['/head_visual/face/all', '/head_visual/face/all'],
    );
    assert.deepEqual(Object.fromEntries(calls[0]!.query), {
      order: 'DESC',
      page: '2',
      take: '50',
      gender: 'FEMALE',
    });
    assert.equal(calls[1]!.query.size, 0, 'gender omitted for all');
    assert.ok(
      !fake.seen.some((s) => s.path === '/head_visual/all'),
      'the list of all visuals, /head_visual/all, is never asked for',
    );
  });

  test('FACE-2 a bad query is refused before it is sent, naming the field', async () => {
    const fake = new FakePlatform();
    const err = await failure(makeClient(fake).listFaces({ take: 0 }), 'invalid_request');
    assert.match(err.message, /take/);
    assert.equal(fake.seen.length, 0);
  });

  test('VOICE-1 VOICE-2 both voice list shapes are read; provider is sent as a query', async () => {
    const fake = new FakePlatform();
    const client = makeClient(fake);
    const nested = await client.listVoices({ provider: 'elevenlabs' });
    fake.on('GET /voice/all', () => json({ data: [voice] }));
    const flat = await client.listVoices();
    assert.deepEqual(flat, nested);
    assert.equal(nested[0]!.voiceId, 'v-rachel');
    assert.equal(
      fake.seen.find((s) => s.path === '/voice/all')!.query.get('provider'),
      'elevenlabs',
    );
  });
});

// ── Heads ─────────────────────────────────────────────────────────────────────────────────────

describe('heads', () => {
  test('HEAD-2 a create response or a read spelling publicURL is normalised to publicUrl', async () => {
    const fake = new FakePlatform();
    fake.on('POST /head/create', () =>
      json({ id: 'head-2', publicId: 'p2', publicURL: PUBLIC_URL }),
    );
    fake.on('GET /head/head-2', () =>
      json({ id: 'head-2', publicId: 'p2', publicURL: PUBLIC_URL }),
    );
    const client = makeClient(fake);
    const created = await client.createHead(
      head({ operationMode: 'ttt', language: undefined, langCode: 'en-US' }),
    );
    assert.equal(created.publicUrl, PUBLIC_URL);
    const read = await client.getHead('head-2');
    assert.equal(read.publicUrl, PUBLIC_URL);
    assert.ok(
      !('publicURL' in read),
      'the head read has publicUrl only, not the platform’s spelling publicURL',
    );
  });

  test('HEAD-4 ERR-4 a 404 on head creation is voice_not_available: send a voiceId, not its display name', async () => {
    const fake = new FakePlatform();
    fake.on('POST /head/create', () => json({ message: 'Voice not available' }, 404));
    const err = await failure(
      makeClient(fake).createHead(head({ ttsVoice: 'Rachel' })),
      'voice_not_available',
    );
    assert.equal(err.status, 404);
    assert.match(
      err.message,
      /ttsVoice must be a voiceId from the voice list, not its display name/,
    );
    assert.equal(fake.count('POST /head/create'), 1);
  });

  test('HEAD-7 an invalid create request names the field and makes no network call', async () => {
    const fake = new FakePlatform();
    const client = makeClient(fake);
    const cases: [HeadCreateRequest, RegExp][] = [
      [head({ name: '' }), /name/],
      [
        head({ operationMode: 'karaoke' } as unknown as Partial<HeadCreateRequest>),
        /operationMode/,
      ],
      [head({ operationMode: 'plugin' }), /pluginOperationalModeConfig/],
      [head({ operationMode: 'voiceflow' }), /voiceflowApiKey/],
      [head({ language: undefined }), /language/],
      [head({ ttsVoice: '' }), /ttsVoice/],
    ];
    for (const [request, field] of cases) {
      const err = await failure(client.createHead(request), 'invalid_request');
      assert.match(err.message, field);
      assert.equal(err.operation, 'POST /head/create');
    }
    await failure(client.getHead(''), 'invalid_request');
    assert.equal(fake.seen.length, 0, 'nothing was sent, not even a login');
  });

  test('HEAD-9 EV-1 TOOL-1 splitter, enable-events and conversation-settings send what the spec says; any 2xx body is accepted', async () => {
    const fake = new FakePlatform();
    const client = makeClient(fake);
    const tools = [
      {
        name: 'weather',
        description: 'Gives the weather',
        parameters: [{ name: 'city', type: 'string', description: 'The city' }],
        url: 'https://tools.example.com/w',
      },
    ];
    assert.equal(await client.setSplitter('head-1', false), undefined, 'empty 200');
    assert.deepEqual(await client.setTools('head-1', tools), { ok: true }, 'JSON');
    assert.equal(await client.setEventsEnabled('head-1', true), undefined, '204');
    assert.equal(
      await client.updateWebhook(7, { endConversation: true }),
      undefined,
      'text/plain "OK"',
    );
    const [, splitter, settings, events, read, patch] = fake.seen;
    assert.equal(splitter!.query.get('splitter'), 'false');
    assert.deepEqual(settings!.body, { conversationSettings: { tools } });
    assert.equal(events!.query.get('enableEvents'), 'true');
    assert.equal(`${read!.method} ${read!.path}`, 'GET /head-events/7');
    assert.equal(patch!.method, 'PATCH');
    assert.equal((patch!.body as { endConversation?: boolean }).endConversation, true);
    assert.deepEqual(
      Object.keys(patch!.body as object).sort(),
      [
        'endConversation',
        'headId',
        'inactivityWarning',
        'startConversation',
        'timeoutConversation',
        'webhookUrl',
      ],
      'every field, not only the change',
    );
  });

  test('TOOL-3 HOOK-5 tools and webhooks are validated before sending (parameter names, https)', async () => {
    const fake = new FakePlatform();
    const client = makeClient(fake);
    const bad = [
      {
        name: 'w',
        description: 'd',
        parameters: [{ name: 'the city', type: 'string', description: '' }],
        url: 'https://t.example.com',
      },
    ];
    assert.match(
      (await failure(client.setTools('head-1', bad), 'invalid_request')).message,
      /conversationSettings\.tools\[0\]\.parameters\[0\]\.name/,
    );
    assert.match(
      (
        await failure(
          client.createWebhook({ headId: 'h', webhookUrl: 'http://hooks.example.com' }),
          'invalid_request',
        )
      ).message,
      /https/,
    );
    assert.match(
      (await failure(client.textToVideo({ id: 'head-1', text: ' ' }), 'invalid_request')).message,
      /text/,
    );
    assert.match((await failure(client.getWebhook(1.5), 'invalid_request')).message, /id/);
    assert.equal(fake.seen.length, 0);
  });

  test('path parameters are encoded', async () => {
    const fake = new FakePlatform();
    fake.on('GET /head/a%2Fb%20c', () => json({ id: 'a/b c', publicUrl: PUBLIC_URL }));
    await makeClient(fake).getHead('a/b c');
    assert.equal(fake.count('GET /head/a%2Fb%20c'), 1);
  });
});

describe('streaming avatars', () => {
  test('STREAM-1 STREAM-2 STREAM-3 createStreamingHead: oc, the streaming provider, greetings "", no alias or suggestions, then splitter off', async () => {
    const fake = new FakePlatform();
    const client = makeClient(fake);
    const { operationMode: _mode, ...rest } = head({
      ttsProvider: 'elevenlabs',
      ttsVoice: 'v-rachel',
      alias: 'Ava',
      suggestions: ['Hi'],
      greetings: 'Welcome!',
    });
    const created = await client.createStreamingHead(rest, { streamingProvider: 'elevenlabs' });
    assert.equal(created.id, 'head-1');
    const [, create, splitter] = fake.seen;
    assert.equal(create!.path, '/head/create');
    const body = create!.body as Record<string, unknown>;
    assert.equal(body.operationMode, 'oc');
    assert.equal(body.ttsProvider, 'elevenlabs');
    assert.equal(body.ttsVoice, 'v-rachel');
    assert.equal(body.greetings, '');
    assert.ok(
      !('alias' in body) && !('suggestions' in body),
      'a streaming head is created without alias and suggestions',
    );
    assert.equal(
      `${splitter!.method} ${splitter!.path}?${splitter!.query}`,
      'PUT /head/head-1/splitter?splitter=false',
    );
  });

  test('STREAM-1 another TTS provider is refused before sending, naming the streaming provider', async () => {
    const fake = new FakePlatform();
    const err = await failure(
      makeClient(fake).createStreamingHead(head({ ttsProvider: 'azure' }), {
        streamingProvider: 'elevenlabs',
      }),
      'invalid_request',
    );
    assert.match(err.message, /ttsProvider.*elevenlabs/);
    assert.equal(fake.seen.length, 0);
  });

  test('STREAM-2 when the splitter cannot be turned off, the error names the created head and is not retried', async () => {
    const fake = new FakePlatform();
    fake.on('PUT /head/head-1/splitter', () => json({ message: 'busy' }, 503));
    const err = await failure(
      makeClient(fake).createStreamingHead(head({ ttsProvider: 'elevenlabs' }), {
        streamingProvider: 'elevenlabs',
      }),
      'upstream',
    );
    assert.match(err.message, /head-1 was created.*setSplitter\("head-1", false\)/);
    assert.equal(fake.count('POST /head/create'), 1);
    assert.equal(fake.count('PUT /head/head-1/splitter'), 1);
  });
});

// ── Failures ──────────────────────────────────────────────────────────────────────────────────

describe('failures', () => {
  test('ERR-1 a 400 on text-to-video says the head id or the voice is not valid, and keeps the platform’s words', async () => {
    const fake = new FakePlatform();
    fake.on('POST /head/text-to-video', () => json({ message: 'Invalid head id' }, 400));
    const err = await failure(
      makeClient(fake).textToVideo({ id: 'nope', text: 'Hi' }),
      'bad_request',
    );
    assert.equal(err.status, 400);
    assert.match(
      err.message,
      /^The platform refused the request \(400\): the head id or the voice is not valid/,
    );
    assert.match(err.message, /Invalid head id/);
    assert.equal(err.detail, 'Invalid head id');
    assert.equal(err.operation, 'POST /head/text-to-video');
  });

  test('ERR-5 other statuses become clear errors: 404, 409, 429, 5xx (HTML body), 3xx', async () => {
    const fake = new FakePlatform();
    const client = makeClient(fake, { maxAttempts: 1 });
    fake.on('GET /head-events/404', () => json({ message: 'Webhook not found' }, 404));
    fake.on('POST /head-events', () => json({ error: 'Webhook exists' }, 409));
    fake.on('POST /head/text-to-video', () => json({ message: 'Too many' }, 429));
    fake.on(
      'GET /voice/all',
      () => new Response('<html><body><h1>502 Bad Gateway</h1></body></html>', { status: 502 }),
    );
    fake.on(
      'GET /head/moved',
      () => new Response(null, { status: 302, headers: { location: 'https://elsewhere.test/' } }),
    );
    assert.match(
      (await failure(client.getWebhook(404), 'not_found')).message,
      /check the id.*Webhook not found/,
    );
    assert.match(
      (
        await failure(
          client.createWebhook({ headId: 'h', webhookUrl: 'https://x.example.com' }),
          'bad_request',
        )
      ).message,
      /\(409\).*Webhook exists/,
    );
    assert.match(
      (await failure(client.textToVideo({ id: 'h', text: 'Hi' }), 'rate_limited')).message,
      /try again/,
    );
    const upstream = await failure(client.listVoices(), 'upstream');
    assert.equal(upstream.status, 502);
    assert.equal(upstream.detail, '502 Bad Gateway');
    assert.match(upstream.message, /on its side; try again/);
    // A redirect is refused, never followed (the same error as fetch's redirect 'error').
    assert.match(
      (await failure(client.getHead('moved'), 'network')).message,
      /redirect \(302\).*redirects are not followed/,
    );
  });

  test('a platform that does not answer gives timeout (each attempt, body included, has its own timeout)', async () => {
    const fake = new FakePlatform();
    fake.on('GET /voice/all', hang);
    const client = makeClient(fake, { timeoutMs: 30 });
    await client.getToken();
    const started = Date.now();
    const err = await failure(client.listVoices(), 'timeout');
    assert.match(err.message, /within 30 ms/);
    assert.equal(fake.count('GET /voice/all'), 3, 'a GET timeout is retried');
    // Bounds with room for a slow machine: without the timeout the call would never end.
    assert.ok(Date.now() - started < 5000, `took ${Date.now() - started} ms`);
    fake.on('POST /head/create', hang);
    await failure(client.createHead(head()), 'timeout');
    assert.equal(fake.count('POST /head/create'), 1, 'a create that timed out is not sent again');
    // A fetch that ignores its signal (some in-process fakes and runtimes do) still times out.
    fake.on('GET /head/deaf', () =>
      delay(2000).then(() => json({ id: 'deaf', publicUrl: PUBLIC_URL })),
    );
    const deafStarted = Date.now();
    await failure(makeClient(fake, { timeoutMs: 30, maxAttempts: 1 }).getHead('deaf'), 'timeout');
    assert.ok(
      Date.now() - deafStarted < 1000,
      `took ${Date.now() - deafStarted} ms: it waited for the answer`,
    );
  });

  test('a caller’s abort is rethrown as is and not retried', async () => {
    const fake = new FakePlatform();
    fake.on('GET /head_visual/face/all', hang);
    const client = makeClient(fake);
    await client.getToken();
    const controller = new AbortController();
    const reason = new Error('superseded');
    setTimeout(() => controller.abort(reason), 5);
    await assert.rejects(
      client.listFaces({}, { signal: controller.signal }),
      (err) => err === reason,
    );
    assert.equal(fake.count('GET /head_visual/face/all'), 1);
  });

  test('ERR-5 a GET that meets 503 is retried and succeeds; the log shows each attempt', async () => {
    const fake = new FakePlatform();
    fake.on('GET /head_visual/face/all', () => json({ message: 'unavailable' }, 503), 2);
    const mine: PlatformLogEntry[] = [];
    const client = makeClient(fake, { logger: (e) => (logs.push(e), mine.push(e)) });
    assert.equal((await client.listFaces()).data.length, 2);
    assert.equal(fake.count('GET /head_visual/face/all'), 3);
    assert.deepEqual(
      mine
        .filter((e) => e.op === 'GET /head_visual/face/all')
        .map((e) => [e.attempt, e.status, e.error]),
      [
        [1, 503, 'upstream'],
        [2, 503, 'upstream'],
        [3, 200, undefined],
      ],
    );
  });

  test('ERR-5 a GET that keeps failing stops after maxAttempts; network errors are retried too', async () => {
    const fake = new FakePlatform();
    fake.on('GET /voice/all', () => json({ message: 'down' }, 500));
    const client = makeClient(fake);
    assert.equal((await failure(client.listVoices(), 'upstream')).status, 500);
    assert.equal(fake.count('GET /voice/all'), 3);

    const refused = new FakePlatform();
    refused.on('GET /head/h', () => {
      throw new TypeError('fetch failed', {
        cause: new Error('connect ECONNREFUSED 10.0.0.1:443'),
      });
    });
    const err = await failure(makeClient(refused, { maxAttempts: 2 }).getHead('h'), 'network');
    assert.match(err.message, /ECONNREFUSED.*DH_BASE_URL/);
    assert.equal(refused.count('GET /head/h'), 2);
  });

  test('ERR-5 POST /head/create, POST /head/text-to-video, PUT, PATCH and DELETE on 503 or a network error are sent once', async () => {
    const fake = new FakePlatform();
    const down = () => json({ message: 'unavailable' }, 503);
    for (const key of [
      'POST /head/create',
      'POST /head/text-to-video',
      'PUT /head/h/splitter',
      'PATCH /head-events/7',
      'DELETE /head-events/7',
      'POST /head-events',
    ]) {
      fake.on(key, down);
    }
    const client = makeClient(fake);
    await failure(client.createHead(head()), 'upstream');
    await failure(client.textToVideo({ id: 'h', text: 'Only once.' }), 'upstream');
    await failure(client.setSplitter('h', false), 'upstream');
    await failure(client.updateWebhook(7, { endConversation: true }), 'upstream');
    await failure(client.deleteWebhook(7), 'upstream');
    const offline = new FakePlatform();
    offline.on('POST /head/text-to-video', () => {
      throw new TypeError('fetch failed');
    });
    await failure(makeClient(offline).textToVideo({ id: 'h', text: 'Hi' }), 'network');
    for (const key of [
      'POST /head/create',
      'POST /head/text-to-video',
      'PUT /head/h/splitter',
      'PATCH /head-events/7',
      'DELETE /head-events/7',
    ]) {
      assert.equal(fake.count(key), 1, key);
    }
    assert.equal(offline.count('POST /head/text-to-video'), 1);
  });

  test('ERR-5 a malformed answer is malformed_response naming the operation and the field', async () => {
    const fake = new FakePlatform();
    const client = makeClient(fake);
    // A list that is not a list (one odd item is only left out: see "tolerant readers").
    fake.on(
      'GET /head_visual/face/all',
      () =>
        json({
          data: { name: 'No id', gender: 'MALE' },
          meta: { page: 1, take: 10, itemCount: 1, pageCount: 1, hasNextPage: false },
        }),
      1,
    );
    const err = await failure(client.listFaces(), 'malformed_response');
    assert.match(err.message, /GET \/head_visual\/face\/all/);
    assert.match(err.message, /\bdata\b/);
    fake.on('GET /head/h', () => json({ id: 'h' }));
    assert.match((await failure(client.getHead('h'), 'malformed_response')).message, /publicUrl/);
    fake.on(
      'GET /voice/all',
      () => new Response('<html>maintenance</html>', { headers: { 'content-type': 'text/html' } }),
    );
    assert.match(
      (await failure(client.listVoices(), 'malformed_response')).message,
      /not JSON \(content-type text\/html\)/,
    );
    fake.on('POST /head-events', () => new Response(null, { status: 201 }));
    assert.match(
      (
        await failure(
          client.createWebhook({ headId: 'h', webhookUrl: 'https://x.example.com' }),
          'malformed_response',
        )
      ).message,
      /empty/,
    );
    const noToken = new FakePlatform();
    noToken.on('POST /auth/token', () => json({ access: 'x' }));
    const noTokenError = await failure(makeClient(noToken).getToken(), 'malformed_response');
    assert.equal(noTokenError.operation, 'POST /auth/token');
    assert.match(noTokenError.message, /data\.bearer/);
  });

  test('retry backoff is capped full jitter, and Retry-After is honoured up to the cap', async () => {
    const almostOne = () => 0.999999;
    for (let retry = 0; retry < 40; retry++) {
      const d = backoffDelay(retry, 250, 4000, almostOne);
      assert.ok(d >= 0 && d < Math.min(4000, 250 * 2 ** retry), `retry ${retry}: ${d}`);
    }
    assert.equal(
      backoffDelay(5, 250, 4000, () => 0),
      0,
    );
    assert.equal(backoffDelay(10, 250, 4000, almostOne), 3999);

    // Huge base and Retry-After: the cap keeps the whole call short.
    const fake = new FakePlatform();
    fake.on(
      'GET /voice/all',
      () => json({ message: 'slow down' }, 429, { 'retry-after': '3600' }),
      1,
    );
    fake.on('GET /head_visual/face/all', () => json({ message: 'down' }, 503), 2);
    const client = makeClient(fake, { retryBaseMs: 60_000, retryMaxMs: 15 });
    const started = Date.now();
    assert.equal((await client.listVoices()).length, 1);
    assert.equal((await client.listFaces()).data.length, 2);
    // Uncapped, the waits would be an hour and a minute.
    assert.ok(Date.now() - started < 10_000, `took ${Date.now() - started} ms`);
    assert.equal(fake.count('GET /voice/all'), 2);
  });
});

// ── Options and helpers ───────────────────────────────────────────────────────────────────────

describe('platform bodies are bounded', () => {
  /** A body of `total` bytes made of `fill`, streamed in 64 kB chunks; `pulled()` says how much was read. */
  const streamed = (total: number, fill: string, status: number) => {
    let sent = 0;
    const chunk = new TextEncoder().encode(fill.repeat(65_536 / fill.length));
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= total) return controller.close();
        controller.enqueue(chunk);
        sent += chunk.byteLength;
      },
    });
    return { response: new Response(body, { status }), pulled: () => sent };
  };

  test('an error body is read up to 1 MB and no further, and its detail is the first words, redacted', async () => {
    const fake = new FakePlatform();
    const client = makeClient(fake, { maxAttempts: 1 });
    await client.getToken();
    const big = streamed(10 * 1024 * 1024, `{"message":"x"}${' '.repeat(49)}`, 400);
    fake.on('GET /voice/all', () => big.response);
    await failure(client.listVoices(), 'bad_request');
    // The stream runs a chunk or two ahead of the reader.
    assert.ok(
      big.pulled() <= 1024 * 1024 + 2 * 65_536,
      `${big.pulled()} bytes read of a 10 MB error body`,
    );
  });

  test('a 2xx answer over 16 MB is refused as malformed, never parsed', async () => {
    const fake = new FakePlatform();
    const client = makeClient(fake, { maxAttempts: 1, timeoutMs: 30_000 });
    await client.getToken();
    const huge = streamed(17 * 1024 * 1024, ' ', 200);
    fake.on('GET /voice/all', () => huge.response);
    const err = await failure(client.listVoices(), 'malformed_response');
    assert.match(err.message, /over 16 MB/);
    assert.ok(huge.pulled() <= 16 * 1024 * 1024 + 2 * 65_536, `${huge.pulled()} bytes read`);
  });

  test('hostile error bodies give a short detail: a tag never closed, runs like a JWT, nesting 30,000 deep (each was slow or a stack overflow)', () => {
    const cases = [
      '<'.repeat(1_000_000),
      'eyJ'.repeat(300_000),
      `${'['.repeat(30_000)}"deep"${']'.repeat(30_000)}`,
      `{"message":${'{"error":'.repeat(30_000)}"x"${'}'.repeat(30_000)}}`,
    ];
    for (const body of cases) {
      const detail = extractErrorDetail(body, [SECRET]);
      assert.ok(
        detail === undefined || detail.length <= 300,
        `${body.slice(0, 12)}…: ${detail?.length} characters`,
      );
    }
    // The secret is still masked in what is kept, and never appears cut in half.
    const withSecret = extractErrorDetail(`{"message":"rejected ${SECRET} ${'p'.repeat(5000)}"}`, [
      SECRET,
    ])!;
    assert.ok(!withSecret.includes(SECRET.slice(0, 8)), withSecret);
  });
});

describe('options and helpers', () => {
  test('options are validated; baseUrl must be http(s) and loses its trailing slash', () => {
    const base = { email: EMAIL, secretKey: SECRET };
    assert.equal(
      new PlatformClient({ ...base, baseUrl: 'https://api.platform.test/v1/' }).baseUrl,
      'https://api.platform.test/v1',
    );
    assert.throws(
      () => new PlatformClient({ ...base, baseUrl: 'ftp://api.platform.test' }),
      /baseUrl: must be an http\(s\) URL/,
    );
    assert.throws(
      () => new PlatformClient({ ...base, baseUrl: BASE, secretKey: '' }),
      /secretKey: is required/,
    );
    assert.throws(
      () => new PlatformClient({ ...base, baseUrl: BASE, maxAttempts: 0 }),
      /maxAttempts/,
    );
    // retries are capped at 3 attempts, whatever a caller asks.
    assert.throws(
      () => new PlatformClient({ ...base, baseUrl: BASE, maxAttempts: 4 }),
      /maxAttempts: must be 1 to 3/,
    );
    assert.ok(
      new PlatformClient({ ...base, baseUrl: BASE, maxAttempts: 3 }),
      'three attempts, the cap, are accepted',
    );
    assert.throws(
      () =>
        new PlatformClient({
          ...base,
          baseUrl: BASE,
          tokenLifetimeMs: 1000,
          tokenRefreshMarginMs: 1000,
        }),
      /tokenRefreshMarginMs/,
    );
  });

  test('redact masks api_key values, bearer tokens, JWTs, secret fields and given literals', () => {
    const text =
      'GET https://c.test/o/h?api_key=org-key-1&x=1 Authorization: Bearer abc.def-123 eyJhbGciOi.eyJzdWIiOjF9.sig {"secretKey": "s1"} my sk-99999999';
    const out = redact(text, ['sk-99999999', undefined]);
    for (const secret of ['org-key-1', 'abc.def-123', 'eyJhbGciOi', '"s1"', 'sk-99999999'])
      assert.ok(!out.includes(secret), `${secret} in ${out}`);
    assert.match(out, /api_key=\[redacted\]&x=1/);
    assert.match(out, /Bearer \[redacted\]/);
  });

  test('ERR-5 the platform’s message is read from any body shape and cut to ~300 characters', () => {
    assert.equal(extractErrorDetail('{"message":"a"}'), 'a');
    assert.equal(extractErrorDetail('{"message":["a","b"]}'), 'a; b');
    assert.equal(extractErrorDetail('{"error":"c"}'), 'c');
    assert.equal(extractErrorDetail('{"error":{"message":"d"}}'), 'd');
    assert.equal(extractErrorDetail('{"detail":"e"}'), 'e');
    assert.equal(extractErrorDetail('{"detail":[{"msg":"f"}]}'), 'f');
    assert.equal(extractErrorDetail('{"code":42}'), '{"code":42}');
    assert.equal(extractErrorDetail('plain text'), 'plain text');
    assert.equal(extractErrorDetail('  '), undefined);
    assert.equal(extractErrorDetail(JSON.stringify({ message: 'x'.repeat(1000) }))!.length, 300);
    assert.equal(
      extractErrorDetail('{"message":"token tok-12345678 refused"}', ['tok-12345678']),
      'token [redacted] refused',
    );
    assert.equal(
      extractErrorDetail('Voice not found', ['t']),
      'Voice not found',
      'a too short literal is not masked',
    );
    assert.equal(classify403('Your organization is not active'), 'inactive_organisation');
  });
});

test('no error, detail or log entry of this suite contains the secret key, a token or an api_key', () => {
  assert.ok(produced.length >= 50, `the suite produced ${produced.length} errors`);
  assert.ok(logs.length >= 100, `the suite logged ${logs.length} entries`);
  assert.ok(issuedTokens.length >= 20, `the suite was issued ${issuedTokens.length} tokens`);
  const secrets = [SECRET, 'org-key-123456', ...issuedTokens];
  const texts = [
    ...produced.map((err) =>
      [inspect(err, { depth: 5 }), JSON.stringify(err), (err as PlatformError).detail ?? ''].join(
        '\n',
      ),
    ),
    ...logs.map((entry) => JSON.stringify(entry)),
  ];
  for (const text of texts)
    for (const secret of secrets)
      assert.ok(!text.includes(secret), `a secret leaked into: ${text.slice(0, 300)}`);
});

describe('tolerant readers: what the spec leaves open is kept, a bad item is left out', () => {
  const meta = { page: 1, take: 10, itemCount: 3, pageCount: 1, hasNextPage: false };
  /** Captures what droppedItems reports, and forgets what it reported before. */
  function captureDropped() {
    const reports: string[] = [];
    const original = droppedItems.report;
    droppedItems.seen.clear();
    droppedItems.report = function (what: string, problem: string) {
      const key = `${what}\n${problem}`;
      if (!this.seen.has(key)) reports.push(`${what}: ${problem}`);
      this.seen.add(key);
    };
    return { reports, restore: () => (droppedItems.report = original) };
  }

  test('FACE-1 a face with name null or no gender is kept; one without an id is left out and reported once; hasNextPage may be a string', async () => {
    const fake = new FakePlatform();
    const client = makeClient(fake);
    const dropped = captureDropped();
    try {
      const faces = [
        { id: 'f1', name: null, gender: 'FEMALE', avatar: 'https://cdn.example/1.png' },
        { id: 'f2', name: 'Ana' },
        { name: 'No id', gender: 'MALE' },
        { name: 'No id either' },
      ];
      fake.on('GET /head_visual/face/all', () =>
        json({ data: faces, meta: { ...meta, hasNextPage: 'true', hasPreviousPage: 'false' } }),
      );
      const page = await client.listFaces();
      assert.deepEqual(
        page.data.map((f) => [f.id, f.name, f.gender]),
        [
          ['f1', '', 'FEMALE'],
          ['f2', 'Ana', ''],
        ],
      );
      assert.equal(page.meta.hasNextPage, true);
      assert.equal(page.meta.hasPreviousPage, false);
      await client.listFaces();
      assert.equal(dropped.reports.length, 1, `reported once: ${dropped.reports.join(' | ')}`);
      assert.match(dropped.reports[0]!, /^a face: id/);
    } finally {
      dropped.restore();
    }
  });

  test('VOICE-1 a voice with locale null is kept; one without a provider is left out', async () => {
    const fake = new FakePlatform();
    const client = makeClient(fake);
    const dropped = captureDropped();
    try {
      const voices = [
        {
          displayName: 'Jenny',
          voiceId: 'v1',
          locale: null,
          language: 'English',
          gender: 'Female',
          provider: 'azure',
        },
        { displayName: 'Odd', voiceId: 'v2', locale: 'en-US', language: 'English', gender: 'Male' },
        {
          displayName: 'Num',
          voiceId: 42,
          locale: 'en-GB',
          language: null,
          gender: null,
          provider: 'elevenlabs',
        },
      ];
      fake.on('GET /voice/all', () => json({ data: { voices } }));
      assert.deepEqual(
        (await client.listVoices()).map((v) => [v.voiceId, v.locale, v.provider]),
        [
          ['v1', '', 'azure'],
          ['42', 'en-GB', 'elevenlabs'],
        ],
      );
      assert.equal(dropped.reports.length, 1);
      assert.match(dropped.reports[0]!, /^a voice: provider/);
    } finally {
      dropped.restore();
    }
  });

  test('TTV-3 a talk still being made (url null) or without a voice is kept; the list is not refused', async () => {
    const fake = new FakePlatform();
    const client = makeClient(fake);
    const talks = [
      {
        id: 't1',
        createdAt: '2026-11-24T10:00:00Z',
        updatedAt: '2026-11-24T10:00:00Z',
        voice: 'v1',
        url: null,
        text: 'Being made',
      },
      {
        id: 't2',
        createdAt: '2026-11-24T09:00:00Z',
        updatedAt: '2026-11-24T09:01:00Z',
        url: 'https://media.example/t2.mp4',
        text: 'No voice',
      },
    ];
    fake.on('GET /head/talks/h', () =>
      json({ data: talks, meta: { ...meta, page: '1', take: '10' } }),
    );
    const page = await client.listTalks('h');
    assert.deepEqual(
      page.data.map((t) => [t.id, t.url, t.voice]),
      [
        ['t1', undefined, 'v1'],
        ['t2', 'https://media.example/t2.mp4', ''],
      ],
    );
  });

  test('AUTH-2 the token is taken from whichever shape carries a non-empty string', async () => {
    for (const shape of [
      (t: string) => ({ token: null, data: { bearer: t } }),
      (t: string) => ({ token: '', data: { bearer: t } }),
      (t: string) => ({ token: t, data: null }),
      (t: string) => ({ token: t, data: { bearer: '' } }),
    ]) {
      const fake = new FakePlatform();
      fake.tokenBody = shape;
      const client = makeClient(fake);
      await client.listFaces();
      const bearer = fake.seen
        .find((s) => s.path === '/head_visual/face/all')!
        .headers.get('authorization');
      assert.match(bearer ?? '', /^Bearer tok_/, JSON.stringify(shape('T')));
    }
    const empty = new FakePlatform();
    empty.tokenBody = () => ({ token: '', data: { bearer: '' } });
    const err = await failure(makeClient(empty).listFaces(), 'malformed_response');
    assert.match(err.message, /no token/);
  });

  test('HEAD-7 a 404 from /head/create that is not about the voice says what the platform said', async () => {
    const fake = new FakePlatform();
    const client = makeClient(fake);
    fake.on('POST /head/create', () => json({ message: 'Head visual not found: f-404' }, 404), 1);
    const err = await failure(client.createHead(head()), 'not_found');
    assert.match(err.message, /did not find something the head names/);
    assert.match(err.message, /Head visual not found: f-404/);
    fake.on('POST /head/create', () => json({ message: 'Voice not available' }, 404), 1);
    assert.match(
      (await failure(client.createHead(head()), 'voice_not_available')).message,
      /display name/,
    );
  });
});
