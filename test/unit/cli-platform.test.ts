/** The platform commands of the CLI against a running simulator (HOOK-1 … HOOK-4, EV-1, TOOL-1). */
import assert from 'node:assert/strict';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { main } from '../../src/cli/main.js';
import { PlatformClient } from '../../src/platform/client.js';
import { startSimulator, type RunningSimulator } from '../../src/sim/index.js';

let sim: RunningSimulator;
let headId: string;

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** A simulator with one head, the CLI's environment pointing at it; `stop()` puts both back. */
async function simWithHead(
  name: string,
): Promise<{ sim: RunningSimulator; headId: string; stop: () => Promise<void> }> {
  const env = { ...process.env };
  const sim = await startSimulator({ allowInsecureWebhooks: true });
  Object.assign(process.env, {
    DH_EMAIL: sim.info.email,
    DH_SECRET_KEY: sim.info.secretKey,
    DH_BASE_URL: sim.info.baseUrl,
  });
  const client = new PlatformClient({
    baseUrl: sim.info.baseUrl,
    email: sim.info.email,
    secretKey: sim.info.secretKey,
  });
  const voice = sim.store.voices[0]!;
  const headId = (
    await client.createHead({
      headVisualId: sim.store.faces[0]!.id,
      name,
      language: 'en-US',
      operationMode: 'oc',
      ttsProvider: voice.provider,
      ttsVoice: voice.voiceId,
    })
  ).id;
  const stop = async () => {
    for (const k of ['DH_EMAIL', 'DH_SECRET_KEY', 'DH_BASE_URL']) {
      if (env[k] === undefined) delete process.env[k];
      else process.env[k] = env[k];
    }
    await sim.close();
  };
  return { sim, headId, stop };
}

describe('dh-kit platform commands', () => {
  let stop: () => Promise<void>;
  before(async () => {
    ({ sim, headId, stop } = await simWithHead('Cli'));
  });
  after(() => stop());

  test('HOOK-1 HOOK-3 HOOK-4 webhooks create, list (keys masked), get, update, delete', async () => {
    const created = await run(
      'webhooks',
      'create',
      headId,
      'https://hooks.example.com/dh',
      '--start',
      '--end',
    );
    assert.equal(created.code, 0, created.err);
    const key = [...sim.store.webhooks.values()].find((w) => w.headId === headId)!.sharedKey;
    assert.match(created.out, new RegExp(key), 'the key is shown once, at creation');
    const list = await run('webhooks', 'list', headId);
    assert.match(list.out, /https:\/\/hooks\.example\.com\/dh +start,end +/);
    assert.doesNotMatch(list.out, new RegExp(key), 'listed keys are masked');
    const id = [...sim.store.webhooks.values()].find((w) => w.headId === headId)!.id;
    const json = JSON.parse(
      (await run('webhooks', 'get', String(id), '--json', '--show-keys')).out,
    );
    assert.equal(json[0].sharedKey, key);
    assert.equal((await run('webhooks', 'update', String(id), '--all')).code, 0);
    assert.equal(sim.store.webhooks.get(id)!.inactivityWarning, true);
    assert.equal((await run('webhooks', 'delete', String(id))).code, 0);
    assert.equal(sim.store.webhooks.has(id), false);
  });

  test('HOOK-5 an http URL is refused with the reason; a wrong command says how to type it', async () => {
    const http = await run('webhooks', 'create', headId, 'http://hooks.example.com/dh');
    assert.equal(http.code, 1);
    assert.match(http.err, /https/);
    const usage = await run('webhooks', 'create', headId);
    assert.equal(usage.code, 2);
    assert.match(usage.err, /dh-kit webhooks create <headId> <https-url>/);
  });

  test("EV-1 events enable and disable a head's delivery", async () => {
    assert.equal((await run('events', 'enable', headId)).code, 0);
    assert.equal(sim.store.heads.get(headId)!.enableEvents, true);
    const off = await run('events', 'disable', headId, '--json');
    assert.equal(off.code, 0);
    assert.deepEqual(JSON.parse(off.out), { headId, enabled: false });
    assert.equal(sim.store.heads.get(headId)!.enableEvents, false);
  });

  test('TOOL-1 TOOL-3 tools set reads a JSON file, checks it (and the prompt), and sets the tools', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dh-tools-'));
    const tools = [
      {
        name: 'weather',
        description: 'Weather in a city',
        parameters: [{ name: 'city', type: 'string', description: 'City' }],
        url: 'https://t.example/w',
      },
    ];
    await writeFile(join(dir, 'tools.json'), JSON.stringify(tools));
    await writeFile(join(dir, 'bad.json'), JSON.stringify([{ ...tools[0], url: 'not a url' }]));
    await writeFile(join(dir, 'prompt.txt'), 'Use weather with the town the user names.');
    const ok = await run('tools', 'set', headId, join(dir, 'tools.json'));
    assert.equal(ok.code, 0, ok.err);
    assert.deepEqual(sim.store.heads.get(headId)!.tools, tools);
    assert.deepEqual(
      JSON.parse((await run('tools', 'set', headId, join(dir, 'tools.json'), '--json')).out),
      { headId, tools: ['weather'] },
    );
    const bad = await run('tools', 'set', headId, join(dir, 'bad.json'));
    assert.equal(bad.code, 2);
    assert.match(bad.err, /\[0\]\.url/);
    const mismatch = await run(
      'tools',
      'set',
      headId,
      join(dir, 'tools.json'),
      '--prompt-file',
      join(dir, 'prompt.txt'),
    );
    assert.equal(mismatch.code, 2);
    assert.match(mismatch.err, /does not name the parameter "city"/);
  });

  test('without credentials the command says what to set', async () => {
    const email = process.env.DH_EMAIL;
    delete process.env.DH_EMAIL;
    delete process.env.DH_SECRET_KEY;
    try {
      const res = await run('events', 'enable', headId);
      assert.equal(res.code, 2);
      assert.match(res.err, /set DH_EMAIL, DH_SECRET_KEY and DH_BASE_URL/);
    } finally {
      process.env.DH_EMAIL = email;
      process.env.DH_SECRET_KEY = sim.info.secretKey;
    }
  });
});

