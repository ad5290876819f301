/**
 * The platform contract: every endpoint and every error row of the spec, as the kit's
 * PlatformClient sees them. It runs against the simulator in `npm test` and against a real
 * account in `npm run test:live`. Cases that need the simulator's introspection or fault
 * injection are skipped against the live platform, with the reason in the skip.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { PlatformClient, type PlatformClientOptions } from '../../src/platform/client.js';
import { PlatformError } from '../../src/platform/errors.js';
import { FLOW_API_KEY_FIELD, FLOW_MODE } from '../../src/platform/modes.js';
import {
  faceThumbnail,
  type Face,
  type HeadCreateRequest,
  type Voice,
} from '../../src/platform/schemas.js';
import { chatPageUrl, parsePublicUrl, streamPageUrl } from '../../src/platform/urls.js';
import { SIM_ACCOUNTS, type SimControl } from './sim-control.js';

export interface ContractTarget {
  name: string;
  baseUrl: string;
  chatUrl?: string;
  streamUrl: string;
  email: string;
  secretKey: string;
  streamingProvider: string;
  /** Only against the simulator: introspection and fault injection. */
  sim?: SimControl;
  /** The organisation a multi-organisation account may create heads in (AUTH-7). */
  secondOrgId?: string;
  /** Heads, videos and webhooks are created only when allowed (always against the simulator). */
  allowCreate: boolean;
  /** How long a video may take to be produced (the simulator's take a few ms; a real one minutes). */
  videoWaitMs?: number;
}

const NEEDS_SIM = 'needs the simulator (introspection or fault injection)';
const NEEDS_CREATE = 'creates heads: set DH_LIVE_ALLOW_CREATE=1';

