/**
 * The proxy part of `npm run bench`: the Node server (`startProxyServer`, as `dh-kit start` runs
 * it) in front of the simulator, both on the TypeScript sources through tsx, each in a child
 * process of its own; the load comes from this process (autocannon's programmatic API), so a
 * server never shares its CPU with the load generator, and the bare server gets the same
 * arrangement as the proxy.
 *
 *   cached     GET /dh/faces?take=24 with 32 keep-alive connections: req/s, p50, p99, next to a
 *              bare node:http server answering the proxy's own bytes and headers (interleaved runs)
 *   cross-origin  the same, as a CMS page's visitors ask it: `Origin` of a listed site and
 *              `Accept-Encoding`, so CORS and compression are both on the path
 *   uncached   GET /dh/heads/:id/videos (admin; always a platform call) next to the same call
 *              made straight to the simulator: p50 of sequential requests on one connection
 *   stampede   a fresh proxy (no token, no catalogue), 500 concurrent GET /dh/faces?take=24 from 50 addresses: all
 *              answered alike, one token request and one catalogue request reach the simulator
 *   soak       10,000 requests of a browser-like mix while ~10 % of the simulator's answers are
 *              faults (5xx, 429, late past the client's timeout, malformed): no crash, no hung
 *              request, every answer 2xx/304 or `{error: {code, message}}`, heap after ≈ before
 *
 * The proxies run with the rate limit on (set high enough never to answer 429: its cost is
 * measured, not its refusals) and the request log on (to /dev/null), as `dh-kit start` does.
 * Heap figures come from the proxy child over its IPC channel after a forced GC (`--expose-gc`):
 * the hook lives in this script, never in the proxy's code.
 *
 *   node scripts/bench-proxy.mjs [--quick]   prints a table, exits 1 when a target is missed
 *   DH_BENCH_RUNS (runs per figure, default 3), DH_BENCH_PORT (first of 7 ports, default 8900)
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { Agent, createServer, request as httpRequest } from 'node:http';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { spread } from './bench-stats.mjs';

const here = fileURLToPath(import.meta.url);
const root = fileURLToPath(new URL('..', import.meta.url));

export const PROXY_TARGETS = {
  /** The proxy's cached catalogue page, req/s, at least this share of the bare server's. */
  throughputRatio: 0.5,
  /** Its p99 at most this multiple of the bare server's p99… */
  p99Ratio: 2,
  /** …which counts as at least this many ms (autocannon's histogram has 1 ms steps). */
  p99FloorMs: 1,
  stampedeRequests: 500,
  stampedeTokenCalls: 1,
  stampedeCatalogueCalls: 1,
  soakRequests: 10_000,
  /** The share of the simulator's answers that are faults during the soak. */
  soakFaultRate: 0.1,
  /** Heap used after the soak at most this much above before it (both after a forced GC). */
  soakHeapGrowth: 0.1,
};

const PREFIX = '/dh';
const SIGNING = 'bench-signing-secret-0123456789abcdef';
const CALLBACK = 'bench-callback-secret-0123456789abcdef';
const ADMIN = 'bench-admin-token-0123456789';
/** A browser's request for a catalogue page (the bare server answers what the proxy answered to it). */
const BROWSER = {
  accept: 'application/json',
  'accept-encoding': 'gzip, deflate, br',
  'user-agent': 'dh-kit-bench',
};
const CATALOGUE = `${PREFIX}/faces?take=24`;
/** A CMS page on another origin, listed in DH_ALLOWED_ORIGINS: its visitors' browsers send `Origin`. */
const SITE = 'https://cms.bench.example';
const CROSS_ORIGIN = { ...BROWSER, origin: SITE };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ── Children ───────────────────────────────────────────────────────────────────────────────────

