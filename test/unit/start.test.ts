/**
 * `npm start` as a newcomer runs it: no credentials, so the simulator; one port serving the
 * proxy, the demo and the bundle. And with credentials, against a platform (here a simulator
 * started apart, standing for it). Each start gets its own TMPDIR: the CLI writes the
 * simulator's discovery file there.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { type IncomingMessage, request } from 'node:http';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { after, test } from 'node:test';
import { main } from '../../src/cli/main.js';
import { loopbackUrl, parseStartConfig } from '../../src/cli/start.js';
import { PlatformClient } from '../../src/platform/client.js';
import { parseConfig } from '../../src/proxy/config.js';
import { platformEnv, startSimulator } from '../../src/sim/index.js';
import { freePort } from './free-port.js';
import { PACKAGE_VERSION } from './package-version.js';

const bin = new URL('../../bin/dh-kit.js', import.meta.url).pathname;
const temps: string[] = [];
after(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});
const ownTmp = () => {
  const dir = mkdtempSync(join(tmpdir(), 'dh-start-test-'));
  temps.push(dir);
  return dir;
};

/** The environment of a start with no platform credentials and no leftovers of the caller's. */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    DH_LOG: 'off',
    TMPDIR: ownTmp(),
    // Empty at every start, unless a test keeps the state on purpose.
    DH_SIM_DATA: 'off',
    DH_PROXY_DATA: 'off',
    ...extra,
  };
  for (const k of [
    'DH_EMAIL',
    'DH_SECRET_KEY',
    'DH_BASE_URL',
    'DH_CHAT_URL',
    'DH_STREAM_URL',
    'DH_ADMIN_TOKEN',
    'DH_SIGNING_SECRET',
    'DH_CALLBACK_SECRET',
    'HOST',
    'DH_SIM_INACTIVITY_MS',
    'DH_SIM_TIMEOUT_MS',
  ]) {
    if (!(k in extra)) delete env[k];
  }
  return env;
}

