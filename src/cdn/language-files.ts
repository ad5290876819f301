/**
 * Where the CDN files find their languages: the language index beside them
 * (`dh-kit.languages.<hash>.js`, which names each language's file and its integrity value), with
 * its own integrity value. The build (scripts/cdn.mjs) makes the language files and the index
 * first, then writes `languageIndex` into each CDN file; in the source it is undefined, so an
 * entry run unbuilt (in a test) stays in English.
 */
import type { Locale } from '../elements/localized.js';

export interface LanguageFile {
  /** Its name, beside the CDN file that loads it: `dh-kit.de.<hash>.js`. */
  file: string;
  /** The Subresource Integrity value of its bytes: `sha384-…`. */
  integrity: string;
}

/** What the language index exports: each language's file. */
export type LanguageIndex = Record<Exclude<Locale, 'en'>, LanguageFile>;

export const languageIndex: LanguageFile | undefined = undefined;