/** Starts this file as a child (`sim`, `proxy` or `bare`) and waits for its `ready` message. */
async function startChild(kind, spec) {
  const child = fork(here, ['--child', kind], {
    cwd: root,
    execArgv: kind === 'bare' ? ['--expose-gc'] : ['--import', 'tsx', '--expose-gc'],
    env: { ...process.env, DH_BENCH_CHILD: JSON.stringify(spec) },
    // The proxy's request log goes to /dev/null, as a server's log goes to a collector.
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const exited = once(child, 'exit');
  const [ready] = await Promise.race([
    once(child, 'message'),
    exited.then(([code]) =>
      Promise.reject(
        new Error(`the ${kind} child exited (${code}) before it was ready:\n${stderr}`),
      ),
    ),
  ]);
  const ask = (type) =>
    new Promise((resolve) => {
      const answer = (m) => m.type === type && (child.off('message', answer), resolve(m));
      child.on('message', answer);
      child.send({ type });
    });
  return {
    ...ready,
    child,
    stderr: () => stderr,
    exitCode: () => child.exitCode ?? child.signalCode,
    heapUsed: async () => (await ask('heap')).heapUsed,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}

async function runChild(kind) {
  const spec = JSON.parse(process.env.DH_BENCH_CHILD ?? '{}');
  // Bench-only hooks, over the IPC channel: heap used after a forced GC.
  process.on('message', (m) => {
    if (m.type !== 'heap') return;
    for (let i = 0; i < 3; i++) globalThis.gc();
    process.send({ type: 'heap', heapUsed: process.memoryUsage().heapUsed });
  });
  process.on('SIGTERM', () => process.exit(0));
  if (kind === 'sim') {
    const { startSimulator } = await import('../src/sim/index.ts');
    const sim = await startSimulator({ port: spec.port, talkDelayMs: 0 });
    // A head with a few videos, for the head, launch and videos routes.
    const json = { 'content-type': 'application/json', accept: 'application/json' };
    const login = await sim.app.request('/api/auth/token', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: sim.info.email, secretKey: sim.info.secretKey }),
    });
    const auth = { ...json, authorization: `Bearer ${(await login.json()).token}` };
    const voice = sim.store.voices.find((v) => v.provider === 'azure');
    const created = await sim.app.request('/api/head/create', {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({
        headVisualId: sim.store.faces[0].id,
        name: 'Bench',
        language: 'en-US',
        operationMode: 'oc',
        ttsProvider: voice.provider,
        ttsVoice: voice.voiceId,
        greetings: 'Hello!',
      }),
    });
    const { id: headId } = await created.json();
    for (const text of ['Welcome to the shop.', 'Our opening hours.', 'How returns work.']) {
      await sim.app.request('/api/head/text-to-video', {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ id: headId, text }),
      });
    }
    process.send({ type: 'ready', info: sim.info, headId });
  } else if (kind === 'proxy') {
    const { parseConfig } = await import('../src/proxy/config.ts');
    const { startProxyServer } = await import('../src/proxy/node.ts');
    const { PlatformClient } = await import('../src/platform/client.ts');
    const config = parseConfig(spec.env);
    const warnings = [];
    const server = await startProxyServer({
      config,
      // The client the proxy makes for itself, with a shorter timeout in the soak (its faults
      // include answers later than that).
      platform: new PlatformClient({
        ...config.platform,
        ...(spec.timeoutMs ? { timeoutMs: spec.timeoutMs } : {}),
      }),
      // Platform failures are the soak's point: counted, not printed (stderr is for crashes).
      warn: (m) => warnings.push(m.split('\n')[0]),
    });
    process.on(
      'message',
      (m) =>
        m.type === 'warnings' &&
        process.send({
          type: 'warnings',
          count: warnings.length,
          first: [...new Set(warnings)].slice(0, 5),
        }),
    );
    process.send({ type: 'ready', url: server.url });
  } else if (kind === 'bare') {
    const body = Buffer.from(spec.body, 'base64');
    const server = createServer((req, res) => {
      // What the proxy does for any request, at the least: read it to its end.
      req.resume();
      res.writeHead(spec.status, spec.headers);
      res.end(body);
    });
    server.listen(spec.port, '127.0.0.1', () =>
      process.send({ type: 'ready', url: `http://127.0.0.1:${spec.port}` }),
    );
  }
}