async function rejects(
  promise: Promise<unknown>,
  code: string,
  re?: RegExp,
): Promise<PlatformError> {
  try {
    await promise;
  } catch (err) {
    assert.ok(err instanceof PlatformError, `expected a PlatformError, got ${String(err)}`);
    assert.equal(err.code, code, `expected code ${code}, got ${err.code}: ${err.message}`);
    if (re) assert.match(err.message, re);
    return err;
  }
  assert.fail(`expected a PlatformError ${code}, but the call succeeded`);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function platformContract(t: ContractTarget): void {
  const sim = t.sim;
  const client = (overrides: Partial<PlatformClientOptions> = {}) =>
    new PlatformClient({
      baseUrl: t.baseUrl,
      email: t.email,
      secretKey: t.secretKey,
      retryBaseMs: 5,
      retryMaxMs: 50,
      ...overrides,
    });
  const raw = (path: string, init: RequestInit = {}) => fetch(`${t.baseUrl}${path}`, init);

  let shared: PlatformClient;
  let faces: Face[];
  let voices: Voice[];
  let streamingVoice: Voice;
  let otherVoice: Voice;
  const headBase = (): Omit<HeadCreateRequest, 'operationMode'> => ({
    headVisualId: faces[0]!.id,
    name: 'Contract Head',
    language: 'en-US',
    languageSpeechRecognition: 'en-US',
    ttsProvider: otherVoice.provider,
    ttsVoice: otherVoice.voiceId,
    greetings: 'Hello!',
    promptConfig: { system_prompt: 'You are a helpful assistant.' },
    suggestions: [],
    phrases: [],
  });

  describe(`platform contract · ${t.name}`, () => {
    before(async () => {
      if (sim) {
        await sim.reset();
        await sim.options({ tokenShape: 'A', talkDelayMs: 150 });
      }
      shared = client();
      faces = (await shared.listFaces({ take: 50 })).data;
      voices = await shared.listVoices();
      streamingVoice = voices.find((v) => v.provider === t.streamingProvider)!;
      otherVoice = voices.find((v) => v.provider !== t.streamingProvider) ?? streamingVoice;
      assert.ok(faces.length > 0 && streamingVoice, 'the catalogue has faces and streaming voices');
    });
    after(async () => {
      await sim?.clearFaults();
    });

    describe('authentication', () => {
      test('AUTH-1 the token endpoint answers shape A {token} and the client uses it', {
        skip: !sim && NEEDS_SIM,
      }, async () => {
        await sim!.options({ tokenShape: 'A' });
        const token = await client().getToken();
        assert.ok(token.length > 20, 'the client got a bearer token from the shape A answer');
        const body = await (
          await raw('/auth/token', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: t.email, secretKey: t.secretKey }),
          })
        ).json();
        assert.equal(typeof body.token, 'string');
      });

      test('AUTH-2 shape B {data: {bearer}} is accepted too', {
        skip: !sim && NEEDS_SIM,
      }, async () => {
        await sim!.options({ tokenShape: 'B' });
        try {
          const c = client();
          assert.ok(
            (await c.getToken()).length > 20,
            'the client got a bearer token from the shape B answer',
          );
          assert.equal(
            (await c.listFaces({ take: 1 })).data.length,
            1,
            'a shape B token opens the face catalogue',
          );
        } finally {
          await sim!.options({ tokenShape: 'A' });
        }
      });

      test('AUTH-1 a live token works on the catalogues', async () => {
        assert.ok(
          (await client().listFaces({ take: 1 })).data.length <= 1,
          'a live token opens the face catalogue (one face asked for, at most one given)',
        );
      });

      test('AUTH-3 ERR-2 every endpoint but the token one refuses a missing or invalid bearer with 401', async () => {
        // The 14 authenticated rows of the spec's endpoint tables, each with a body where it takes one.
        const json = (body: unknown) => ({
          body: JSON.stringify(body),
          headers: { 'content-type': 'application/json' },
        });
        const endpoints: [string, string, { body?: string; headers?: Record<string, string> }?][] =
          [
            ['GET', '/head_visual/face/all'],
            ['GET', '/voice/all'],
            ['POST', '/head/create', json({ ...headBase(), operationMode: 'oc' })],
            ['GET', '/head/x'],
            ['PUT', '/head/x/splitter?splitter=false'],
            ['PUT', '/head/x/conversation-settings', json({ conversationSettings: { tools: [] } })],
            ['PUT', '/head/x/enable-events?enableEvents=true'],
            ['POST', '/head/text-to-video', json({ id: 'x', text: 'Hi' })],
            ['GET', '/head/talks/x'],
            [
              'POST',
              '/head-events',
              json({ headId: 'x', webhookUrl: 'https://hooks.example.com/dh' }),
            ],
            ['GET', '/head-events?headId=x'],
            ['GET', '/head-events/1'],
            [
              'PATCH',
              '/head-events/1',
              json({ headId: 'x', webhookUrl: 'https://hooks.example.com/dh' }),
            ],
            ['DELETE', '/head-events/1'],
          ];
        assert.equal(endpoints.length, 14);
        const headsBefore = sim ? (await sim.state()).heads.length : 0;
        for (const [method, path, init = {}] of endpoints) {
          const missing = await raw(path, { method, ...init });
          assert.equal(missing.status, 401, `${method} ${path} without a bearer`);
          const bad = await raw(path, {
            method,
            ...init,
            headers: { ...init.headers, authorization: 'Bearer not-a-token' },
          });
          assert.equal(bad.status, 401, `${method} ${path} with a bad bearer`);
        }
        if (sim)
          assert.equal(
            (await sim.state()).heads.length,
            headsBefore,
            'no head was made behind a refusal',
          );
      });

      test('ERR-2 wrong credentials give a clear invalid_credentials error', async () => {
        await rejects(
          client({ secretKey: 'wrong-secret' }).getToken(),
          'invalid_credentials',
          /DH_SECRET_KEY|secret key/i,
        );
      });

      test('AUTH-4 an expired token gives 401, and the client gets a new token before expiry', {
        skip: !sim && NEEDS_SIM,
      }, async () => {
        const token = await client().getToken();
        await sim!.reset();
        let offset = 0;
        const c = client({ now: () => Date.now() + offset });
        await c.listFaces({ take: 1 });
        assert.equal((await sim!.state()).tokensIssued, 1);
        // Six days and 23.5 hours later the token is inside the refresh margin: a new one is fetched first.
        offset = 7 * 24 * 3600e3 - 30 * 60e3;
        await sim!.advanceClock(offset);
        await c.listFaces({ take: 1 });
        const requests = await sim!.requests('/head_visual/face/all');
        assert.equal((await sim!.state()).tokensIssued, 2, 'refreshed before expiry');
        assert.ok(
          requests.every((r) => r.status === 200),
          'no request was refused on the way',
        );
        // And a token past its 7 days is refused by the platform.
        const stale = await client().getToken();
        await sim!.advanceClock(7 * 24 * 3600e3 + 1000);
        const res = await raw('/head_visual/face/all', {
          headers: { authorization: `Bearer ${stale}` },
        });
        assert.equal(res.status, 401);
        assert.match((await res.json()).message, /expired/);
        assert.ok(token, 'the client had a token before the clock moved');
        await sim!.reset();
      });

      test('AUTH-5 100 concurrent calls on a cold client make exactly one token request', {
        skip: !sim && NEEDS_SIM,
      }, async () => {
        await sim!.reset();
        const c = client();
        const pages = await Promise.all(
          Array.from({ length: 100 }, () => c.listFaces({ take: 1 })),
        );
        assert.equal(pages.length, 100);
        assert.equal((await sim!.state()).tokensIssued, 1);
        assert.equal((await sim!.requests('/head_visual/face/all')).length, 100);
      });

      test('AUTH-6 a 401 mid-session logs in again once and retries once; twice fails clearly', {
        skip: !sim && NEEDS_SIM,
      }, async () => {
        await sim!.reset();
        const c = client();
        await c.listVoices();
        await sim!.fault({ path: '/voice/all', status: 401, times: 1 });
        assert.ok(
          (await c.listVoices()).length > 0,
          'after one 401 the client logged in again and its retry listed the voices',
        );
        assert.equal((await sim!.state()).tokensIssued, 2);
        await sim!.fault({ path: '/voice/all', status: 401, times: 2 });
        await rejects(c.listVoices(), 'unauthorized', /token/i);
        assert.equal((await sim!.state()).tokensIssued, 3, 'one re-login, not a loop');
      });

      test('AUTH-7 orgId is sent at head creation when configured', {
        skip: (!sim && NEEDS_SIM) || (!t.allowCreate && NEEDS_CREATE),
      }, async () => {
        const c = client({ orgId: t.secondOrgId });
        const head = await c.createHead({ ...headBase(), operationMode: 'oc' });
        const view = await sim!.head(head.id);
        assert.equal(view.orgId, t.secondOrgId);
        const sent = (await sim!.requests('/head/create')).at(-1)!;
        assert.equal((sent.body as { orgId?: string }).orgId, t.secondOrgId);
        // The head lives in that organisation: its page address carries that organisation's public id.
        assert.equal(parsePublicUrl((await c.getHead(head.id)).publicUrl).orgId, view.orgPublicId);
      });

      test('AUTH-8 ERR-3 faces and voices give 403 with a message for each of the four causes', {
        skip: !sim && NEEDS_SIM,
      }, async () => {
        const causes = [
          [SIM_ACCOUNTS.otherOrganisation, 'other_organisation'],
          [SIM_ACCOUNTS.noPermission, 'no_permission'],
          [SIM_ACCOUNTS.inactive, 'inactive_organisation'],
          [SIM_ACCOUNTS.noSubscription, 'no_subscription'],
        ] as const;
        const messages = new Set<string>();
        for (const [email, cause] of causes) {
          const c = client({ email });
          for (const call of [() => c.listFaces(), () => c.listVoices()]) {
            const err = await rejects(call(), 'forbidden');
            assert.equal(err.status, 403);
            assert.equal(err.cause403, cause);
            messages.add(err.message);
          }
        }
        assert.equal(messages.size, 4, 'each cause has its own message');
      });

      test('AUTH-9 requests send Accept: application/json, and Content-Type with a body', {
        skip: !sim && NEEDS_SIM,
      }, async () => {
        const c = client();
        await c.listFaces({ take: 1 });
        await c.textToVideo({
          id: (await c.createHead({ ...headBase(), operationMode: 'ttt' })).id,
          text: 'Headers.',
        });
        const log = await sim!.requests();
        assert.ok(log.length > 2, 'the simulator recorded the token, catalogue and head requests');
        for (const r of log) {
          assert.match(r.accept ?? '', /application\/json/, `${r.method} ${r.path} Accept`);
          if (r.method === 'POST')
            assert.match(
              r.contentType ?? '',
              /application\/json/,
              `${r.method} ${r.path} Content-Type`,
            );
          if (r.path !== '/auth/token')
            assert.ok(r.authorization, `${r.method} ${r.path} Authorization`);
        }
      });
    });

    describe('faces', () => {
      test('FACE-1 the face list has data and meta with every documented field', async () => {
        const page = await shared.listFaces({ take: 5, page: 1 });
        assert.ok(
          page.data.length > 0 && page.data.length <= 5,
          'the page holds faces, no more than the 5 asked for',
        );
        const isUrl = (value: unknown, what: string) => {
          assert.equal(typeof value, 'string', `${what} is a string`);
          assert.match(new URL(value as string).protocol, /^https?:$/, `${what} is an http(s) URL`);
        };
        for (const f of page.data) {
          assert.equal(typeof f.id, 'string');
          assert.equal(typeof f.name, 'string');
          assert.match(f.gender, /^(MALE|FEMALE)$/);
          assert.equal(typeof f.permissionType, 'string');
          assert.equal(typeof f.type, 'string');
          // avatar is the thumbnail; a face may lack it (FACE-4 falls back), but never the idle video.
          if (f.avatar !== undefined) isUrl(f.avatar, `${f.name}'s avatar`);
          isUrl(f.videoUrl, `${f.name}'s videoUrl`);
        }
        assert.ok(
          page.data.some((f) => f.avatar !== undefined),
          'faces carry an avatar',
        );
        const { meta } = page;
        assert.deepEqual([meta.page, meta.take], [1, 5]);
        assert.ok(
          Number.isInteger(meta.itemCount) && meta.itemCount >= page.data.length,
          'meta.itemCount is a whole number counting at least the faces of this page',
        );
        assert.equal(meta.pageCount, Math.ceil(meta.itemCount / 5));
        assert.equal(meta.hasNextPage, meta.itemCount > 5);
        // The raw answer: numbers (not the talks list's strings) and a boolean.
        const body = await (
          await raw('/head_visual/face/all?take=5&page=1', {
            headers: { authorization: `Bearer ${await shared.getToken()}` },
          })
        ).json();
        for (const k of ['page', 'take', 'itemCount', 'pageCount'] as const)
          assert.equal(typeof body.meta[k], 'number', `meta.${k} is a number`);
        assert.equal(typeof body.meta.hasNextPage, 'boolean');
      });

      test('FACE-2 order, page and take page through the list with right metadata', async () => {
        const first = await shared.listFaces({ take: 7, page: 1, order: 'ASC' });
        const second = await shared.listFaces({ take: 7, page: 2, order: 'ASC' });
        assert.deepEqual([first.meta.page, first.meta.take], [1, 7]);
        assert.equal(second.meta.page, 2);
        assert.equal(first.meta.pageCount, Math.ceil(first.meta.itemCount / 7));
        assert.equal(first.meta.hasNextPage, true);
        const ids = new Set([...first.data, ...second.data].map((f) => f.id));
        assert.equal(ids.size, first.data.length + second.data.length, 'pages do not overlap');
        const last = await shared.listFaces({ take: 7, page: first.meta.pageCount, order: 'ASC' });
        assert.equal(last.meta.hasNextPage, false);
        const all = await shared.listFaces({ take: first.meta.itemCount, order: 'ASC' });
        const desc = await shared.listFaces({ take: first.meta.itemCount, order: 'DESC' });
        assert.deepEqual(
          desc.data.map((f) => f.id),
          all.data.map((f) => f.id).reverse(),
        );
      });

      test('FACE-3 gender filters; omitted gives all', async () => {
        const all = await shared.listFaces({ take: 1 });
        const female = await shared.listFaces({ gender: 'FEMALE', take: 50 });
        const male = await shared.listFaces({ gender: 'MALE', take: 1 });
        assert.ok(
          female.data.every((f) => f.gender === 'FEMALE'),
          'the FEMALE filter gives female faces only',
        );
        assert.equal(female.meta.itemCount + male.meta.itemCount, all.meta.itemCount);
      });

      test('FACE-4 every face has a thumbnail through avatar → posterImage → videoUrl', {
        skip: !sim && NEEDS_SIM,
      }, async () => {
        const all = (await shared.listFaces({ take: 100 })).data;
        const kinds = all.map((f) => (f.avatar ? 'avatar' : f.posterImage ? 'poster' : 'video'));
        assert.ok(
          kinds.includes('poster') && kinds.includes('video'),
          'the simulator has faces for every fallback',
        );
        for (const f of all) {
          const thumb = faceThumbnail(f);
          assert.ok(thumb, `${f.name} has a thumbnail`);
          assert.equal(thumb.url, f.avatar ?? f.posterImage ?? f.videoUrl);
          assert.equal(thumb.kind, f.avatar || f.posterImage ? 'image' : 'video');
        }
        const poster = all.find((f) => !f.avatar && f.posterImage)!;
        const res = await fetch(poster.posterImage!);
        assert.equal(res.headers.get('content-type'), 'image/svg+xml');
      });

      test('FACE-5 the client pages faces through /head_visual/face/all, never /head_visual/all', {
        skip: !sim && NEEDS_SIM,
      }, async () => {
        await shared.listFaces({ take: 3, page: 2, gender: 'MALE', order: 'DESC' });
        const log = await sim!.requests();
        assert.ok(
          log.some(
            (r) =>
              r.path === '/head_visual/face/all' &&
              r.query.page === '2' &&
              r.query.gender === 'MALE',
          ),
          'faces are paged through /head_visual/face/all, with page and gender in the query',
        );
        assert.ok(
          !log.some((r) => r.path === '/head_visual/all'),
          'the list of all visuals, /head_visual/all, is never asked for',
        );
      });
    });

    describe('voices', () => {
      test('VOICE-1 the voice list comes as data.voices with every field', async () => {
        assert.ok(voices.length > 0, 'the platform lists voices');
        for (const v of voices.slice(0, 10)) {
          for (const k of [
            'displayName',
            'voiceId',
            'locale',
            'language',
            'gender',
            'provider',
          ] as const)
            assert.equal(typeof v[k], 'string');
        }
      });

      test('VOICE-1 a plain data array (seen from the live service) is accepted too', {
        skip: !sim && NEEDS_SIM,
      }, async () => {
        await sim!.fault({
          path: '/voice/all',
          body: JSON.stringify({ data: voices.slice(0, 2) }),
        });
        assert.deepEqual(
          (await shared.listVoices()).map((v) => v.voiceId),
          voices.slice(0, 2).map((v) => v.voiceId),
        );
      });

      test('VOICE-2 STREAM-5 provider filters the voices', async () => {
        const streaming = await shared.listVoices({ provider: t.streamingProvider });
        assert.ok(streaming.length > 0, 'the streaming provider has voices');
        assert.ok(
          streaming.every((v) => v.provider === t.streamingProvider),
          'the provider filter gives that provider’s voices only',
        );
        assert.ok(
          streaming.length < voices.length,
          'the provider filter leaves the other providers’ voices out',
        );
      });

      test('VOICE-3 HEAD-4 ERR-4 voiceId is the value; a display name as ttsVoice gives 404 voice not available', {
        skip: !t.allowCreate && NEEDS_CREATE,
      }, async () => {
        const ok = await shared.createHead({ ...headBase(), operationMode: 'oc' });
        assert.ok(ok.id, 'a head whose ttsVoice is a voiceId is created');
        const err = await rejects(
          shared.createHead({
            ...headBase(),
            operationMode: 'oc',
            ttsVoice: otherVoice.displayName,
          }),
          'voice_not_available',
          /voiceId/,
        );
        assert.equal(err.status, 404);
      });
    });

    describe('heads', { skip: !t.allowCreate && NEEDS_CREATE }, () => {
      test('HEAD-1 HEAD-8 an oc head is created; its read has publicId and a publicUrl of the documented form', async () => {
        const created = await shared.createHead({ ...headBase(), operationMode: 'oc' });
        const head = await shared.getHead(created.id);
        assert.ok(head.publicId, 'the head read back has a publicId');
        const url = new URL(head.publicUrl);
        const parts = parsePublicUrl(head.publicUrl);
        assert.ok(url.searchParams.get('api_key'), 'the publicUrl carries an api_key');
        if (t.chatUrl)
          assert.equal(
            head.publicUrl,
            `${t.chatUrl}/${parts.orgId}/${parts.headId}?api_key=${parts.apiKey}`,
          );
        assert.equal(chatPageUrl(head.publicUrl, t.chatUrl), head.publicUrl);
      });

      test('HEAD-2 a ttt head with langCode: the create response spells publicURL, read as publicUrl', async () => {
        const { language: _language, ...base } = headBase();
        const created = await shared.createHead({
          ...base,
          langCode: 'en-US',
          operationMode: 'ttt',
        });
        assert.ok(created.publicUrl, 'normalised from publicURL');
        if (sim) {
          const sent = await raw('/head/create', {
            method: 'POST',
            headers: {
              authorization: `Bearer ${await shared.getToken()}`,
              'content-type': 'application/json',
            },
            body: JSON.stringify({ ...base, langCode: 'en-US', operationMode: 'ttt' }),
          });
          const body = await sent.json();
          assert.ok(body.publicURL && !body.publicUrl, 'the platform spells it publicURL');
        }
        assert.equal((await shared.getHead(created.id)).publicUrl, created.publicUrl);
      });

      test('HEAD-3 a plugin head needs pluginOperationalModeConfig {name, url, options}', async () => {
        await rejects(
          shared.createHead({ ...headBase(), operationMode: 'plugin' } as HeadCreateRequest),
          'invalid_request',
          /pluginOperationalModeConfig/,
        );
        const created = await shared.createHead({
          ...headBase(),
          operationMode: 'plugin',
          ocProvider: 'playground',
          pluginOperationalModeConfig: {
            name: 'Support bot',
            url: 'https://bot.example.com/api',
            options: { tier: 'gold' },
          },
        });
        assert.ok(created.id, 'a plugin head with its config is created');
      });

      test('HEAD-5 a doc_qa head is accepted', async () => {
        assert.ok(
          (await shared.createHead({ ...headBase(), operationMode: 'doc_qa' })).id,
          'a doc_qa head is created',
        );
      });

      test(`HEAD-6 a ${FLOW_MODE} head needs its API key field`, async () => {
        await rejects(
          shared.createHead({ ...headBase(), operationMode: FLOW_MODE } as HeadCreateRequest),
          'invalid_request',
          new RegExp(FLOW_API_KEY_FIELD),
        );
        assert.ok(
          (
            await shared.createHead({
              ...headBase(),
              operationMode: FLOW_MODE,
              [FLOW_API_KEY_FIELD]: 'VF.DM.123',
            } as HeadCreateRequest)
          ).id,
          `a ${FLOW_MODE} head with its API key field is created`,
        );
      });

      test('HEAD-7 the platform refuses an unknown mode or a missing field with 4xx naming it', async () => {
        const token = await shared.getToken();
        const post = (body: unknown) =>
          raw('/head/create', {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify(body),
          });
        // The simulator's rules (src/sim/rules.ts) and the client's (src/platform/schemas.ts) are
        // written apart: each body is refused by both, each naming the field.
        const { name: _name, ...nameless } = headBase();
        for (const [body, field] of [
          [{ ...headBase(), operationMode: 'karaoke' }, 'operationMode'],
          [{ ...headBase(), operationMode: 'oc', headVisualId: undefined }, 'headVisualId'],
          [{ ...nameless, operationMode: 'oc' }, 'name'],
          [{ ...headBase(), operationMode: 'oc', ttsVoice: undefined }, 'ttsVoice'],
          [{ ...headBase(), operationMode: 'oc', language: undefined }, 'language'],
          [{ ...headBase(), operationMode: 'plugin' }, 'pluginOperationalModeConfig'],
          [
            {
              ...headBase(),
              operationMode: 'plugin',
              pluginOperationalModeConfig: { name: 'Bot', url: 'ftp://bot.example.com' },
            },
            'url',
          ],
          [{ ...headBase(), operationMode: FLOW_MODE }, FLOW_API_KEY_FIELD],
        ] as const) {
          const res = await post(body);
          // The spec says 4xx: the simulator answers 400 (a live run shows what the platform does).
          assert.ok(
            sim ? res.status === 400 : res.status >= 400 && res.status < 500,
            `the platform refuses a head without a valid ${field}: ${res.status}`,
          );
          assert.match(await res.text(), new RegExp(field), `the platform names ${field}`);
          await rejects(
            shared.createHead(body as unknown as HeadCreateRequest),
            'invalid_request',
            new RegExp(field),
          );
        }
        if (sim)
          assert.equal(
            (await sim.requests('/head/create')).filter((r) => r.status === 201).length,
            (await sim.state()).heads.length,
            'nothing the client refused reached the platform',
          );
      });

      test('HEAD-9 the splitter endpoint turns the splitter off and on', async () => {
        const { id } = await shared.createHead({ ...headBase(), operationMode: 'oc' });
        await shared.setSplitter(id, false);
        if (sim) assert.equal((await sim.head(id)).splitter, false);
        await shared.setSplitter(id, true);
        if (sim) assert.equal((await sim.head(id)).splitter, true);
      });
    });

    describe('streaming avatars', { skip: !t.allowCreate && NEEDS_CREATE }, () => {
      test('STREAM-1 STREAM-2 STREAM-3 a streaming head: oc, the streaming provider, greetings "", no alias or suggestions, splitter off', async () => {
        const created = await shared.createStreamingHead(
          {
            ...headBase(),
            alias: 'Sam',
            suggestions: ['Hi'],
            greetings: 'Welcome!',
            ttsProvider: streamingVoice.provider,
            ttsVoice: streamingVoice.voiceId,
            operationMode: 'oc',
          },
          { streamingProvider: t.streamingProvider },
        );
        if (sim) {
          const view = await sim.head(created.id);
          assert.equal(view.operationMode, 'oc');
          assert.equal(view.ttsProvider, t.streamingProvider);
          assert.equal(view.greetings, '');
          assert.equal(view.request.alias, undefined);
          assert.equal(view.request.suggestions, undefined);
          assert.equal(view.splitter, false);
        }
        await rejects(
          shared.createStreamingHead(
            { ...headBase(), operationMode: 'oc' },
            { streamingProvider: t.streamingProvider },
          ),
          'invalid_request',
          new RegExp(t.streamingProvider),
        );
      });

      test('STREAM-4 the stream page address is built from publicUrl and opens', async () => {
        const created = await shared.createStreamingHead(
          {
            ...headBase(),
            ttsProvider: streamingVoice.provider,
            ttsVoice: streamingVoice.voiceId,
            operationMode: 'oc',
          },
          { streamingProvider: t.streamingProvider },
        );
        const head = await shared.getHead(created.id);
        const parts = parsePublicUrl(head.publicUrl);
        const url = streamPageUrl(head.publicUrl, t.streamUrl);
        assert.equal(url, `${t.streamUrl}/${parts.orgId}/${parts.headId}?api_key=${parts.apiKey}`);
        if (sim) {
          const page = await fetch(url);
          assert.equal(page.status, 200);
          assert.match(await page.text(), /Contract Head/);
          const refused = await fetch(url.replace(/api_key=[^&]+/, 'api_key=wrong'));
          assert.equal(refused.status, 401, 'LIM-1 the page refuses a wrong api_key');
        }
      });
    });

    describe('text to video', { skip: !t.allowCreate && NEEDS_CREATE }, () => {
      test('TTV-1 TTV-2 a video is started for heads of any mode and appears in the talks list once produced', async () => {
        for (const mode of ['ttt', 'oc'] as const) {
          const { id } = await shared.createHead({ ...headBase(), operationMode: mode });
          await shared.textToVideo({ id, text: `Hello from a ${mode} head.` });
          // Listed once produced, with its url (a real platform may list it first without one).
          const waitMs = t.videoWaitMs ?? 5000;
          const every = Math.min(5000, Math.max(50, waitMs / 100));
          let talks = await shared.listTalks(id);
          for (let waited = 0; waited < waitMs && !talks.data[0]?.url; waited += every) {
            await sleep(every);
            talks = await shared.listTalks(id);
          }
          const talk = talks.data[0]!;
          assert.ok(talk?.url, `the ${mode} head's video was produced within ${waitMs / 1000} s`);
          assert.equal(talk.text, `Hello from a ${mode} head.`);
          assert.equal(talk.voice, otherVoice.voiceId);
          assert.ok(
            !Number.isNaN(Date.parse(talk.createdAt)) && !Number.isNaN(Date.parse(talk.updatedAt)),
            'the talk’s createdAt and updatedAt are dates',
          );
          const mp4 = await fetch(talk.url);
          assert.equal(mp4.headers.get('content-type'), 'video/mp4');
          assert.ok(
            (await mp4.arrayBuffer()).byteLength > 1000,
            'the talk’s video has content (over 1000 bytes)',
          );
        }
      });

      test('TTV-3 the talks list pages and orders; its meta has page/take as strings and hasPreviousPage', {
        skip: !sim && NEEDS_SIM,
      }, async () => {
        await sim!.options({ talkDelayMs: 0 });
        const { id } = await shared.createHead({ ...headBase(), operationMode: 'ttt' });
        for (const n of [1, 2, 3]) {
          await shared.textToVideo({ id, text: `Video ${n}` });
          await sleep(5);
        }
        const p2 = await shared.listTalks(id, { take: 2, page: 2, order: 'ASC' });
        assert.deepEqual(
          p2.data.map((x) => x.text),
          ['Video 3'],
        );
        assert.deepEqual(
          [p2.meta.page, p2.meta.take, p2.meta.hasPreviousPage, p2.meta.hasNextPage],
          [2, 2, true, false],
        );
        const newest = await shared.listTalks(id, { order: 'DESC', take: 1 });
        assert.equal(newest.data[0]!.text, 'Video 3');
        const token = await shared.getToken();
        const body = await (
          await raw(`/head/talks/${id}?take=2`, { headers: { authorization: `Bearer ${token}` } })
        ).json();
        assert.equal(body.meta.page, '1');
        assert.equal(body.meta.take, '2');
        assert.equal(typeof body.meta.hasPreviousPage, 'boolean');
        await sim!.options({ talkDelayMs: 150 });
      });

      test('TTV-4 ERR-1 an unknown head id gives 400 bad_request', async () => {
        const err = await rejects(
          shared.textToVideo({ id: 'no-such-head', text: 'Hi' }),
          'bad_request',
        );
        assert.equal(err.status, 400);
      });

      test("TTV-4 ERR-1 a head whose voice the provider withdrew: 400, the client says the head id or the voice and keeps the platform's words", {
        skip: !sim && NEEDS_SIM,
      }, async () => {
        const voice = voices
          .filter((v) => v.provider === otherVoice.provider && v.voiceId !== otherVoice.voiceId)
          .at(-1)!;
        const { id } = await shared.createHead({
          ...headBase(),
          ttsVoice: voice.voiceId,
          operationMode: 'ttt',
        });
        await sim!.withdrawVoice(voice.provider, voice.voiceId);
        const err = await rejects(
          shared.textToVideo({ id, text: 'Hello.' }),
          'bad_request',
          /the head id or the voice is not valid/,
        );
        assert.equal(err.status, 400);
        assert.match(err.message, new RegExp(`Invalid voice name: ${voice.voiceId}`));
        assert.ok(
          !(await shared.listVoices()).some(
            (v) => v.voiceId === voice.voiceId && v.provider === voice.provider,
          ),
          'a withdrawn voice is not listed',
        );
        await rejects(
          shared.createHead({ ...headBase(), ttsVoice: voice.voiceId, operationMode: 'oc' }),
          'voice_not_available',
        );
      });

      test('ERR-5 text-to-video is never retried: a 503 is one request and a clear upstream error', {
        skip: !sim && NEEDS_SIM,
      }, async () => {
        const { id } = await shared.createHead({ ...headBase(), operationMode: 'ttt' });
        await sim!.fault({ path: '/head/text-to-video', status: 503, times: 3 });
        const before = (await sim!.requests('/head/text-to-video')).length;
        await rejects(shared.textToVideo({ id, text: 'Only once.' }), 'upstream');
        assert.equal((await sim!.requests('/head/text-to-video')).length, before + 1);
        await sim!.clearFaults();
      });
    });

    describe('tools', { skip: !t.allowCreate && NEEDS_CREATE }, () => {
      test('TOOL-1 TOOL-3 conversation-settings sets the tools (2xx), and the head shows them where its record lists them; a bad parameter name is refused before sending', async () => {
        const { id } = await shared.createHead({ ...headBase(), operationMode: 'oc' });
        const tools = [
          {
            name: 'weather',
            description: 'Gives the weather for a city',
            parameters: [{ name: 'city', type: 'string', description: 'The city' }],
            url: 'https://tools.example.com/weather',
          },
        ];
        // The PUT's own status, read off the wire: the round trip is checked live, where no
        // introspection tells what the platform kept.
        const puts: number[] = [];
        const watched = client({
          fetch: async (input, init) => {
            const res = await fetch(input, init);
            if (init?.method === 'PUT') puts.push(res.status);
            return res;
          },
        });
        const answer = await watched.setTools(id, tools);
        assert.ok(
          puts.length > 0 && puts.at(-1)! >= 200 && puts.at(-1)! < 300,
          `PUT conversation-settings answered ${puts.join(', ')}`,
        );
        // The spec shows neither the PUT's answer nor the head record with the tools: where either
        // holds a conversationSettings.tools list, the tool put is in it, by name and address.
        const listed = (record: unknown) => {
          const list = (record as { conversationSettings?: { tools?: unknown } } | null)
            ?.conversationSettings?.tools;
          return Array.isArray(list) ? (list as { name?: unknown; url?: unknown }[]) : undefined;
        };
        for (const [where, record] of [
          ['the PUT answer', answer],
          ['GET /head/{id}', await shared.getHead(id)],
        ] as const) {
          const list = listed(record);
          if (list)
            assert.ok(
              list.some((tool) => tool?.name === tools[0]!.name && tool?.url === tools[0]!.url),
              `${where} lists the tool put: ${JSON.stringify(list).slice(0, 300)}`,
            );
        }
        if (sim) assert.deepEqual((await sim.head(id)).tools, tools);
        await rejects(
          shared.setTools(id, [
            { ...tools[0]!, parameters: [{ name: 'the city', type: 'string', description: '' }] },
          ]),
          'invalid_request',
          /parameters\[0\]\.name/,
        );
      });
    });

    describe('webhooks and events', { skip: !t.allowCreate && NEEDS_CREATE }, () => {
      test('HOOK-1 HOOK-2 HOOK-3 HOOK-4 create returns sharedKey; flags default off; list, read, update, delete', async () => {
        const { id: headId } = await shared.createHead({ ...headBase(), operationMode: 'oc' });
        const created = await shared.createWebhook({
          headId,
          webhookUrl: 'https://hooks.example.com/dh',
          startConversation: true,
        });
        assert.ok(
          created.sharedKey.length >= 16,
          'the webhook comes with a shared key long enough to sign with (16 characters or more)',
        );
        const list = await shared.listWebhooks(headId);
        assert.equal(list.length, 1);
        const hook = list[0]!;
        assert.equal(hook.sharedKey, created.sharedKey);
        assert.deepEqual(
          [
            hook.startConversation,
            hook.endConversation,
            hook.timeoutConversation,
            hook.inactivityWarning,
          ],
          [true, false, false, false],
          'only the flags sent as true are on',
        );
        const read = await shared.getWebhook(hook.id);
        assert.equal(read.sharedKey, created.sharedKey);
        assert.equal(read.webhookUrl, 'https://hooks.example.com/dh');
        await shared.updateWebhook(hook.id, {
          headId,
          webhookUrl: 'https://hooks.example.com/v2',
          endConversation: true,
        });
        const updated = await shared.getWebhook(hook.id);
        assert.equal(updated.webhookUrl, 'https://hooks.example.com/v2');
        assert.equal(updated.endConversation, true);
        assert.equal(
          updated.startConversation,
          true,
          'a flag the update left out keeps its value (the client sends the merged configuration)',
        );
        await shared.deleteWebhook(hook.id);
        await rejects(shared.getWebhook(hook.id), 'not_found');
        assert.equal((await shared.listWebhooks(headId)).length, 0);
      });

      test('HOOK-4 a PATCH replaces the configuration: the flags it leaves out are off', {
        skip: !sim && NEEDS_SIM,
      }, async () => {
        const { id: headId } = await shared.createHead({ ...headBase(), operationMode: 'oc' });
        await shared.createWebhook({
          headId,
          webhookUrl: 'https://hooks.example.com/dh',
          startConversation: true,
          endConversation: true,
        });
        const [hook] = await shared.listWebhooks(headId);
        const res = await raw(`/head-events/${hook!.id}`, {
          method: 'PATCH',
          headers: {
            authorization: `Bearer ${await shared.getToken()}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({
            headId,
            webhookUrl: 'https://hooks.example.com/dh',
            endConversation: true,
          }),
        });
        assert.equal(res.status, 200);
        const after = await shared.getWebhook(hook!.id);
        assert.deepEqual([after.startConversation, after.endConversation], [false, true]);
      });

      test('HOOK-3 GET /head-events needs headId', { skip: !sim && NEEDS_SIM }, async () => {
        const res = await raw('/head-events', {
          headers: { authorization: `Bearer ${await shared.getToken()}` },
        });
        assert.equal(res.status, 400);
        assert.match((await res.json()).message, /headId/);
      });

      test('HOOK-5 webhookUrl must be HTTPS: the client refuses http, and so does the platform', async () => {
        const { id: headId } = await shared.createHead({ ...headBase(), operationMode: 'oc' });
        await rejects(
          shared.createWebhook({ headId, webhookUrl: 'http://hooks.example.com/dh' }),
          'invalid_request',
          /https/,
        );
        if (sim) {
          const res = await raw('/head-events', {
            method: 'POST',
            headers: {
              authorization: `Bearer ${await shared.getToken()}`,
              'content-type': 'application/json',
            },
            body: JSON.stringify({ headId, webhookUrl: 'http://hooks.example.com/dh' }),
          });
          assert.equal(res.status, 400);
        }
      });

      test('EV-1 enable-events toggles delivery: default false, true, false keeps the configuration', async () => {
        const { id: headId } = await shared.createHead({ ...headBase(), operationMode: 'oc' });
        await shared.createWebhook({
          headId,
          webhookUrl: 'https://hooks.example.com/dh',
          endConversation: true,
        });
        if (sim) assert.equal((await sim.head(headId)).enableEvents, false);
        await shared.setEventsEnabled(headId, true);
        if (sim) assert.equal((await sim.head(headId)).enableEvents, true);
        await shared.setEventsEnabled(headId, false);
        if (sim) assert.equal((await sim.head(headId)).enableEvents, false);
        assert.equal((await shared.listWebhooks(headId)).length, 1);
        if (sim) {
          const res = await raw(`/head/${headId}/enable-events`, {
            method: 'PUT',
            headers: { authorization: `Bearer ${await shared.getToken()}` },
          });
          assert.equal(res.status, 400, 'enableEvents is required');
        }
      });
    });

    describe('failures', { skip: !sim && NEEDS_SIM }, () => {
      test('ERR-5 a GET that meets 503 is retried and succeeds', async () => {
        await sim!.fault({ path: '/head_visual/face/all', status: 503, times: 2 });
        const before = (await sim!.requests('/head_visual/face/all')).length;
        assert.equal((await shared.listFaces({ take: 2 })).data.length, 2);
        assert.equal((await sim!.requests('/head_visual/face/all')).length, before + 3);
      });

      test('ERR-5 a GET that keeps failing ends as a clear upstream error after 3 attempts', async () => {
        await sim!.fault({ path: '/voice/all', status: 502, times: 0 });
        const before = (await sim!.requests('/voice/all')).length;
        try {
          const err = await rejects(shared.listVoices(), 'upstream');
          assert.equal(err.status, 502);
          const made = (await sim!.requests('/voice/all')).slice(before);
          assert.deepEqual(
            made.map((r) => r.status),
            [502, 502, 502],
            'exactly 3 attempts reached the platform',
          );
        } finally {
          await sim!.clearFaults();
        }
      });

      test('ERR-5 a redirect from the platform is refused: a network error, and its target is never requested', async () => {
        // Location points at a path of the platform itself, so a followed redirect would be in its log.
        const target = '/head/redirect-target';
        await sim!.fault({
          path: '/voice/all',
          status: 302,
          headers: { location: `${t.baseUrl}${target}` },
          times: 0,
        });
        // The platform really answers a redirect with a Location (seen without following it).
        const seen = await raw('/voice/all', { redirect: 'manual' });
        assert.deepEqual(
          [seen.status, seen.headers.get('location')],
          [302, `${t.baseUrl}${target}`],
        );
        const before = (await sim!.requests('/voice/all')).length;
        try {
          const err = await rejects(client({ maxAttempts: 1 }).listVoices(), 'network', /redirect/);
          assert.match(err.message, /redirects are not followed/);
          assert.deepEqual(
            (await sim!.requests('/voice/all')).slice(before).map((r) => r.status),
            [302],
          );
          assert.equal(
            (await sim!.requests(target)).length,
            0,
            'the redirect target was never requested',
          );
        } finally {
          await sim!.clearFaults();
        }
      });

      test('ERR-5 head creation is never retried', async () => {
        await sim!.fault({ path: '/head/create', status: 503, times: 1 });
        const before = (await sim!.requests('/head/create')).length;
        const headsBefore = (await sim!.state()).heads.length;
        await rejects(shared.createHead({ ...headBase(), operationMode: 'oc' }), 'upstream');
        assert.equal((await sim!.requests('/head/create')).length, before + 1);
        assert.equal(
          (await sim!.state()).heads.length,
          headsBefore,
          'no head was made behind the error',
        );
      });

      test('ERR-5 a platform that answers too late gives a timeout error', async () => {
        await sim!.fault({ path: '/voice/all', delayMs: 400, times: 3 });
        const c = client({ timeoutMs: 100 });
        await c.getToken();
        await rejects(c.listVoices(), 'timeout');
        await sim!.clearFaults();
      });

      test('ERR-5 a malformed answer names the field that broke', async () => {
        await sim!.fault({ path: '/head_visual/face/all', malformed: true, times: 1 });
        const err = await rejects(shared.listFaces(), 'malformed_response');
        assert.match(err.message, /data\[0\]\.id|meta\.page/);
      });

      test('ERR-5 a platform that cannot be reached gives a network error', async () => {
        const c = client({ baseUrl: 'http://127.0.0.1:9/api', maxAttempts: 1 });
        await rejects(c.listFaces(), 'network');
      });
    });
  });
}
