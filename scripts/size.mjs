/**
 * What each browser entry weighs in a site's own bundle: a one-line page module
 * (`import 'dh-kit/avatar'`) built the way a site builds it — esbuild and Vite, each with its
 * defaults (`esbuild --bundle --minify`: one file, every dynamic import inside it; Vite: its chunks)
 * — then gzipped (level 9) and brotli-compressed (quality 11), as a server or CDN sends it. Lit and
 * the other dependencies are inside, as they are on the page. No plugin of ours is involved: the
 * package must be small by itself.
 *
 * What a page loads is everything the build made for it: the elements import no language, and none
 * of the avatar's parts (a page adds them by importing `dh-kit/locales/de`, `dh-kit/avatar/bubble`,
 * `dh-kit/avatar/consent`, …), so an English page is the same in both bundlers.
 *
 * The package test (test/package/consumer.test.mjs) measures the installed tarball and holds the
 * budgets; `npm run bench` prints the same numbers for this checkout's dist/.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import * as esbuild from 'esbuild';
import { build as viteBuild } from 'vite';

const KB = 1024;
/**
 * Page → budget in bytes gzip, with Lit (null: reported only), for what an English page loads,
 * built with esbuild's defaults and with Vite's (measure() takes the worse): `dh-kit/avatar`
 * ≤ 12.5 kB, each picker ≤ 26 kB, `dh-kit/insights` ≤ 16 kB, the five elements before it
 * (`all five`, a page importing each) ≤ 48 kB, all six (`dh-kit`) ≤ 56 kB. The avatar's and the
 * whole kit's were 10 and 40 kB until the URL policy of every element (api/urls.ts: frame, media, endpoint and
 * credential checks) came in, about 0.8 kB; then the languages (every element's words through
 * elements/localized.ts and the Intl formats, every message a keyed entry of the catalogue, the
 * head's language on the facade) cost about 1.1 kB in the avatar and 3.2 kB in the whole kit; the
 * budgets were then 12 and 44 kB, raised to make room for readable code and the owner's features
 * (allowed origins, the embed panel). A page of several imports is named `a + b`; `bubble`,
 * `consent`, `mic-hint` and `preconnect` are the avatar's parts a page adds (PARTS), reported, with
 * no budget of their own; `all five` is a page of the five entries (GROUPS). `dh-kit/analytics`
 * (connectAnalytics, the elements' events to the site's analytics: no element, no Lit) ≤ 1 kB.
 */
export const BUDGETS = {
  'dh-kit/avatar': 12.5 * KB,
  'dh-kit/avatar + bubble': null,
  'dh-kit/avatar + consent': null,
  'dh-kit/avatar + mic-hint': null,
  'dh-kit/avatar + preconnect': null,
  'dh-kit/face-picker': 26 * KB,
  'dh-kit/voice-picker': 26 * KB,
  'dh-kit/head-form': null,
  'dh-kit/video-studio': null,
  'dh-kit/insights': 16 * KB,
  'all five': 48 * KB,
  'dh-kit': 56 * KB,
  'dh-kit + bubble': null,
  'dh-kit + consent': null,
  'dh-kit + mic-hint': null,
  'dh-kit + preconnect': null,
  'dh-kit/configure': null,
  'dh-kit/analytics': 1 * KB,
};

/**
 * The avatar's parts a page adds, each by its own import: the bubble layout (launcher, teaser,
 * phone panel), the consent notice (and the kept answer), the microphone hint, the preconnect.
 */
const PARTS = {
  bubble: 'dh-kit/avatar/bubble',
  consent: 'dh-kit/avatar/consent',
  'mic-hint': 'dh-kit/avatar/mic-hint',
  preconnect: 'dh-kit/avatar/preconnect',
};
/** Pages of several entries, by the name of their row. */
const GROUPS = {
  'all five': [
    'dh-kit/avatar',
    'dh-kit/face-picker',
    'dh-kit/voice-picker',
    'dh-kit/head-form',
    'dh-kit/video-studio',
  ],
};
/** What a page of that name imports. */
const importsOf = (page) =>
  page.split(' + ').flatMap((name) => GROUPS[name] ?? [PARTS[name] ?? name]);
/** Entries that register nothing are measured through what a page uses of them (else there is nothing to keep). */
const USES = { 'dh-kit/configure': 'configure', 'dh-kit/analytics': 'connectAnalytics' };

/**
 * Measures every page of BUDGETS. `root` is the site (its node_modules has dh-kit); `specifier`
 * maps an entry name to what the page module imports (default: the name itself).
 */