function proxySpec(sim, port, extra = {}) {
  return {
    env: {
      DH_EMAIL: sim.info.email,
      DH_SECRET_KEY: sim.info.secretKey,
      DH_BASE_URL: sim.info.baseUrl,
      DH_CHAT_URL: sim.info.chatUrl,
      DH_STREAM_URL: sim.info.streamUrl,
      DH_SIGNING_SECRET: SIGNING,
      DH_CALLBACK_SECRET: CALLBACK,
      DH_ADMIN_TOKEN: ADMIN,
      DH_PUBLIC_HEADS: '*',
      DH_RATE_LIMIT: '1000000000',
      DH_PREFIX: PREFIX,
      DH_ALLOWED_ORIGINS: SITE,
      PORT: String(port),
    },
    ...extra,
  };
}

// ── HTTP helpers ───────────────────────────────────────────────────────────────────────────────

/** One request; resolves `{status, headers, rawHeaders, body}` (body a Buffer), or `{hung: true}` after `timeoutMs`. */
function get(
  url,
  { headers = {}, agent, timeoutMs = 30_000, method = 'GET', body, localAddress } = {},
) {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers, agent, localAddress }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode,
          headers: res.headers,
          rawHeaders: res.rawHeaders,
          body: Buffer.concat(chunks),
        }),
      );
      res.on('error', reject);
    });
    req.setTimeout(timeoutMs, () => {
      req.destroy();
      resolve({ hung: true });
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function simRequests(sim, path) {
  const res = await get(`${sim.info.baseUrl}/_sim/requests?path=${encodeURIComponent(path)}`);
  return JSON.parse(res.body.toString()).length;
}

function load(url, { seconds, connections = 32, headers = BROWSER }) {
  return autocannon({ url, connections, duration: seconds, headers });
}

// ── The four measurements ──────────────────────────────────────────────────────────────────────

/** Cached catalogue page: the proxy next to a bare node:http server answering its bytes. */
async function cached({ sim, ports, runs, seconds, log, headers = BROWSER, label = 'cached' }) {
  const proxy = await startChild('proxy', proxySpec(sim, ports.proxy));
  let bare;
  try {
    const sample = await get(`${proxy.url}${CATALOGUE}`, { headers });
    if (sample.status !== 200)
      throw new Error(`GET ${CATALOGUE} answered ${sample.status}: ${sample.body}`);
    if (headers.origin && sample.headers['access-control-allow-origin'] !== headers.origin) {
      throw new Error(
        `GET ${CATALOGUE} from ${headers.origin} has no CORS answer (access-control-allow-origin: ${sample.headers['access-control-allow-origin']})`,
      );
    }
    const answered = {};
    for (let i = 0; i < sample.rawHeaders.length; i += 2) {
      const name = sample.rawHeaders[i].toLowerCase();
      if (!['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name))
        answered[name] = sample.rawHeaders[i + 1];
    }
    bare = await startChild('bare', {
      port: ports.bare,
      status: sample.status,
      headers: answered,
      body: sample.body.toString('base64'),
    });
    const check = await get(`${bare.url}${CATALOGUE}`, { headers });
    if (!check.body.equals(sample.body))
      throw new Error("the bare server does not answer the proxy's bytes");
    // Warm both (JIT, connections), then alternate, so a machine's drift hits both alike.
    await load(`${proxy.url}${CATALOGUE}`, { seconds: 1, headers });
    await load(`${bare.url}${CATALOGUE}`, { seconds: 1, headers });
    const samples = { proxy: [], bare: [] };
    for (let run = 0; run < runs; run++) {
      for (const [name, server] of [
        ['proxy', proxy],
        ['bare', bare],
      ]) {
        const r = await load(`${server.url}${CATALOGUE}`, { seconds, headers });
        const failed = r.errors + r.timeouts + r.non2xx;
        if (failed)
          throw new Error(
            `${name}: ${failed} of ${r.requests.total} requests failed (${r.errors} errors, ${r.timeouts} timeouts, ${r.non2xx} non-2xx)`,
          );
        samples[name].push({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 });
        log?.(
          `  ${label} ${name} run ${run + 1}: ${Math.round(r.requests.average)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms`,
        );
      }
    }
    const figures = (list) => ({
      rps: spread(list.map((s) => s.rps)),
      p50: spread(list.map((s) => s.p50)),
      p99: spread(list.map((s) => s.p99)),
    });
    const p = figures(samples.proxy);
    const b = figures(samples.bare);
    const p99Floored = b.p99.median < PROXY_TARGETS.p99FloorMs;
    return {
      origin: headers.origin ?? null,
      bytes: sample.body.length,
      contentEncoding: sample.headers['content-encoding'] ?? null,
      connections: 32,
      seconds,
      proxy: p,
      bare: b,
      // Each proxy run over the bare run right after it (a drift of the machine hits a pair alike), the median pair.
      throughputRatio: spread(samples.proxy.map((s, i) => s.rps / samples.bare[i].rps)).median,
      throughputRatios: samples.proxy.map((s, i) => s.rps / samples.bare[i].rps),
      p99Ratio: p.p99.median / Math.max(b.p99.median, PROXY_TARGETS.p99FloorMs),
      p99Floored,
    };
  } finally {
    await bare?.stop();
    await proxy.stop();
  }
}

/** Median latency of `count` sequential requests on one keep-alive connection, in ms (µs precision). */
async function sequentialP50(url, headers, count) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const times = [];
  try {
    for (let i = 0; i < count; i++) {
      const t = performance.now();
      const res = await get(url, { headers, agent });
      times.push(performance.now() - t);
      if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${res.body}`);
    }
  } finally {
    agent.destroy();
  }
  return spread(times).median;
}

/** An uncached route through the proxy next to the same platform call made straight to the simulator. */
async function uncached({ sim, ports, runs, count, log }) {
  const proxy = await startChild('proxy', proxySpec(sim, ports.proxy));
  try {
    const login = await get(`${sim.info.baseUrl}/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: sim.info.email, secretKey: sim.info.secretKey }),
    });
    const token = JSON.parse(login.body.toString()).token;
    const viaProxy = [
      `${proxy.url}${PREFIX}/heads/${sim.headId}/videos?take=12`,
      { accept: 'application/json', authorization: `Bearer ${ADMIN}` },
    ];
    const direct = [
      `${sim.info.baseUrl}/head/talks/${sim.headId}?order=DESC&page=1&take=12`,
      { accept: 'application/json', authorization: `Bearer ${token}` },
    ];
    await sequentialP50(...viaProxy, Math.min(count, 200));
    await sequentialP50(...direct, Math.min(count, 200));
    const samples = { proxy: [], direct: [] };
    for (let run = 0; run < runs; run++) {
      samples.proxy.push(await sequentialP50(...viaProxy, count));
      samples.direct.push(await sequentialP50(...direct, count));
      log?.(
        `  uncached run ${run + 1}: proxy p50 ${samples.proxy.at(-1).toFixed(3)} ms, simulator ${samples.direct.at(-1).toFixed(3)} ms`,
      );
    }
    const p = spread(samples.proxy);
    const d = spread(samples.direct);
    return {
      route: `GET ${PREFIX}/heads/:id/videos → GET /head/talks/:id`,
      requests: count,
      proxyP50: p,
      directP50: d,
      overheadMs: p.median - d.median,
    };
  } finally {
    await proxy.stop();
  }
}

