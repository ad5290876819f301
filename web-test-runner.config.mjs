/**
 * Element tests (`npm run test:elements`): test/elements/**\/*.test.ts in Chromium, Firefox and
 * WebKit (scripts/engines.mjs: Debian's packages; `DH_ENGINES` picks some), each headless.
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
import { chromeLauncher, puppeteerCore } from '@web/test-runner-chrome';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { webdriverLauncher } from '@web/test-runner-webdriver';
import { CHROMIUM_ARGS, findChromium } from './scripts/chromium.mjs';
import {
  engineOf,
  require as requireEngine,
  selectedEngines,
  startWebKitDriver,
} from './scripts/engines.mjs';
import { keysPlugin } from './test/elements/commands.mjs';
import { findAllDeep } from './test/deep-find.mjs';
import { wtrFileTimesReporter } from './test/support/file-times.mjs';

const tsconfig = fileURLToPath(new URL('./tsconfig.json', import.meta.url));

/**
 * Time budgets, set for a machine at least three times slower than the reference (2 cores): the
 * whole run pinned to one core is about half its speed, and a busy laptop may be slower still. A
 * test that passes finishes long before them, so they cost nothing; they only bound how long a
 * broken test hangs. No test may pass or fail by how fast the machine is (issue 26):
 *  - a file's tests must finish within FILE_BUDGET_MS (`testsFinishTimeout`); each file stays
 *    under a tenth of it on the reference machine (`npm test` prints the slowest files per engine);
 *    a browser must start, and a file's page begin its tests, within START_BUDGET_MS;
 *  - a test within TEST_BUDGET_MS (mocha's timeout), a wait for a condition within
 *    test/elements/wait.ts's WAIT_TIMEOUT_MS, and an action inside a frame within ACTION_TIMEOUT_MS.
 */
const FILE_BUDGET_MS = 300_000;
const START_BUDGET_MS = 120_000;
const TEST_BUDGET_MS = 60_000;
const ACTION_TIMEOUT_MS = 15_000;

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
  const auth = await api(s, '/auth/token', {
    method: 'POST',
    body: { email: s.info.email, secretKey: s.info.secretKey },
  });
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
  if (splitterOff)
    await api(s, `/head/${encodeURIComponent(created.id)}/splitter?splitter=false`, {
      method: 'PUT',
      token,
    });
  const head = await api(s, `/head/${encodeURIComponent(created.id)}`, { token });
  return {
    id: head.id,
    publicId: head.publicId,
    publicUrl: head.publicUrl,
    name: head.name,
    faceId: face.id,
  };
}

/**
 * Starts a simulator and a proxy in front of it for each engine with the test server, and stops
 * them with it. One pair per engine: the engines run side by side, and a fault one engine's test
 * injects, or a request count it reads, must not reach another's.
 */
function simulatorPlugin() {
  /** engine → {sim, proxy} */
  const pairs = new Map();
  return {
    name: 'dh-simulator',
    async serverStart() {
      const { register } = await import('tsx/esm/api');
      register();
      const { startSimulator } = await import('./src/sim/index.ts');
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
      for (const engine of selectedEngines()) {
        const sim = await startSimulator({ talkDelayMs: 200 });
        const { baseUrl, chatUrl, streamUrl, email, secretKey } = sim.info;
        const proxy = await startProxyServer({
          config: { ...config, platform: { baseUrl, chatUrl, streamUrl, email, secretKey } },
          port: 0,
          log: () => undefined,
          warn: () => undefined,
          // What GET /dh/bundle reports (the head form's embed code); no bundle file is needed for that.
          bundle: { path: '/dh-kit.0123456789ab.js', integrity: 'sha384-element-tests' },
        });
        pairs.set(engine, { sim, proxy });
      }
    },
    async serverStop() {
      for (const { sim, proxy } of pairs.values()) {
        await proxy.close();
        await sim.close();
      }
      pairs.clear();
    },
    async executeCommand({ command, payload, session }) {
      if (!command.startsWith('sim-')) return undefined;
      const pair = pairs.get(engineOfLauncher(session.browser));
      if (!pair) throw new Error('the simulator is not running');
      const { sim, proxy } = pair;
      if (command === 'sim-info')
        return {
          info: sim.info,
          urls: sim.urls,
          endpoint: `${proxy.url}/dh`,
          adminToken: ADMIN_TOKEN,
        };
      if (command === 'sim-create-head') return createHead(sim, payload ?? {});
      if (command === 'sim-head') {
        // payload {id}: the simulator's record of a head, as the platform stored it (request, splitter, …).
        const head = sim.store.heads.get(payload.id);
        return head ? { ...head } : null;
      }
      if (command === 'sim-fault') return sim.store.addFault(payload);
      // payload {method, path}: how many requests the platform has had for this method and path.
      if (command === 'sim-requests')
        return sim.store.requests.filter(
          (r) => r.method === payload.method && r.path === payload.path,
        ).length;
      if (command === 'sim-clear-faults') {
        sim.store.faults = [];
        return true;
      }
      if (command === 'sim-splitter') {
        // payload {id, splitter: boolean}: PUT /head/{id}/splitter through the API.
        const token = await login(sim);
        return api(
          sim,
          `/head/${encodeURIComponent(payload.id)}/splitter?splitter=${payload.splitter === true}`,
          { method: 'PUT', token },
        );
      }
      return undefined;
    },
  };
}

