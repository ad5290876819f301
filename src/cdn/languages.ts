/**
 * The languages of the CDN files. Each language is a file beside the CDN file (`dh-kit.de.<hash>.js`,
 * made by scripts/cdn.mjs), fetched the first time an element shows that language. Nothing runs
 * before the browser has checked its bytes: the CDN file holds the SHA-384 digest of the language
 * index (`dh-kit.languages.<hash>.js`), and the index holds each language's. So the `integrity` of
 * the page's script tag covers the CDN file, and through it every language. (One digest in the
 * CDN file rather than nine: digests do not compress, and the avatar's file is what every visitor
 * of a CMS page loads.)
 *
 * A language file that is missing, or whose bytes are not the ones built, is refused before any of
 * it runs: the elements stay in English and the console says why in one line (elements/localized.ts).
 */
import { loadLocales, type Catalogue } from '../elements/localized.js';
import { languageIndex, type LanguageFile, type LanguageIndex } from './language-files.js';

/** Trusted Types, where the browser has them: a page may require them for script URLs. */
declare const trustedTypes:
  | { createPolicy(name: string, rules: { createScriptURL(url: string): string }): typeof rules }
  | undefined;
let policy: { createScriptURL(url: string): string } | undefined;

/**
 * Imports a module only once the browser has checked its bytes. A `<script type="module">` with
 * the `integrity` value runs the module only if its SHA-384 digest matches, and puts it in the
 * page's module map; the `import()` that follows takes it from there (HTML fetches and runs a
 * module once per URL), so no other bytes can run in its place. (`<link rel="modulepreload">`
 * would do the same on paper, but WebKit does not check its integrity.) Module scripts are
 * fetched with CORS and without credentials: no `crossorigin` is needed for a file on a CDN.
 */
export function importChecked(url: string, integrity: string): Promise<unknown> {
  const script = document.createElement('script');
  return new Promise((resolve, reject) => {
    // Under Trusted Types a script's URL must come from a policy: this one is used only for the
    // URLs this file makes (a page that lists its policies names `dh-kit` in `trusted-types`).
    if (typeof trustedTypes === 'object')
      policy ??= trustedTypes.createPolicy('dh-kit', { createScriptURL: (u) => u });
    script.type = 'module';
    script.integrity = integrity;
    script.src = policy ? policy.createScriptURL(url) : url;
    script.onload = () => resolve(import(/* @vite-ignore */ url));
    script.onerror = () =>
      reject(new Error(`${url} was refused: missing, or not the file this kit was built with`));
    document.head.append(script);
  }).finally(() => script.remove());
}

/** A language file: its catalogue, made with its own formats (language-file.ts). */
type LanguageModule = { default: Catalogue };

/** A file beside the CDN file, imported once its bytes are checked. */
const importBeside = ({ file, integrity }: LanguageFile) =>
  importChecked(new URL(file, import.meta.url).href, integrity);

let index: Promise<LanguageIndex> | undefined;

/** Each language the first time an element shows it; an entry run unbuilt (a test) has no index, and stays in English. */
const builtIndex = languageIndex;
if (builtIndex)
  loadLocales(async (locale) => {
    index ??= importBeside(builtIndex).then((m) => (m as { default: LanguageIndex }).default);
    const language = (await importBeside((await index)[locale])) as LanguageModule;
    return language.default;
  });