/** A fresh proxy, 500 concurrent cold requests for the same catalogue page. */
async function stampede({ sim, ports }) {
  const before = {
    token: await simRequests(sim, '/auth/token'),
    catalogue: await simRequests(sim, '/head_visual/face/all'),
  };
  const proxy = await startChild('proxy', proxySpec(sim, ports.stampede));
  const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
  try {
    const t = performance.now();
    // Many visitors: 50 addresses (127.0.0.2 …) of the loopback /8, 10 requests each, as the Node
    // server caps the connections one address may hold.
    const answers = await Promise.all(
      Array.from({ length: PROXY_TARGETS.stampedeRequests }, (_, i) =>
        get(`${proxy.url}${CATALOGUE}`, {
          headers: BROWSER,
          agent,
          localAddress: `127.0.0.${2 + (i % 50)}`,
        }),
      ),
    );
    const ms = performance.now() - t;
    const statuses = {};
    for (const a of answers)
      statuses[a.hung ? 'hung' : a.status] = (statuses[a.hung ? 'hung' : a.status] ?? 0) + 1;
    const bodies = new Set(answers.map((a) => a.body?.toString('base64')));
    return {
      requests: answers.length,
      ms,
      statuses,
      ok: answers.filter((a) => a.status === 200).length,
      distinctBodies: bodies.size,
      tokenCalls: (await simRequests(sim, '/auth/token')) - before.token,
      catalogueCalls: (await simRequests(sim, '/head_visual/face/all')) - before.catalogue,
    };
  } finally {
    agent.destroy();
    await proxy.stop();
  }
}