/**
 * `frame-*` commands act inside an iframe of the test page (a page cannot reach into another
 * origin's frame; the browser's driver can). payload: `{frame: <iframe selector>, selector:
 * <element selector in it>, text, key, state, props, script, timeout}`. Selectors pierce open
 * shadow roots at `>>>` (`dh-avatar >>> iframe`: test/deep-find.mjs, shared with test/engines).
 *
 *   frame-wait   waits for a visible (`state: 'attached'`: present) match that contains `text`
 *   frame-text   `{count, text, texts}`: the textContent of every match, now
 *   frame-fill   replaces the field's value by typing `text` (key events and input events)
 *   frame-click  clicks the first visible match
 *   frame-press  focuses the first match and presses `key` ('Enter', 'Escape', 'a', …)
 *   frame-eval   the value of the expression `script`, run in the frame's document
 *   frame-props  the DOM properties `props` of the first match
 *
 * One implementation per driver: Playwright (Chromium), puppeteer over WebDriver BiDi (Firefox),
 * webdriverio over classic WebDriver (WebKit). The last two share `inDocument` for finding,
 * waiting and reading, so "visible" and "contains text" mean the same in both.
 */
function framePlugin() {
  return {
    name: 'frame-commands',
    async executeCommand({ command, payload, session }) {
      if (!command.startsWith('frame-')) return undefined;
      const { frame, selector, timeout = ACTION_TIMEOUT_MS } = payload ?? {};
      if (!frame || !selector) throw new Error(`${command} needs {frame, selector}`);
      switch (session.browser.type) {
        case 'playwright':
          return playwrightFrameCommand(session.browser.getPage(session.id), command, payload);
        case 'puppeteer':
          return puppeteerFrameCommand(session.browser.getPage(session.id), command, {
            ...payload,
            timeout,
          });
        case 'webdriver':
          return webdriverFrameCommand(session.browser, session.id, command, {
            ...payload,
            timeout,
          });
        default:
          throw new Error(`${command}: no frame commands for a ${session.browser.type} launcher`);
      }
    },
  };
}

/** @param {import('playwright').Page} page */
async function playwrightFrameCommand(page, command, payload) {
  const { frame, selector, text, key, props = [], timeout = ACTION_TIMEOUT_MS } = payload;
  // Playwright's CSS pierces open shadow roots by itself: `a >>> b` is its `a b`.
  const pierce = (sel) => String(sel).split('>>>').join(' ');
  let locator = page.frameLocator(pierce(frame)).locator(pierce(selector));
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
      const handle = await page.locator(pierce(frame)).first().elementHandle({ timeout });
      const content = await handle?.contentFrame();
      if (!content) throw new Error(`${frame} has no document`);
      return content.evaluate(String(payload.script));
    }
    case 'frame-props': {
      // DOM properties of the first match, e.g. ['naturalWidth', 'readyState'].
      return locator
        .first()
        .evaluate((el, names) => Object.fromEntries(names.map((n) => [n, el[n]])), props, {
          timeout,
        });
    }
    default:
      return undefined;
  }
}

