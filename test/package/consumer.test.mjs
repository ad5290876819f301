/**
 * The package as a stranger gets it: `npm pack`, the tarball installed into an empty project of
 * their own (no tsx, no tsconfig or Vite config of ours), then used the ways sites use it —
 * plain Node serving the proxy, SSR imports, React on the server, TypeScript with strict
 * defaults, their own Vite and esbuild builds in Chromium, `npx dh-kit start` and its CMS page.
 *
 * Plain JavaScript on purpose: nothing here goes through this repository's TypeScript setup. The
 * build tools (tsc, esbuild, Vite) are this checkout's binaries run in the consumer's folder, with
 * the consumer's settings (none, or the ones written below), resolving dh-kit from its node_modules.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../../scripts/chromium.mjs';
import { packedSite, locked } from '../../scripts/packed-site.mjs';
import { jsonLine, startCommand } from './start-command.mjs';
import { BUDGETS, formatCdnRow, formatRow, measure, measureCdnFiles } from '../../scripts/size.mjs';
import * as esbuild from 'esbuild';

const run = promisify(execFile);
const repo = fileURLToPath(new URL('../..', import.meta.url));
const tool = (name) => join(repo, 'node_modules/.bin', name);
const pkg = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8'));

const TAGS = [
  'dh-avatar',
  'dh-face-picker',
  'dh-voice-picker',
  'dh-head-form',
  'dh-video-studio',
  'dh-insights',
];
const BROWSER_ENTRIES = [
  'dh-kit',
  'dh-kit/configure',
  'dh-kit/messages',
  'dh-kit/analytics',
  'dh-kit/avatar',
  'dh-kit/face-picker',
  'dh-kit/voice-picker',
  'dh-kit/head-form',
  'dh-kit/video-studio',
  'dh-kit/insights',
  'dh-kit/react',
  'dh-kit/react/avatar',
  'dh-kit/react/face-picker',
  'dh-kit/react/voice-picker',
  'dh-kit/react/head-form',
  'dh-kit/react/video-studio',
  'dh-kit/react/insights',
];

let work;
let site;
let packed;
let serverPacked;
const children = [];

/** Runs `node <args>` in the consumer's folder with a clean environment (no tsx loader, no credentials). */
function nodeIn(args, env = {}) {
  return run(process.execPath, args, {
    cwd: site,
    env: cleanEnv(env),
    maxBuffer: 16 * 1024 * 1024,
  });
}
function cleanEnv(extra) {
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, TMPDIR: work, ...extra };
  return env;
}

/** Starts a long-running command in the site and resolves with its first stdout line that parses as JSON. */
const startJson = (command, args, env) =>
  startCommand(command, args, {
    cwd: site,
    env: cleanEnv(env),
    children,
    read: jsonLine,
    what: 'JSON line',
  });