/** A deterministic pseudo-random source (mulberry32), so every soak sends the same mix. */
function seeded(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** What browsers and a back office send, weighted; `{path, admin}`. */
function soakMix(headId, random) {
  const faces = [
    '?take=24',
    '?take=24&page=2',
    '?take=24&page=3',
    '?take=12&gender=FEMALE',
    '?take=12&gender=MALE&order=DESC',
    '?take=24&q=an',
    '?take=24&q=zz',
    '?take=48',
    '?order=DESC&take=24',
  ];
  const voices = [
    '',
    '?locale=en',
    '?locale=en-GB&gender=FEMALE',
    '?provider=azure',
    '?streaming=true',
    '?q=english&take=20',
    '?take=20&page=2',
  ];
  // Unknown ids too (a stale embed, a typo): each one a platform call until its 404 is remembered.
  const heads = [
    headId,
    headId,
    headId,
    ...Array.from({ length: 20 }, (_, i) => `no-such-head-${i}`),
  ];
  const pick = (list) => list[Math.floor(random() * list.length)];
  const kinds = [
    [30, () => ({ path: `/faces${pick(faces)}`, revalidate: random() < 0.3 })],
    [14, () => ({ path: `/voices${pick(voices)}`, revalidate: random() < 0.3 })],
    [16, () => ({ path: `/heads/${pick(heads)}` })],
    [12, () => ({ path: `/heads/${headId}/launch?view=${random() < 0.5 ? 'chat' : 'stream'}` })],
    [
      18,
      () => ({
        path: `/heads/${headId}/videos?take=12&page=${1 + Math.floor(random() * 2)}`,
        admin: true,
      }),
    ],
    [5, () => ({ path: '/health' })],
    // A few bad inputs, which the edge answers 400.
    [
      5,
      () => ({
        path: pick([
          '/faces?take=abc',
          '/faces?gender=OTHER',
          '/heads/bad%20id',
          '/voices?streaming=maybe',
        ]),
      }),
    ],
  ];
  const total = kinds.reduce((s, [w]) => s + w, 0);
  return () => {
    let r = random() * total;
    for (const [w, make] of kinds) if ((r -= w) < 0) return make();
    return kinds[0][1]();
  };
}

/** Sends `count` requests of the mix, `concurrency` at a time; classifies every answer. */
async function sendMix({ url, next, count, concurrency, tally, etags }) {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  let left = count;
  const worker = async () => {
    while (left-- > 0) {
      const r = next();
      const headers = {
        accept: 'application/json',
        ...(r.admin ? { authorization: `Bearer ${ADMIN}` } : {}),
      };
      if (r.revalidate && etags.has(r.path)) headers['if-none-match'] = etags.get(r.path);
      let res;
      try {
        res = await get(`${url}${PREFIX}${r.path}`, { headers, agent, timeoutMs: 30_000 });
      } catch (err) {
        tally.transportErrors.push(`${r.path}: ${err.code ?? err.message}`);
        continue;
      }
      tally.requests++;
      if (res.hung) {
        tally.hung.push(r.path);
        continue;
      }
      tally.statuses[res.status] = (tally.statuses[res.status] ?? 0) + 1;
      if (res.headers.etag) etags.set(r.path, res.headers.etag);
      if ((res.status >= 200 && res.status < 300) || res.status === 304) continue;
      let error;
      try {
        error = JSON.parse(res.body.toString()).error;
      } catch {}
      const json = /^application\/json\b/.test(res.headers['content-type'] ?? '');
      if (
        !json ||
        typeof error?.code !== 'string' ||
        typeof error?.message !== 'string' ||
        error.code === 'internal'
      ) {
        tally.unmapped.push(`${res.status} ${r.path}: ${res.body.toString().slice(0, 120)}`);
      } else {
        tally.codes[`${res.status} ${error.code}`] =
          (tally.codes[`${res.status} ${error.code}`] ?? 0) + 1;
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: concurrency }, worker));
  } finally {
    agent.destroy();
  }
}