/**
 * Runs in the page or frame: puppeteer and webdriverio send its source (`inPage`, with
 * test/deep-find.mjs's `findAllDeep` for the selector), so it uses nothing else from outside. `op`: 'element' (the first match, or null), 'ready' (is there a match in `state`?),
 * 'text', 'props' (`arg.props` of the first match), 'clear' (empties the first match's value,
 * with an input event, as a user selecting it all and deleting would).
 * `arg`: `{state: 'visible' | 'attached', text, props}`; `text` matches as Playwright's `hasText`:
 * a case-insensitive substring of the whitespace-normalised textContent.
 */
/** inDocument as the drivers send it: one function, with findAllDeep inside. */
const inPage = new Function(
  'op',
  'selector',
  'arg',
  `const findAllDeep = ${findAllDeep}; return (${inDocument})(op, selector, arg);`,
);

function inDocument(op, selector, arg = {}) {
  let matches = findAllDeep(selector);
  const norm = (s) =>
    String(s ?? '')
      .replace(/\s+/g, ' ')
      .trim()
      .toLowerCase();
  if (arg.text !== undefined && arg.text !== null)
    matches = matches.filter((el) => norm(el.textContent).includes(norm(arg.text)));
  // Visible as Playwright means it: a non-empty box and not visibility: hidden.
  const visible = (el) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  };
  if (arg.state === 'visible') matches = matches.filter(visible);
  switch (op) {
    case 'element':
      return matches[0] ?? null;
    case 'ready':
      return matches.length > 0;
    case 'text': {
      const texts = matches.map((el) => el.textContent ?? '');
      return { count: texts.length, text: texts[0] ?? null, texts };
    }
    case 'props':
      return matches[0]
        ? Object.fromEntries((arg.props ?? []).map((n) => [n, matches[0][n]]))
        : null;
    case 'clear': {
      const el = matches[0];
      if (!el) return false;
      el.focus();
      if (el.value) {
        el.value = '';
        el.dispatchEvent(
          new InputEvent('input', {
            bubbles: true,
            composed: true,
            inputType: 'deleteContentBackward',
          }),
        );
      }
      return true;
    }
    default:
      throw new Error(`inDocument: unknown op ${op}`);
  }
}

/**
 * Calls `attempt` until it returns something other than undefined, or the time is up. Errors
 * count as "not yet" (the frame may be navigating, or not there yet); the last one is reported.
 */