describe('dh-kit webhooks update: turning events off, and the URL', () => {
  let sim2: RunningSimulator;
  let head: string;
  let stop: () => Promise<void>;
  before(async () => {
    ({ sim: sim2, headId: head, stop } = await simWithHead('Off'));
  });
  after(() => stop());
  const hook = () => [...sim2.store.webhooks.values()].find((w) => w.headId === head)!;
  const flagsOf = () => {
    const h = hook();
    return [h.startConversation, h.endConversation, h.timeoutConversation, h.inactivityWarning];
  };

  test('HOOK-2 HOOK-4 --no-start, --no-end, --no-timeout, --no-inactivity turn events off; the others stay as they were', async () => {
    assert.equal(
      (await run('webhooks', 'create', head, 'https://hooks.example.com/a', '--all')).code,
      0,
    );
    const id = String(hook().id);
    assert.deepEqual(flagsOf(), [true, true, true, true]);
    const off = await run('webhooks', 'update', id, '--no-start', '--no-timeout');
    assert.equal(off.code, 0, off.err);
    assert.deepEqual(flagsOf(), [false, true, false, true], 'only the flags given changed');
    const sent = sim2.store.requests.filter((r) => r.method === 'PATCH').at(-1)!.body as Record<
      string,
      unknown
    >;
    // The simulator reads "enabled only when sent as true" strictly (a flag left out is off), so
    // the whole configuration is sent: read, merged, written.
    assert.deepEqual(
      sent,
      {
        headId: head,
        webhookUrl: 'https://hooks.example.com/a',
        startConversation: false,
        endConversation: true,
        timeoutConversation: false,
        inactivityWarning: true,
      },
      'the full configuration',
    );
    assert.match(off.out, /^ID +URL +EVENTS +SHARED KEY$/m, 'the aligned table');
    assert.match(off.out, /https:\/\/hooks\.example\.com\/a +end,inactivity +\S+…\S+$/m);
    assert.equal((await run('webhooks', 'update', id, '--no-end', '--no-inactivity')).code, 0);
    assert.deepEqual(flagsOf(), [false, false, false, false]);
    assert.match((await run('webhooks', 'get', id)).out, / \(none\) /);
    assert.equal((await run('webhooks', 'update', id, '--start', '--no-end')).code, 0);
    assert.deepEqual(flagsOf(), [true, false, false, false]);
    assert.equal((await run('webhooks', 'update', id, '--all', '--no-inactivity')).code, 0);
    assert.deepEqual(flagsOf(), [true, true, true, false], '--all with one exception');
  });

  test('HOOK-4 --url changes the webhook URL and keeps the events; an http URL is refused', async () => {
    const id = String(hook().id);
    const before = flagsOf();
    const moved = await run('webhooks', 'update', id, '--url', 'https://hooks.example.com/moved');
    assert.equal(moved.code, 0, moved.err);
    assert.equal(hook().webhookUrl, 'https://hooks.example.com/moved');
    assert.deepEqual(flagsOf(), before);
    assert.match(moved.out, /https:\/\/hooks\.example\.com\/moved/);
    const http = await run('webhooks', 'update', id, '--url', 'http://hooks.example.com/plain');
    assert.equal(http.code, 1);
    assert.match(http.err, /https/);
    assert.equal(hook().webhookUrl, 'https://hooks.example.com/moved');
  });

  test('a flag given both ways, or an unknown --no- flag, is a usage error (exit 2) and nothing is sent', async () => {
    const id = String(hook().id);
    const patches = () => sim2.store.requests.filter((r) => r.method === 'PATCH').length;
    const before = patches();
    const both = await run('webhooks', 'update', id, '--start', '--no-start');
    assert.equal(both.code, 2);
    assert.match(both.err, /--start and --no-start cannot both be given/);
    const unknown = await run('webhooks', 'update', id, '--no-url');
    assert.equal(unknown.code, 2);
    assert.match(unknown.err, /--no-url/);
    assert.equal(patches(), before);
  });
});