/** 10,000 requests while ~10 % of the simulator's answers are faults; the proxy's heap before and after. */
async function soak({ sim, ports, requests, log }) {
  const timeoutMs = 1_000;
  const proxy = await startChild('proxy', proxySpec(sim, ports.soak, { timeoutMs }));
  const faultsUrl = `${sim.info.baseUrl}/_sim/faults`;
  const json = { 'content-type': 'application/json' };
  // Each drawn in turn for each upstream request (so their shares add up to ≈ 10 %).
  const faults = [
    { path: '/**', rate: 0.03, status: 503 },
    {
      path: '/**',
      rate: 0.02,
      status: 500,
      body: '<html><body>Internal Server Error</body></html>',
      headers: { 'content-type': 'text/html' },
    },
    { path: '/**', rate: 0.01, status: 429, headers: { 'retry-after': '1' } },
    { path: '/**', rate: 0.02, delayMs: timeoutMs + 500 },
    { path: '/**', rate: 0.02, malformed: true },
  ];
  const tally = {
    requests: 0,
    statuses: {},
    codes: {},
    unmapped: [],
    hung: [],
    transportErrors: [],
  };
  const etags = new Map();
  const next = soakMix(sim.headId, seeded(15));
  try {
    for (const f of faults) {
      const res = await get(faultsUrl, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ ...f, times: 0 }),
      });
      if (res.status !== 201)
        throw new Error(`the simulator refused a fault (${res.status}): ${res.body}`);
    }
    const logBefore = JSON.parse(
      (await get(`${sim.info.baseUrl}/_sim/requests`)).body.toString(),
    ).length;
    // Warm-up with the same mix: caches filled, code paths compiled, before the first heap figure.
    const warmTally = {
      requests: 0,
      statuses: {},
      codes: {},
      unmapped: [],
      hung: [],
      transportErrors: [],
    };
    await sendMix({
      url: proxy.url,
      next,
      count: Math.round(requests / 5),
      concurrency: 16,
      tally: warmTally,
      etags,
    });
    await sleep(timeoutMs * 3);
    const heapBefore = await proxy.heapUsed();
    const t = performance.now();
    await sendMix({ url: proxy.url, next, count: requests, concurrency: 16, tally, etags });
    const ms = performance.now() - t;
    // Let retries and late upstream answers settle before the second figure.
    await sleep(timeoutMs * 3);
    const heapAfter = await proxy.heapUsed();
    const logAll = JSON.parse((await get(`${sim.info.baseUrl}/_sim/requests`)).body.toString());
    const upstream = logAll.slice(logBefore);
    // Late and malformed answers are 200s in the simulator's log: these are the error statuses only.
    const failedUpstream = upstream.filter((r) => r.status >= 400).length;
    const warnings = await new Promise((resolve) => {
      proxy.child.once('message', (m) => m.type === 'warnings' && resolve(m));
      proxy.child.send({ type: 'warnings' });
    });
    log?.(
      `  soak: ${tally.requests} requests in ${(ms / 1000).toFixed(1)} s, statuses ${JSON.stringify(tally.statuses)}`,
    );
    return {
      requests: tally.requests,
      warmUpRequests: warmTally.requests,
      seconds: ms / 1000,
      statuses: tally.statuses,
      errorCodes: tally.codes,
      unmapped: [...warmTally.unmapped, ...tally.unmapped].slice(0, 20),
      unmappedCount: warmTally.unmapped.length + tally.unmapped.length,
      hung: warmTally.hung.length + tally.hung.length,
      transportErrors: [...warmTally.transportErrors, ...tally.transportErrors].slice(0, 20),
      transportErrorCount: warmTally.transportErrors.length + tally.transportErrors.length,
      upstreamCalls: upstream.length,
      upstreamErrorAnswers: failedUpstream,
      proxyWarnings: warnings.count,
      proxyWarningSamples: warnings.first,
      crashed: proxy.exitCode() !== null,
      exitCode: proxy.exitCode(),
      stderr: proxy.stderr().slice(0, 2000),
      heapBefore,
      heapAfter,
      heapGrowth: (heapAfter - heapBefore) / heapBefore,
    };
  } finally {
    await get(faultsUrl, { method: 'DELETE' }).catch(() => undefined);
    await proxy.stop();
  }
}