/** Spawns `dh-kit start` and waits for its JSON line; `stderr()` is what it said so far. */
async function start(env: NodeJS.ProcessEnv, args: string[] = []) {
  const child = spawn(process.execPath, [bin, 'start', ...args], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  const exited = once(child, 'exit');
  const line = await Promise.race([
    once(createInterface({ input: child.stdout! }), 'line').then(([l]) => l as string),
    exited.then(([code]) =>
      assert.fail(`dh-kit start exited (${code}) before it was ready:\n${stderr}`),
    ),
  ]);
  const info = JSON.parse(line) as {
    url: string;
    mode: string;
    demoHeads?: { chat: string; stream: string };
  };
  /** stderr is written before the JSON line, but the two pipes may arrive in either order. */
  const said = async (pattern: RegExp) => {
    for (let i = 0; i < 1000 && !pattern.test(stderr); i++)
      await new Promise((r) => setTimeout(r, 20));
    assert.match(stderr, pattern);
  };
  return {
    info,
    said,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The status of a GET sent with this Host header (fetch may not set one). */
async function statusWithHost(url: string, host: string): Promise<number> {
  const req = request(url, { headers: { host } });
  req.end();
  const [res] = (await once(req, 'response')) as [IncomingMessage];
  res.resume();
  return res.statusCode ?? 0;
}

test('dh-kit start with no credentials serves the proxy, the demo and the CDN files (the avatar, all elements, the languages) against the simulator', {
  timeout: 120_000,
}, async () => {
  const s = await start(cleanEnv());
  const { info } = s;
  try {
    assert.equal(info.mode, 'simulator');
    await s.said(/running against the built-in SIMULATOR/);
    await s.said(/Admin routes are open on loopback \(simulator mode\)/);
    // Open to this machine only: a page whose name was rebound to 127.0.0.1 sends its own Host.
    const port = new URL(info.url).port;
    for (const [host, status] of [
      [`rebind-attacker.test:${port}`, 421],
      [`127.0.0.1:${port}`, 200],
      [`localhost:${port}`, 200],
    ] as const)
      assert.equal(await statusWithHost(`${info.url}/dh/callbacks`, host), status, `Host ${host}`);
    assert.deepEqual(await (await fetch(`${info.url}/dh/health`)).json(), {
      ok: true,
      mode: 'simulator',
      version: PACKAGE_VERSION,
    });
    const demo = await fetch(`${info.url}/`);
    assert.equal(demo.status, 200);
    assert.match(await demo.text(), /<title>dh-kit demo<\/title>/);
    // The CDN files: the avatar's (what the embed code loads), all six elements', and the
    // analytics' (connectAnalytics, for a CMS page), each one file, each versioned with its integrity.
    for (const name of ['dh-kit.avatar.js', 'dh-kit.bundle.js', 'dh-kit.analytics.js']) {
      const file = await fetch(`${info.url}/${name}`);
      assert.equal(file.status, 200, name);
      assert.match(file.headers.get('content-type') ?? '', /javascript/);
      assert.equal(file.headers.get('access-control-allow-origin'), '*', name);
      const stem = name.replace(/\.js$/, '').replace('.', '\\.');
      await s.said(new RegExp(`/${stem}\\.[0-9a-f]{12}\\.js  integrity sha384-`));
    }
    const analytics = await (await fetch(`${info.url}/dh-kit.analytics.js`)).text();
    assert.match(analytics, /export\s*\{[^}]*connectAnalytics/, 'it exports connectAnalytics');
    assert.doesNotMatch(analytics, /\bimport\b/, 'it imports nothing: it works copied alone');
    // The languages are files beside them, named in their index (whose name the CDN files hold),
    // served as they are (any origin, a year: each name is its content's hash).
    const avatarCode = await (await fetch(`${info.url}/dh-kit.avatar.js`)).text();
    const index = avatarCode.match(/["'`](dh-kit\.languages\.[0-9a-f]{12}\.js)["'`]/)?.[1];
    assert.ok(index, 'the avatar file names its language index');
    const german = (await (await fetch(`${info.url}/${index}`)).text()).match(
      /"de":\{"file":"(dh-kit\.de\.[0-9a-f]{12}\.js)","integrity":"sha384-[\w+/=]+"\}/,
    )?.[1];
    assert.ok(german, 'the index names the German file and its integrity');
    const de = await fetch(`${info.url}/${german}`, { headers: { 'accept-encoding': 'br' } });
    assert.equal(de.status, 200);
    assert.equal(de.headers.get('access-control-allow-origin'), '*');
    assert.match(de.headers.get('cache-control') ?? '', /immutable/);
    assert.match(await de.text(), /digitaler Mensch/);
    assert.equal((await fetch(`${info.url}/dh-kit.nothing-here.js`)).status, 404);
    // The demo heads are published: their summary and a launch URL are there.
    const head = await (await fetch(`${info.url}/dh/heads/${info.demoHeads!.chat}`)).json();
    assert.equal(head.name, 'Ava');
    const launch = await (
      await fetch(`${info.url}/dh/heads/${info.demoHeads!.stream}/launch?view=stream`)
    ).json();
    const page = await fetch(new URL(launch.url, info.url));
    assert.equal(page.status, 200, 'the redirect lands on the simulator stream page');
    assert.doesNotMatch(
      await page.text(),
      /splitter-warning/,
      'the streaming demo head has its splitter off',
    );
    // An admin route answers without a token (open on loopback): the demo head's webhook, to this proxy.
    const hooks = await fetch(`${info.url}/dh/webhooks?headId=${info.demoHeads!.chat}`);
    assert.equal(hooks.status, 200);
    const { items } = (await hooks.json()) as {
      items: { webhookUrl: string; startConversation: boolean; sharedKeySet: boolean }[];
    };
    assert.equal(items.length, 1);
    assert.equal(items[0]!.webhookUrl, `${info.url}/dh/hooks/events`);
    assert.equal(items[0]!.startConversation, true);
    // The demo's weeks of simulated conversations (demo-insights.ts): the insights show something.
    const seeded = (await (
      await fetch(`${info.url}/dh/insights?head=${info.demoHeads!.chat}`)
    ).json()) as { days: { sessionsStarted: number }[] };
    assert.ok(
      seeded.days.filter((d) => d.sessionsStarted > 0).length >= 28,
      `28 days of sessions: ${JSON.stringify(seeded.days)}`,
    );
  } finally {
    await s.stop();
  }
});

test("a head made in the demo is still there after a restart (the simulator's state file); --fresh starts empty", {
  timeout: 120_000,
}, async () => {
  const data = join(ownTmp(), 'state', 'sim.json');
  const lists = join(ownTmp(), 'state', 'proxy.json');
  // One port for every start, as `npm start` keeps PORT: the demo heads' webhooks are not doubled.
  const env = cleanEnv({
    DH_SIM_DATA: data,
    DH_PROXY_DATA: lists,
    PORT: String(await freePort()),
  });
  const first = await start(env);
  let headId: string;
  try {
    const { url } = first.info;
    const face = (await (await fetch(`${url}/dh/faces?take=1`)).json()).items[0];
    const voice = (await (await fetch(`${url}/dh/voices`)).json()).items[0];
    const created = await fetch(`${url}/dh/heads`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-dh-kit': '1' },
      body: JSON.stringify({
        name: 'Nora',
        headVisualId: face.id,
        ttsVoice: voice.voiceId,
        language: 'en-US',
        operationMode: 'oc',
      }),
    });
    assert.equal(created.status, 201, await created.clone().text());
    headId = (await created.json()).id;
    assert.ok(existsSync(data), 'the state file is written');
    // The owner allows the page where the code is pasted (kept in the proxy's kept lists).
    const allowed = await fetch(`${url}/dh/origins`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-dh-kit': '1' },
      body: JSON.stringify({ origin: 'https://cms.example' }),
    });
    assert.equal(allowed.status, 201);
  } finally {
    await first.stop();
  }

  const second = await start(env);
  try {
    const { url, demoHeads } = second.info;
    await second.said(/The simulator has its 3 head\(s\) back from .*sim\.json/);
    const head = await fetch(`${url}/dh/heads/${headId}`);
    assert.equal(head.status, 200, 'the copied head id still answers');
    assert.equal((await head.json()).name, 'Nora');
    const launch = await (await fetch(`${url}/dh/heads/${headId}/launch`)).json();
    assert.equal((await fetch(new URL(launch.url, url))).status, 200, 'and its chat page opens');
    assert.deepEqual(demoHeads, first.info.demoHeads, 'the demo heads are the same');
    const hooks = await (await fetch(`${url}/dh/webhooks?headId=${demoHeads!.chat}`)).json();
    assert.equal(hooks.items.length, 1, 'one webhook per demo head, not one per start');
    // What the owner changed on the proxy is there too: the allowed origin, the studio's list.
    const origins = await (await fetch(`${url}/dh/origins`)).json();
    assert.deepEqual(origins.added, ['https://cms.example']);
    const cors = await fetch(`${url}/dh/health`, { headers: { origin: 'https://cms.example' } });
    assert.equal(cors.headers.get('access-control-allow-origin'), 'https://cms.example');
    const made = await (await fetch(`${url}/dh/heads`)).json();
    assert.deepEqual(
      made.items.map((h: { id: string }) => h.id),
      [headId],
    );
  } finally {
    await second.stop();
  }

  const fresh = await start(env, ['--fresh']);
  try {
    await fresh.said(
      /Starting the simulator empty \(--fresh\): its old state is in .*sim\.json\.previous/,
    );
    assert.equal((await fetch(`${fresh.info.url}/dh/heads/${headId}`)).status, 404);
    assert.notDeepEqual(fresh.info.demoHeads, first.info.demoHeads);
    assert.ok(existsSync(`${data}.previous`), 'the old state is kept beside, not lost');
  } finally {
    await fresh.stop();
  }
});

test('a corrupt state file is set aside with one line, and the demo starts', {
  timeout: 60_000,
}, async () => {
  const dir = ownTmp();
  const data = join(dir, 'sim.json');
  writeFileSync(data, 'not json at all');
  const s = await start(cleanEnv({ DH_SIM_DATA: data }));
  try {
    await s.said(
      /state file .*sim\.json could not be read \(not JSON\): set aside as .*sim\.json\.corrupt-/,
    );
    assert.equal((await fetch(`${s.info.url}/dh/heads/${s.info.demoHeads!.chat}`)).status, 200);
    assert.ok(
      readdirSync(dir).some((f) => f.startsWith('sim.json.corrupt-')),
      'the corrupt file is set aside, not deleted',
    );
  } finally {
    await s.stop();
  }
});

test('dh-kit start with DH_EMAIL, DH_SECRET_KEY and the platform URLs runs against that platform (and needs DH_SIGNING_SECRET)', {
  timeout: 60_000,
}, async () => {
  const platform = await startSimulator();
  const tmp = ownTmp();
  try {
    const credentials = {
      ...platformEnv(platform.info),
      HOST: '127.0.0.1',
      TMPDIR: tmp,
    };
    // Without a signing secret, links would break on a restart and between instances: refused.
    const refused = spawn(process.execPath, [bin, 'start'], {
      env: cleanEnv(credentials),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let said = '';
    refused.stderr!.on('data', (d) => (said += d));
    const [code] = await once(refused, 'exit');
    assert.equal(code, 2);
    assert.match(said, /DH_SIGNING_SECRET is required with DH_EMAIL and DH_SECRET_KEY/);
    assert.doesNotMatch(said, /^\s+at /m, 'no stack trace');

    const s = await start(cleanEnv({ ...credentials, DH_SIGNING_SECRET: 'k'.repeat(40) }));
    try {
      assert.equal(s.info.mode, 'platform');
      assert.equal(s.info.demoHeads, undefined, 'no demo heads are made on a real platform');
      await s.said(
        new RegExp(
          `running against the platform at ${platform.info.baseUrl.replace(/[.]/g, '\\.')}`,
        ),
      );
      assert.deepEqual(await (await fetch(`${s.info.url}/dh/health`)).json(), {
        ok: true,
        mode: 'platform',
        version: PACKAGE_VERSION,
      });
      const faces = (await (await fetch(`${s.info.url}/dh/faces?take=5`)).json()) as {
        items: { id: string }[];
        total: number;
      };
      assert.equal(faces.total, platform.store.faces.length);
      assert.deepEqual(
        faces.items.map((f) => f.id),
        platform.store.faces.slice(0, 5).map((f) => f.id),
      );
      assert.ok(
        platform.store.requests.some((r) => r.path === '/head_visual/face/all'),
        'the faces came from the platform',
      );
      assert.equal(platform.store.tokensIssued, 1, 'logged in with DH_EMAIL and DH_SECRET_KEY');
      // Admin routes are closed without DH_ADMIN_TOKEN against a platform.
      assert.equal((await fetch(`${s.info.url}/dh/webhooks?headId=x`)).status, 403);
      // No discovery file: real credentials are never written to disk.
      assert.ok(
        !readdirSync(tmp).includes('dh-kit-sim.json'),
        'no discovery file is written next to real credentials',
      );
    } finally {
      await s.stop();
    }
  } finally {
    await platform.close();
  }
});

test('a simulator time-out no longer than its inactivity warning stops npm start with a message naming the variables (exit 2)', async () => {
  const child = spawn(process.execPath, [bin, 'start'], {
    env: cleanEnv({ DH_SIM_TIMEOUT_MS: '5000', DH_SIM_INACTIVITY_MS: '5000' }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  const [code] = await once(child, 'exit');
  assert.equal(code, 2);
  assert.match(
    stderr,
    /DH_SIM_TIMEOUT_MS \(5000\) must be longer than DH_SIM_INACTIVITY_MS \(5000\)/,
  );
  assert.doesNotMatch(stderr, /^\s+at /m, 'no stack trace');
  assert.doesNotMatch(stderr, /RangeError/);
});

test("start's own variables are parsed with zod; a wrong value names the variable", () => {
  assert.deepEqual(parseStartConfig({}), {
    demoHead: undefined,
    demoStreamHead: undefined,
    host: undefined,
    log: true,
    simInactivityMs: undefined,
    simTimeoutMs: undefined,
    simTalkDelayMs: undefined,
    // The simulator's state file, in the folder it starts in.
    simData: join(process.cwd(), '.dh-kit', 'sim.json'),
    proxyData: join(process.cwd(), '.dh-kit', 'proxy.json'),
  });
  assert.deepEqual(
    parseStartConfig({
      DH_DEMO_HEAD: 'head-1',
      DH_DEMO_STREAM_HEAD: 'head_2',
      HOST: '0.0.0.0',
      DH_LOG: 'off',
      DH_SIM_INACTIVITY_MS: '5000',
      DH_SIM_TIMEOUT_MS: '9000',
      DH_SIM_TALK_DELAY_MS: '500',
      DH_SIM_DATA: 'off',
      DH_PROXY_DATA: 'off',
    }),
    {
      demoHead: 'head-1',
      demoStreamHead: 'head_2',
      host: '0.0.0.0',
      log: false,
      simInactivityMs: 5000,
      simTimeoutMs: 9000,
      simTalkDelayMs: 500,
      simData: undefined,
      proxyData: undefined,
    },
  );
  assert.equal(parseStartConfig({ DH_LOG: '', HOST: ' ' }).log, true, 'an empty variable is unset');
  assert.throws(() => parseStartConfig({ DH_DEMO_HEAD: '../etc' }), /DH_DEMO_HEAD is a head id/);
  assert.throws(
    () => parseStartConfig({ DH_DEMO_STREAM_HEAD: 'a b' }),
    /DH_DEMO_STREAM_HEAD is a head id/,
  );
  assert.throws(() => parseStartConfig({ HOST: 'http://x' }), /HOST is an address/);
  assert.throws(() => parseStartConfig({ DH_LOG: 'quiet' }), /DH_LOG is on or off/);
  assert.throws(
    () => parseStartConfig({ DH_SIM_INACTIVITY_MS: 'soon' }),
    /DH_SIM_INACTIVITY_MS must be a whole number of milliseconds/,
  );
  assert.throws(
    () => parseStartConfig({ DH_SIM_TIMEOUT_MS: '0' }),
    /DH_SIM_TIMEOUT_MS must be 1 ms or more/,
  );
  // Against the simulator's defaults (warning 60 s, time-out 120 s).
  assert.throws(
    () => parseStartConfig({ DH_SIM_TIMEOUT_MS: '30000' }),
    /DH_SIM_TIMEOUT_MS \(30000\) must be longer than DH_SIM_INACTIVITY_MS \(60000, the default\)/,
  );
  assert.throws(
    () => parseStartConfig({ DH_SIM_INACTIVITY_MS: '120000' }),
    /DH_SIM_TIMEOUT_MS \(120000, the default\) must be longer than DH_SIM_INACTIVITY_MS \(120000\)/,
  );
});

test("HOST=0.0.0.0: the demo heads' webhooks reach the proxy on loopback (the simulator takes http only there)", () => {
  assert.equal(loopbackUrl('http://0.0.0.0:8811'), 'http://127.0.0.1:8811');
  assert.equal(loopbackUrl('http://[::]:8811'), 'http://[::1]:8811');
  assert.equal(loopbackUrl('http://127.0.0.1:8811'), 'http://127.0.0.1:8811');
  assert.equal(loopbackUrl('http://localhost:8811'), 'http://localhost:8811');
});

test('a failure after the server started (the demo webhooks) stops the proxy and the simulator', {
  timeout: 60_000,
}, async () => {
  const saved = { ...process.env };
  const createWebhook = PlatformClient.prototype.createWebhook;
  const servers = () =>
    process.getActiveResourcesInfo().filter((r) => r === 'TCPServerWrap').length;
  const before = servers();
  const tmp = ownTmp();
  const env = cleanEnv({ TMPDIR: tmp, DH_SIGNING_SECRET: 'start-test-signing-secret-0123456789' });
  for (const k of Object.keys(process.env)) if (!(k in env)) delete process.env[k];
  Object.assign(process.env, env);
  PlatformClient.prototype.createWebhook = () =>
    Promise.reject(new Error('the platform refused the webhook'));
  try {
    const lines: string[] = [];
    const code = await main(['start'], { out: (l) => lines.push(l), err: (l) => lines.push(l) });
    assert.equal(code, 1);
    assert.match(lines.join('\n'), /dh-kit start: the platform refused the webhook/);
    // Closed handles leave the list a tick later.
    for (let i = 0; i < 2000 && servers() > before; i++)
      await new Promise((r) => setTimeout(r, 10));
    assert.equal(servers(), before, 'no server is left listening');
    assert.ok(!existsSync(join(tmp, 'dh-kit-sim.json')), 'the simulator is no longer advertised');
  } finally {
    PlatformClient.prototype.createWebhook = createWebhook;
    for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
    Object.assign(process.env, saved);
  }
});

test('configuration errors name the variable to fix', () => {
  assert.throws(() => parseConfig({ DH_EMAIL: 'a@b.c' }), /DH_SECRET_KEY is missing/);
  assert.throws(
    () => parseConfig({ DH_EMAIL: 'a@b.c', DH_SECRET_KEY: 'k' }),
    /DH_BASE_URL is required/,
  );
  assert.throws(
    () => parseConfig({ DH_RATE_LIMIT: 'many' }),
    /DH_RATE_LIMIT must be a whole number/,
  );
  assert.throws(() => parseConfig({ DH_SIGNING_SECRET: 'short' }), /at least 32 characters/);
  assert.throws(
    () => parseConfig({ DH_BASE_URL: 'ftp://x' }),
    /DH_BASE_URL must be an http\(s\) URL/,
  );
  const c = parseConfig({ DH_ADMIN_TOKEN: '', DH_PUBLIC_HEADS: 'a, b', DH_RATE_LIMIT: '0' });
  assert.equal(c.mode, 'simulator');
  assert.equal(c.adminToken, undefined, 'an empty variable is unset');
  assert.deepEqual(c.publicHeads, ['a', 'b']);
  assert.equal(c.rateLimit, 0);
});
