/**
 * Element tests (`npm run test:elements`): test/elements/**\/*.test.ts in a real headless Chromium.
 *
 * The simulator runs next to the test server for the whole run (`serverStart`/`serverStop`), and
 * server commands let a browser test ask Node for things a page cannot do itself: the simulator's
 * addresses, a new head made through the platform API, and actions inside a cross-origin iframe
 * (a page cannot reach into another origin's frame; Playwright can).
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { defaultReporter, summaryReporter } from '@web/test-runner';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { CHROMIUM_ARGS, findChromium } from './scripts/chromium.mjs';

const tsconfig = fileURLToPath(new URL('./tsconfig.json', import.meta.url));
const ACTION_TIMEOUT_MS = 5000;

/** @type {import('./src/sim/index.ts').RunningSimulator | undefined} */
let sim;
/** @type {import('./src/proxy/node.ts').RunningProxy | undefined} */
let proxy;
/**
 * The test server's port: fixed, so the proxy's CORS list can name the test page's origin
 * (`DH_WTR_PORT` moves it, for two runs side by side).
 */
const PORT = Number(process.env.DH_WTR_PORT || 8765);
/** The proxy's admin routes need `Authorization: Bearer <this>` (the back-office elements send it through `headers`). */
const ADMIN_TOKEN = 'element-tests-admin-token-0123456789';

/** @param {import('./src/sim/index.ts').RunningSimulator} s */
async function api(s, path, { method = 'GET', token, body } = {}) {
  const res = await fetch(`${s.info.baseUrl}${path}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/** A bearer token for the simulator's primary account (token shape A or B). */
async function login(s) {
  const auth = await api(s, '/auth/token', { method: 'POST', body: { email: s.info.email, secretKey: s.info.secretKey } });
  return auth.token ?? auth.data?.bearer;
}

/**
 * Makes a head the way a back office would: token, a face, a voice, create, read back.
 * payload: head create fields merged over defaults, plus `stream: true` (the streaming TTS
 * provider's voice and an empty greeting) and `splitterOff: true` (PUT …/splitter?splitter=false).
 */
async function createHead(s, payload = {}) {
  const { stream = false, splitterOff = false, ...fields } = payload;
  const token = await login(s);
  const faces = await api(s, '/head_visual/face/all', { token });
  const face = faces.data.find((f) => f.avatar) ?? faces.data[0];
  const voiceList = await api(s, '/voice/all', { token });
  const voices = Array.isArray(voiceList.data) ? voiceList.data : voiceList.data.voices;
  const provider = fields.ttsProvider ?? (stream ? s.store.options.streamingProvider : undefined);
  const candidates = voices.filter((v) => !provider || v.provider === provider);
  const voice = candidates.find((v) => v.locale === 'en-US') ?? candidates[0];
  if (!face || !voice) throw new Error('the simulator offered no face or no voice');
  const request = {
    name: 'Ada',
    operationMode: 'oc',
    language: 'en-US',
    greetings: stream ? '' : 'Hello from the simulator',
    headVisualId: face.id,
    ttsProvider: voice.provider,
    ttsVoice: voice.voiceId,
    ...fields,
  };
  const created = await api(s, '/head/create', { method: 'POST', token, body: request });
  if (splitterOff) await api(s, `/head/${encodeURIComponent(created.id)}/splitter?splitter=false`, { method: 'PUT', token });
  const head = await api(s, `/head/${encodeURIComponent(created.id)}`, { token });
  return { id: head.id, publicId: head.publicId, publicUrl: head.publicUrl, name: head.name, faceId: face.id };
}

/** Starts the simulator with the test server and stops it with it. */
function simulatorPlugin() {
  return {
    name: 'dh-simulator',
    async serverStart() {
      const { register } = await import('tsx/esm/api');
      register();
      const { startSimulator } = await import('./src/sim/index.ts');
      sim = await startSimulator({ talkDelayMs: 200 });
      // The kit's proxy in front of it, on another origin than the test page (CORS as a CMS page has it).
      const { parseConfig } = await import('./src/proxy/config.ts');
      const { startProxyServer } = await import('./src/proxy/node.ts');
      const config = parseConfig({
        DH_PUBLIC_HEADS: '*',
        DH_ALLOWED_ORIGINS: `http://localhost:${PORT},http://127.0.0.1:${PORT}`,
        DH_SIGNING_SECRET: 'element-tests-signing-secret-0123456789',
        DH_RATE_LIMIT: '0',
        DH_ADMIN_TOKEN: ADMIN_TOKEN,
      });
      const { baseUrl, chatUrl, streamUrl, email, secretKey } = sim.info;
      proxy = await startProxyServer({
        config: { ...config, platform: { baseUrl, chatUrl, streamUrl, email, secretKey } },
        port: 0,
        log: () => undefined,
        warn: () => undefined,
        // What GET /dh/bundle reports (the head form's embed code); no bundle file is needed for that.
        bundle: { path: '/dh-kit.0123456789ab.js', integrity: 'sha384-element-tests' },
      });
    },
    async serverStop() {
      await proxy?.close();
      await sim?.close();
      sim = undefined;
      proxy = undefined;
    },
    async executeCommand({ command, payload }) {
      if (!command.startsWith('sim-')) return undefined;
      if (!sim) throw new Error('the simulator is not running');
      if (command === 'sim-info') return { info: sim.info, urls: sim.urls, endpoint: `${proxy.url}/dh`, adminToken: ADMIN_TOKEN };
      if (command === 'sim-create-head') return createHead(sim, payload ?? {});
      if (command === 'sim-head') {
        // payload {id}: the simulator's record of a head, as the platform stored it (request, splitter, …).
        const head = sim.store.heads.get(payload.id);
        return head ? { ...head } : null;
      }
      if (command === 'sim-fault') return sim.store.addFault(payload);
      // payload {method, path}: how many requests the platform has had for this method and path.
      if (command === 'sim-requests') return sim.store.requests.filter((r) => r.method === payload.method && r.path === payload.path).length;
      if (command === 'sim-clear-faults') {
        sim.store.faults = [];
        return true;
      }
      if (command === 'sim-splitter') {
        // payload {id, splitter: boolean}: PUT /head/{id}/splitter through the API.
        const token = await login(sim);
        return api(sim, `/head/${encodeURIComponent(payload.id)}/splitter?splitter=${payload.splitter === true}`, { method: 'PUT', token });
      }
      return undefined;
    },
  };
}

