/**
 * The proxy on Cloudflare's runtime (issue 16): a site's worker module (`createWorker` from the
 * worker entry, with a tool of its own) bundled the way `npm run build:worker` bundles, served by
 * the real `workerd` binary (the npm package ships it) on a loopback port, configured by worker
 * bindings, against the simulator. The same route checks as on Node: faces, voices, an admin
 * creation, launch and the /embed redirect, a signed webhook delivery, the plugin and a tool.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { freePort } from './free-port.js';
import { PlatformClient } from '../../src/platform/client.js';
import { signWebhookBody } from '../../src/proxy/webhooks.js';
import { startSimulator, type RunningSimulator } from '../../src/sim/index.js';
import { buildWorker } from '../../scripts/build-worker.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const WORKERD = join(root, 'node_modules/.bin/workerd');
const ADMIN = 'worker-admin-token-0123456789';
const CALLBACK = 'worker-callback-secret-0123456789abcdef';
const SIGNING = 'worker-signing-secret-0123456789abcdef';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));


/** A capnp text literal. */
const text = (s: string) => JSON.stringify(s);

describe('the proxy in workerd (Cloudflare Workers)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dh-worker-'));
  let sim: RunningSimulator;
  let workerd: ChildProcess;
  let base: string;
  let log = '';
  let client: PlatformClient;

  before(async () => {
    sim = await startSimulator({ port: await freePort(), talkDelayMs: 0 });
    client = new PlatformClient({ baseUrl: sim.info.baseUrl, email: sim.info.email, secretKey: sim.info.secretKey });
    // The site's own worker file: the kit's worker with a tool of the site's.
    const entry = join(dir, 'site-worker.ts');
    writeFileSync(
      entry,
      `import { createWorker } from ${text(join(root, 'src/proxy/worker.ts'))};\n` +
        `export default createWorker({ tools: { weather: ({ city }) => 'Sunny in ' + String(city) + ' (from workerd).' } });\n`,
    );
    await buildWorker(join(dir, 'worker.js'), entry);
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const bindings = {
      DH_EMAIL: sim.info.email,
      DH_SECRET_KEY: sim.info.secretKey,
      DH_BASE_URL: sim.info.baseUrl,
      DH_CHAT_URL: sim.info.chatUrl,
      DH_STREAM_URL: sim.info.streamUrl,
      DH_SIGNING_SECRET: SIGNING,
      DH_ADMIN_TOKEN: ADMIN,
      DH_CALLBACK_SECRET: CALLBACK,
      DH_PUBLIC_HEADS: '*',
    };
    writeFileSync(
      join(dir, 'config.capnp'),
      `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [
    (name = "main", worker = .proxy),
    # The simulator is on this machine: the worker's fetches may reach loopback.
    (name = "net", network = (allow = ["public", "private", "local"])),
  ],
  sockets = [(name = "http", address = ${text(`127.0.0.1:${port}`)}, http = (), service = "main")],
);
const proxy :Workerd.Worker = (
  modules = [(name = "worker.js", esModule = embed "worker.js")],
  compatibilityDate = "2025-09-01",
  globalOutbound = "net",
  bindings = [
${Object.entries(bindings)
  .map(([name, value]) => `    (name = ${text(name)}, text = ${text(value)}),`)
  .join('\n')}
  ],
);
`,
    );
    workerd = spawn(WORKERD, ['serve', join(dir, 'config.capnp'), '--verbose'], { stdio: ['ignore', 'pipe', 'pipe'] });
    workerd.stdout!.on('data', (d) => (log += d));
    workerd.stderr!.on('data', (d) => (log += d));
    for (let i = 0; i < 100; i++) {
      const ok = await fetch(`${base}/dh/health`).then((r) => r.ok, () => false);
      if (ok) break;
      await sleep(100);
    }
    assert.equal((await fetch(`${base}/dh/health`)).status, 200, `workerd answers:\n${log}`);
  });

  after(async () => {
    workerd?.kill('SIGKILL');
    await sim?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const admin = (path: string, init: RequestInit = {}) =>
    fetch(`${base}/dh${path}`, { ...init, headers: { authorization: `Bearer ${ADMIN}`, 'x-dh-kit': '1', 'content-type': 'application/json', ...init.headers } });

  test('FACE-1 VOICE-1 the catalogues come through the worker, paged, never compressed twice (the edge compresses)', async () => {
    const faces = await fetch(`${base}/dh/faces?take=24`, { headers: { 'accept-encoding': 'gzip' } });
    assert.equal(faces.status, 200, log);
    // Workers encodes a body by its Content-Encoding header itself: the app leaves encoding to it.
    assert.equal(((await faces.json()) as { items: unknown[] }).items.length, 24);
    assert.equal(faces.headers.get('x-content-type-options'), 'nosniff');
    const voices = await fetch(`${base}/dh/voices?take=5`);
    assert.equal(((await voices.json()) as { items: unknown[] }).items.length, 5);
  });

  test('an admin creates a head; its launch link redirects to the chat page from /embed', async () => {
    const voice = (await client.listVoices()).find((v) => v.provider === 'azure')!;
    const face = (await client.listFaces({ take: 1 })).data[0]!;
    const created = await admin('/heads', { method: 'POST', body: JSON.stringify({ name: 'Edge', headVisualId: face.id, ttsVoice: voice.voiceId, operationMode: 'oc', language: 'en-US' }) });
    assert.equal(created.status, 201, await created.clone().text());
    const { id } = (await created.json()) as { id: string };
    const launch = (await (await fetch(`${base}/dh/heads/${id}/launch?view=chat`)).json()) as { url: string };
    const embed = await fetch(new URL(launch.url, base), { redirect: 'manual' });
    assert.equal(embed.status, 302);
    assert.ok(embed.headers.get('location')!.startsWith(sim.info.chatUrl), embed.headers.get('location')!);
    assert.equal((await fetch(new URL(launch.url.replace(/sig=[0-9a-f]{4}/, 'sig=0000'), base), { redirect: 'manual' })).status, 403, 'a tampered link is refused');
  });

  test('EV-8 a signed webhook delivery is accepted once; an unsigned one is refused', async () => {
    const voice = (await client.listVoices()).find((v) => v.provider === 'azure')!;
    const head = await client.createHead({ headVisualId: (await client.listFaces({ take: 1 })).data[0]!.id, name: 'Hooked', language: 'en-US', operationMode: 'oc', ttsProvider: voice.provider, ttsVoice: voice.voiceId });
    await client.createWebhook({ headId: head.id, webhookUrl: 'https://example.com/dh/hooks/events', startConversation: true });
    const [hook] = await client.listWebhooks(head.id);
    const body = JSON.stringify({ timestamp: new Date().toISOString(), head_id: head.id, session_id: 'edge-1', public_head_id: 'p', public_org_id: 'o', event_type: 'start_conversation' });
    const deliver = async (signature?: string) =>
      fetch(`${base}/dh/hooks/events`, { method: 'POST', headers: { 'content-type': 'application/json', ...(signature ? { 'x-signature-256': signature } : {}) }, body });
    const signature = await signWebhookBody(body, hook!.sharedKey);
    assert.equal((await deliver(signature)).status, 202, log);
    const again = await deliver(signature);
    assert.equal(again.status, 200);
    assert.equal(((await again.json()) as { duplicate?: boolean }).duplicate, true);
    assert.equal((await deliver()).status, 401);
  });

  test('PLUG-1 TOOL-2 the plugin and the site\'s tool answer at the addresses holding the callback secret, and only there', async () => {
    const plugin = await fetch(`${base}/dh/plugin/${CALLBACK}/conversation/user-1/message`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([{ type: 'text', payload: { type: 'text', message: 'Hello edge' } }]),
    });
    assert.equal(plugin.status, 200, log);
    assert.match(JSON.stringify(await plugin.json()), /Hello edge/);
    const tool = await fetch(`${base}/dh/tools/${CALLBACK}/weather`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ city: 'Lyon' }) });
    assert.equal(tool.status, 200);
    assert.deepEqual(await tool.json(), { message: 'Sunny in Lyon (from workerd).' });
    assert.equal((await fetch(`${base}/dh/tools/wrong-secret-0123456789abcdef0123456789/weather`, { method: 'POST', body: '{}' })).status, 404);
  });

  test('no secret in what the worker answers or logs', async () => {
    const answers = await Promise.all(['/dh/health', '/dh/faces?take=2', '/dh/nope'].map(async (p) => (await fetch(`${base}${p}`)).text()));
    for (const secret of [sim.info.secretKey, ADMIN, CALLBACK, SIGNING]) {
      assert.ok(!answers.some((a) => a.includes(secret)), 'not in an answer');
      assert.ok(!log.includes(secret), 'not in the log');
    }
  });
});
