/**
 * The example projects of examples/, each built as a new user builds it: copied into an empty
 * folder, dh-kit and dh-kit-server installed from the packed tarballs (the rest from npm), the
 * project's own build, its own server against a simulator, and the page driven in Chromium — the
 * avatar opens its chat page through the site's proxy, and both pickers' values reach the server.
 *
 * Every example's page may not shift (at most 0.01) until the elements are defined and settled:
 * the server-rendered ones (Next.js, Astro, Nuxt, SvelteKit, React Router) and Parcel's link
 * dh-kit/boxes.css, and their server's HTML is checked for it. React Router also counts launch
 * links under StrictMode: one per click.
 *
 * Every example (Vue, Next.js, Svelte, Astro, Nuxt, SvelteKit, React Router, Parcel, Angular)
 * runs in `npm run test:examples`, the opt-in stage: their installs and builds take minutes, which
 * `npm test` (under six minutes on two cores) has no room for. The package stage of `npm test`
 * keeps what every site needs (test/package/consumer.test.mjs: the types of dh-kit/vue,
 * dh-kit/svelte and dh-kit/jsx, a Vite and an esbuild build, React on the server).
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../../scripts/chromium.mjs';
import { packBoth } from '../../scripts/packed-site.mjs';
import { startCommand } from './start-command.mjs';

const run = promisify(execFile);
const repo = fileURLToPath(new URL('../..', import.meta.url));
/**
 * None runs in `npm test`; `npm run test:examples` runs all of them, or those DH_EXAMPLES=nextjs,vue
 * names (each example's folder name).
 */
const IN_NPM_TEST = [];
const only = process.env.DH_EXAMPLES?.split(',');
const wanted = (name) =>
  only ? only.includes(name) || only.includes('all') : IN_NPM_TEST.includes(name);

let work;
let tarballs;
let sim;
let head;
let browser;
const children = [];

/** The example copied into the work folder, its dh-kit packages pointed at the tarballs, installed. */
async function install(name) {
  const dir = join(work, name);
  cpSync(join(repo, 'examples', name), dir, {
    recursive: true,
    // What a build in examples/ itself leaves (each framework's output and cache) is not copied.
    filter: (src) =>
      !/[/\\](node_modules|dist|build|\.next|\.nuxt|\.output|\.svelte-kit|\.react-router|\.parcel-cache)$/.test(
        src,
      ),
  });
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  pkg.dependencies['dh-kit'] = `file:${tarballs.kit}`;
  pkg.dependencies['dh-kit-server'] = `file:${tarballs.server}`;
  writeFileSync(join(dir, 'package.json'), JSON.stringify(pkg, null, 2));
  await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], {
    cwd: dir,
    env: { ...process.env, npm_config_update_notifier: 'false' },
    maxBuffer: 16 * 1024 * 1024,
  });
  return dir;
}

/** Runs a binary of the example's own node_modules; rejects with its output. */
const bin = (dir, name, args, env = {}) =>
  run(join(dir, 'node_modules/.bin', name), args, {
    cwd: dir,
    env: { ...process.env, ...env },
    maxBuffer: 32 * 1024 * 1024,
  }).catch((err) => {
    throw new Error(`${name} ${args.join(' ')} failed:\n${err.stdout}${err.stderr}`);
  });

/** A free port of the loopback (for a server that cannot be told port 0). */
const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/**
 * A CDN for the single-file bundle: the example's own copy of dh-kit/dist on another origin, with
 * `Access-Control-Allow-Origin: *` as jsDelivr sends it. Resolves with its address.
 */