describe('the packed package in an empty project', { timeout: 600_000 }, () => {
  before(async () => {
    // `npm pack` builds dist/ first (prepack); the server side (dh-kit-server), and React and the
    // types a site would have beside it.
    const names = [
      'react',
      'react-dom',
      '@types/react',
      '@types/react-dom',
      '@types/node',
      'vue',
      'svelte',
    ];
    ({ work, site, packed, serverPacked } = await packedSite({
      server: true,
      dependencies: Object.fromEntries(names.map((n) => [n, locked(n)])),
    }));
    cpSync(join(repo, 'test/package/site'), site, { recursive: true });
  });
  after(() => {
    for (const child of children) child.kill();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  test('the tarball holds dist (JS, .d.ts, manifest, editor data, bundle, demo), README, LICENSE and the bin — no sources, tests, CI or configs; ≤ 3 MB unpacked', () => {
    const files = packed.files.map((f) => f.path);
    for (const needed of [
      'README.md',
      'LICENSE',
      'package.json',
      'bin/dh-kit.js',
      'dist/index.js',
      'dist/index.d.ts',
      'dist/server.js',
      'dist/react/index.js',
      'dist/react/index.d.ts',
      'dist/react/avatar.js',
      'dist/sim/index.js',
      'dist/custom-elements.json',
      'dist/vscode.html-custom-data.json',
      'dist/custom-elements-jsx.d.ts',
      'dist/dh-kit.bundle.js',
      'dist/dh-kit.avatar.js',
      'dist/boxes.css',
      'dist/demo/index.html',
      'dist/sim/media/idle.mp4',
      'dist/sim/pages/page.js',
    ]) {
      assert.ok(files.includes(needed), `the tarball has ${needed}`);
    }
    for (const entry of [...Object.values(pkg.exports), ...Object.values(pkg.imports ?? {})]) {
      for (const target of typeof entry === 'string' ? [entry] : Object.values(entry)) {
        // A pattern (`./locales/*`) stands for every locale the kit ships.
        const targets = target.includes('*')
          ? ['de', 'fr', 'es', 'it', 'pt', 'nl', 'pl', 'ar', 'ja'].map((l) =>
              target.replace('*', l),
            )
          : [target];
        for (const t of targets)
          assert.ok(files.includes(t.replace(/^\.\//, '')), `export target ${t} is in the tarball`);
      }
    }
    const unwanted = files.filter(
      (f) =>
        /^(src|test|demo|scripts|\.ci)\/|(^|\/)(tsconfig|vite\.config|web-test-runner\.config|playwright\.config|custom-elements-manifest\.config)|\.ts$/.test(
          f,
        ) && !f.endsWith('.d.ts'),
    );
    assert.deepEqual(unwanted, [], 'no sources, tests, CI or tool configs');
    // About 2.5 MB: readable modules of six elements with their types, ten languages twice (modules
    // for bundlers, files beside the CDN files), the demo with its reference pages and the
    // simulator's media. A bound, so that a stray folder (docs, maps, media) shows.
    assert.ok(
      packed.unpackedSize <= 3 * 1024 * 1024,
      `unpacked ${(packed.unpackedSize / 1024).toFixed(0)} kB ≤ 3 MB`,
    );
    console.log(
      `  tarball: ${files.length} files, ${(packed.size / 1024).toFixed(0)} kB packed, ${(packed.unpackedSize / 1024).toFixed(0)} kB unpacked`,
    );
  });

  test('a front-end install (npm i dh-kit alone) adds no server package, no React and no @types; npx dh-kit start there runs with dh-kit-server through npm exec', async () => {
    const frontend = join(work, 'frontend');
    mkdirSync(frontend);
    writeFileSync(
      join(frontend, 'package.json'),
      JSON.stringify({
        name: 'a-front-end',
        private: true,
        type: 'module',
        dependencies: { 'dh-kit': `file:${packed.path}` },
      }),
    );
    await run(
      'npm',
      ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'],
      { cwd: frontend, env: { ...process.env, npm_config_update_notifier: 'false' } },
    );
    const { stdout } = await run('npm', ['ls', '--all', '--parseable'], { cwd: frontend });
    const installed = [
      ...new Set(
        stdout
          .split('\n')
          .filter((l) => l.includes('node_modules/'))
          .map((l) => l.slice(l.lastIndexOf('node_modules/') + 13)),
      ),
    ].sort();
    console.log(`  front-end install: ${installed.length} packages: ${installed.join(' ')}`);
    // Written out: what a site that only wants the tags gets (Lit and its parts, the virtualizer, zod).
    const allowed =
      /^(dh-kit|lit|lit-html|lit-element|@lit\/(reactive-element|task)|@lit-labs\/(virtualizer|ssr-dom-shim)|@types\/trusted-types|tslib|zod)$/;
    assert.deepEqual(
      installed.filter((name) => !allowed.test(name)),
      [],
      'nothing but the browser side',
    );
    for (const server of ['hono', 'ws', 'ioredis', 'unstorage', '@types/react', 'react'])
      assert.ok(!installed.includes(server), `${server} is not installed`);

    // The command still runs: it fetches the server side once (here from the two tarballs; from the
    // registry, `dh-kit-server` of its own version) and serves the demo against the simulator.
    const npxCache = join(process.env.HOME, '.npm/_npx');
    const before = new Set(existsSync(npxCache) ? readdirSync(npxCache) : []);
    const cwd = site;
    site = frontend;
    try {
      const started = await startJson(join(frontend, 'node_modules/.bin/dh-kit'), ['start'], {
        PORT: '0',
        DH_LOG: 'off',
        DH_KIT_SERVER_PACKAGES: `${packed.path} ${serverPacked.path}`,
        npm_config_prefer_offline: 'true',
        npm_config_update_notifier: 'false',
      });
      assert.equal(started.mode, 'simulator');
      assert.equal((await fetch(`${started.url}/dh/health`)).status, 200);
      assert.match(await (await fetch(`${started.url}/`)).text(), /<dh-avatar/);
      // Ctrl+C on the delegating bin reaches the server through npm exec: it ends, and cleanly.
      const bin = children.at(-1);
      const exited = new Promise((resolve) => {
        bin.once('exit', (code) => resolve(code));
        setTimeout(() => resolve('still running 30 s after the stop'), 30_000).unref();
      });
      bin.kill('SIGINT');
      assert.equal(await exited, 0, 'the delegating bin exits 0 after a stop');
      await assert.rejects(fetch(`${started.url}/dh/health`), 'the delegated server is gone');
    } finally {
      site = cwd;
      for (const child of children.splice(0)) child.kill();
      // npm exec's install for these two tarballs (a new folder each run) is not left in npm's cache.
      for (const dir of existsSync(npxCache) ? readdirSync(npxCache) : [])
        if (!before.has(dir)) rmSync(join(npxCache, dir), { recursive: true, force: true });
    }
  });

  test('installing it brings no build tool: no tsx, vite, esbuild or typescript in the site', () => {
    for (const name of ['tsx', 'vite', 'esbuild', 'typescript', 'rolldown'])
      assert.equal(existsSync(join(site, 'node_modules', name)), false, `${name} is not installed`);
  });

  test('plain node imports dh-kit/server and dh-kit/sim and serves the proxy', async () => {
    const server = await startJson(process.execPath, ['server.mjs']);
    const faces = await fetch(`${server.url}/dh/faces?take=3`);
    assert.equal(faces.status, 200);
    assert.equal((await faces.json()).items.length, 3);
    const launch = await (await fetch(`${server.url}/dh/heads/${server.head}/launch`)).json();
    assert.match(launch.url, /^\/dh\/embed\//);
    const bundle = await fetch(`${server.url}${server.bundle.path}`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    assert.equal(bundle.status, 200);
    assert.equal(bundle.headers.get('access-control-allow-origin'), '*');
    assert.match(bundle.headers.get('cache-control'), /immutable/);
  });

  test('plain node imports every browser entry (SSR) without a DOM, and no tag is registered there', async () => {
    const { stdout } = await nodeIn([
      '--input-type=module',
      '-e',
      `const loaded = [];
       for (const entry of ${JSON.stringify(BROWSER_ENTRIES)}) loaded.push([entry, Object.keys(await import(entry)).length]);
       const registered = ${JSON.stringify(TAGS)}.filter((t) => globalThis.customElements?.get(t));
       console.log(JSON.stringify({ loaded, registered, window: typeof window }));`,
    ]);
    const result = JSON.parse(stdout);
    assert.equal(result.loaded.length, BROWSER_ENTRIES.length);
    assert.deepEqual(result.registered, [], 'tags are registered only in a browser');
    assert.equal(result.window, 'undefined');
  });

  test("react-dom/server renders each React wrapper in plain Node (no window) with the element's own attributes (head-id, not headId); every React entry is a client module", async () => {
    const { stdout } = await nodeIn(['ssr.mjs']);
    const html = JSON.parse(stdout);
    for (const tag of TAGS)
      assert.match(html[tag], new RegExp(`^<${tag}[ >]`), `${tag} renders on the server`);
    // Before any script runs, the element reads its head from the server's HTML.
    assert.match(html['dh-avatar'], /^<dh-avatar id="ava" head-id="h1" layout="bubble"[ >]/);
    assert.match(html.only, /^<dh-avatar head-id="h2" view="stream" class="guide"[ >]/);
    assert.match(
      html['dh-face-picker'],
      /^<dh-face-picker name="face" gender="FEMALE" required=""[ >]/,
    );
    assert.match(
      html['dh-voice-picker'],
      /^<dh-voice-picker name="voice" streaming=""[ >]/,
      'true is an empty attribute, false none',
    );
    assert.match(
      html['dh-head-form'],
      /^<dh-head-form no-preview=""[ >]/,
      'an object has no attribute',
    );
    assert.match(
      html['dh-insights'],
      /^<dh-insights head-id="h1" from="2026-11-01"[ >]/,
      'an array (heads) has no attribute',
    );
    for (const [tag, markup] of Object.entries(html))
      assert.doesNotMatch(
        markup,
        /headId|noPreview|headers|credentials|onDh|Bearer/i,
        `${tag}: no prop under its React name, no object, no listener`,
      );
    // A Server Component page (Next.js) may import any React entry: each starts with 'use client'.
    for (const entry of [
      'index',
      'avatar',
      'face-picker',
      'voice-picker',
      'head-form',
      'video-studio',
      'insights',
    ]) {
      const code = readFileSync(
        join(site, 'node_modules/dh-kit/dist/react', `${entry}.js`),
        'utf8',
      );
      assert.match(
        code,
        /^(\/\*[\s\S]*?\*\/\s*)?['"]use client['"];/,
        `dist/react/${entry}.js starts with 'use client'`,
      );
    }
  });

  test('tsc --strict --exactOptionalPropertyTypes, no decorator flags, no skipLibCheck: elements, events, React, JSX, Vue (GlobalComponents, dh-kit/vue), Svelte 5 (svelteHTML, dh-kit/svelte) and the server type-check; wrong types are refused', async () => {
    // The site's tsconfigs have the settings. Its @ts-expect-error lines (a view the avatar does not
    // have, a number as headers, a layout that does not exist in TSX, in Vue's GlobalComponents and
    // Svelte's svelteHTML, a wrong event detail, a read-only member as a prop) fail the check if they pass.
    for (const config of [
      'tsconfig.json',
      'tsconfig.node.json',
      'tsconfig.vue.json',
      'tsconfig.svelte.json',
    ]) {
      await run(tool('tsc'), ['-p', join(site, config)], { cwd: site }).catch((err) =>
        assert.fail(`tsc -p ${config} found errors:\n${err.stdout}${err.stderr}`),
      );
    }
    // And the refusal is the one a person needs to read.
    writeFileSync(
      join(site, 'wrong.ts'),
      "import 'dh-kit/avatar';\nconst a = document.createElement('dh-avatar');\na.view = 'video';\n",
    );
    writeFileSync(
      join(site, 'tsconfig.wrong.json'),
      JSON.stringify({ extends: './tsconfig.json', files: ['wrong.ts'] }),
    );
    const refused = await run(tool('tsc'), ['-p', join(site, 'tsconfig.wrong.json')], {
      cwd: site,
    }).then(
      () => '',
      (err) => String(err.stdout),
    );
    assert.match(refused, /wrong\.ts.*"video".*not assignable to type '"chat" \| "stream"'/);
  });

  test("the manifest and the editors' data: attribute types as the values they take (view, mode), every part and every public member described", () => {
    const data = JSON.parse(
      readFileSync(join(site, 'node_modules/dh-kit/dist/vscode.html-custom-data.json'), 'utf8'),
    );
    const values = (tag, attribute) =>
      data.tags
        .find((t) => t.name === tag)
        .attributes.find((a) => a.name === attribute)
        .values?.map((v) => v.name);
    assert.deepEqual(values('dh-avatar', 'view'), ['chat', 'stream']);
    assert.deepEqual(values('dh-head-form', 'mode'), [
      'oc',
      'ttt',
      'doc_qa',
      'plugin',
      'voiceflow',
    ]);
    const manifest = JSON.parse(
      readFileSync(join(site, 'node_modules/dh-kit/dist/custom-elements.json'), 'utf8'),
    );
    const elements = manifest.modules
      .flatMap((m) => m.declarations ?? [])
      .filter((d) => d.customElement);
    assert.deepEqual(
      elements.map((d) => d.tagName).sort(),
      [
        'dh-avatar',
        'dh-face-picker',
        'dh-head-form',
        'dh-insights',
        'dh-video-studio',
        'dh-voice-picker',
      ],
      'the six elements',
    );
    const avatar = elements.find((d) => d.tagName === 'dh-avatar');
    assert.ok(
      avatar.cssParts.some((p) => p.name === 'language'),
      "the facade's language part",
    );
    const undescribed = elements.flatMap((d) => [
      ...(d.cssParts ?? []).filter((p) => !p.description).map((p) => `${d.tagName} part ${p.name}`),
      ...(d.members ?? [])
        .filter((m) => !m.static && !m.description && !/Callback$/.test(m.name))
        .map((m) => `${d.tagName} ${m.name}`),
    ]);
    assert.deepEqual(undescribed, []);
  });

  test("size: each entry in the site's bundles, esbuild's defaults (one file) and Vite's, Lit included, what an English page loads (avatar ≤ 12.5 kB, pickers ≤ 26 kB, insights ≤ 16 kB, all five ≤ 48 kB, all six ≤ 56 kB gzip; a page with each of the avatar's parts reported), and the CDN files (the avatar's ≤ 12.5 kB + its parts, all six's ≤ 56 kB + the same parts)", async () => {
    const rows = await measure({ root: site });
    for (const r of rows) console.log(`  ${formatRow(r)}`);
    assert.deepEqual(
      rows.filter((r) => !r.ok).map((r) => r.name),
      [],
      'every entry within its budget',
    );
    assert.deepEqual(
      rows.map((r) => r.name),
      Object.keys(BUDGETS),
    );
    // The CDN files, each one file: the avatar's within 12.5 kB and its parts (bubble, consent notice, microphone hint, preconnect); all six's within 56 kB and the same parts.
    const cdn = measureCdnFiles(join(site, 'node_modules/dh-kit/dist'), rows);
    for (const r of cdn) console.log(`  ${formatCdnRow(r)}`);
    assert.deepEqual(
      cdn.filter((r) => !r.ok).map((r) => `${r.name} ${r.gzip} B > ${r.budget} B`),
      [],
      'every CDN file within its budget',
    );
    // configure() alone costs nothing beyond itself: no element, no Lit (which alone is about 6 kB).
    const configure = rows.find((r) => r.name === 'dh-kit/configure');
    assert.ok(
      Math.max(configure.esbuild, configure.vite) < 1024,
      `dh-kit/configure is ${configure.esbuild} B (esbuild), ${configure.vite} B (Vite) gzip`,
    );
  });

  test('a page with only DhAvatar (dh-kit/react/avatar) bundles the avatar and none of the other five elements', async () => {
    const built = await esbuild.build({
      stdin: { contents: "export { DhAvatar } from 'dh-kit/react/avatar';", resolveDir: site },
      bundle: true,
      minify: true,
      format: 'esm',
      write: false,
      external: ['react', 'react-dom'],
      absWorkingDir: site,
      logLevel: 'silent',
    });
    const code = built.outputFiles.map((f) => f.text).join('');
    assert.ok(code.includes('"dh-avatar"'), 'the avatar is defined');
    for (const tag of [
      'dh-face-picker',
      'dh-voice-picker',
      'dh-head-form',
      'dh-video-studio',
      'dh-insights',
    ])
      assert.ok(!code.includes(tag), `${tag} is not in the bundle`);
  });

  describe('in Chromium, built by the site itself', () => {
    let browser;
    let server;
    before(async () => {
      // The site's own builds of one page with the six elements: Vite (its defaults) and esbuild.
      await run(
        process.execPath,
        [join(repo, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error'],
        { cwd: site, env: cleanEnv({}) },
      );
      await run(
        tool('esbuild'),
        ['main.js', '--bundle', '--minify', '--format=esm', '--outfile=dist/esbuild-main.js'],
        { cwd: site },
      );
      // esbuild's defaults put every dynamic import in the file: German is there (the page imports
      // it), and no other language is (the elements do not import them).
      const esbuilt = readFileSync(join(site, 'dist/esbuild-main.js'), 'utf8');
      assert.ok(esbuilt.includes('Geschlecht'), 'German is in the bundle');
      for (const word of ['Tous les fournisseurs', 'Todos los proveedores', 'Wszyscy dostawcy'])
        assert.ok(!esbuilt.includes(word), `no other language: "${word}"`);
      writeFileSync(
        join(site, 'dist/esbuild.html'),
        readFileSync(join(site, 'index.html'), 'utf8').replace('/main.js', '/esbuild-main.js'),
      );
      server = await startJson(process.execPath, ['server.mjs'], { STATIC_DIR: 'dist' });
      browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
    });
    after(() => browser?.close());

    for (const [bundler, pagePath] of [
      ['Vite', '/index.html'],
      ['esbuild', '/esbuild.html'],
    ]) {
      test(`${bundler}: the six elements are defined, properties are reactive accessors, the face picker shows faces, follows gender and the page's language (the German module the site imports), the avatar opens its page`, async () => {
        const page = await browser.newPage();
        const errors = [];
        page.on('pageerror', (e) => errors.push(e.message));
        page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
        page.on('response', (r) => r.status() >= 400 && errors.push(`${r.status()} ${r.url()}`));
        await page.goto(`${server.url}${pagePath}`);
        await page.waitForFunction((tags) => tags.every((t) => customElements.get(t)), TAGS);
        const shadowed = await page.evaluate(() => {
          const own = [];
          for (const [tag, props] of [
            ['dh-face-picker', ['name', 'value', 'endpoint', 'gender']],
            ['dh-voice-picker', ['value', 'endpoint', 'streaming']],
            ['dh-avatar', ['headId', 'endpoint', 'view']],
            ['dh-head-form', ['endpoint', 'mode']],
            ['dh-video-studio', ['headId', 'endpoint']],
            ['dh-insights', ['headId', 'endpoint', 'from', 'to', 'heads']],
          ]) {
            const el = document.querySelector(tag);
            for (const p of props) if (Object.hasOwn(el, p)) own.push(`${tag}.${p}`);
          }
          return own;
        });
        assert.deepEqual(shadowed, [], 'no class field shadows a reactive accessor');
        const genders = () =>
          page.evaluate(() =>
            [
              ...document
                .querySelector('dh-face-picker')
                .shadowRoot.querySelectorAll('[role="gridcell"] .meta'),
            ].map((m) => m.textContent.trim()),
          );
        // Rows are virtualised: they render once the grid is in view, as for a person scrolling to it.
        await page.locator('body > form > dh-face-picker').scrollIntoViewIfNeeded();
        await page.waitForFunction(
          () =>
            document
              .querySelector('dh-face-picker')
              .shadowRoot.querySelectorAll('[role="gridcell"] .meta').length > 0,
        );
        const female = await genders();
        assert.ok(
          female.length > 0 && female.every((g) => g === 'Female'),
          `gender="FEMALE" shows only female faces: ${female}`,
        );
        // A property set from code re-renders (reactive): now only male faces.
        await page.evaluate(() => void (document.querySelector('dh-face-picker').gender = 'MALE'));
        await page.waitForFunction(() =>
          [
            ...document
              .querySelector('dh-face-picker')
              .shadowRoot.querySelectorAll('[role="gridcell"] .meta'),
          ].some((m) => m.textContent.trim() === 'Male'),
        );
        const male = await genders();
        assert.ok(
          male.every((g) => g === 'Male'),
          `after .gender = 'MALE': ${male}`,
        );
        // The page turns German (the page imported dh-kit/locales/de) and the picker says it in German.
        await page.evaluate(() => void (document.documentElement.lang = 'de'));
        await page.waitForFunction(() =>
          [
            ...document
              .querySelector('dh-face-picker')
              .shadowRoot.querySelectorAll('[role="gridcell"] .meta'),
          ].some((m) => m.textContent.trim() === 'Männlich'),
        );
        await page.evaluate(() => void (document.documentElement.lang = 'en'));
        // The avatar: the facade's button, then the platform's page in the frame.
        await page.locator('body > dh-avatar').scrollIntoViewIfNeeded();
        await page
          .locator('body > dh-avatar')
          .getByRole('button', { name: /Talk to/ })
          .click();
        await page.waitForFunction(() =>
          document.querySelector('dh-avatar').shadowRoot.querySelector('iframe'),
        );
        await page
          .waitForEvent('framenavigated', {
            predicate: (f) => /\/chat\//.test(f.url()),
            timeout: 10_000,
          })
          .catch(() => undefined);
        assert.ok(
          page.frames().some((f) => /\/chat\//.test(f.url())),
          `the chat page is in the frame: ${page.frames().map((f) => f.url())}`,
        );
        assert.deepEqual(errors, []);
        await page.close();
      });
    }
  });

  test('npx dh-kit start runs from the package (no tsx, no vite): the demo, the proxy, the bundle, and its CMS page loads the bundle, and its German module, from another origin', async () => {
    const started = await startJson(join(site, 'node_modules/.bin/dh-kit'), ['start'], {
      PORT: '0',
      DH_LOG: 'off',
    });
    assert.equal(started.mode, 'simulator');
    const home = await fetch(`${started.url}/`);
    assert.equal(home.status, 200);
    assert.match(await home.text(), /<dh-avatar/);
    const { stdout: sri } = await run(join(site, 'node_modules/.bin/dh-kit'), ['bundle', '--sri'], {
      cwd: site,
      env: cleanEnv({}),
    });
    assert.equal(
      sri.trim(),
      started.bundle.integrity,
      'dh-kit bundle --sri prints what the server serves',
    );

    const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
    try {
      const page = await browser.newPage();
      const errors = [];
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      page.on('response', (r) => r.status() >= 400 && errors.push(`${r.status()} ${r.url()}`));
      await page.goto(`${started.cmsUrl}/`);
      assert.notEqual(new URL(started.cmsUrl).origin, new URL(started.url).origin);
      assert.match(
        await page.content(),
        new RegExp(`integrity="${started.bundle.integrity.replace(/[+/]/g, '\\$&')}"`),
      );
      // A German CMS page: the bundle fetches its German module from beside itself (the proxy's origin).
      await page.evaluate(() => void (document.documentElement.lang = 'de'));
      await page
        .locator('dh-avatar')
        .getByRole('button', { name: /^Mit .+ sprechen$/ })
        .click();
      await page
        .waitForEvent('framenavigated', {
          predicate: (f) => /\/chat\//.test(f.url()),
          timeout: 10_000,
        })
        .catch(() => undefined);
      assert.ok(
        page.frames().some((f) => /\/chat\//.test(f.url())),
        'the chat page opened from the CMS page',
      );
      assert.deepEqual(errors, [], 'no CSP, CORS or integrity error');
    } finally {
      await browser.close();
    }
  });
});