async function retry(what, timeout, attempt) {
  const deadline = Date.now() + timeout;
  let last;
  for (;;) {
    try {
      const value = await attempt();
      if (value !== undefined) return value;
      last = undefined;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline)
      throw new Error(
        `${what}: not done after ${timeout} ms${last ? ` (${last.message?.split('\n')[0]})` : ''}`,
      );
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Describes a command for error messages. */
const describeCommand = (command, { frame, selector, text, state }) =>
  `${command} ${JSON.stringify(selector)}${text !== undefined ? ` with text ${JSON.stringify(text)}` : ''}${state ? ` (${state})` : ''} in ${JSON.stringify(frame)}`;

/** puppeteer (Firefox over WebDriver BiDi). @param {import('puppeteer-core').Page} page */
async function puppeteerFrameCommand(page, command, payload) {
  const { frame, selector, text, key, props = [], timeout, state = 'visible' } = payload;
  const what = describeCommand(command, payload);
  /** The frame's document, or undefined while the iframe is missing or has none. */
  const content = async () => {
    const handle = await page.evaluateHandle(inPage, 'element', frame, {});
    const iframe = handle.asElement();
    if (!iframe) {
      await handle.dispose();
      return undefined;
    }
    try {
      return (await iframe.contentFrame()) ?? undefined;
    } finally {
      await iframe.dispose();
    }
  };
  /** Runs `inDocument` in the frame until it answers something. */
  const inFrame = (op, arg, done = (v) => v) =>
    retry(what, timeout, async () => {
      const doc = await content();
      if (!doc) return undefined;
      const value = await doc.evaluate(inPage, op, selector, arg);
      return done(value) ? value : undefined;
    });
  /** The first visible match, as an element handle in the frame. */
  const element = () =>
    retry(what, timeout, async () => {
      const doc = await content();
      const handle =
        doc && (await doc.evaluateHandle(inPage, 'element', selector, { state: 'visible' }));
      const el = handle?.asElement();
      if (!el) await handle?.dispose();
      return el ?? undefined;
    });
  switch (command) {
    case 'frame-wait':
      try {
        await inFrame('ready', { state, text });
      } catch (error) {
        throw new Error(
          `${error.message}; it reads ${JSON.stringify((await inFrame('text', {}, () => true).catch(() => undefined))?.texts)}`,
        );
      }
      return true;
    case 'frame-text':
      return inFrame('text', {}, () => true);
    case 'frame-props':
      return inFrame('props', { props }, (v) => v !== null);
    case 'frame-eval':
      return retry(what, timeout, async () => {
        const doc = await content();
        // An expression string: puppeteer evaluates it as one (undefined comes back as null).
        return doc ? ((await doc.evaluate(String(payload.script))) ?? null) : undefined;
      });
    case 'frame-click': {
      const el = await element();
      await el.click();
      await el.dispose();
      return true;
    }
    case 'frame-fill': {
      // Real key presses (keydown, beforeinput, input, keyup per character), as a user types.
      await inFrame('clear', { state: 'visible' }, (v) => v === true);
      const el = await element();
      await el.type(String(text ?? ''));
      await el.dispose();
      return true;
    }
    case 'frame-press': {
      const el = await element();
      await el.press(String(key));
      await el.dispose();
      return true;
    }
    default:
      return undefined;
  }
}

/** WebDriver's element reference key (https://w3c.github.io/webdriver/#elements). */
const ELEMENT_KEY = 'element-6066-11e4-a52e-4f735466cecf';
/** Playwright's key names that WebDriver sends as code points (https://w3c.github.io/webdriver/#keyboard-actions). */
const WEBDRIVER_KEYS = {
  Enter: '\uE007',
  Escape: '\uE00C',
  Tab: '\uE004',
  Backspace: '\uE003',
  Delete: '\uE017',
  Space: ' ',
  ArrowLeft: '\uE012',
  ArrowUp: '\uE013',
  ArrowRight: '\uE014',
  ArrowDown: '\uE015',
  Home: '\uE011',
  End: '\uE010',
};

/**
 * webdriverio over classic WebDriver (WebKit): the launcher's `driver` is the one session; commands
 * act in the "current browsing context", so each attempt switches into the iframe and always back
 * to the top, on errors too, or wtr's own commands (results, sendKeys) would run in the frame.
 */
async function webdriverFrameCommand(launcher, sessionId, command, payload) {
  const { frame, selector, text, key, props = [], timeout, state = 'visible' } = payload;
  const what = describeCommand(command, payload);
  /** @type {WebdriverIO.Browser} */
  const driver = launcher.driver;
  if (!driver) throw new Error(`${command}: the WebDriver session is not started`);
  const ref = (value) =>
    (value && typeof value === 'object' && (value[ELEMENT_KEY] ?? value.elementId)) || undefined;
  const script = (fn) => `return (${fn}).apply(null, arguments)`;
  // switchFrame, not the deprecated switchToFrame: on classic WebDriver it sends the same command.
  const top = () => driver.switchFrame(null);
  /** Makes the test page the current browsing context; returns the iframe's element id, if it is there. */
  const toTestPage = async () => {
    await top();
    // With concurrency > 1, wtr runs each test page in an iframe of its own (IFrameManager).
    const testFrame = launcher.driverManager?.getFrameId?.(sessionId);
    if (testFrame)
      await driver.switchFrame({
        [ELEMENT_KEY]: ref(
          await driver.executeScript('return document.getElementById(arguments[0])', [testFrame]),
        ),
      });
    return ref(await driver.executeScript(script(inPage), ['element', frame, {}]));
  };
  /**
   * Runs `act(iframe)` with the iframe's document as the current browsing context, or returns
   * undefined when it is not there yet; the top is current again afterwards, whatever happened.
   */
  const inFrame = async (act) => {
    try {
      const iframe = await toTestPage();
      if (!iframe) return undefined;
      await driver.switchFrame({ [ELEMENT_KEY]: iframe });
      return await act(iframe);
    } finally {
      await top().catch(() => undefined);
    }
  };
  const run = (op, arg) => driver.executeScript(script(inPage), [op, selector, arg]);
  const until = (act) => retry(what, timeout, () => inFrame(act));
  /**
   * Scrolls the element into the viewport, then `act(elementId)`. WebKit's Element Click scrolls
   * only the frame's own document: a field low in a tall cross-origin frame stays below the fold
   * of the test page and the click lands on nothing (Playwright scrolls every ancestor frame).
   */
  const withElement = (act) =>
    until(async (iframe) => {
      const el = ref(await run('element', { state: 'visible' }));
      if (!el) return undefined;
      const [x, y] = await driver.executeScript(
        `const el = arguments[0];
         el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
         const box = el.getBoundingClientRect();
         return [box.left + box.width / 2, box.top + box.height / 2];`,
        [{ [ELEMENT_KEY]: el }],
      );
      await toTestPage();
      await driver.executeScript(
        `const frame = arguments[0];
         const box = frame.getBoundingClientRect();
         const x = box.left + frame.clientLeft + arguments[1];
         const y = box.top + frame.clientTop + arguments[2];
         if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) scrollBy(x - innerWidth / 2, y - innerHeight / 2);`,
        [{ [ELEMENT_KEY]: iframe }, x, y],
      );
      await driver.switchFrame({ [ELEMENT_KEY]: iframe });
      await act(el);
      return true;
    });
  /** Clicks the element unless it has focus already (a click on a focused field could move its caret or toggle it). */
  const focusByClick = async (el) => {
    const focused = await driver.executeScript(
      'return document.hasFocus() && document.activeElement === arguments[0]',
      [{ [ELEMENT_KEY]: el }],
    );
    if (!focused) await driver.elementClick(el);
  };
  switch (command) {
    case 'frame-wait':
      try {
        return await until(async () => ((await run('ready', { state, text })) ? true : undefined));
      } catch (error) {
        throw new Error(
          `${error.message}; it reads ${JSON.stringify((await inFrame(() => run('text', {})).catch(() => undefined))?.texts)}`,
        );
      }
    case 'frame-text':
      return until(() => run('text', {}));
    case 'frame-props':
      return until(async () => (await run('props', { props })) ?? undefined);
    case 'frame-eval':
      return until(
        async () => (await driver.executeScript(`return (${payload.script})`, [])) ?? null,
      );
    case 'frame-click':
      return withElement((el) => driver.elementClick(el));
    case 'frame-fill':
      // Element Send Keys types each character: keydown, input and keyup, as a user types. The
      // click first puts focus in the field as a user would: WebKit does not let a cross-origin
      // frame take focus without a user gesture, and Send Keys then fails "Element is not focusable".
      return withElement(async (el) => {
        await focusByClick(el);
        await run('clear', { state: 'visible' });
        await driver.elementSendKeys(el, String(text ?? ''));
      });
    case 'frame-press':
      return withElement(async (el) => {
        await focusByClick(el);
        await driver.elementSendKeys(el, WEBDRIVER_KEYS[key] ?? String(key));
      });
    default:
      return undefined;
  }
}

/**
 * A hostile proxy, on another origin than the test page (`http://127.0.0.1:<port>/attacker/dh`,
 * while the page is on localhost): it records every request it gets, with its headers, and answers
 * `GET …/heads/<case>/launch` with the launch URL of that case (test/elements/hostile-page.test.ts).
 * `attacker-log` returns what it recorded from the asking page's engine and forgets it: the engines
 * run side by side, and each page must see its own requests only (told apart by User-Agent).
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
    blob: () => `blob:http://localhost:${PORT}/0b3c2ae1-0000-4000-8000-000000000000`,
    foreign: () => `https://evil.example/dh/embed/x?view=chat&exp=${exp()}&sig=${sig}`,
    'plain-http': () => `http://evil.example/dh/embed/x?view=chat&exp=${exp()}&sig=${sig}`,
    'other-route': () => `/attacker/dh/webhooks?view=chat&exp=${exp()}&sig=${sig}`,
    // On the endpoint's origin and ending in /embed/<id>, but not at the endpoint (an upload, say).
    'nested-embed': () => `/attacker/dh/uploads/x/embed/y?view=chat&exp=${exp()}&sig=${sig}`,
    'beside-endpoint': () => `/attacker/embed/x?view=chat&exp=${exp()}&sig=${sig}`,
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
          ctx.body = JSON.stringify({
            url: launches[launch[1]](),
            expiresAt: new Date(exp() * 1000).toISOString(),
            pageOrigin: '*; geolocation *',
          });
        } else if (ctx.path.endsWith('/faces')) {
          // One face with media URLs that must not be shown, one with good ones.
          const face = (id, name, url) => ({
            id,
            name,
            gender: 'FEMALE',
            thumbnail: { url, kind: 'image' },
            videoUrl: url,
          });
          const items = [
            face('bad', 'Eve', 'javascript:parent.__dhPwned=true'),
            face('good', 'Ada', `${origin}/attacker/ada.png`),
          ];
          ctx.body = JSON.stringify({
            items,
            page: 1,
            take: 100,
            total: 2,
            pageCount: 1,
            hasNextPage: false,
          });
        } else if (/\/heads\/[\w-]+\/videos$/.test(ctx.path)) {
          const at = new Date().toISOString();
          const talk = (id, url) => ({
            id,
            createdAt: at,
            updatedAt: at,
            voice: 'v',
            url,
            text: `talk ${id}`,
          });
          const items = [
            talk('bad', 'data:video/mp4;base64,AAAA'),
            talk('good', `${origin}/attacker/good.mp4`),
          ];
          ctx.body = JSON.stringify({
            items,
            page: 1,
            take: 6,
            total: 2,
            pageCount: 1,
            hasNextPage: false,
          });
        } else if (summary) {
          ctx.body = JSON.stringify({
            id: summary[1],
            name: 'Mallory',
            mode: 'oc',
            poster: 'javascript:parent.__dhPwned=true',
          });
        } else if (ctx.path.endsWith('/embed/x')) {
          ctx.type = 'text/html';
          ctx.body = '<!doctype html><title>attacker</title><p>The attacker’s page</p>';
        } else {
          ctx.status = 404;
          ctx.body = JSON.stringify({ error: { code: 'not_found', message: 'nothing here' } });
        }
      }
    },
    async executeCommand({ command, session }) {
      if (command !== 'attacker-log') return undefined;
      const engine = engineOfLauncher(session.browser);
      const mine = (r) => engineOf(r.headers['user-agent'] ?? '') === engine;
      const out = log.filter(mine);
      log = log.filter((r) => !mine(r));
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
      const total = { passed: 0, failed: 0 };
      /** The same counts per engine, so an engine that ran nothing shows in the summary. */
      const engines = Object.fromEntries(
        selectedEngines().map((e) => [e, { passed: 0, failed: 0 }]),
      );
      for (const s of sessions) {
        const counts = (engines[engineOfLauncher(s.browser)] ??= { passed: 0, failed: 0 });
        const count = (field) => {
          total[field] += 1;
          counts[field] += 1;
        };
        let seen = 0;
        const walk = (suite) => {
          for (const t of suite.tests) {
            if (t.skipped) continue;
            seen += 1;
            count(t.passed ? 'passed' : 'failed');
          }
          suite.suites.forEach(walk);
        };
        if (s.testResults) walk(s.testResults);
        if (!seen && (s.errors?.length || s.passed === false)) count('failed');
      }
      writeFileSync(`${dir}/elements.json`, JSON.stringify({ ...total, engines }));
    },
  };
}