// ── The part ───────────────────────────────────────────────────────────────────────────────────

/**
 * Runs the four measurements; `quick` is a smoke test (one short run of each, a 2,000-request
 * soak). Returns a plain JSON-able object; `proxyRows()` makes the table's rows of it.
 */
export async function benchProxy({
  quick = false,
  runs = quick ? 1 : Number(process.env.DH_BENCH_RUNS) || 3,
  log,
} = {}) {
  const base = Number(process.env.DH_BENCH_PORT) || 8900;
  const ports = { sim: base, proxy: base + 1, bare: base + 2, stampede: base + 3, soak: base + 4 };
  const sim = await startChild('sim', { port: ports.sim });
  try {
    const result = { quick, runs, targets: PROXY_TARGETS };
    log?.('proxy: cached catalogue page, proxy and bare node:http…');
    result.cached = await cached({ sim, ports, runs, seconds: quick ? 1 : 5, log });
    log?.(
      `proxy: the same page for a CMS page on another origin (Origin: ${SITE}), proxy and bare node:http…`,
    );
    result.crossOrigin = await cached({
      sim,
      ports,
      runs,
      seconds: quick ? 1 : 5,
      log,
      headers: CROSS_ORIGIN,
      label: 'cross-origin',
    });
    log?.('proxy: an uncached route, through the proxy and straight to the simulator…');
    result.uncached = await uncached({ sim, ports, runs, count: quick ? 200 : 1_000, log });
    log?.('proxy: cold stampede…');
    result.stampede = await stampede({ sim, ports });
    log?.('proxy: soak with faults…');
    result.soak = await soak({
      sim,
      ports,
      requests: quick ? 2_000 : PROXY_TARGETS.soakRequests,
      log,
    });
    result.simStderr = sim.stderr().slice(0, 2000);
    return result;
  } finally {
    await sim.stop();
  }
}

/**
 * What the proxy printed to stderr that is not one of the kit's own warnings (`[dh-kit] …`, e.g.
 * a malformed catalogue item left out of a list, which the soak provokes on purpose): a stack
 * trace or an unhandled rejection.
 */
const unexpected = (stderr) =>
  stderr
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('[dh-kit] '))
    .join('\n');

