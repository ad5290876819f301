/**
 * GET /dh/heads (admin): the heads made through this proxy, newest first, from the store, so a
 * back office lists them after a reload (the platform has no list of heads).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { MADE_HEADS_KEPT, madeHeads } from '../../src/proxy/made-heads.js';
import { memoryStore } from '../../src/proxy/shared-store.js';
import { createSimulator } from '../../src/sim/index.js';
import { proxyHarness } from './proxy-harness.js';
import { watchSecrets } from './secret-scan.js';

const sim = createSimulator({ talkDelayMs: 0 });
const SIGNING = 'made-heads-signing-secret-0123456789';
const ADMIN = 'made-heads-admin-token-0123456789';
const scan = watchSecrets(sim, [SIGNING, ADMIN]);
const makeProxy = proxyHarness(sim, { signing: SIGNING, admin: ADMIN, scan });

describe('the heads made through the proxy', () => {
  test('GET /dh/heads lists each head POST /dh/heads made, newest first, with name, mode and when', async () => {
    const p = makeProxy();
    const empty = await p.request('/dh/heads', { admin: true });
    assert.equal(empty.status, 200);
    assert.deepEqual(await empty.json(), { items: [] });
    const voice = sim.store.voices.find((v) => v.provider !== 'elevenlabs')!;
    const made: string[] = [];
    for (const name of ['Nora', 'Ida']) {
      const res = await p.request('/dh/heads', {
        method: 'POST',
        admin: true,
        body: JSON.stringify({
          headVisualId: sim.store.faces[0]!.id,
          name,
          language: 'en-US',
          operationMode: 'ttt',
          ttsProvider: voice.provider,
          ttsVoice: voice.voiceId,
        }),
      });
      assert.equal(res.status, 201, await res.clone().text());
      made.push((await res.json()).id);
    }
    const res = await p.request('/dh/heads', { admin: true });
    assert.equal(res.headers.get('cache-control'), 'no-store');
    const { items } = await res.json();
    assert.deepEqual(
      items.map((h: { id: string; name: string; mode: string; streaming: boolean }) => [
        h.id,
        h.name,
        h.mode,
        h.streaming,
      ]),
      [
        [made[1], 'Ida', 'ttt', false],
        [made[0], 'Nora', 'ttt', false],
      ],
    );
    assert.ok(!Number.isNaN(Date.parse(items[0].createdAt)), 'createdAt is a date');
  });

  test('the list keeps the newest, and a value it cannot read is no list', async () => {
    const store = memoryStore();
    const heads = madeHeads(store);
    for (let i = 0; i < MADE_HEADS_KEPT + 2; i++)
      await heads.add({
        id: `h${i}`,
        name: `H${i}`,
        mode: 'oc',
        streaming: false,
        createdAt: '2026-01-01T00:00:00Z',
      });
    const list = await heads.list();
    assert.equal(list.length, MADE_HEADS_KEPT);
    assert.equal(list[0]!.id, `h${MADE_HEADS_KEPT + 1}`);
    await store.set('heads:made', '{not json', 1000);
    assert.deepEqual(await heads.list(), []);
    await store.set('heads:made', JSON.stringify([{ id: 'x' }, list[0]]), 1000);
    assert.deepEqual(
      (await heads.list()).map((h) => h.id),
      [list[0]!.id],
    );
  });
});