/** The engine a launcher drives: Playwright's is Chromium here, puppeteer's Firefox, WebDriver's WebKit. */
function engineOfLauncher(browser) {
  if (browser.type === 'webdriver') return 'webkit';
  if (browser.type === 'puppeteer') return /firefox/i.test(browser.name) ? 'firefox' : 'chromium';
  return /chrom/i.test(browser.name) ? 'chromium' : String(browser.name).toLowerCase();
}

/** `engine-expected`: the engine this page's launcher drives (test/elements/engine.test.ts checks the page agrees). */
function enginePlugin() {
  return {
    name: 'engine-expected',
    executeCommand({ command, session }) {
      return command === 'engine-expected' ? engineOfLauncher(session.browser) : undefined;
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
    else if (
      /\.test\.ts$/.test(entry.name) &&
      /\b(describe|it|context)\.only\s*\(/.test(readFileSync(path, 'utf8'))
    ) {
      throw new Error(`${path} has a .only: remove it (CI runs every test)`);
    }
  }
}
if (process.env.CI) forbidOnly(fileURLToPath(new URL('./test/elements', import.meta.url)));

const attacker = attackerPlugin();

/** One launcher per engine of the run (all three unless DH_ENGINES says otherwise). */
async function launchers() {
  const engines = selectedEngines();
  const list = [];
  if (engines.includes('chromium')) {
    list.push(
      playwrightLauncher({
        product: 'chromium',
        // A fake microphone whose prompt is accepted: the avatar's frame really gets (or is refused) it.
        launchOptions: {
          executablePath: findChromium(),
          headless: true,
          args: [
            ...CHROMIUM_ARGS,
            '--use-fake-device-for-media-stream',
            '--use-fake-ui-for-media-stream',
          ],
        },
      }),
    );
  }
  if (engines.includes('firefox')) {
    // puppeteer-core drives Debian's Firefox ESR over WebDriver BiDi (no download).
    list.push(
      chromeLauncher({
        puppeteer: puppeteerCore,
        launchOptions: {
          browser: 'firefox',
          executablePath: requireEngine('firefox').binary,
          headless: true,
          // A fake microphone whose prompt is accepted, as Chromium's flags above give.
          extraPrefsFirefox: {
            'media.navigator.streams.fake': true,
            'media.navigator.permission.disabled': true,
          },
        },
      }),
    );
  }
  if (engines.includes('webkit')) {
    const driver = await startWebKitDriver();
    // pageLoadStrategy 'none': a navigation returns at once instead of waiting for the page's load
    // (web-test-runner waits for the test page itself). A run pinned to one core once saw WebKit
    // never answer the navigation to about:blank between two files: 300 s, then the file failed
    // with all its tests passed.
    const capabilities = { ...driver.capabilities, pageLoadStrategy: 'none' };
    list.push(
      webdriverLauncher({
        automationProtocol: 'webdriver',
        hostname: '127.0.0.1',
        port: driver.port,
        path: '/',
        capabilities,
        logLevel: 'error',
      }),
    );
  }
  return list;
}

export default {
  files: ['test/elements/**/*.test.ts'],
  port: PORT,
  nodeResolve: true,
  testFramework: { config: { timeout: TEST_BUDGET_MS } },
  testsFinishTimeout: FILE_BUDGET_MS,
  // A page's start (its imports, a support module's top-level await of four catalogues) and a
  // browser's launch: 20 s and 30 s by default, bounds a busy machine could miss.
  testsStartTimeout: START_BUDGET_MS,
  browserStartTimeout: START_BUDGET_MS,
  middleware: [attacker.middleware],
  plugins: [
    esbuildPlugin({ ts: true, target: 'es2022', tsconfig }),
    simulatorPlugin(),
    framePlugin(),
    enginePlugin(),
    keysPlugin(),
    attacker,
  ],
  browsers: await launchers(),
  // All three engines at once (the default is two): their tests mostly wait (timers, the
  // simulator, frames), so side by side they take about as long as the slowest alone.
  concurrentBrowsers: 3,
  reporters: [
    defaultReporter(),
    summaryReporter({ flatten: false }),
    countReporter(),
    wtrFileTimesReporter({
      stage: process.env.DH_TEST_STAGE || 'elements',
      budgetMs: FILE_BUDGET_MS,
      engineOf: engineOfLauncher,
    }),
  ],
};
