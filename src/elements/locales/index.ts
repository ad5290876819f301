/**
 * Where each locale that ships is, for automatic loading (auto.ts, the CDN bundle): a module of
 * its own, so a bundler that splits makes it a chunk, fetched the first time an element shows that
 * language. This map is itself loaded on demand, so an English page never downloads it. (A page
 * that names its languages imports `<locale>/register.ts` instead: `dh-kit/locales/de`.)
 *
 * To add a locale: copy a folder beside this file, translate it, list it here and in LOCALES.
 */
import type { Catalogue, Locale } from '../localized.js';
import { formats, type Formats } from '../shared/formats.js';

/**
 * Each locale module exports a function of its formats (`load` passes them): it imports nothing at
 * run time, so its chunk stands alone beside whatever file loaded the kit.
 */
export const locales: Record<
  Exclude<Locale, 'en'>,
  () => Promise<{ default: (formats: Formats) => Catalogue }>
> = {
  de: () => import('./de/index.js'),
  fr: () => import('./fr/index.js'),
  es: () => import('./es/index.js'),
  it: () => import('./it/index.js'),
  pt: () => import('./pt/index.js'),
  nl: () => import('./nl/index.js'),
  pl: () => import('./pl/index.js'),
  ar: () => import('./ar/index.js'),
  ja: () => import('./ja/index.js'),
};

/** A locale's catalogue, with its formats (here, not in every page's code: an English page never loads this). */
export const load = (locale: Exclude<Locale, 'en'>): Promise<Catalogue> =>
  locales[locale]().then((m) => m.default(formats(locale)));