function startCdn(dir) {
  const root = join(dir, 'node_modules/dh-kit/dist');
  const server = createHttpServer((req, res) => {
    const name = new URL(req.url, 'http://cdn').pathname.slice(1);
    if (!/^[\w.-]+\.js$/.test(name)) return res.writeHead(404).end();
    try {
      const body = readFileSync(join(root, name));
      res
        .writeHead(200, { 'content-type': 'text/javascript', 'access-control-allow-origin': '*' })
        .end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  children.push({ kill: () => server.close() });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${server.address().port}`)),
  );
}

/** The site's server, configured as a site configures it: the platform (here the simulator) from the environment. */
function serverEnv() {
  const { baseUrl, chatUrl, streamUrl, email, secretKey } = sim.info;
  return {
    DH_EMAIL: email,
    DH_SECRET_KEY: secretKey,
    DH_BASE_URL: baseUrl,
    DH_CHAT_URL: chatUrl,
    DH_STREAM_URL: streamUrl,
    DH_PUBLIC_HEADS: '*',
    DH_SIGNING_SECRET: 'an-example-signing-secret-0123456789abcdef',
    DH_HEAD: head,
    DH_LOG: 'off',
  };
}

/** Starts a command in `dir` and resolves with the first URL it prints (`{"url":…}` or `http://…`). */
const startServer = (dir, command, args, env) =>
  startCommand(command, args, {
    cwd: dir,
    env: { ...process.env, ...env },
    children,
    read: (line) =>
      /"url":"([^"]+)"/.exec(line)?.[1] ??
      /(http:\/\/(?:127\.0\.0\.1|localhost):\d+)/.exec(line)?.[1],
    what: 'address',
  });

/** The three tags every example page shows. */
const TAGS = ['dh-avatar', 'dh-face-picker', 'dh-voice-picker'];

/**
 * Registered before the page's own scripts: each layout shift without recent input, with what
 * moved (Chromium's Layout Instability API; `buffered` also gives the shifts before the observer).
 */
function recordLayoutShifts() {
  window.__dhShifts = [];
  const name = (node) =>
    !node
      ? '(gone)'
      : node.nodeType === 1
        ? `${node.localName}${node.id ? `#${node.id}` : ''}`
        : node.nodeName;
  const rect = (r) => `${r.x},${r.y} ${r.width}x${r.height}`;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (!entry.hadRecentInput)
        window.__dhShifts.push({
          value: entry.value,
          sources: entry.sources.map(
            (s) => `${name(s.node)} ${rect(s.previousRect)} -> ${rect(s.currentRect)}`,
          ),
        });
  }).observe({ type: 'layout-shift', buffered: true });
}

/**
 * The page's cumulative layout shift from its load until the elements are defined and settled:
 * the three tags defined, both pickers showing their data, then a second for what follows (the
 * avatar's facade names its head within 1 s). Read before anything is clicked. Resolves with the
 * sum (the shifts without input, as CLS counts them) and the shifts, each with what moved.
 */
async function layoutShift(page) {
  await page.evaluate((tags) => Promise.all(tags.map((t) => customElements.whenDefined(t))), TAGS);
  await page.locator('dh-face-picker').getByRole('gridcell').first().waitFor();
  await page.locator('dh-voice-picker').getByRole('listbox').getByRole('option').first().waitFor();
  await page.waitForTimeout(1000);
  const shifts = await page.evaluate(() => window.__dhShifts);
  return { value: shifts.reduce((sum, s) => sum + s.value, 0), shifts };
}

/** At most this much cumulative layout shift before any input ("good" CLS is 0.1: this is a tenth). */
const MAX_LAYOUT_SHIFT = 0.01;

/** Asserts the measured shift is within MAX_LAYOUT_SHIFT, naming what moved when it is not. */
function assertSettled(shift, what) {
  assert.ok(
    shift.value <= MAX_LAYOUT_SHIFT,
    `${what}: the page shifts ${shift.value.toFixed(4)} (at most ${MAX_LAYOUT_SHIFT}) before any input: ${JSON.stringify(shift.shifts)}`,
  );
}

/**
 * The page's HTML as the server sends it: the avatar's tag with the head, and the boxes of
 * dh-kit/boxes.css linked (or inline), so each element has its box from the first paint.
 */
