/**
 * The simulator's state file (sim/data-file.ts): what the API makes is written after each change
 * and read back by the next simulator; a corrupt or foreign file is set aside with one line, never
 * a crash; an item that does not parse is left out.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { PlatformClient } from '../../src/platform/client.js';
import { createSimulator, type Simulator } from '../../src/sim/index.js';
import { simFetch } from './proxy-harness.js';

const dir = mkdtempSync(join(tmpdir(), 'dh-sim-data-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const clientOf = (sim: Simulator) =>
  new PlatformClient({
    baseUrl: sim.urls.baseUrl,
    email: sim.store.options.email,
    secretKey: sim.store.options.secretKey,
    fetch: simFetch(sim),
    allowLoopbackWebhooks: true,
  });

async function makeHead(client: PlatformClient) {
  const face = (await client.listFaces({ take: 1 })).data[0]!;
  const voice = (await client.listVoices())[0]!;
  return client.createHead({
    headVisualId: face.id,
    name: 'Nora',
    language: 'en-US',
    languageSpeechRecognition: 'en-US',
    operationMode: 'oc',
    ttsProvider: voice.provider,
    ttsVoice: voice.voiceId,
    greetings: 'Hi, I am Nora.',
  });
}

describe("the simulator's state file", () => {
  test('a head, its video and its webhook made through the API are there after a restart, keys and all', async () => {
    const file = join(dir, 'restart', 'sim.json');
    const first = createSimulator({ talkDelayMs: 0, allowInsecureWebhooks: true });
    assert.equal(first.persist(file, () => assert.fail('nothing to say')).heads, 0);
    const client = clientOf(first);
    const head = await makeHead(client);
    await client.textToVideo({ id: head.id, text: 'Hello there' });
    const { sharedKey } = await client.createWebhook({
      headId: head.id,
      webhookUrl: 'http://127.0.0.1:9/dh/hooks/events',
      endConversation: true,
    });
    await client.setSplitter(head.id, false);
    assert.ok(existsSync(file), 'written after the changes');

    const lines: string[] = [];
    const second = createSimulator({ talkDelayMs: 0, allowInsecureWebhooks: true });
    assert.equal(second.persist(file, (l) => lines.push(l)).heads, 1);
    assert.deepEqual(lines, []);
    const again = clientOf(second);
    const read = await again.getHead(head.id);
    assert.equal(
      read.publicUrl,
      (await client.getHead(head.id)).publicUrl,
      'the same page address',
    );
    assert.equal(second.store.heads.get(head.id)!.splitter, false);
    const talks = await again.listTalks(head.id);
    assert.deepEqual(
      talks.data.map((t) => t.text),
      ['Hello there'],
    );
    const hooks = await again.listWebhooks(head.id);
    assert.equal(hooks.length, 1);
    assert.equal(
      hooks[0]!.sharedKey,
      sharedKey,
      'the shared key survives: deliveries still verify',
    );
    // A new webhook continues the ids.
    const next = await again.createWebhook({
      headId: head.id,
      webhookUrl: 'http://127.0.0.1:9/other',
      startConversation: true,
    });
    assert.notEqual(next.sharedKey, sharedKey);
    assert.deepEqual((await again.listWebhooks(head.id)).map((h) => h.id).sort(), [
      hooks[0]!.id,
      hooks[0]!.id + 1,
    ]);
  });

  test('a corrupt file is set aside with one line, and the simulator starts empty', () => {
    const file = join(dir, 'corrupt.json');
    writeFileSync(file, '{"format": 1, "heads": [');
    const lines: string[] = [];
    const sim = createSimulator();
    assert.equal(sim.persist(file, (l) => lines.push(l)).heads, 0);
    assert.equal(lines.length, 1);
    assert.match(
      lines[0]!,
      /could not be read \(not JSON\): set aside as .*corrupt\.json\.corrupt-/,
    );
    const aside = readdirSync(dir).filter((f) => f.startsWith('corrupt.json.corrupt-'));
    assert.equal(aside.length, 1);
    assert.equal(readFileSync(join(dir, aside[0]!), 'utf8'), '{"format": 1, "heads": [');
    // The new state is written in its place.
    assert.deepEqual(JSON.parse(readFileSync(file, 'utf8')).heads, []);
  });

  test('a file of something else is set aside the same way; a bad item is left out with a line', () => {
    const foreign = join(dir, 'foreign.json');
    writeFileSync(foreign, JSON.stringify({ hello: 'world' }));
    const lines: string[] = [];
    createSimulator().persist(foreign, (l) => lines.push(l));
    assert.match(lines[0]!, /not a simulator state file/);

    const partly = join(dir, 'partly.json');
    const good = {
      id: 'h1',
      publicId: 'h-1',
      orgId: 'o',
      createdAt: '2026-01-01T00:00:00.000Z',
      request: { name: 'Kept' },
      splitter: true,
      enableEvents: false,
      tools: [],
    };
    writeFileSync(
      partly,
      JSON.stringify({ format: 1, heads: [good, { id: 7 }], talks: [], webhooks: [] }),
    );
    const said: string[] = [];
    const sim = createSimulator();
    assert.equal(sim.persist(partly, (l) => said.push(l)).heads, 1);
    assert.deepEqual([...sim.store.heads.keys()], ['h1']);
    assert.match(said[0]!, /1 item\(s\) could not be read and were left out/);
  });
});
