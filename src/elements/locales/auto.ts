/**
 * `import 'dh-kit/locales/auto'`: every language the kit ships, each fetched the first time an
 * element shows it. For a bundler that splits dynamic imports into chunks (Vite, Rollup, webpack,
 * esbuild with `--splitting`): each locale becomes a chunk an English page never loads. (esbuild
 * without `--splitting` would put every language in the page: import the ones you need instead,
 * `dh-kit/locales/de`.) The CDN bundle has this built in.
 */
import { loadLocales } from '../localized.js';

loadLocales((locale) => import('./index.js').then((l) => l.load(locale)));
