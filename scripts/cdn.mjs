/**
 * The CDN files (`npm run build`, step 5), for a `<script type="module">` on any page, each one file
 * that imports nothing:
 *
 *   dist/dh-kit.avatar.js       `<dh-avatar>` with all its parts (bubble, consent notice, microphone
 *                               hint, preconnect) and English: what a CMS page loads
 *   dist/dh-kit.bundle.js       every element, the avatar's parts and English: what a back office loads
 *   dist/dh-kit.analytics.js    connectAnalytics (dh-kit/analytics): a CMS page's own analytics
 *   dist/dh-kit.<lang>.<hash>.js  one per language (its catalogue, made with its formats), fetched
 *                               beside either file when a page shows it
 *   dist/dh-kit.languages.<hash>.js  their index: each language's file and SHA-384 digest
 *
 * The language files are made first, then their index; the index's name and digest are written
 * into both CDN files (src/cdn/language-files.ts), which run the index, then a language, only after
 * the browser has checked its bytes (src/cdn/languages.ts). So the integrity value of the page's
 * script tag covers every byte the kit runs. A file that imports anything fails the build.
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as viteBuild } from 'vite';
import { minifyLitTemplates } from './minify-templates.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The CDN files: their name in dist/ and their entry in src/. */
export const CDN_FILES = {
  'dh-kit.avatar.js': 'src/cdn/avatar.ts',
  'dh-kit.bundle.js': 'src/cdn/bundle.ts',
  'dh-kit.analytics.js': 'src/analytics.ts',
};

/** Every language but English (built into the CDN files): src/elements/locales/<lang>/index.ts. */
const LANGUAGES = ['de', 'fr', 'es', 'it', 'pt', 'nl', 'pl', 'ar', 'ja'];

/**
 * package.json's sideEffects describes the shipped dist/. These builds compile src/ (inside the
 * same package), whose element modules are imported for their side effect (defining the tag):
 * without this, Rolldown would drop `import '../elements/avatar/avatar.js'` (and the demo's own
 * `import './language.js'`). Used by the demo's build too (vite.config.ts).
 */
export const ownSideEffects = () => ({
  name: 'dh-own-side-effects',
  transform: (code, id) =>
    id.startsWith(`${root}src/`) || id.startsWith(`${root}demo/`)
      ? { code, moduleSideEffects: true }
      : null,
});

/** The language index's file and integrity, as src/cdn/language-files.ts exports it, for the built CDN files. */
const languageIndexModule = (index) => ({
  name: 'dh-language-index',
  load: (id) =>
    id === join(root, 'src/cdn/language-files.ts')
      ? `export const languageIndex = ${JSON.stringify(index)};`
      : null,
});

/** The language module of src/cdn/language-file.ts: `lang`'s tag and catalogue. */
const languageModule = (lang) => ({
  name: 'dh-language-module',
  load: (id) =>
    id === join(root, 'src/cdn/language-module.ts')
      ? `export const LANGUAGE = ${JSON.stringify(lang)};\nexport { default as catalogue } from ${JSON.stringify(join(root, `src/elements/locales/${lang}/index.ts`))};`
      : null,
});

/** One module built alone into one minified ES file (nothing split off); its code. */
async function buildOne(entry, plugins = []) {
  const [output] = await viteBuild({
    configFile: false,
    root,
    logLevel: 'warn',
    mode: 'production',
    plugins: [ownSideEffects(), minifyLitTemplates(), ...plugins],
    build: {
      write: false,
      target: 'es2022',
      minify: true,
      rolldownOptions: {
        output: {
          minify: true,
          codeSplitting: false,
          // The files are what a page runs, not input to another bundler: its hints
          // (`@__PURE__`, `@vite-ignore`) would be bytes every visitor loads for nothing.
          comments: { annotation: false },
        },
      },
      lib: { entry: join(root, entry), formats: ['es'], fileName: () => 'out.js' },
    },
  });
  const files = output.output.filter((o) => o.type === 'chunk');
  // A file copied alone must work: it may import nothing, statically or on demand (the language
  // files are imported by URL, after their check). A dynamic import inlined into the file (the
  // virtualizer's layout) is listed as the file itself.
  const [chunk] = files;
  const elsewhere = [...chunk.imports, ...chunk.dynamicImports].filter((f) => f !== chunk.fileName);
  if (files.length !== 1 || elsewhere.length)
    throw new Error(
      `cdn: ${entry} did not build into one file that imports nothing: ${elsewhere.join(', ')}`,
    );
  return chunk.code;
}

const sha384 = (code) => `sha384-${createHash('sha384').update(code).digest('base64')}`;
const shortHash = (code) => createHash('sha256').update(code).digest('hex').slice(0, 12);

/** Writes the language files and the CDN files into `out` (dist/); returns their names. */
export async function buildCdnFiles(out) {
  const table = {};
  for (const lang of LANGUAGES) {
    const code = await buildOne('src/cdn/language-file.ts', [languageModule(lang)]);
    const file = `dh-kit.${lang}.${shortHash(code)}.js`;
    writeFileSync(join(out, file), code);
    table[lang] = { file, integrity: sha384(code) };
  }
  // The index of the language files: data, a module that imports nothing.
  const code = `export default ${JSON.stringify(table)};\n`;
  const index = { file: `dh-kit.languages.${shortHash(code)}.js`, integrity: sha384(code) };
  writeFileSync(join(out, index.file), code);
  for (const [name, entry] of Object.entries(CDN_FILES))
    writeFileSync(join(out, name), await buildOne(entry, [languageIndexModule(index)]));
  return [...Object.keys(CDN_FILES), index.file, ...Object.values(table).map((l) => l.file)];
}
