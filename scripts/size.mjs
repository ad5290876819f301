/**
 * What each browser entry weighs in a site's own bundle: a one-line page module
 * (`import 'dh-kit/avatar'`) built the way a site builds it — esbuild with `--bundle --minify`,
 * and Vite with its defaults — then gzipped (level 9) and brotli-compressed (quality 11), as a
 * server or CDN sends it. Lit and the other dependencies are inside,
 * as they are on the page. No plugin of ours is involved: the package must be small by itself.
 *
 * The package test (test/package/consumer.test.mjs) measures the installed tarball and holds the
 * budgets; `npm run bench` prints the same numbers for this checkout's dist/.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import * as esbuild from 'esbuild';
import { build as viteBuild } from 'vite';

const KB = 1024;
/**
 * Entry → budget in bytes gzip, with Lit (null: reported only), for what an English page loads.
 * The avatar's and the whole kit's were 10 and 40 kB until the URL policy of every element
 * (api/urls.ts: frame, media, endpoint and credential checks) came in, about 0.8 kB; then the
 * languages (issue 18: shared/localized.ts, the formats, every message a keyed entry of the
 * catalogue, the head's language on the facade) cost about 1.1 kB in the avatar and 3.2 kB in the
 * whole kit. The other locales are chunks of their own, not counted here.
 *
 * So is the bubble layout (elements/avatar/bubble.ts, issue 29: its launcher, teaser and phone
 * panel), loaded only by a page with `layout="bubble"`: a second row, `… + bubble`, reports what
 * that page loads, with no budget of its own (DESIGN.md's Decisions name none).
 */
export const BUDGETS = {
  'dh-kit/avatar': 12 * KB,
  'dh-kit/face-picker': 26 * KB,
  'dh-kit/voice-picker': 26 * KB,
  'dh-kit/head-form': null,
  'dh-kit/video-studio': null,
  'dh-kit': 44 * KB,
  'dh-kit/configure': null,
};

/** Entries that register nothing are measured through what a page uses of them (else there is nothing to keep). */
const USES = { 'dh-kit/configure': 'configure' };

/**
 * Measures every entry of BUDGETS. `root` is the site (its node_modules has dh-kit); `specifier`
 * maps an entry name to what the page module imports (default: the name itself).
 */
export async function measure({ root, specifier = (name) => name }) {
  const dir = join(root, '.dh-kit-size');
  mkdirSync(dir, { recursive: true });
  const rows = [];
  try {
    for (const [name, budget] of Object.entries(BUDGETS)) {
      const entry = join(dir, `${name.replace(/\W+/g, '-')}.js`);
      const use = USES[name];
      writeFileSync(entry, use ? `import { ${use} } from '${specifier(name)}';\nglobalThis.page = ${use};\n` : `import '${specifier(name)}';\n`);
      // Split as a site's bundler splits: the locale modules (elements/locales/) become chunks of
      // their own, loaded only on a page in another language. What is measured is every chunk an
      // English page loads: the entry and all it imports, statically or (the virtualizer's layout)
      // dynamically, except the locales.
      const e = await esbuild.build({
        entryPoints: [entry],
        bundle: true,
        minify: true,
        format: 'esm',
        splitting: true,
        outdir: join(dir, 'out'),
        metafile: true,
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
      const esbuildChunks = e.outputFiles.map((f) => {
        const meta = e.metafile.outputs[relativePath(root, f.path)];
        return { file: relativePath(root, f.path), code: f.contents, entry: !!meta.entryPoint, modules: Object.keys(meta.inputs), imports: meta.imports.map((i) => i.path) };
      });
      const viteChunks = (Array.isArray(v) ? v : [v])
        .flatMap((o) => o.output)
        .filter((c) => c.type === 'chunk')
        .map((c) => ({ file: c.fileName, code: Buffer.from(c.code), entry: c.isEntry, modules: c.moduleIds, imports: [...c.imports, ...c.dynamicImports] }));
      const row = (rowName, bubble, rowBudget) => {
        const esbuildCode = englishPage(esbuildChunks, bubble);
        const viteCode = englishPage(viteChunks, bubble);
        const sizes = { esbuild: gzipSync(esbuildCode, { level: 9 }).length, vite: gzipSync(viteCode, { level: 9 }).length };
        // (Brotli at quality 11 takes a while: for the entries' own rows only.)
        const brotli = bubble ? undefined : { esbuild: brotli11(esbuildCode), vite: brotli11(Buffer.from(viteCode)) };
        return { name: rowName, ...sizes, brotli, budget: rowBudget, ok: rowBudget === null || Math.max(sizes.esbuild, sizes.vite) <= rowBudget };
      };
      const page = row(name, false, budget);
      rows.push(page);
      const withBubble = row(`${name} + bubble`, true, null);
      if (withBubble.esbuild !== page.esbuild) rows.push(withBubble);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

const relativePath = (root, path) => relative(root, path).split(sep).join('/');

/**
 * The locale modules: a chunk made only of them is not loaded by an English page. Their formats
 * (locales/format.ts) go with them, unless an English page's messages use them too: then they are
 * in the page's chunks, or in a chunk of their own that the page imports.
 */
const LOCALES_DIR = /[\\/]elements[\\/]locales[\\/]/;
const isLocaleChunk = (modules) => modules.every((id) => LOCALES_DIR.test(id)) && modules.some((id) => !/[\\/]format\.[jt]s$/.test(id));
/** The bubble layout's module: a chunk of it alone is loaded only by a page with a bubble. */
const isBubble = (id) => /[\\/]elements[\\/]avatar[\\/]bubble\./.test(id);

/**
 * The code an English page loads: the entry chunk, and every chunk it imports (following static
 * and dynamic imports), but not the chunks of locale modules, nor the bubble's unless `bubble`. Chunks are concatenated, as
 * measuring them one by one would count gzip's start-up cost once per chunk.
 */
function englishPage(chunks, bubble) {
  const byFile = new Map(chunks.map((c) => [c.file, c]));
  const seen = new Set();
  const visit = (c) => {
    if (!c || seen.has(c) || (c.modules.length && (isLocaleChunk(c.modules) || (!bubble && c.modules.every(isBubble))))) return;
    seen.add(c);
    for (const i of c.imports) visit(byFile.get(i) ?? chunks.find((x) => x.file.endsWith(i.replace(/^\.\//, ''))));
  };
  for (const c of chunks) if (c.entry) visit(c);
  return Buffer.concat([...seen].map((c) => c.code));
}

const brotli11 = (bytes) => brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length;

const kb = (n) => `${(n / KB).toFixed(2)} kB`;

/** One line per entry: `✓ dh-kit/avatar   esbuild 9.99 kB  vite 9.72 kB gzip  (budget 10.00 kB)`. */
export function formatRow(r) {
  return `${r.ok ? '✓' : '✗'} ${r.name.padEnd(18)} esbuild ${kb(r.esbuild).padStart(9)}  vite ${kb(r.vite).padStart(9)} gzip${r.budget ? `  (budget ${kb(r.budget)})` : ''}`;
}