/**
 * `frame-*` commands act inside an iframe of the test page through Playwright.
 * payload: `{frame: <iframe selector>, selector: <element selector in it>, …}`.
 */
function framePlugin() {
  return {
    name: 'frame-commands',
    async executeCommand({ command, payload, session }) {
      if (!command.startsWith('frame-')) return undefined;
      if (typeof session.browser.getPage !== 'function') throw new Error(`${command} needs the Playwright launcher`);
      /** @type {import('playwright').Page} */
      const page = session.browser.getPage(session.id);
      const { frame, selector, text, key, props = [], timeout = ACTION_TIMEOUT_MS } = payload ?? {};
      if (!frame || !selector) throw new Error(`${command} needs {frame, selector}`);
      let locator = page.frameLocator(frame).locator(selector);
      switch (command) {
        case 'frame-fill':
          await locator.first().fill(String(text ?? ''), { timeout });
          return true;
        case 'frame-click':
          await locator.first().click({ timeout });
          return true;
        case 'frame-press':
          await locator.first().press(String(key), { timeout });
          return true;
        case 'frame-text': {
          // Reads what is there now; `frame-wait` first when the text arrives later.
          const texts = await locator.allTextContents();
          return { count: texts.length, text: texts[0] ?? null, texts };
        }
        case 'frame-wait': {
          if (text !== undefined) locator = locator.filter({ hasText: String(text) });
          await locator.first().waitFor({ state: payload.state ?? 'visible', timeout });
          return true;
        }
        case 'frame-eval': {
          // Runs an expression in the frame's document (e.g. a top navigation the sandbox must stop).
          const handle = await page.locator(frame).first().elementHandle({ timeout });
          const content = await handle?.contentFrame();
          if (!content) throw new Error(`${frame} has no document`);
          return content.evaluate(String(payload.script));
        }
        case 'frame-props': {
          // DOM properties of the first match, e.g. ['naturalWidth', 'readyState'].
          return locator.first().evaluate((el, names) => Object.fromEntries(names.map((n) => [n, el[n]])), props, { timeout });
        }
        default:
          return undefined;
      }
    },
  };
}