async function assertServerRendered(url) {
  const html = await (await fetch(url)).text();
  assert.match(
    html,
    // Quoted, or not where a minifier (Parcel's) left the value bare.
    new RegExp(`<dh-avatar head-id="?${head}"? view="?chat"?`),
    "the server's HTML names the head",
  );
  const hrefs = [...html.matchAll(/<link\b[^>]*rel="?stylesheet"?[^>]*>/g)].map(
    ([tag]) => /href="?([^"\s>]+)/.exec(tag)?.[1],
  );
  const styles = [...html.matchAll(/<style\b[^>]*>([^<]*)<\/style>/g)].map(([, css]) => css);
  for (const href of hrefs) styles.push(await (await fetch(new URL(href, url))).text());
  assert.ok(
    styles.some((css) => /dh-voice-picker:not\(:defined\)/.test(css)),
    `the server's HTML links dh-kit/boxes.css (stylesheets: ${JSON.stringify(hrefs)})`,
  );
}

/**
 * A Vite development server's first page: Vite finds the dependencies it has not optimized yet,
 * optimizes them and reloads the page. Waits until the page's elements are defined after that,
 * so the page the test drives next loads as every later visit does.
 */
async function warmUp(url) {
  const page = await browser.newPage();
  try {
    await page.goto(url);
    await page.waitForFunction((tags) => tags.every((t) => customElements.get(t)), TAGS, {
      timeout: 60_000,
    });
  } finally {
    await page.close();
  }
}

/** The launch links asked of the proxy (`GET /dh/heads/:id/launch`, src/proxy/routes/launch.ts). */
const LAUNCH = /^\/dh\/heads\/[^/]+\/launch$/;

/**
 * In Chromium: the page's layout shift is measured until the elements settle (`shift`), then the
 * avatar's button opens the chat page in its frame (through the site's /dh), a face and a voice
 * are chosen, the page shows them (`#chosen`, when `shown`), and Save posts the form; the server's
 * answer is what it received. Returns the chosen ids, that answer, the shift, the picker's
 * requests and how many launch links the click asked for (`launches`).
 */