export async function measure({ root, specifier = (name) => name }) {
  const dir = join(root, '.dh-kit-size');
  mkdirSync(dir, { recursive: true });
  const rows = [];
  try {
    for (const [name, budget] of Object.entries(BUDGETS)) {
      const entry = join(dir, `${name.replace(/\W+/g, '-')}.js`);
      const lines = importsOf(name).map((i) =>
        USES[i]
          ? `import { ${USES[i]} } from '${specifier(i)}';\nglobalThis.page = ${USES[i]};`
          : `import '${specifier(i)}';`,
      );
      writeFileSync(entry, `${lines.join('\n')}\n`);
      // esbuild's defaults: one file. (`outfile` only because write is off; nothing is written.)
      const e = await esbuild.build({
        entryPoints: [entry],
        bundle: true,
        minify: true,
        format: 'esm',
        outfile: join(dir, 'out.js'),
        write: false,
        absWorkingDir: root,
        logLevel: 'silent',
      });
      const v = await viteBuild({
        root,
        configFile: false,
        logLevel: 'silent',
        build: { write: false, minify: true, rolldownOptions: { input: entry } },
      });
      const esbuildCode = Buffer.concat(
        e.outputFiles.filter((f) => f.path.endsWith('.js')).map((f) => f.contents),
      );
      // Every chunk Vite made for the page (concatenated: one gzip start-up cost, as a page with
      // HTTP/2 pays about once).
      const viteCode = Buffer.concat(
        (Array.isArray(v) ? v : [v])
          .flatMap((o) => o.output)
          .filter((c) => c.type === 'chunk')
          .map((c) => Buffer.from(c.code)),
      );
      const sizes = {
        esbuild: gzipSync(esbuildCode, { level: 9 }).length,
        vite: gzipSync(viteCode, { level: 9 }).length,
      };
      // (Brotli at quality 11 takes a while: for the budgeted rows only.)
      const brotli =
        budget === null ? undefined : { esbuild: brotli11(esbuildCode), vite: brotli11(viteCode) };
      rows.push({
        name,
        ...sizes,
        brotli,
        budget,
        ok: budget === null || Math.max(sizes.esbuild, sizes.vite) <= budget,
      });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

/**
 * The CDN files (scripts/cdn.mjs) as a page loads them, each one file (gzip -9, brotli 11), each
 * within the budget of what it holds plus the avatar's parts, which both hold (PARTS): the
 * avatar's, what a CMS page loads, within the avatar's (12.5 kB); all six elements', what a back
 * office loads, within theirs (56 kB). Each part is weighed as it weighs in
 * a site's single-file bundle (esbuild's `… + bubble` row less the entry's, from the rows `measure`
 * made). `dist` is the package's dist/.
 */
export const CDN_BUDGETS = {
  'dh-kit.avatar.js': { entry: 'dh-kit/avatar', budget: 12.5 * KB },
  'dh-kit.bundle.js': { entry: 'dh-kit', budget: 56 * KB },
};

export function measureCdnFiles(dist, entryRows) {
  const esbuild = (name) => entryRows.find((r) => r.name === name).esbuild;
  return Object.entries(CDN_BUDGETS).map(([name, { entry, budget }]) => {
    const code = readFileSync(join(dist, name));
    const gzip = gzipSync(code, { level: 9 }).length;
    const parts = Object.fromEntries(
      Object.keys(PARTS).map((part) => [part, esbuild(`${entry} + ${part}`) - esbuild(entry)]),
    );
    const total = budget + Object.values(parts).reduce((sum, bytes) => sum + bytes, 0);
    return { name, gzip, brotli: brotli11(code), budget: total, parts, ok: gzip <= total };
  });
}

/** One line per CDN file: `✓ dh-kit.avatar.js  14.76 kB gzip  13.26 kB br  (budget 12.50 kB + bubble 1.44 kB + consent 0.52 kB + …)`. */
export function formatCdnRow(r) {
  const parts = Object.entries(r.parts).map(([part, bytes]) => ` + ${part} ${kb(bytes)}`);
  const budget = `${kb(CDN_BUDGETS[r.name].budget)}${parts.join('')}`;
  return `${r.ok ? '✓' : '✗'} ${r.name.padEnd(18)} ${kb(r.gzip).padStart(9)} gzip  ${kb(r.brotli).padStart(9)} br  (budget ${budget})`;
}

const brotli11 = (bytes) =>
  brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length;

const kb = (n) => `${(n / KB).toFixed(2)} kB`;

/** One line per entry: `✓ dh-kit/avatar   esbuild 9.99 kB  vite 9.72 kB gzip  (budget 10.00 kB)`. */
export function formatRow(r) {
  return `${r.ok ? '✓' : '✗'} ${r.name.padEnd(18)} esbuild ${kb(r.esbuild).padStart(9)}  vite ${kb(r.vite).padStart(9)} gzip${r.budget ? `  (budget ${kb(r.budget)})` : ''}`;
}