/** The table's rows: `{name, value, ref, target, ok}`. */
export function proxyRows(r) {
  const t = PROXY_TARGETS;
  const c = r.cached;
  const x = r.crossOrigin;
  const rps = (s) => `${Math.round(s.median).toLocaleString('en')} req/s`;
  const ms = (n) => `${n.toFixed(n < 10 ? 2 : 1)} ms`;
  const u = r.uncached;
  const s = r.stampede;
  const k = r.soak;
  const pct = (x) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)} %`;
  return [
    {
      name: `cached ${CATALOGUE}: throughput (32 conn.)`,
      value: `${rps(c.proxy.rps)} (${c.throughputRatio.toFixed(2)}×)`,
      ref: `bare ${rps(c.bare.rps)}`,
      target: `≥ ${t.throughputRatio}× bare`,
      ok: c.throughputRatio >= t.throughputRatio,
    },
    {
      name: `cross-origin ${CATALOGUE} (Origin, Accept-Encoding)`,
      value: `${rps(x.proxy.rps)} (${x.throughputRatio.toFixed(2)}×)`,
      ref: `bare ${rps(x.bare.rps)}`,
      target: `≥ ${t.throughputRatio}× bare`,
      ok: x.throughputRatio >= t.throughputRatio,
    },
    {
      name: 'cached: p50, p99',
      value: `${c.proxy.p50.median} ms, ${c.proxy.p99.median} ms`,
      ref: `bare ${c.bare.p50.median} ms, ${c.bare.p99.median} ms${c.p99Floored ? ` (p99 < 1 ms: ${t.p99FloorMs} ms used)` : ''}`,
      target: `p99 ≤ ${t.p99Ratio}× bare`,
      ok: c.p99Ratio <= t.p99Ratio,
    },
    {
      name: 'uncached talks list: p50',
      value: `${ms(u.proxyP50.median)} (+${ms(u.overheadMs)})`,
      ref: `simulator ${ms(u.directP50.median)}`,
      target: '',
      ok: true,
    },
    {
      name: `cold stampede: ${s.requests} requests`,
      value: `${s.ok} × 200, ${s.distinctBodies} body`,
      ref: `${Math.round(s.ms)} ms`,
      target: `all 200, one body`,
      ok: s.ok === s.requests && s.distinctBodies === 1,
    },
    {
      name: 'cold stampede: token, catalogue calls',
      value: `${s.tokenCalls}, ${s.catalogueCalls}`,
      ref: '',
      target: `= ${t.stampedeTokenCalls}, ${t.stampedeCatalogueCalls}`,
      ok: s.tokenCalls === t.stampedeTokenCalls && s.catalogueCalls === t.stampedeCatalogueCalls,
    },
    {
      name: `soak: ${k.requests.toLocaleString('en')} requests, ~${t.soakFaultRate * 100} % faults`,
      value: `${k.unmappedCount} unmapped, ${k.hung} hung, ${k.crashed ? 'crashed' : 'no crash'}`,
      ref: `${k.upstreamErrorAnswers} of ${k.upstreamCalls} upstream answers 4xx/5xx`,
      target: '0, 0, no crash',
      ok:
        k.unmappedCount === 0 &&
        k.hung === 0 &&
        k.transportErrorCount === 0 &&
        !k.crashed &&
        !unexpected(k.stderr),
    },
    {
      name: 'soak: proxy heap (after GC)',
      value: `${(k.heapAfter / 2 ** 20).toFixed(1)} MB (${pct(k.heapGrowth)})`,
      ref: `before ${(k.heapBefore / 2 ** 20).toFixed(1)} MB`,
      target: `≤ +${t.soakHeapGrowth * 100} %`,
      ok: k.heapGrowth <= t.soakHeapGrowth,
    },
  ];
}

if (process.argv[2] === '--child') {
  await runChild(process.argv[3]);
} else if (process.argv[1] === here) {
  const r = await benchProxy({ quick: process.argv.includes('--quick'), log: console.log });
  const rows = proxyRows(r);
  const head = ['', 'figure', 'value', 'compared with', 'target'];
  const body = rows.map((row) => [
    row.ok ? '✓' : '✗',
    row.name,
    row.value,
    row.ref ?? '',
    row.target ?? '',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells) => `| ${cells.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
  console.log(
    `\n${[line(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...body.map(line)].join('\n')}`,
  );
  if (r.soak.unmapped.length)
    console.log(`\nUnmapped answers in the soak:\n  ${r.soak.unmapped.join('\n  ')}`);
  if (unexpected(r.soak.stderr))
    console.log(`\nThe proxy's stderr during the soak:\n${r.soak.stderr}`);
  console.log(
    `\n${r.runs} run(s) per figure; medians shown. Soak answers: ${JSON.stringify(r.soak.statuses)}; error codes: ${JSON.stringify(r.soak.errorCodes)}`,
  );
  process.exitCode = rows.every((row) => row.ok) ? 0 : 1;
}