async function drive(url, { shown = true, headers = {} } = {}) {
  // Tall enough that the whole page is in view: a layout shift counts only where it is seen.
  const page = await browser.newPage({
    extraHTTPHeaders: headers,
    viewport: { width: 1280, height: 1800 },
  });
  await page.addInitScript(recordLayoutShifts);
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on(
    'console',
    (m) => m.type() === 'error' && errors.push(`${m.text()} ${m.location()?.url ?? ''}`.trim()),
  );
  page.on('response', (r) => r.status() >= 400 && errors.push(`${r.status()} ${r.url()}`));
  // The request headers of the faces the picker asked the proxy for.
  const faceRequests = [];
  page.on(
    'request',
    (r) => new URL(r.url()).pathname === '/dh/faces' && faceRequests.push(r.headers()),
  );
  let launches = 0;
  page.on('request', (r) => LAUNCH.test(new URL(r.url()).pathname) && launches++);
  try {
    await page.goto(url);
    const shift = await layoutShift(page);
    assert.equal(launches, 0, 'no launch link before the click (loading="click")');
    await page
      .locator('dh-avatar')
      .getByRole('button', { name: /^Talk to / })
      .click();
    await page
      .waitForEvent('framenavigated', {
        predicate: (f) => /\/chat\//.test(f.url()),
        timeout: 15_000,
      })
      .catch(() => undefined);
    assert.ok(
      page.frames().some((f) => /\/chat\//.test(f.url())),
      `the chat page is in the frame: ${page.frames().map((f) => f.url())}`,
    );
    const cell = page.locator('dh-face-picker').getByRole('gridcell').first();
    await cell.scrollIntoViewIfNeeded();
    await cell.click();
    const option = page.locator('dh-voice-picker').getByRole('listbox').getByRole('option').first();
    await option.scrollIntoViewIfNeeded();
    await option.click();
    const chosen = await page.evaluate(() => ({
      face: document.querySelector('dh-face-picker').value,
      voice: document.querySelector('dh-voice-picker').value,
    }));
    assert.ok(
      chosen.face && chosen.voice,
      `a face and a voice are chosen: ${JSON.stringify(chosen)}`,
    );
    if (shown)
      await page.waitForFunction(
        (c) =>
          document.querySelector('#chosen')?.textContent.includes(c.face) &&
          document.querySelector('#chosen').textContent.includes(c.voice),
        chosen,
      );
    // What went wrong on the page itself (the JSON answer below is a document of its own, whose
    // /favicon.ico the browser may ask for).
    assert.deepEqual(errors, []);
    const [response] = await Promise.all([
      page.waitForResponse(
        (r) => new URL(r.url()).pathname === '/submit' && r.request().method() === 'POST',
      ),
      page.getByRole('button', { name: 'Save' }).click(),
    ]);
    const received = await response.json();
    return { chosen, received, faceRequests, shift, launches };
  } finally {
    await page.close();
  }
}

describe('the examples, built from the packed tarballs', { timeout: 900_000 }, () => {
  before(async () => {
    work = mkdtempSync(join(tmpdir(), 'dh-kit-examples-'));
    // `npm pack` builds dist/ first (prepack); the simulator and the client below are that build's.
    const { kit, server } = await packBoth(work);
    tarballs = { kit: kit.path, server: server.path };
    const { startSimulator } = await import(join(repo, 'dist/sim/index.js'));
    const { PlatformClient } = await import(join(repo, 'dist/server.js'));
    sim = await startSimulator();
    const { baseUrl, chatUrl, streamUrl, email, secretKey } = sim.info;
    const client = new PlatformClient({ baseUrl, chatUrl, streamUrl, email, secretKey });
    const face = (await client.listFaces({ take: 1 })).data[0];
    const voice = (await client.listVoices()).find((v) => v.locale === 'en-US');
    head = (
      await client.createHead({
        headVisualId: face.id,
        name: 'Ava',
        language: 'en-US',
        languageSpeechRecognition: 'en-US',
        operationMode: 'oc',
        ttsProvider: voice.provider,
        ttsVoice: voice.voiceId,
        greetings: 'Hello!',
        promptConfig: { system_prompt: 'Be brief.' },
      })
    ).id;
    browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  });
  after(async () => {
    for (const child of children) child.kill();
    await browser?.close();
    await sim?.close?.();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  test("Vue (examples/vue): vue-tsc checks the templates against dh-kit/vue (a number as head-id, an unknown layout, a wrong event detail are refused), Vite builds, the avatar opens its chat page, :value with @change holds both pickers' values (the binding Nuxt's server build also takes) and the form posts them, :headers.prop reaches the picker's requests", {
    skip: !wanted('vue'),
  }, async (t) => {
    const dir = await install('vue');
    await bin(dir, 'vue-tsc', ['--noEmit']);
    writeFileSync(
      join(dir, 'src/Wrong.vue'),
      '<template>\n  <dh-avatar :head-id="123" layout="sidebar" @dh-load="(e: CustomEvent<{ nope: number }>) => e"></dh-avatar>\n</template>\n',
    );
    const refused = await bin(dir, 'vue-tsc', ['--noEmit']).then(
      () => '',
      (err) => err.message,
    );
    rmSync(join(dir, 'src/Wrong.vue'));
    assert.match(
      refused,
      /Wrong\.vue\(2,15\): error TS2322: Type 'number' is not assignable to type 'string'/,
    );
    assert.match(
      refused,
      /"sidebar"' is not assignable to type '"inline" \| "bubble" \| undefined'/,
    );
    assert.match(refused, /Property 'nope' is missing in type 'AvatarLoadDetail'/);
    await bin(dir, 'vite', ['build', '--logLevel', 'error']);
    const url = await startServer(dir, process.execPath, ['server.mjs'], {
      ...serverEnv(),
      PORT: '0',
    });
    const { chosen, received, faceRequests, shift } = await drive(url);
    t.diagnostic(`layout shift ${shift.value.toFixed(4)}`);
    assertSettled(shift, 'Vue');
    assert.deepEqual(received, chosen, 'the server received both values');
    // :headers.prop reached the element as an object: its requests carry the site's header.
    assert.ok(
      faceRequests.length > 0 && faceRequests.every((h) => h['x-site'] === 'vue-example'),
      `the faces were asked with x-site: ${JSON.stringify(faceRequests)}`,
    );
  });

  test("Next.js (examples/nextjs): next build type-checks a Server Component page with the React wrappers and one with plain tags (dh-kit/jsx refuses a wrong view), the server's HTML carries head-id, the avatar opens its chat page through a route handler's proxy, and both pickers' values reach the server", {
    skip: !wanted('nextjs'),
  }, async (t) => {
    const dir = await install('nextjs');
    await bin(dir, 'next', ['build'], { NEXT_TELEMETRY_DISABLED: '1' });
    // The plain tags are typed: a view the avatar does not have is refused by the site's TypeScript.
    writeFileSync(
      join(dir, 'app/wrong.tsx'),
      'export const Wrong = () => <dh-avatar head-id="h" view="video"></dh-avatar>;\n',
    );
    const refused = await bin(dir, 'tsc', ['--noEmit', '-p', '.']).then(
      () => '',
      (err) => err.message,
    );
    rmSync(join(dir, 'app/wrong.tsx'));
    assert.match(
      refused,
      /wrong\.tsx.*Type '"video"' is not assignable to type '"chat" \| "stream" \| undefined'/,
    );
    const port = await freePort();
    const url = await startServer(
      dir,
      join(dir, 'node_modules/.bin/next'),
      ['start', '-p', String(port), '-H', '127.0.0.1'],
      { ...serverEnv(), DH_TRUST_PROXY: 'true', NEXT_TELEMETRY_DISABLED: '1' },
    );
    for (const path of ['/', '/plain']) await assertServerRendered(`${url}${path}`);
    for (const path of ['/', '/plain']) {
      // As behind the reverse proxy (or Vercel's edge) that DH_TRUST_PROXY stands for: it appends the client.
      const { chosen, received, shift } = await drive(`${url}${path}`, {
        shown: false,
        headers: { 'x-forwarded-for': '198.51.100.7' },
      });
      t.diagnostic(`${path}: layout shift ${shift.value.toFixed(4)}`);
      assertSettled(shift, `Next.js ${path}`);
      assert.deepEqual(received, chosen, `${path}: the server received both values`);
    }
  });

  test('Svelte 5 (examples/svelte): svelte-check checks the templates against dh-kit/svelte (a number as head-id, an unknown layout, a wrong ondh-load detail are refused), Vite builds, the avatar opens its chat page, ondh-select gives both choices and the form posts them', {
    skip: !wanted('svelte'),
  }, async (t) => {
    const dir = await install('svelte');
    await bin(dir, 'svelte-check', ['--tsconfig', './tsconfig.json', '--fail-on-warnings']);
    writeFileSync(
      join(dir, 'src/Wrong.svelte'),
      '<script lang="ts"></script>\n\n<dh-avatar head-id={123} layout="sidebar" ondh-load={(e: CustomEvent<{ nope: number }>) => e}></dh-avatar>\n',
    );
    const refused = await bin(dir, 'svelte-check', [
      '--tsconfig',
      './tsconfig.json',
      '--output',
      'machine',
    ]).then(
      () => '',
      (err) => err.message,
    );
    rmSync(join(dir, 'src/Wrong.svelte'));
    assert.match(refused, /Wrong\.svelte" 3:12 "Type 'number' is not assignable to type 'string'/);
    assert.match(
      refused,
      /"sidebar\\"' is not assignable to type '\\"inline\\" \| \\"bubble\\" \| undefined'/,
    );
    assert.match(refused, /Property 'nope' is missing in type 'AvatarLoadDetail'/);
    await bin(dir, 'vite', ['build', '--logLevel', 'error']);
    const url = await startServer(dir, process.execPath, ['server.mjs'], {
      ...serverEnv(),
      PORT: '0',
    });
    const { chosen, received, shift } = await drive(url);
    t.diagnostic(`layout shift ${shift.value.toFixed(4)}`);
    assertSettled(shift, 'Svelte');
    assert.deepEqual(received, chosen, 'the server received both values');
  });

  test("Astro (examples/astro): astro build with the node adapter (no warning about the package), the proxy as an endpoint counting visitors by clientAddress; the page that imports the elements and the page with the CDN tag both open the chat page and post both pickers' values", {
    skip: !wanted('astro'),
  }, async (t) => {
    const dir = await install('astro');
    const built = await bin(dir, 'astro', ['build']);
    assert.doesNotMatch(
      `${built.stdout}${built.stderr}`,
      /dh-kit[^\n]*(cannot interpret|warning)/i,
      'no bundler warning about dh-kit',
    );
    const cdn = await startCdn(dir);
    const port = await freePort();
    const url = await startServer(dir, process.execPath, ['dist/server/entry.mjs'], {
      ...serverEnv(),
      HOST: '127.0.0.1',
      PORT: String(port),
      DH_BUNDLE_URL: `${cdn}/dh-kit.bundle.js`,
    });
    for (const path of ['/', '/cdn']) {
      await assertServerRendered(`${url}${path}`);
      const { chosen, received, shift } = await drive(`${url}${path}`, { shown: false });
      t.diagnostic(`${path}: layout shift ${shift.value.toFixed(4)}`);
      assertSettled(shift, `Astro ${path}`);
      assert.deepEqual(received, chosen, `${path}: the server received both values`);
    }
  });

  test("Nuxt 4 (examples/nuxt): nuxt build with SSR (the dh-* tags in the server's HTML, dh-kit/boxes.css linked), the elements from a client plugin; nothing moves as they upgrade, the avatar opens its chat page through a Nitro route's proxy counting visitors by getRequestIP, and :value with @change holds both pickers' values, which the form posts", {
    skip: !wanted('nuxt'),
  }, async (t) => {
    const dir = await install('nuxt');
    const started = Date.now();
    await bin(dir, 'nuxt', ['build'], { NUXT_TELEMETRY_DISABLED: '1' });
    t.diagnostic(`nuxt build: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const port = await freePort();
    const url = await startServer(dir, process.execPath, ['.output/server/index.mjs'], {
      ...serverEnv(),
      HOST: '127.0.0.1',
      PORT: String(port),
    });
    await assertServerRendered(url);
    const { chosen, received, shift, launches } = await drive(url);
    t.diagnostic(`layout shift ${shift.value.toFixed(4)}`);
    assertSettled(shift, 'Nuxt');
    assert.equal(launches, 1, 'one launch link for one click');
    assert.deepEqual(received, chosen, 'the server received both values');
  });

  test("SvelteKit 2 (examples/sveltekit): svelte-check, vite build with adapter-node (the dh-* tags in the server's HTML, dh-kit/boxes.css linked from the layout), the elements imported in onMount; nothing moves as they upgrade, the avatar opens its chat page through an endpoint's proxy counting visitors by getClientAddress, ondh-select gives both choices, and the form posts them (ORIGIN set, or SvelteKit refuses the form)", {
    skip: !wanted('sveltekit'),
  }, async (t) => {
    const dir = await install('sveltekit');
    const started = Date.now();
    await bin(dir, 'svelte-kit', ['sync']);
    await bin(dir, 'svelte-check', ['--tsconfig', './tsconfig.json', '--fail-on-warnings']);
    await bin(dir, 'vite', ['build', '--logLevel', 'error']);
    t.diagnostic(`svelte-check and vite build: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const port = await freePort();
    const url = await startServer(dir, process.execPath, ['build'], {
      ...serverEnv(),
      HOST: '127.0.0.1',
      PORT: String(port),
      // The site's own origin: adapter-node cannot tell http from https behind a proxy, and
      // SvelteKit refuses a form post whose Origin is not the site's.
      ORIGIN: `http://127.0.0.1:${port}`,
    });
    await assertServerRendered(url);
    const { chosen, received, shift, launches } = await drive(url);
    t.diagnostic(`layout shift ${shift.value.toFixed(4)}`);
    assertSettled(shift, 'SvelteKit');
    assert.equal(launches, 1, 'one launch link for one click');
    assert.deepEqual(received, chosen, 'the server received both values');
  });

  test("React Router 7 (examples/react-router): typegen, tsc and react-router build in framework mode (the wrappers' tags in the server's HTML, dh-kit/boxes.css from root.tsx's links), hydrated under StrictMode; nothing moves as the elements upgrade, one click asks for one launch link (also in development, where StrictMode mounts twice), the avatar opens its chat page through a resource route's proxy counting visitors by the address server.mjs puts in the load context, onDhSelect gives both choices, and the form posts them", {
    skip: !wanted('react-router'),
  }, async (t) => {
    const dir = await install('react-router');
    const started = Date.now();
    await bin(dir, 'react-router', ['typegen']);
    await bin(dir, 'tsc', []);
    await bin(dir, 'react-router', ['build']);
    t.diagnostic(
      `typegen, tsc and react-router build: ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    const url = await startServer(dir, process.execPath, ['server.mjs'], {
      ...serverEnv(),
      HOST: '127.0.0.1',
      PORT: '0',
    });
    await assertServerRendered(url);
    const { chosen, received, shift, launches } = await drive(url);
    t.diagnostic(`layout shift ${shift.value.toFixed(4)}; launch links for one click: ${launches}`);
    assertSettled(shift, 'React Router');
    assert.equal(launches, 1, 'one launch link for one click');
    assert.deepEqual(received, chosen, 'the server received both values');

    // In development, where StrictMode mounts each component, unmounts it and mounts it again:
    // the element, not React, owns the launch, so one click still asks for one link. The same
    // server.mjs (Vite's middleware) puts the client's address in the load context there too.
    const devUrl = await startServer(dir, process.execPath, ['server.mjs'], {
      ...serverEnv(),
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: '0',
    });
    await warmUp(devUrl);
    const dev = await drive(devUrl);
    t.diagnostic(
      `development: layout shift ${dev.shift.value.toFixed(4)}; launch links for one click: ${dev.launches}`,
    );
    assert.equal(dev.launches, 1, 'one launch link for one click under StrictMode in development');
    assert.deepEqual(dev.received, dev.chosen, 'the development server received both values');
  });

  test("Parcel 2 (examples/parcel): parcel build of a plain page (packageExports on, so dh-kit/* resolves; dh-kit/boxes.css by a CSS @import), served with the proxy by its own server; nothing moves as the elements upgrade, the avatar opens its chat page, the form's change event shows both values, and the form posts them", {
    skip: !wanted('parcel'),
  }, async (t) => {
    const dir = await install('parcel');
    const started = Date.now();
    await bin(dir, 'parcel', ['build', 'index.html', '--no-cache']);
    t.diagnostic(`parcel build: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const url = await startServer(dir, process.execPath, ['server.mjs'], {
      ...serverEnv(),
      PORT: '0',
    });
    await assertServerRendered(url);
    const { chosen, received, shift, launches } = await drive(url);
    t.diagnostic(`layout shift ${shift.value.toFixed(4)}`);
    assertSettled(shift, 'Parcel');
    assert.equal(launches, 1, 'one launch link for one click');
    assert.deepEqual(received, chosen, 'the server received both values');
  });

  test("Angular (examples/angular): ng build (strict templates, CUSTOM_ELEMENTS_SCHEMA), the avatar opens its chat page, ngModel with ngDefaultControl holds both pickers' values in a template-driven form, which posts them", {
    skip: !wanted('angular'),
  }, async (t) => {
    const dir = await install('angular');
    await bin(dir, 'ng', ['build'], { NG_CLI_ANALYTICS: 'false' });
    const url = await startServer(dir, process.execPath, ['server.mjs'], {
      ...serverEnv(),
      PORT: '0',
    });
    const { chosen, received, shift } = await drive(url);
    t.diagnostic(`layout shift ${shift.value.toFixed(4)}`);
    assertSettled(shift, 'Angular');
    assert.deepEqual(received, chosen, 'the server received both values');
  });
});
