/**
 * `dh-kit heads` and `dh-kit videos` against a running simulator: what the user sees, what reaches
 * the platform (the simulator's store), and that no output ever carries the organisation key.
 */
import assert from 'node:assert/strict';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { main } from '../../src/cli/main.js';
import { pickNewTalk } from '../../src/cli/videos.js';
import { startSimulator, type RunningSimulator } from '../../src/sim/index.js';
import { watchSecrets, type SecretScan } from './secret-scan.js';

let sim: RunningSimulator;
let face: string;
let voice: { voiceId: string; displayName: string; provider: string };
let streamVoice: string;
const saved = { ...process.env };
const ENV_KEYS = ['DH_EMAIL', 'DH_SECRET_KEY', 'DH_BASE_URL'];
/** Every line printed by every command of this file, checked for secrets at the end. */
const printed: string[] = [];
/** Every bearer the simulator issues (the CLI logs in), its secret key and the org keys. */
let scan: SecretScan;

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (l) => out.push(l), err: (l) => err.push(l) });
  printed.push(...out, ...err);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const createdId = (out: string) =>
  /^Created head (\S+)$/m.exec(out)?.[1] ?? assert.fail(`no head id in:\n${out}`);
const requestsTo = (path: string) => sim.store.requests.filter((r) => r.path === path).length;