/**
 * A hostile proxy, on another origin than the test page (`http://127.0.0.1:<port>/attacker/dh`,
 * while the page is on localhost): it records every request it gets, with its headers, and answers
 * `GET …/heads/<case>/launch` with the launch URL of that case (test/elements/hostile-page.test.ts).
 * `attacker-log` returns what it recorded and forgets it.
 */
function attackerPlugin() {
  /** @type {{method: string, path: string, headers: Record<string, string>}[]} */
  let log = [];
  const origin = `http://127.0.0.1:${PORT}`;
  const sig = 'a'.repeat(64);
  const exp = () => Math.floor(Date.now() / 1000) + 300;
  const launches = {
    javascript: () => 'javascript:parent.__dhPwned=true',
    data: () => 'data:text/html,<script>parent.postMessage("pwned","*")</script>',
    vbscript: () => 'vbscript:msgbox(1)',
    blob: () => 'blob:http://localhost:' + PORT + '/0b3c2ae1-0000-4000-8000-000000000000',
    foreign: () => `https://evil.example/dh/embed/x?view=chat&exp=${exp()}&sig=${sig}`,
    'plain-http': () => `http://evil.example/dh/embed/x?view=chat&exp=${exp()}&sig=${sig}`,
    'other-route': () => `/attacker/dh/webhooks?view=chat&exp=${exp()}&sig=${sig}`,
    unsigned: () => `/attacker/dh/embed/x?view=chat`,
    // Shaped like a launch link, on the endpoint's own origin: framed, sandboxed, with nothing delegated.
    'own-origin': () => `/attacker/dh/embed/x?view=chat&exp=${exp()}&sig=${sig}`,
  };
  return {
    name: 'attacker',
    /** Koa middleware for the config's `middleware` (it runs before the file server). */
    async middleware(ctx, next) {
      {
        if (!ctx.path.startsWith('/attacker/')) return next();
        log.push({ method: ctx.method, path: ctx.path, headers: { ...ctx.headers } });
        ctx.set('access-control-allow-origin', ctx.get('origin') || '*');
        ctx.set('access-control-allow-credentials', 'true');
        ctx.set('access-control-allow-headers', ctx.get('access-control-request-headers') || '*');
        ctx.set('access-control-allow-methods', 'GET, POST, PUT');
        if (ctx.method === 'OPTIONS') {
          ctx.status = 204;
          return;
        }
        const launch = /\/heads\/([\w-]+)\/launch$/.exec(ctx.path);
        const summary = /\/heads\/([\w-]+)$/.exec(ctx.path);
        ctx.type = 'application/json';
        if (launch && launches[launch[1]]) {
          // A page origin that tries to widen the frame's permissions: it must be ignored.
          ctx.body = JSON.stringify({ url: launches[launch[1]](), expiresAt: new Date(exp() * 1000).toISOString(), pageOrigin: '*; geolocation *' });
        } else if (ctx.path.endsWith('/faces')) {
          // One face with media URLs that must not be shown, one with good ones.
          const face = (id, name, url) => ({ id, name, gender: 'FEMALE', thumbnail: { url, kind: 'image' }, videoUrl: url });
          const items = [face('bad', 'Eve', 'javascript:parent.__dhPwned=true'), face('good', 'Ada', `${origin}/attacker/ada.png`)];
          ctx.body = JSON.stringify({ items, page: 1, take: 100, total: 2, pageCount: 1, hasNextPage: false });
        } else if (/\/heads\/[\w-]+\/videos$/.test(ctx.path)) {
          const at = new Date().toISOString();
          const talk = (id, url) => ({ id, createdAt: at, updatedAt: at, voice: 'v', url, text: `talk ${id}` });
          const items = [talk('bad', 'data:video/mp4;base64,AAAA'), talk('good', `${origin}/attacker/good.mp4`)];
          ctx.body = JSON.stringify({ items, page: 1, take: 6, total: 2, pageCount: 1, hasNextPage: false });
        } else if (summary) {
          ctx.body = JSON.stringify({ id: summary[1], name: 'Mallory', mode: 'oc', poster: 'javascript:parent.__dhPwned=true' });
        } else if (ctx.path.endsWith('/embed/x')) {
          ctx.type = 'text/html';
          ctx.body = '<!doctype html><title>attacker</title><p>The attacker’s page</p>';
        } else {
          ctx.status = 404;
          ctx.body = JSON.stringify({ error: { code: 'not_found', message: 'nothing here' } });
        }
      }
    },
    async executeCommand({ command }) {
      if (command !== 'attacker-log') return undefined;
      const out = log;
      log = [];
      return { origin, requests: out };
    },
  };
}