describe('dh-kit heads and videos', () => {
  before(async () => {
    sim = await startSimulator({ talkDelayMs: 0 });
    scan = watchSecrets(sim);
    Object.assign(process.env, {
      DH_EMAIL: sim.info.email,
      DH_SECRET_KEY: sim.info.secretKey,
      DH_BASE_URL: sim.info.baseUrl,
    });
    face = sim.store.faces[0]!.id;
    voice = sim.store.voices.find((v) => v.provider === 'azure' && v.locale === 'en-US')!;
    streamVoice = sim.store.voices.find(
      (v) => v.provider === sim.store.options.streamingProvider && v.locale === 'en-US',
    )!.voiceId;
  });
  after(async () => {
    for (const k of ENV_KEYS) {
      if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
    }
    await sim.close();
  });

  test('HEAD-1 heads create (oc) looks the provider up, prints id, public id and mode; heads get shows the record without its page address', async () => {
    const res = await run(
      'heads',
      'create',
      '--name',
      'Ava',
      '--face',
      face,
      '--voice',
      voice.voiceId,
      '--language',
      'en-US',
      '--greeting',
      'Hello!',
      '--prompt',
      'Be brief.',
    );
    assert.equal(res.code, 0, res.err);
    const id = createdId(res.out);
    const head = sim.store.heads.get(id)!;
    assert.match(res.out, new RegExp(`^  public id  ${head.publicId}$`, 'm'));
    assert.match(res.out, /^ {2}mode {7}oc$/m);
    assert.equal(head.request.ttsProvider, 'azure', 'looked up from the voice list');
    assert.equal(head.request.languageSpeechRecognition, 'en-US');
    assert.deepEqual(head.request.promptConfig, { system_prompt: 'Be brief.' });
    assert.equal(head.splitter, true);
    // The embed code, as the head form shows it (an example site unless --site names one).
    assert.match(
      res.out,
      new RegExp(
        `^<dh-avatar head-id="${id}" endpoint="https://your-site.example/dh"></dh-avatar>$`,
        'm',
      ),
    );
    assert.match(res.out, /--site names your site/);

    const got = await run('heads', 'get', id);
    assert.equal(got.code, 0, got.err);
    assert.match(got.out, new RegExp(`^publicId {2,}${head.publicId}$`, 'm'));
    assert.match(got.out, /^greetings {2,}Hello!$/m);
    assert.match(got.out, /page address is not shown/);
    const json = JSON.parse((await run('heads', 'get', id, '--json')).out);
    assert.equal(json.id, id);
    assert.equal(json.operationMode, 'oc');
    assert.equal('publicUrl' in json, false);
  });

  test('STREAM-1 STREAM-2 STREAM-3 heads create --streaming: the streaming provider, greetings "", no alias, then the splitter off', async () => {
    const res = await run(
      'heads',
      'create',
      '--streaming',
      '--name',
      'Leo',
      '--face',
      face,
      '--voice',
      streamVoice,
      '--language',
      'en-US',
      '--json',
    );
    assert.equal(res.code, 0, res.err);
    const summary = JSON.parse(res.out);
    assert.deepEqual(Object.keys(summary).sort(), [
      'id',
      'mode',
      'publicId',
      'splitter',
      'streaming',
    ]);
    assert.equal(summary.mode, 'oc');
    const state = (await (
      await fetch(`${sim.info.baseUrl}/_sim/heads/${summary.id}`)
    ).json()) as Record<string, unknown>;
    assert.equal(state.splitter, false);
    assert.equal(state.ttsProvider, sim.store.options.streamingProvider);
    assert.equal(state.greetings, '');
    assert.equal((state.request as Record<string, unknown>).alias, undefined);

    const named = await run(
      'heads',
      'create',
      '--streaming',
      '--name',
      'Leo',
      '--face',
      face,
      '--voice',
      streamVoice,
      '--language',
      'en-US',
      '--site',
      'https://shop.example.com/any/path',
      '--prefix',
      '/api/dh',
    );
    assert.equal(named.code, 0, named.err);
    assert.match(
      named.out,
      new RegExp(
        `^<dh-avatar head-id="${createdId(named.out)}" endpoint="https://shop.example.com/api/dh" view="stream"></dh-avatar>$`,
        'm',
      ),
    );
    const heads = sim.store.heads.size;
    const badSite = await run(
      'heads',
      'create',
      '--name',
      'X',
      '--face',
      face,
      '--voice',
      streamVoice,
      '--language',
      'en-US',
      '--site',
      'javascript:alert(1)',
    );
    assert.equal(badSite.code, 2);
    assert.match(badSite.err, /--site must be an http\(s\) address/);
    assert.equal(sim.store.heads.size, heads, 'a wrong --site is refused before any head is made');

    const greeting = await run(
      'heads',
      'create',
      '--streaming',
      '--name',
      'Leo',
      '--face',
      face,
      '--voice',
      streamVoice,
      '--language',
      'en-US',
      '--greeting',
      'Hi',
    );
    assert.equal(greeting.code, 2);
    assert.match(greeting.err, /--greeting: a streaming avatar must have an empty greeting/);
    const wrongVoice = await run(
      'heads',
      'create',
      '--streaming',
      '--name',
      'Leo',
      '--face',
      face,
      '--voice',
      voice.voiceId,
      '--language',
      'en-US',
    );
    assert.equal(wrongVoice.code, 2);
    assert.match(
      wrongVoice.err,
      /is not a voice of elevenlabs, the only provider of streaming avatars/,
    );
  });

  test('STREAM-2 when the platform leaves the splitter on, heads create names the head and the command that finishes it', async () => {
    sim.store.addFault({ method: 'PUT', path: '/head/*/splitter', status: 500, times: 1 });
    const res = await run(
      'heads',
      'create',
      '--streaming',
      '--name',
      'Half',
      '--face',
      face,
      '--voice',
      streamVoice,
      '--language',
      'en-US',
    );
    assert.equal(res.code, 1);
    const id = /head (\S+) was created/.exec(res.err)?.[1];
    assert.ok(id && sim.store.heads.has(id), res.err);
    assert.match(res.err, new RegExp(`Run: dh-kit heads splitter ${id} off`));
    assert.doesNotMatch(res.err, /setSplitter/);
    assert.equal((await run('heads', 'splitter', id, 'off')).code, 0);
    assert.equal(sim.store.heads.get(id)!.splitter, false);
    const otherMode = await run(
      'heads',
      'create',
      '--streaming',
      '--mode',
      'ttt',
      '--name',
      'Leo',
      '--face',
      face,
      '--voice',
      streamVoice,
      '--language',
      'en-US',
    );
    assert.equal(otherMode.code, 2);
    assert.match(
      otherMode.err,
      /--mode: a streaming avatar uses open conversation \(oc\), not ttt/,
    );
  });

  test('HEAD-3 PLUG-3 plugin mode needs --plugin-name and --plugin-url; --plugin-option k=v become its options', async () => {
    const base = [
      'heads',
      'create',
      '--mode',
      'plugin',
      '--name',
      'Bot',
      '--face',
      face,
      '--voice',
      voice.voiceId,
      '--language',
      'en-US',
    ];
    const missing = await run(...base);
    assert.equal(missing.code, 2);
    assert.match(missing.err, /--plugin-name and --plugin-url are required/);
    const res = await run(
      ...base,
      '--plugin-name',
      'shop',
      '--plugin-url',
      'https://bot.example.com/api',
      '--plugin-option',
      'tone=warm',
      '--plugin-option',
      'x=a=b',
    );
    assert.equal(res.code, 0, res.err);
    const head = sim.store.heads.get(createdId(res.out))!;
    assert.deepEqual(head.request.pluginOperationalModeConfig, {
      name: 'shop',
      url: 'https://bot.example.com/api',
      options: { tone: 'warm', x: 'a=b' },
    });
    const misplaced = await run(
      'heads',
      'create',
      '--plugin-name',
      'shop',
      '--name',
      'Bot',
      '--face',
      face,
      '--voice',
      voice.voiceId,
      '--language',
      'en-US',
    );
    assert.equal(misplaced.code, 2);
    assert.match(misplaced.err, /--plugin-name is for --mode plugin/);
  });

  test('HEAD-6 voiceflow mode needs its key, which is sent but never printed', async () => {
    const base = [
      'heads',
      'create',
      '--mode',
      'voiceflow',
      '--name',
      'Flow',
      '--face',
      face,
      '--voice',
      voice.voiceId,
      '--language',
      'en-US',
    ];
    const missing = await run(...base);
    assert.equal(missing.code, 2);
    assert.match(missing.err, /--voiceflow-key is required/);
    const key = 'VF.DM.secret-flow-key-123';
    const res = await run(...base, '--voiceflow-key', key);
    assert.equal(res.code, 0, res.err);
    const id = createdId(res.out);
    assert.equal(sim.store.heads.get(id)!.request.voiceflowApiKey, key);
    const got = await run('heads', 'get', id, '--json');
    assert.doesNotMatch(res.out + got.out, /secret-flow-key/);
  });

  test("HEAD-4 ERR-4 a display name as --voice: the platform's 404 advice, and the same advice before sending when the provider is looked up", async () => {
    const base = [
      'heads',
      'create',
      '--name',
      'Ava',
      '--face',
      face,
      '--language',
      'en-US',
      '--voice',
      voice.displayName,
    ];
    const platform404 = await run(...base, '--provider', voice.provider);
    assert.equal(platform404.code, 1);
    assert.match(
      platform404.err,
      /The platform says the voice is not available \(404\): ttsVoice must be a voiceId from the voice list, not its display name/,
    );
    const creates = requestsTo('/head/create');
    const caught = await run(...base);
    assert.equal(caught.code, 2);
    assert.match(
      caught.err,
      new RegExp(
        `is a display name: ttsVoice must be a voiceId from the voice list, not its display name\\. Use ${voice.voiceId} \\(azure\\)`,
      ),
    );
    assert.equal(requestsTo('/head/create'), creates, 'nothing sent');
  });

  test('HEAD-7 a wrong or missing field is named by its flag, and nothing is sent', async () => {
    const creates = requestsTo('/head/create');
    const res = await run(
      'heads',
      'create',
      '--name',
      'Ava',
      '--face',
      face,
      '--voice',
      voice.voiceId,
      '--language',
      'English',
    );
    assert.equal(res.code, 2);
    assert.match(res.err, /--language: must be a locale tag such as en-US/);
    const empty = await run('heads', 'create');
    assert.match(empty.err, /--face is required; --name is required; --voice is required/);
    assert.match(
      (await run('heads', 'create', '--mode', 'chat')).err,
      /--mode must be one of oc, ttt, doc_qa, plugin, voiceflow/,
    );
    assert.equal(requestsTo('/head/create'), creates);
  });

  test('HEAD-2 HEAD-5 heads create --file: a ttt request with langCode, flags override its fields; doc_qa is accepted', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dh-head-'));
    const file = join(dir, 'head.json');
    await writeFile(
      file,
      JSON.stringify({
        headVisualId: face,
        name: 'From file',
        langCode: 'en-US',
        operationMode: 'ttt',
        ttsProvider: voice.provider,
        ttsVoice: voice.voiceId,
        ocProvider: 'playground',
      }),
    );
    const res = await run('heads', 'create', '--file', file, '--name', 'Overridden');
    assert.equal(res.code, 0, res.err);
    assert.match(res.out, /^ {2}mode {7}ttt$/m);
    const head = sim.store.heads.get(createdId(res.out))!;
    assert.equal(head.request.name, 'Overridden');
    assert.equal(head.request.langCode, 'en-US');
    const docQa = await run('heads', 'create', '--file', file, '--mode', 'doc_qa');
    assert.equal(docQa.code, 0, docQa.err);
    assert.equal(sim.store.heads.get(createdId(docQa.out))!.request.operationMode, 'doc_qa');
    await writeFile(file, '{not json');
    assert.match((await run('heads', 'create', '--file', file)).err, /head\.json: not valid JSON/);
  });

  test("HEAD-9 heads splitter <id> on|off; an unknown head is the client's 404 message", async () => {
    const id = [...sim.store.heads.keys()][0]!;
    assert.equal((await run('heads', 'splitter', id, 'off')).code, 0);
    assert.equal(sim.store.heads.get(id)!.splitter, false);
    const on = await run('heads', 'splitter', id, 'on');
    assert.match(on.out, /Sentence splitter on for head .*A streaming avatar needs it off\./);
    assert.equal(sim.store.heads.get(id)!.splitter, true);
    assert.equal((await run('heads', 'splitter', id, 'maybe')).code, 2);
    const missing = await run('heads', 'get', 'no-such-head');
    assert.equal(missing.code, 1);
    assert.match(missing.err, /Not found \(404\): check the id/);
  });

  test('TTV-1 TTV-2 videos create --wait: progress lines on a non-terminal, then the new talk with its mp4 URL', async () => {
    const id = [...sim.store.heads.keys()][0]!;
    sim.store.options.talkDelayMs = 300;
    const res = await run('videos', 'create', id, 'Welcome to the shop.', '--wait');
    sim.store.options.talkDelayMs = 0;
    assert.equal(res.code, 0, res.err);
    assert.ok(
      sim.store.requests.filter((r) => r.path === `/head/talks/${id}`).length >= 3,
      'polled until the talk was there',
    );
    const talk = sim.store.talks.find((t) => t.headId === id && t.text === 'Welcome to the shop.')!;
    assert.match(
      res.err,
      new RegExp(`^Producing the video of head ${id}… \\(Ctrl\\+C stops waiting\\)$`, 'm'),
    );
    assert.match(res.err, /^Video ready after \d+\.\d s\.$/m);
    assert.match(res.out, new RegExp(`^id {7}${talk.id}$`, 'm'));
    assert.match(
      res.out,
      new RegExp(`^url {6}http://127\\.0\\.0\\.1:\\d+/media/talks/${talk.id}\\.mp4$`, 'm'),
    );

    const json = await run('videos', 'create', id, 'Second video.', '--wait', '--json');
    assert.equal(json.code, 0, json.err);
    const body = JSON.parse(json.out);
    assert.equal(body.headId, id);
    assert.equal(body.talk.text, 'Second video.');
    assert.match(body.talk.url, /\.mp4$/);
    const plain = await run('videos', 'create', id, 'Third, not waited for.');
    assert.match(plain.out, /Video requested for head .*dh-kit videos list/);
  });

  test("TTV-2 without an id in the platform's answer, --wait knows its talk by its words, or as the only new one", () => {
    const talk = (id: string, text: string) => ({
      id,
      text,
      createdAt: '',
      updatedAt: '',
      voice: 'v',
      url: `https://m.example/${id}.mp4`,
    });
    const known = new Set(['old']);
    const list = [
      talk('new-a', 'Someone else’s video'),
      talk('new-b', 'Welcome  to the\nshop.'),
      talk('old', 'Welcome to the shop.'),
    ];
    assert.equal(
      pickNewTalk(list, { known, text: 'Welcome to the shop.' })?.id,
      'new-b',
      'same words, white space aside',
    );
    assert.equal(
      pickNewTalk(list, { jobId: 'new-a', known, text: 'Welcome to the shop.' })?.id,
      'new-a',
      'the id wins',
    );
    assert.equal(
      pickNewTalk([talk('new-c', 'Welcome to our shop!'), talk('old', 'x')], {
        known,
        text: 'Welcome to the shop.',
      })?.id,
      'new-c',
      'the only new talk',
    );
    assert.equal(
      pickNewTalk([talk('x1', 'a'), talk('x2', 'b')], { known, text: 'c' }),
      undefined,
      'two new talks, neither ours: keep waiting',
    );
    assert.equal(
      pickNewTalk([talk('old', 'Welcome to the shop.')], { known, text: 'Welcome to the shop.' }),
      undefined,
      'an old talk with the same text is not ours',
    );
  });

  test('videos create --wait on a terminal: a spinner with the time elapsed, cleared at the end', async () => {
    const id = [...sim.store.heads.keys()][0]!;
    const status: string[] = [];
    const err: string[] = [];
    sim.store.options.talkDelayMs = 300;
    try {
      const code = await main(['videos', 'create', id, 'Spinner video.', '--wait'], {
        out: () => undefined,
        err: (l) => err.push(l),
        status: (t) => status.push(t),
      });
      assert.equal(code, 0, err.join('\n'));
    } finally {
      sim.store.options.talkDelayMs = 0;
    }
    assert.ok(status.length >= 2, 'redrawn while waiting');
    assert.match(
      status[0]!,
      /^\r\S Producing the video… \d+\.\d s \(Ctrl\+C stops waiting\)\x1b\[K$/,
    );
    assert.equal(status.at(-1), '\r\x1b[K');
    assert.deepEqual(
      err.filter((l) => /Producing/.test(l)),
      [],
      'no plain progress lines on a terminal',
    );
    assert.match(err.at(-1)!, /^Video ready after/);
  });

  test("TTV-3 videos list: the head's videos newest first, in a table; --json is the page", async () => {
    const id = [...sim.store.heads.keys()][0]!;
    const res = await run('videos', 'list', id);
    assert.equal(res.code, 0, res.err);
    const lines = res.out.split('\n');
    assert.match(lines[0]!, /^CREATED \(UTC\) {2,}VOICE {2,}TEXT {2,}URL$/);
    assert.match(lines[1]!, /Spinner video\./);
    assert.match(lines[2]!, /Third, not waited for\./);
    assert.match(lines[4]!, /Welcome to the shop\./);
    assert.equal(lines.at(-1), 'Page 1 of 1 · 4 videos');
    const page = JSON.parse((await run('videos', 'list', id, '--take', '2', '--json')).out);
    assert.equal(page.data.length, 2);
    assert.equal(page.meta.hasNextPage, true);
  });

  test("TTV-4 ERR-1 videos for an unknown head: the client's 400 message", async () => {
    const res = await run('videos', 'create', 'no-such-head', 'Hello');
    assert.equal(res.code, 1);
    assert.match(
      res.err,
      /The platform refused the request \(400\): the head id or the voice is not valid\. Check that the head exists/,
    );
    assert.equal((await run('videos', 'create', 'no-such-head')).code, 2, 'no text: usage');
  });

  test('videos create --wait: Ctrl+C stops waiting cleanly (exit 130), --timeout gives up with what to do', async () => {
    const id = [...sim.store.heads.keys()][0]!;
    sim.store.options.talkDelayMs = 60_000;
    try {
      const listeners = process.listenerCount('SIGINT');
      const talks = sim.store.talks.length;
      const waiting = run('videos', 'create', id, 'A long one.', '--wait');
      while (sim.store.talks.length === talks) await new Promise((r) => setTimeout(r, 10));
      // Ctrl+C once the command is waiting (its handler is on), not after a guessed delay: a busy
      // machine may take longer than any fixed one to get there.
      let ended = false;
      void waiting.finally(() => (ended = true));
      while (!ended && process.listenerCount('SIGINT') === listeners)
        await new Promise((r) => setTimeout(r, 10));
      process.emit('SIGINT');
      const res = await waiting;
      assert.equal(res.code, 130);
      assert.match(
        res.err,
        new RegExp(
          `Stopped waiting after \\d+\\.\\d s\\. The video is still being produced: dh-kit videos list ${id}`,
        ),
      );
      assert.equal(process.listenerCount('SIGINT'), listeners, 'the handler is removed');

      const timeout = await run(
        'videos',
        'create',
        id,
        'Another long one.',
        '--wait',
        '--timeout',
        '1',
      );
      assert.equal(timeout.code, 1);
      assert.match(timeout.err, /no video after 1 s; it may still come: dh-kit videos list/);
    } finally {
      sim.store.options.talkDelayMs = 0;
    }
  });

  test('LIM-1 no output of any command carries the organisation key, a page address, a bearer token or the secret key', async () => {
    const apiKey = sim.store.mainOrg.apiKey;
    assert.ok(
      printed.length > 20,
      `the commands printed enough lines for the search to mean something (${printed.length})`,
    );
    // No bearer token, shared key or secret key in any line, and the org key in none (LIM-1).
    scan.recordText(200, new Headers(), printed.join('\n'));
    assert.ok(scan.secrets.length > 1, 'the commands logged in');
    assert.equal(scan.assertClean().withOrgKey, 0);
    for (const line of printed) {
      assert.ok(!line.includes(apiKey), line);
      assert.doesNotMatch(line, /api_key|publicUrl|publicURL|\/chat\/|\/stream\//, line);
      assert.ok(!line.includes(sim.info.secretKey), line);
    }
  });
});