/**
 * Writes the run's test counts to $DH_TEST_COUNTS_DIR/elements.json for scripts/test.mjs, which
 * prints the overall `N passed, M failed` line. A file that failed to load (no test results, but
 * errors) counts as one failed test, so it is never read as "nothing failed".
 */
function countReporter() {
  return {
    onTestRunFinished({ sessions }) {
      const dir = process.env.DH_TEST_COUNTS_DIR;
      if (!dir) return;
      let passed = 0;
      let failed = 0;
      const walk = (suite) => {
        for (const t of suite.tests) {
          if (t.skipped) continue;
          if (t.passed) passed += 1;
          else failed += 1;
        }
        suite.suites.forEach(walk);
      };
      for (const s of sessions) {
        const before = passed + failed;
        if (s.testResults) walk(s.testResults);
        if (passed + failed === before && (s.errors?.length || s.passed === false)) failed += 1;
      }
      writeFileSync(`${dir}/elements.json`, JSON.stringify({ passed, failed }));
    },
  };
}

/**
 * Mocha's `.only` silently drops every other test; Playwright has `forbidOnly` for this, mocha on
 * @web/test-runner has nothing, so CI refuses to start when an element test file has one.
 */
function forbidOnly(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) forbidOnly(path);
    else if (/\.test\.ts$/.test(entry.name) && /\b(describe|it|context)\.only\s*\(/.test(readFileSync(path, 'utf8'))) {
      throw new Error(`${path} has a .only: remove it (CI runs every test)`);
    }
  }
}
if (process.env.CI) forbidOnly(fileURLToPath(new URL('./test/elements', import.meta.url)));

const attacker = attackerPlugin();

export default {
  files: ['test/elements/**/*.test.ts'],
  port: PORT,
  nodeResolve: true,
  // Page-level timeouts stay short: the suite is meant to take seconds.
  testFramework: { config: { timeout: 10000 } },
  testsFinishTimeout: 60000,
  middleware: [attacker.middleware],
  plugins: [esbuildPlugin({ ts: true, target: 'es2022', tsconfig }), simulatorPlugin(), framePlugin(), attacker],
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      // A fake microphone whose prompt is accepted: the avatar's frame really gets (or is refused) it.
      launchOptions: { executablePath: findChromium(), headless: true, args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'] },
    }),
  ],
  reporters: [defaultReporter(), summaryReporter({ flatten: false }), countReporter()],
};
